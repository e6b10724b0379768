//! Owns every toolchain process gg starts (an arm's compilers, linkers): isolation, deadline, cancel, bounded output.
//!
//! Arms never touch `std::process` directly; they build a [`ToolCommand`] and call [`ToolCommand::run`].
//! The child gets its own process group, a cleared environment and a [`Scratch`] home; whatever happens,
//! the whole group is SIGKILLed before `run` returns, so nothing a compiler started outlives the call.
//! `run` blocks; async callers use `spawn_blocking`. Every process runs under [`Ceilings`]
//! (`ceiling.rs`); from a confined [`Scratch`], inside the compile-time sandbox (`sandbox.rs`).

mod ceiling;
mod sandbox;

pub use ceiling::{Ceilings, Stopped, Usage};
pub use sandbox::{SYSTEM_DIRS, SYSTEM_FILES, ToolSandbox, system_binds};

use std::collections::VecDeque;
use std::ffi::{OsStr, OsString};
use std::io::{self, Read, Write};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::{DirBuilderExt, PermissionsExt};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use rustix::io::Errno;
use rustix::process::{Pid, Signal, WaitId, WaitIdOptions, kill_process_group, waitid};

/// Bytes kept per output stream unless [`ToolCommand::output_limit`] says otherwise.
pub const DEFAULT_OUTPUT_LIMIT: usize = 64 * 1024;

/// Parent variables the child inherits; everything else is dropped.
const PASSED_THROUGH: [&str; 3] = ["PATH", "LANG", "LC_ALL"];
/// PATH for the child when the parent has none.
const FALLBACK_PATH: &str = "/usr/local/bin:/usr/bin:/bin";
/// Exit polling starts fast (short compiles) and backs off to this.
const POLL_MAX: Duration = Duration::from_millis(10);
/// After the group is killed, how long we wait for the pipes to close. Only a process that left
/// the group (setsid) can keep them open; we then return what was read and leave the reader behind.
const DRAIN_GRACE: Duration = Duration::from_secs(2);
/// Arguments shown in a timeout message.
const SHOWN_ARGS: usize = 4;
/// Characters shown per word in a timeout message.
const SHOWN_WORD: usize = 48;

/// A cheap, clonable cancellation flag.
#[derive(Clone, Debug, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    pub fn new() -> Self {
        Self::default()
    }

    /// Ask every call holding this token to kill its process and return [`ToolFailure::Cancelled`].
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Release);
    }

    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Acquire)
    }
}

/// A per-program directory (`home/` and `tmp/` inside), removed recursively on drop.
#[derive(Debug)]
pub struct Scratch {
    root: PathBuf,
    /// Set for a program under the confined reach: its toolchain processes run in this sandbox.
    sandbox: Option<&'static ToolSandbox>,
}

impl Scratch {
    /// Creates a fresh, uniquely named directory (mode 0700) under `base`, creating `base` if needed.
    pub fn new(base: impl AsRef<Path>) -> io::Result<Scratch> {
        static SEQ: AtomicU64 = AtomicU64::new(0);
        let base = std::path::absolute(base.as_ref())?;
        std::fs::create_dir_all(&base)?;
        let mut builder = std::fs::DirBuilder::new();
        builder.mode(0o700);
        for _ in 0..16 {
            let nanos = SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(0, |d| d.subsec_nanos());
            let seq = SEQ.fetch_add(1, Ordering::Relaxed);
            let root = base.join(format!("gg-{}-{seq}-{nanos:08x}", std::process::id()));
            match builder.create(&root) {
                Ok(()) => {
                    // From here on, drop cleans up if the subdirectories fail.
                    let scratch = Scratch { root, sandbox: None };
                    builder.create(scratch.home())?;
                    builder.create(scratch.tmp())?;
                    return Ok(scratch);
                }
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(e),
            }
        }
        Err(io::Error::new(
            io::ErrorKind::AlreadyExists,
            "no unique scratch directory name found",
        ))
    }

    pub fn path(&self) -> &Path {
        &self.root
    }

    /// Every [`ToolCommand`] made from this scratch runs in `sandbox`, seeing only its toolchain
    /// and this directory.
    pub fn confine(&mut self, sandbox: &'static ToolSandbox) {
        self.sandbox = Some(sandbox);
    }

    pub fn is_confined(&self) -> bool {
        self.sandbox.is_some()
    }

    /// The child's `HOME`.
    pub fn home(&self) -> PathBuf {
        self.root.join("home")
    }

    /// The child's `TMPDIR`.
    pub fn tmp(&self) -> PathBuf {
        self.root.join("tmp")
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        if std::fs::remove_dir_all(&self.root).is_err() {
            // A tool may have left a read-only directory behind: open everything up and retry once.
            make_owner_writable(&self.root);
            let _ = std::fs::remove_dir_all(&self.root);
        }
    }
}

fn make_owner_writable(path: &Path) {
    let Ok(meta) = std::fs::symlink_metadata(path) else {
        return;
    };
    if !meta.is_dir() {
        return;
    }
    let mut perms = meta.permissions();
    perms.set_mode(perms.mode() | 0o700);
    let _ = std::fs::set_permissions(path, perms);
    if let Ok(entries) = std::fs::read_dir(path) {
        for entry in entries.flatten() {
            make_owner_writable(&entry.path());
        }
    }
}

