//! A warm compiler behind a Unix socket, shared by every gg process of one user: started on first
//! use under a lock file, reached by connecting, retired by itself (idle, or after N requests),
//! restarted when gone. Language-free: the caller says what command starts it, and that server
//! speaks the protocol below.
//!
//! **The protocol** (one request a connection): the client writes the argument count on a line,
//! then each argument on its own line (no argument may contain a newline); the server says `+` on
//! a line once it has the whole request, then answers with the compiler's exit code on a line,
//! then the compiler's output, and closes. A server that closes after its `+` and before its
//! answer died on that request (killed at a ceiling, crashed): [`DaemonError::Died`], which is
//! not retried (the same request would kill the next server too), and the next request starts a
//! fresh server. One that closes before its `+` retired under the request, which is tried again.
//!
//! Every wait is bounded by the caller's deadline and its [`Cancel`]: a server that will not start
//! or answer is an error the caller falls back from, never a hang. A caller that gives up hangs up,
//! and a server whose client hung up mid-compile retires at once, so a compile that spins on a
//! hostile program dies with the turn that started it.

use std::ffi::OsString;
use std::fs::File;
use std::io::{ErrorKind, Read, Write};
use std::os::unix::net::UnixStream;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use sha2::{Digest, Sha256};

use crate::toolchain::Cancel;

/// The placeholder in [`DaemonSpec::args`] replaced by the socket's path.
pub const SOCKET: &str = "{socket}";

/// How to start one daemon.
#[derive(Debug, Clone)]
pub struct DaemonSpec {
    /// A readable name (a compiler and its version); with a digest of the command it names the directory.
    pub name: String,
    pub program: PathBuf,
    /// Its arguments; [`SOCKET`] is replaced by the socket's path.
    pub args: Vec<String>,
}

/// A compile's answer: the compiler's exit code and everything it printed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DaemonReply {
    pub code: i32,
    pub output: String,
}

/// Why the daemon did not answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DaemonError {
    #[error("the compile daemon did not start: {0}")]
    Start(String),
    #[error("the compile daemon did not answer before the deadline")]
    Deadline,
    #[error("the compile was cancelled")]
    Cancelled,
    #[error("the compile daemon's connection failed: {0}")]
    Connection(String),
    #[error("the compile daemon died while serving the request")]
    Died,
}

/// One daemon: its directory (`<base>/daemons/<name>-<digest>/`: `socket`, `lock`, `log`).
#[derive(Debug, Clone)]
pub struct Daemon {
    spec: DaemonSpec,
    dir: PathBuf,
}