/// One stream's output: the first and last halves of the bound, with the middle dropped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bounded {
    /// Lossy UTF-8. When `dropped > 0`, a one-line marker stands between head and tail.
    pub text: String,
    /// Bytes dropped between head and tail.
    pub dropped: u64,
}

/// A tool that ran to its own exit (any status).
#[derive(Debug)]
pub struct ToolOutput {
    pub status: ExitStatus,
    pub stdout: Bounded,
    pub stderr: Bounded,
    pub elapsed: Duration,
    /// What the process (and what it waited for) used.
    pub usage: Usage,
    /// What it ran under.
    pub ceilings: Ceilings,
    /// It ran inside the compile-time sandbox (whose exit status carries a signal as 128 + N).
    pub sandboxed: bool,
}

impl ToolOutput {
    /// Which ceiling stopped the process, or the signal it crashed by; `None` when it exited by
    /// itself (with any status) under its ceilings.
    pub fn stopped(&self) -> Option<Stopped> {
        use std::os::unix::process::ExitStatusExt;
        let signal = self.status.signal().or_else(|| {
            // bwrap reports its child's death by signal N as exit status 128 + N.
            let code = self.status.code()?;
            (self.sandboxed && (129..=192).contains(&code)).then_some(code - 128)
        });
        Stopped::classify(&self.ceilings, &self.usage, signal, !self.status.success())
    }
}

/// Marks every descriptor this process inherited beyond stdin, stdout and stderr close-on-exec,
/// once per process, so no child gg starts (a compiler, a compile daemon that outlives gg, the
/// shell) holds what gg's own parent passed it. Rust opens its own descriptors close-on-exec; an
/// inherited one is not: a `flock` lock a caller held around gg was held for fifteen minutes by an
/// idle compile daemon that inherited it.
pub fn seal_inherited_descriptors() {
    static SEALED: std::sync::Once = std::sync::Once::new();
    SEALED.call_once(|| {
        let Ok(listing) = std::fs::read_dir("/proc/self/fd") else {
            return;
        };
        let fds: Vec<i32> = listing
            .flatten()
            .filter_map(|e| e.file_name().to_str()?.parse().ok())
            .filter(|&fd| fd > 2)
            .collect();
        for fd in fds {
            // SAFETY: only the descriptor's flags are read and set; one that closed since it was
            // listed (the listing's own) makes both calls fail with EBADF, which is ignored.
            let fd = unsafe { std::os::fd::BorrowedFd::borrow_raw(fd) };
            if let Ok(flags) = rustix::io::fcntl_getfd(fd) {
                let _ = rustix::io::fcntl_setfd(fd, flags | rustix::io::FdFlags::CLOEXEC);
            }
        }
    });
}

/// Why a tool produced no [`ToolOutput`].
#[derive(Debug, thiserror::Error)]
pub enum ToolFailure {
    #[error("{label} is not installed or not on PATH (looked for `{program}`)")]
    NotFound { label: String, program: String },
    #[error(
        "{label} did not finish within {:.1} s and was killed (ran: {command_line})",
        .after.as_secs_f64()
    )]
    TimedOut {
        label: String,
        command_line: String,
        after: Duration,
    },
    #[error("{label} was cancelled and killed after {:.1} s", .after.as_secs_f64())]
    Cancelled { label: String, after: Duration },
    #[error("could not run {label}: {source}")]
    Spawn { label: String, source: io::Error },
}

/// How to run one toolchain process. Build with [`ToolCommand::new`], then [`ToolCommand::run`].
#[derive(Clone, Debug)]
pub struct ToolCommand {
    label: String,
    program: OsString,
    args: Vec<OsString>,
    cwd: Option<PathBuf>,
    env: Vec<(OsString, OsString)>,
    stdin: Option<Arc<[u8]>>,
    deadline: Instant,
    cancel: Option<Cancel>,
    output_limit: usize,
    scratch: PathBuf,
    home: PathBuf,
    tmp: PathBuf,
    ceilings: Ceilings,
    sandbox: Option<&'static ToolSandbox>,
}

enum Stop {
    Deadline,
    Cancelled,
}

impl ToolCommand {
    /// `program` is a path (relative ones are taken from the working dir) or a name looked up on the child's PATH.
    /// `label` names the tool in messages (the compiler's own name, say).
    pub fn new(label: impl Into<String>, program: impl AsRef<OsStr>, scratch: &Scratch, deadline: Instant) -> Self {
        ToolCommand {
            label: label.into(),
            program: program.as_ref().to_owned(),
            args: Vec::new(),
            cwd: None,
            env: Vec::new(),
            stdin: None,
            deadline,
            cancel: None,
            output_limit: DEFAULT_OUTPUT_LIMIT,
            scratch: scratch.path().to_owned(),
            home: scratch.home(),
            tmp: scratch.tmp(),
            ceilings: Ceilings::DEFAULT,
            sandbox: scratch.sandbox,
        }
    }

    /// The ceilings this process runs under ([`Ceilings::DEFAULT`] unless set).
    pub fn ceilings(mut self, ceilings: Ceilings) -> Self {
        self.ceilings = ceilings;
        self
    }

    pub fn arg(mut self, arg: impl AsRef<OsStr>) -> Self {
        self.args.push(arg.as_ref().to_owned());
        self
    }

    pub fn args<I, S>(mut self, args: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: AsRef<OsStr>,
    {
        self.args.extend(args.into_iter().map(|a| a.as_ref().to_owned()));
        self
    }

    /// Working directory; the scratch directory if not set.
    pub fn current_dir(mut self, dir: impl Into<PathBuf>) -> Self {
        self.cwd = Some(dir.into());
        self
    }

    /// An explicit variable; set after (and so overriding) PATH, LANG, LC_ALL, HOME and TMPDIR.
    pub fn env(mut self, key: impl AsRef<OsStr>, value: impl AsRef<OsStr>) -> Self {
        self.env.push((key.as_ref().to_owned(), value.as_ref().to_owned()));
        self
    }

    /// Bytes written to the child's stdin (otherwise stdin is /dev/null).
    pub fn stdin_bytes(mut self, bytes: impl Into<Vec<u8>>) -> Self {
        self.stdin = Some(bytes.into().into());
        self
    }

    pub fn deadline(mut self, deadline: Instant) -> Self {
        self.deadline = deadline;
        self
    }

    pub fn cancel(mut self, token: &Cancel) -> Self {
        self.cancel = Some(token.clone());
        self
    }

    /// Bytes kept per stream (half head, half tail).
    pub fn output_limit(mut self, bytes: usize) -> Self {
        self.output_limit = bytes;
        self
    }

    /// Runs the tool to exit, deadline or cancellation; the process group is dead when this returns.
    pub fn run(&self) -> Result<ToolOutput, ToolFailure> {
        let started = Instant::now();
        if let Some(stop) = self.should_stop() {
            return Err(self.stopped(stop, started.elapsed()));
        }
        let cwd = self.cwd.clone().unwrap_or_else(|| self.scratch.clone());
        let env = self.child_env();
        let path_var = env.iter().rev().find(|(k, _)| k == "PATH").map(|(_, v)| v.as_os_str());
        let Some(exe) = resolve(&self.program, path_var, &cwd) else {
            return Err(self.not_found());
        };

        seal_inherited_descriptors();
        let mut command = match self.sandbox {
            Some(sandbox) => {
                let mut command = Command::new(sandbox.bwrap());
                command.args(sandbox.args(&exe, &self.args, &self.scratch, &cwd));
                command
            }
            None => {
                let mut command = Command::new(&exe);
                command.arg0(&self.program).args(&self.args);
                command
            }
        };
        let ceilings = self.ceilings;
        // SAFETY: between fork and exec only `setrlimit` runs, a raw syscall (async-signal-safe).
        unsafe {
            command.pre_exec(move || ceilings.apply());
        }
        command
            .current_dir(&cwd)
            .env_clear()
            .envs(env)
            .process_group(0)
            .stdin(if self.stdin.is_some() {
                Stdio::piped()
            } else {
                Stdio::null()
            })
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut child = match command.spawn() {
            Ok(child) => child,
            Err(e) if e.kind() == io::ErrorKind::NotFound && !exe.exists() => return Err(self.not_found()),
            Err(e) if e.kind() == io::ErrorKind::NotFound && !cwd.is_dir() => {
                let e = io::Error::new(e.kind(), format!("working directory {} does not exist", cwd.display()));
                return Err(self.spawn_failure(e));
            }
            Err(e) => return Err(self.spawn_failure(e)),
        };
        // The child is its own group leader, so its pid is the group id.
        let pgid = Pid::from_child(&child);

        let helpers = self.start_helpers(&mut child);
        let (writer, stdout, stderr) = match helpers {
            Ok(helpers) => helpers,
            Err(e) => {
                kill_group(pgid);
                let _ = child.kill();
                let _ = child.wait();
                return Err(self.spawn_failure(e));
            }
        };

        let stop = self.wait_for_leader(&mut child, pgid);
        // The leader is exited-but-unreaped or still running, so `pgid` cannot have been reused yet:
        // this reaches exactly the compiler's leftovers (and the leader itself on deadline/cancel).
        kill_group(pgid);
        if stop.is_some() {
            let _ = child.kill(); // in case the leader moved itself to another group
        }
        let reaped = reap(&mut child, pgid);

        // With the group dead, the pipes close and the helpers end; the grace only matters for escapees.
        let grace_end = Instant::now() + DRAIN_GRACE;
        let stdout = stdout.finish(grace_end);
        let stderr = stderr.finish(grace_end);
        if let Some(writer) = writer {
            writer.join_by(grace_end);
        }
        let elapsed = started.elapsed();

        match stop {
            Some(stop) => Err(self.stopped(stop, elapsed)),
            None => match reaped {
                Ok((status, usage)) => Ok(ToolOutput {
                    status,
                    stdout,
                    stderr,
                    elapsed,
                    usage,
                    ceilings: self.ceilings,
                    sandboxed: self.sandbox.is_some(),
                }),
                Err(e) => Err(self.spawn_failure(e)),
            },
        }
    }

    fn child_env(&self) -> Vec<(OsString, OsString)> {
        let mut env: Vec<(OsString, OsString)> = PASSED_THROUGH
            .iter()
            .filter_map(|key| std::env::var_os(key).map(|value| (OsString::from(key), value)))
            .collect();
        if !env.iter().any(|(k, _)| k == "PATH") {
            env.push(("PATH".into(), FALLBACK_PATH.into()));
        }
        env.push(("HOME".into(), self.home.clone().into()));
        env.push(("TMPDIR".into(), self.tmp.clone().into()));
        env.extend(self.env.iter().cloned());
        env
    }

    fn start_helpers(&self, child: &mut Child) -> io::Result<(Option<Helper>, Drain, Drain)> {
        let writer = match (self.stdin.clone(), child.stdin.take()) {
            (Some(bytes), Some(mut pipe)) => Some(Helper::spawn("gg-tool-stdin", move || {
                // A child that exits without reading gives EPIPE; nothing to report.
                let _ = pipe.write_all(&bytes);
            })?),
            _ => None,
        };
        let stdout = Drain::start("gg-tool-stdout", child.stdout.take(), self.output_limit)?;
        let stderr = Drain::start("gg-tool-stderr", child.stderr.take(), self.output_limit)?;
        Ok((writer, stdout, stderr))
    }

    /// Polls with a short, growing sleep: no extra fd or signal handler, and at most ~100 wakeups/s
    /// for a long compile. Uses `waitid(WNOWAIT)` so the leader stays unreaped (its pid reserved)
    /// until the group has been killed.
    fn wait_for_leader(&self, child: &mut Child, pid: Pid) -> Option<Stop> {
        let mut nap = Duration::from_millis(1);
        loop {
            if leader_exited(child, pid) {
                return None;
            }
            if let Some(stop) = self.should_stop() {
                return Some(stop);
            }
            let left = self.deadline.saturating_duration_since(Instant::now());
            thread::sleep(nap.min(left));
            nap = (nap * 2).min(POLL_MAX);
        }
    }

    fn should_stop(&self) -> Option<Stop> {
        if self.cancel.as_ref().is_some_and(Cancel::is_cancelled) {
            Some(Stop::Cancelled)
        } else if Instant::now() >= self.deadline {
            Some(Stop::Deadline)
        } else {
            None
        }
    }

    fn stopped(&self, stop: Stop, after: Duration) -> ToolFailure {
        let label = self.label.clone();
        match stop {
            Stop::Deadline => ToolFailure::TimedOut {
                label,
                command_line: self.short_command_line(),
                after,
            },
            Stop::Cancelled => ToolFailure::Cancelled { label, after },
        }
    }

    fn not_found(&self) -> ToolFailure {
        ToolFailure::NotFound {
            label: self.label.clone(),
            program: self.program.to_string_lossy().into_owned(),
        }
    }

    fn spawn_failure(&self, source: io::Error) -> ToolFailure {
        ToolFailure::Spawn {
            label: self.label.clone(),
            source,
        }
    }

    fn short_command_line(&self) -> String {
        let mut line = shorten(&self.program);
        for arg in self.args.iter().take(SHOWN_ARGS) {
            line.push(' ');
            line.push_str(&shorten(arg));
        }
        if self.args.len() > SHOWN_ARGS {
            line.push_str(" …");
        }
        line
    }
}

/// One word of a command line: lossy, single-line, at most `SHOWN_WORD` characters.
fn shorten(word: &OsStr) -> String {
    let word = word.to_string_lossy();
    let clean = |c: char| if c.is_control() { ' ' } else { c };
    if word.chars().count() > SHOWN_WORD {
        word.chars().take(SHOWN_WORD - 1).map(clean).chain(['…']).collect()
    } else {
        word.chars().map(clean).collect()
    }
}

/// A path containing `/` is taken as is (relative to `cwd`); a bare name is searched on `path_var`
/// (absolute entries only), like a shell would.
fn resolve(program: &OsStr, path_var: Option<&OsStr>, cwd: &Path) -> Option<PathBuf> {
    if program.is_empty() {
        return None;
    }
    if program.as_bytes().contains(&b'/') {
        let path = cwd.join(program);
        return path.exists().then_some(path);
    }
    let path_var = path_var.unwrap_or(OsStr::new(FALLBACK_PATH));
    std::env::split_paths(path_var)
        .filter(|dir| dir.is_absolute())
        .map(|dir| dir.join(program))
        .find(|candidate| is_executable(candidate))
}

fn is_executable(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

fn leader_exited(child: &mut Child, pid: Pid) -> bool {
    let options = WaitIdOptions::EXITED | WaitIdOptions::NOHANG | WaitIdOptions::NOWAIT;
    loop {
        match waitid(WaitId::Pid(pid), options) {
            Ok(found) => return found.is_some(),
            Err(e) if e == Errno::INTR => continue,
            // Not waitable through waitid (should not happen): fall back to std, which reaps.
            Err(_) => return !matches!(child.try_wait(), Ok(None)),
        }
    }
}

/// Reaps the leader with `wait4`, which also returns what it (and every descendant it waited
/// for) used; `std`'s `wait` would throw that account away.
fn reap(child: &mut Child, pid: Pid) -> io::Result<(ExitStatus, Usage)> {
    use std::os::unix::process::ExitStatusExt;
    let mut status = 0;
    // SAFETY: a zeroed `rusage` is a valid value for wait4 to fill.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    loop {
        // SAFETY: `status` and `usage` are valid for writes; `pid` is our unreaped child.
        let got = unsafe { libc::wait4(pid.as_raw_nonzero().get(), &mut status, 0, &mut usage) };
        if got > 0 {
            break;
        }
        let e = io::Error::last_os_error();
        match e.raw_os_error() {
            Some(libc::EINTR) => continue,
            // Already reaped elsewhere (should not happen): std knows the status, not the usage.
            Some(libc::ECHILD) => return child.wait().map(|s| (s, Usage::default())),
            _ => return Err(e),
        }
    }
    let time = |t: libc::timeval| Duration::new(t.tv_sec.max(0) as u64, (t.tv_usec.max(0) as u32) * 1000);
    let usage = Usage {
        peak_memory_bytes: (usage.ru_maxrss.max(0) as u64) * 1024,
        cpu: time(usage.ru_utime) + time(usage.ru_stime),
    };
    Ok((ExitStatus::from_raw(status), usage))
}

fn kill_group(pgid: Pid) {
    // Pid 1 as a group id would mean "everyone we may signal"; a child of ours is never pid 1.
    if pgid != Pid::INIT {
        let _ = kill_process_group(pgid, Signal::KILL);
    }
}

/// A helper thread whose end we can wait for with a time limit.
struct Helper {
    done: mpsc::Receiver<()>,
    handle: JoinHandle<()>,
}

impl Helper {
    fn spawn(name: &str, work: impl FnOnce() + Send + 'static) -> io::Result<Helper> {
        let (tx, done) = mpsc::channel();
        let handle = thread::Builder::new().name(name.into()).spawn(move || {
            work();
            let _ = tx.send(());
        })?;
        Ok(Helper { done, handle })
    }