impl Daemon {
    /// The daemon `spec` describes, with its files under `base` (gg's cache directory).
    pub fn new(base: &Path, spec: DaemonSpec) -> Daemon {
        let mut h = Sha256::new();
        h.update(spec.program.as_os_str().as_encoded_bytes());
        for a in &spec.args {
            h.update([0]);
            h.update(a.as_bytes());
        }
        let digest: String = h.finalize().iter().take(6).map(|b| format!("{b:02x}")).collect();
        let dir = base.join("daemons").join(format!("{}-{digest}", spec.name));
        Daemon { spec, dir }
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    pub fn socket(&self) -> PathBuf {
        self.dir.join("socket")
    }

    /// Whether a server answers at the socket now.
    pub fn is_running(&self) -> bool {
        UnixStream::connect(self.socket()).is_ok()
    }

    /// Starts the server unless one answers already.
    pub fn ensure_started(&self, deadline: Instant, cancel: &Cancel) -> Result<(), DaemonError> {
        if self.is_running() {
            return Ok(());
        }
        self.start(deadline, cancel)
    }

    /// Retires the server: its socket removed, it exits within a second (it watches its socket).
    pub fn stop(&self) {
        let _ = std::fs::remove_file(self.socket());
    }

    /// Runs one compile with `args`, starting the server if none answers. A server that retired
    /// between the connect and the answer is started again once.
    pub fn request(&self, args: &[String], deadline: Instant, cancel: &Cancel) -> Result<DaemonReply, DaemonError> {
        if let Some(a) = args.iter().find(|a| a.contains('\n')) {
            return Err(DaemonError::Connection(format!("an argument holds a newline: {a:?}")));
        }
        let mut last = DaemonError::Connection("no attempt".into());
        for _ in 0..3 {
            match UnixStream::connect(self.socket()) {
                Ok(stream) => match exchange(stream, args, deadline, cancel) {
                    Ok(reply) => return Ok(reply),
                    Err(e @ DaemonError::Connection(_)) => last = e,
                    Err(e) => return Err(e),
                },
                Err(_) => self.start(deadline, cancel)?,
            }
        }
        Err(last)
    }

    fn start(&self, deadline: Instant, cancel: &Cancel) -> Result<(), DaemonError> {
        let err = |what: &str, e: std::io::Error| DaemonError::Start(format!("{what} {}: {e}", self.dir.display()));
        std::fs::create_dir_all(&self.dir).map_err(|e| err("creating", e))?;
        let socket = self.socket();
        if socket.as_os_str().len() >= 100 {
            return Err(DaemonError::Start(format!(
                "the socket path is too long for a Unix socket: {}",
                socket.display()
            )));
        }
        let lock = File::create(self.dir.join("lock")).map_err(|e| err("creating the lock in", e))?;
        // Another gg process may be starting it: wait for the lock, then look again.
        loop {
            match lock.try_lock() {
                Ok(()) => break,
                Err(std::fs::TryLockError::WouldBlock) => wait(deadline, cancel)?,
                Err(std::fs::TryLockError::Error(e)) => return Err(err("locking", e)),
            }
        }
        if self.is_running() {
            return Ok(());
        }
        let _ = std::fs::remove_file(&socket);
        let log = File::create(self.dir.join("log")).map_err(|e| err("creating the log in", e))?;
        let args: Vec<OsString> = self
            .spec
            .args
            .iter()
            .map(|a| {
                if a == SOCKET {
                    socket.clone().into_os_string()
                } else {
                    a.into()
                }
            })
            .collect();
        crate::toolchain::seal_inherited_descriptors();
        let mut child = Command::new(&self.spec.program)
            .args(&args)
            .current_dir(&self.dir)
            .stdin(Stdio::null())
            .stdout(log.try_clone().map_err(|e| err("logging to", e))?)
            .stderr(log)
            // Its own process group: a Ctrl-C to gg does not reach the shared server.
            .process_group(0)
            .spawn()
            .map_err(|e| DaemonError::Start(format!("{}: {e}", self.spec.program.display())))?;
        loop {
            if self.is_running() {
                // Reaped when it retires, so it leaves no zombie behind in a long-lived process.
                std::thread::spawn(move || child.wait());
                return Ok(());
            }
            if let Ok(Some(status)) = child.try_wait() {
                let log = std::fs::read_to_string(self.dir.join("log")).unwrap_or_default();
                // Its last words without the stack frames (`at …` lines) a runtime prints after them.
                let tail: String = log
                    .lines()
                    .filter(|l| !l.trim_start().starts_with("at ") && !l.trim().is_empty())
                    .rev()
                    .take(6)
                    .collect::<Vec<_>>()
                    .into_iter()
                    .rev()
                    .collect::<Vec<_>>()
                    .join("\n");
                return Err(DaemonError::Start(format!("it exited ({status}): {tail}")));
            }
            if let Err(e) = wait(deadline, cancel) {
                // Still starting: left to finish, so the next program finds it warm.
                std::thread::spawn(move || child.wait());
                return Err(e);
            }
        }
    }
}

/// Sleeps a little, unless the deadline passed or the caller cancelled.
fn wait(deadline: Instant, cancel: &Cancel) -> Result<(), DaemonError> {
    if cancel.is_cancelled() {
        return Err(DaemonError::Cancelled);
    }
    if Instant::now() >= deadline {
        return Err(DaemonError::Deadline);
    }
    std::thread::sleep(Duration::from_millis(20));
    Ok(())
}

fn exchange(
    mut s: UnixStream,
    args: &[String],
    deadline: Instant,
    cancel: &Cancel,
) -> Result<DaemonReply, DaemonError> {
    let lost = |e: std::io::Error| DaemonError::Connection(e.to_string());
    let mut request = format!("{}\n", args.len());
    for a in args {
        request.push_str(a);
        request.push('\n');
    }
    s.set_write_timeout(Some(
        deadline
            .saturating_duration_since(Instant::now())
            .max(Duration::from_millis(1)),
    ))
    .map_err(lost)?;
    s.write_all(request.as_bytes()).map_err(lost)?;
    s.set_read_timeout(Some(Duration::from_millis(100))).map_err(lost)?;
    let mut out = Vec::new();
    let mut buf = [0u8; 16 * 1024];
    loop {
        match s.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => out.extend_from_slice(&buf[..n]),
            Err(e)
                if matches!(
                    e.kind(),
                    ErrorKind::WouldBlock | ErrorKind::TimedOut | ErrorKind::Interrupted
                ) =>
            {
                if cancel.is_cancelled() {
                    return Err(DaemonError::Cancelled);
                }
                if Instant::now() >= deadline {
                    return Err(DaemonError::Deadline);
                }
            }
            // Reset after its `+`: it died on this request.
            Err(_) if out.starts_with(b"+\n") => return Err(DaemonError::Died),
            Err(e) => return Err(lost(e)),
        }
    }
    let text = String::from_utf8_lossy(&out);
    let Some(text) = text.strip_prefix("+\n") else {
        return Err(DaemonError::Connection(format!(
            "the server closed before it took the request ({} bytes)",
            out.len()
        )));
    };
    let Some((head, output)) = text.split_once('\n') else {
        return Err(DaemonError::Died);
    };
    let code = head.trim().parse().map_err(|_| DaemonError::Died)?;
    Ok(DaemonReply {
        code,
        output: output.to_owned(),
    })
}