    /// Joins if the thread ends by `until`; otherwise leaves it running, detached.
    fn join_by(self, until: Instant) -> bool {
        let left = until.saturating_duration_since(Instant::now());
        match self.done.recv_timeout(left) {
            // Disconnected means the thread panicked; joining returns at once either way.
            Ok(()) | Err(mpsc::RecvTimeoutError::Disconnected) => {
                let _ = self.handle.join();
                true
            }
            Err(mpsc::RecvTimeoutError::Timeout) => false,
        }
    }
}

/// Reads one pipe on its own thread into a shared head+tail buffer.
struct Drain {
    kept: Arc<Mutex<HeadTail>>,
    helper: Option<Helper>,
}

impl Drain {
    fn start(name: &str, pipe: Option<impl Read + Send + 'static>, limit: usize) -> io::Result<Drain> {
        let kept = Arc::new(Mutex::new(HeadTail::new(limit)));
        let helper = match pipe {
            Some(mut pipe) => {
                let kept = Arc::clone(&kept);
                Some(Helper::spawn(name, move || {
                    let mut buf = [0u8; 16 * 1024];
                    loop {
                        match pipe.read(&mut buf) {
                            Ok(0) => break,
                            Ok(n) => kept.lock().unwrap_or_else(|p| p.into_inner()).push(&buf[..n]),
                            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                            Err(_) => break,
                        }
                    }
                })?)
            }
            None => None,
        };
        Ok(Drain { kept, helper })
    }

    /// Whatever was read by `until` (everything, unless an escaped process holds the pipe open).
    fn finish(self, until: Instant) -> Bounded {
        if let Some(helper) = self.helper {
            helper.join_by(until);
        }
        self.kept.lock().unwrap_or_else(|p| p.into_inner()).to_bounded()
    }
}

/// Keeps the first `head_cap` and the last `tail_cap` bytes of a stream.
#[derive(Debug)]
struct HeadTail {
    head: Vec<u8>,
    tail: VecDeque<u8>,
    head_cap: usize,
    tail_cap: usize,
    dropped: u64,
}

impl HeadTail {
    fn new(limit: usize) -> Self {
        let head_cap = limit / 2;
        HeadTail {
            head: Vec::new(),
            tail: VecDeque::new(),
            head_cap,
            tail_cap: limit - head_cap,
            dropped: 0,
        }
    }

    fn push(&mut self, data: &[u8]) {
        let to_head = (self.head_cap - self.head.len()).min(data.len());
        self.head.extend_from_slice(&data[..to_head]);
        let rest = &data[to_head..];
        if rest.len() >= self.tail_cap {
            self.dropped += (self.tail.len() + rest.len() - self.tail_cap) as u64;
            self.tail.clear();
            self.tail.extend(&rest[rest.len() - self.tail_cap..]);
        } else {
            let overflow = (self.tail.len() + rest.len()).saturating_sub(self.tail_cap);
            self.tail.drain(..overflow);
            self.dropped += overflow as u64;
            self.tail.extend(rest);
        }
    }

    fn to_bounded(&self) -> Bounded {
        let (a, b) = self.tail.as_slices();
        let text = if self.dropped == 0 {
            String::from_utf8_lossy(&[&self.head[..], a, b].concat()).into_owned()
        } else {
            format!(
                "{}\n[… {} bytes omitted …]\n{}",
                String::from_utf8_lossy(&self.head),
                self.dropped,
                String::from_utf8_lossy(&[a, b].concat())
            )
        };
        Bounded {
            text,
            dropped: self.dropped,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rustix::process::kill_process;

    fn scratch() -> Scratch {
        Scratch::new(std::env::temp_dir().join("gg-toolchain-tests")).unwrap()
    }

    fn secs(n: u64) -> Instant {
        Instant::now() + Duration::from_secs(n)
    }

    fn sh(scratch: &Scratch, script: &str, deadline: Instant) -> ToolCommand {
        ToolCommand::new("sh", "/bin/sh", scratch, deadline)
            .arg("-c")
            .arg(script)
    }

    /// Gone, or a zombie nobody has reaped yet (our init may not reap orphans).
    fn dead(pid: i32) -> bool {
        match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
            Err(_) => true,
            Ok(stat) => matches!(
                stat.rsplit(')').next().and_then(|s| s.trim().chars().next()),
                Some('Z' | 'X')
            ),
        }
    }

    fn all_dead_within(pids: &[i32], limit: Duration) -> bool {
        let end = Instant::now() + limit;
        loop {
            if pids.iter().all(|&p| dead(p)) {
                return true;
            }
            if Instant::now() > end {
                return false;
            }
            thread::sleep(Duration::from_millis(20));
        }
    }

    /// Live processes whose command line contains `marker`.
    fn live_with(marker: &str) -> Vec<i32> {
        let mut found = Vec::new();
        for entry in std::fs::read_dir("/proc").unwrap().flatten() {
            let Some(pid) = entry.file_name().to_str().and_then(|s| s.parse::<i32>().ok()) else {
                continue;
            };
            let Ok(cmdline) = std::fs::read(entry.path().join("cmdline")) else {
                continue;
            };
            if cmdline.windows(marker.len()).any(|w| w == marker.as_bytes()) && !dead(pid) {
                found.push(pid);
            }
        }
        found
    }

    fn first_pid(text: &str) -> i32 {
        text.split_whitespace()
            .next()
            .and_then(|w| w.parse().ok())
            .unwrap_or_else(|| panic!("no pid in {text:?}"))
    }

    const MIB: u64 = 1024 * 1024;

    fn under(memory_mib: u64, cpu_seconds: u64, file_mib: u64) -> Ceilings {
        Ceilings {
            memory_bytes: memory_mib * MIB,
            cpu_seconds,
            file_bytes: file_mib * MIB,
        }
    }

    #[test]
    fn a_process_past_its_memory_ceiling_is_stopped_by_it() {
        let s = scratch();
        // A buffer that grows until an allocation is refused, as a compiler reading /dev/zero does.
        let out = ToolCommand::new("python3", "python3", &s, secs(60))
            .args(["-c", "b = bytearray()\nwhile True: b.extend(bytes(1 << 20))"])
            .ceilings(under(256, 60, 64))
            .run()
            .unwrap();
        assert!(!out.status.success(), "{:?}", out.stderr);
        assert!(out.usage.peak_memory_bytes >= 128 * MIB, "{:?}", out.usage);
        assert_eq!(
            out.stopped(),
            Some(Stopped::Memory {
                ceiling_bytes: 256 * MIB
            })
        );
    }

    #[test]
    fn a_process_past_its_cpu_and_file_ceilings_is_stopped_by_them() {
        let s = scratch();
        let spin = sh(&s, "exec /bin/sh -c 'while :; do :; done'", secs(60)).ceilings(under(512, 1, 64));
        let out = spin.run().unwrap();
        assert_eq!(
            out.stopped(),
            Some(Stopped::Cpu { ceiling_seconds: 1 }),
            "{:?}",
            out.usage
        );
        let out = ToolCommand::new("dd", "dd", &s, secs(60))
            .args(["if=/dev/zero", "of=big", "bs=1M", "count=4"])
            .ceilings(under(512, 60, 1))
            .run()
            .unwrap();
        assert_eq!(out.stopped(), Some(Stopped::FileSize { ceiling_bytes: MIB }));
        let ok = sh(&s, "exit 3", secs(10)).run().unwrap();
        assert_eq!((ok.status.code(), ok.stopped()), (Some(3), None));
    }

    #[test]
    fn a_sandboxed_tool_reads_its_toolchain_and_scratch_and_nothing_else() {
        let sandbox = match ToolSandbox::shared() {
            Ok(sandbox) => sandbox,
            Err(why) => {
                println!("SKIP: no compile-time sandbox on this machine: {why}");
                return;
            }
        };
        let mut s = scratch();
        s.confine(sandbox);
        std::fs::write(s.path().join("mine.txt"), "mine").unwrap();
        let outside = tempfile::tempdir_in(std::env::temp_dir()).unwrap();
        std::fs::write(outside.path().join("theirs.txt"), "theirs").unwrap();
        let theirs = outside.path().join("theirs.txt");
        let script = format!(
            "cat mine.txt; cat {} /etc/passwd /etc/hostname 2>/dev/null; ls /root /home 2>/dev/null; \
             echo pids $(ls /proc | grep -c '^[0-9]'); echo > out.txt; echo done",
            theirs.display()
        );
        let out = sh(&s, &script, secs(30)).run().unwrap();
        let text = &out.stdout.text;
        assert!(out.status.success(), "{text} {}", out.stderr.text);
        assert!(text.starts_with("mine"), "{text}");
        assert!(!text.contains("theirs") && !text.contains("root:"), "{text}");
        let pids: usize = text
            .split("pids ")
            .nth(1)
            .and_then(|t| t.lines().next()?.parse().ok())
            .unwrap();
        assert!(pids <= 8, "only the sandbox's own processes: {text}");
        assert!(s.path().join("out.txt").exists(), "the scratch is writable");
        // The same command outside the sandbox sees the host.
        let open = sh(&scratch(), &format!("cat {}", theirs.display()), secs(30))
            .run()
            .unwrap();
        assert_eq!(open.stdout.text, "theirs");
    }

    #[test]
    fn captures_status_streams_and_stdin() {
        let s = scratch();
        let out = sh(&s, "cat; echo oops >&2; exit 3", secs(30))
            .stdin_bytes(b"hello\n".to_vec())
            .run()
            .unwrap();
        assert_eq!(out.status.code(), Some(3));
        assert_eq!(
            out.stdout,
            Bounded {
                text: "hello\n".into(),
                dropped: 0
            }
        );
        assert_eq!(
            out.stderr,
            Bounded {
                text: "oops\n".into(),
                dropped: 0
            }
        );
    }

    #[test]
    fn child_that_ignores_large_stdin_does_not_block() {
        let s = scratch();
        let out = sh(&s, "exit 0", secs(30))
            .stdin_bytes(vec![b'x'; 4 << 20])
            .run()
            .unwrap();
        assert!(out.status.success());
        assert!(out.elapsed < Duration::from_secs(10));
    }

    #[test]
    fn environment_is_cleared_and_home_is_scratch() {
        let s = scratch();
        // Edition 2024 makes set_var unsafe, so instead of planting SECRET we check the child's whole
        // environment against the allowed keys, and that some variable the parent does have is absent.
        let out = ToolCommand::new("env", "env", &s, secs(30))
            .env("GG_EXPLICIT", "yes")
            .run()
            .unwrap();
        let keys: Vec<&str> = out
            .stdout
            .text
            .lines()
            .filter_map(|l| l.split_once('='))
            .map(|(k, _)| k)
            .collect();
        let allowed = ["PATH", "LANG", "LC_ALL", "HOME", "TMPDIR", "GG_EXPLICIT"];
        assert!(keys.iter().all(|k| allowed.contains(k)), "unexpected env: {keys:?}");
        assert!(out.stdout.text.lines().any(|l| l == "GG_EXPLICIT=yes"));
        if let Some((parent_only, _)) = std::env::vars().find(|(k, _)| !allowed.contains(&k.as_str())) {
            assert!(!keys.contains(&parent_only.as_str()), "{parent_only} leaked");
        }

        let out = sh(&s, "echo $HOME $TMPDIR ${SECRET:-absent}; pwd", secs(30))
            .run()
            .unwrap();
        let expected = format!(
            "{} {} absent\n{}\n",
            s.home().display(),
            s.tmp().display(),
            s.path().display()
        );
        assert_eq!(out.stdout.text, expected);
    }

    #[test]
    fn deadline_kills_the_group() {
        let s = scratch();
        let marker = "30.0301";
        let err = sh(
            &s,
            &format!("sleep {marker}; true"),
            Instant::now() + Duration::from_millis(300),
        )
        .run()
        .unwrap_err();
        let ToolFailure::TimedOut {
            after,
            ref command_line,
            ..
        } = err
        else {
            panic!("{err}")
        };
        assert!(after < Duration::from_secs(5), "{after:?}");
        assert_eq!(command_line, &format!("/bin/sh -c sleep {marker}; true"));
        assert!(err.to_string().starts_with("sh did not finish within 0."), "{err}");
        let end = Instant::now() + Duration::from_secs(5);
        while !live_with(marker).is_empty() {
            assert!(Instant::now() < end, "still alive: {:?}", live_with(marker));
            thread::sleep(Duration::from_millis(20));
        }
    }

    #[test]
    fn background_grandchild_is_killed() {
        let s = scratch();
        let out = sh(&s, "sleep 30 & echo $!", secs(30)).run().unwrap();
        assert!(out.status.success());
        assert!(out.elapsed < Duration::from_secs(5), "{:?}", out.elapsed);
        assert!(all_dead_within(&[first_pid(&out.stdout.text)], Duration::from_secs(5)));
    }

    #[test]
    fn grandchild_holding_stdout_does_not_make_us_wait() {
        let s = scratch();
        let marker = "30.0502";
        let out = sh(&s, &format!("(sleep {marker}; true) & exit 0"), secs(30))
            .run()
            .unwrap();
        assert!(out.status.success());
        assert!(out.elapsed < Duration::from_secs(5), "{:?}", out.elapsed);
        let end = Instant::now() + Duration::from_secs(5);
        while !live_with(marker).is_empty() {
            assert!(Instant::now() < end, "still alive: {:?}", live_with(marker));
            thread::sleep(Duration::from_millis(20));
        }
    }

    #[test]
    fn escaped_grandchild_holding_stdout_costs_at_most_the_grace() {
        let s = scratch();
        // Wait until the grandchild has its own session (field 6 of stat), so the group kill misses it.
        let script = "setsid sleep 30.0603 & p=$!; \
            while [ \"$(cut -d' ' -f6 /proc/$p/stat)\" != $p ]; do sleep 0.01; done; echo $p";
        let out = sh(&s, script, secs(30)).run().unwrap();
        let pid = first_pid(&out.stdout.text);
        let _ = kill_process(Pid::from_raw(pid).unwrap(), Signal::KILL);
        assert!(out.status.success());
        // It held stdout open, so we waited out the grace, and no longer.
        assert!(
            out.elapsed >= DRAIN_GRACE - Duration::from_millis(100),
            "{:?}",
            out.elapsed
        );
        assert!(out.elapsed < DRAIN_GRACE + Duration::from_secs(5), "{:?}", out.elapsed);
    }

    #[test]
    fn output_is_bounded_head_and_tail() {
        let s = scratch();
        let out = sh(&s, "yes abcdefghij | head -c 1000000; echo END", secs(60))
            .run()
            .unwrap();
        let total = 1_000_000 + 4;
        assert_eq!(out.stdout.dropped, (total - DEFAULT_OUTPUT_LIMIT) as u64);
        let text = &out.stdout.text;
        assert!(text.starts_with("abcdefghij\nabcdefghij\n"));
        // 1_000_000 = 90909 * 11 + 1: the last line is a lone "a".
        assert!(text.ends_with("abcdefghij\naEND\n"));
        assert!(text.contains(&format!("[… {} bytes omitted …]", out.stdout.dropped)));
        assert!(text.len() <= DEFAULT_OUTPUT_LIMIT + 64, "{}", text.len());
        assert_eq!(out.stderr.dropped, 0);
    }

    #[test]
    fn head_tail_matches_a_plain_split_for_any_chunking() {
        let data: Vec<u8> = (0..1000u32).map(|i| (i % 251) as u8).collect();
        for limit in [0, 1, 7, 10, 999, 1000, 1001, 4096] {
            for chunk in [1, 3, 64, 500, 1000] {
                let mut kept = HeadTail::new(limit);
                data.chunks(chunk).for_each(|c| kept.push(c));
                let head = (limit / 2).min(data.len());
                let tail_start = data.len().saturating_sub(limit - limit / 2).max(head);
                assert_eq!(kept.head, &data[..head], "limit {limit} chunk {chunk}");
                assert_eq!(kept.tail.iter().copied().collect::<Vec<_>>(), &data[tail_start..]);
                assert_eq!(kept.dropped, (tail_start - head) as u64);
            }
        }
    }

    #[test]
    fn cancel_from_another_thread() {
        let s = scratch();
        let token = Cancel::new();
        let canceller = {
            let token = token.clone();
            thread::spawn(move || {
                thread::sleep(Duration::from_millis(200));
                token.cancel();
            })
        };
        let err = sh(&s, "sleep 30", secs(60)).cancel(&token).run().unwrap_err();
        canceller.join().unwrap();
        let ToolFailure::Cancelled { after, .. } = err else {
            panic!("{err}")
        };
        assert!(after < Duration::from_secs(5), "{after:?}");
        // Already cancelled: nothing is started.
        assert!(matches!(
            sh(&s, "exit 0", secs(60)).cancel(&token).run(),
            Err(ToolFailure::Cancelled { .. })
        ));
    }

    #[test]
    fn missing_program_is_not_found() {
        let s = scratch();
        for program in ["gg-no-such-tool-4711", "/nonexistent/gg-no-such-tool"] {
            let err = ToolCommand::new("rustc", program, &s, secs(30)).run().unwrap_err();
            assert!(matches!(err, ToolFailure::NotFound { .. }), "{err}");
            assert!(err.to_string().starts_with("rustc is not installed"), "{err}");
        }
    }

    #[test]
    fn missing_working_dir_is_a_spawn_failure() {
        let s = scratch();
        let err = sh(&s, "exit 0", secs(30))
            .current_dir(s.path().join("nope"))
            .run()
            .unwrap_err();
        assert!(matches!(err, ToolFailure::Spawn { .. }), "{err}");
    }

    #[test]
    fn scratch_is_unique_and_removed_on_drop() {
        let a = scratch();
        let b = scratch();
        assert_ne!(a.path(), b.path());
        assert!(a.home().is_dir() && a.tmp().is_dir());
        std::fs::create_dir_all(a.tmp().join("deep/er")).unwrap();
        std::fs::write(a.tmp().join("deep/er/file"), b"x").unwrap();
        let locked = a.home().join("locked");
        std::fs::create_dir(&locked).unwrap();
        std::fs::write(locked.join("f"), b"x").unwrap();
        std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o500)).unwrap();
        let path = a.path().to_owned();
        drop(a);
        assert!(!path.exists());
    }
}
