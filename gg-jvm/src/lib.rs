//! What the JVM arms (Java, Kotlin) share: gg's JVM compile server (`CompileServer.java`) and the
//! arm's driver sources compiled once per machine and run as a `gg_core::arm::daemon::Daemon`
//! ([`JvmServer`]), reached once per process with a one-shot fallback ([`WarmServer`]), and the
//! JDK's tools found ([`jdk_tool`]); and the small steps both arms' `compile.rs` take alike
//! ([`toolchain_error`], [`scratch`], [`cache_key`]).
//!
//! The server speaks gg-core's daemon protocol for any JVM compiler with
//! `exec(PrintStream, String...)`. An arm depends on this crate as it does on gg-core; gg-core
//! itself names no compiler.

use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

use gg_core::arm::daemon::{Daemon, DaemonError, DaemonReply, DaemonSpec, SOCKET};
use gg_core::toolchain::Scratch;
use gg_core::toolchain::ToolCommand;
use gg_core::{PrepareCx, PrepareError};
use sha2::{Digest, Sha256};

/// The source of gg's JVM compile server, which [`JvmServer`] compiles with `javac` and starts
/// as a [`Daemon`].
pub const JVM_COMPILE_SERVER: &str = include_str!("../CompileServer.java");

/// A JVM compile server for one compiler: [`JVM_COMPILE_SERVER`] and the arm's own driver
/// sources compiled with javac once per machine into gg's cache, run as a [`Daemon`].
#[derive(Debug, Clone)]
pub struct JvmServer {
    /// A readable name: the compiler and its version (`kotlinc-2.4.20`).
    pub name: String,
    pub java: PathBuf,
    pub javac: PathBuf,
    /// The compiler's class path (`:`-separated); the server's classes are appended.
    pub classpath: String,
    /// The JVM's own options (heap, stack, collector, system properties).
    pub jvm_args: Vec<String>,
    /// Sources compiled with the server (file name, text): a driver the entry class may be.
    pub sources: Vec<(String, String)>,
    /// The class with `exec(PrintStream, String...)` the server calls.
    pub entry: String,
    /// The server retires after this many seconds without a request, and after this many requests.
    pub idle_secs: u32,
    pub max_requests: u32,
}

impl JvmServer {
    /// The daemon, its classes compiled first if this machine has not compiled them yet.
    pub fn daemon(&self, cx: &PrepareCx) -> Result<Daemon, String> {
        let classes = self.classes(cx)?;
        let mut args = self.jvm_args.clone();
        args.extend([
            "-cp".into(),
            self.classpath_with(&classes),
            "CompileServer".into(),
            SOCKET.into(),
            self.idle_secs.to_string(),
            self.max_requests.to_string(),
            self.entry.clone(),
        ]);
        Ok(Daemon::new(
            cx.cache_dir(),
            DaemonSpec {
                name: self.name.clone(),
                program: self.java.clone(),
                args,
            },
        ))
    }

    /// The compiler's class path with `classes` after it.
    pub fn classpath_with(&self, classes: &Path) -> String {
        if self.classpath.is_empty() {
            classes.display().to_string()
        } else {
            format!("{}:{}", self.classpath, classes.display())
        }
    }

    /// `<cache>/daemons/<name>-classes-<digest>/`, keyed by every source and the class path;
    /// built in a directory of this process's and renamed into place, so a reader never sees half.
    pub fn classes(&self, cx: &PrepareCx) -> Result<PathBuf, String> {
        let mut h = Sha256::new();
        for (name, text) in [("CompileServer.java", JVM_COMPILE_SERVER)]
            .into_iter()
            .chain(self.sources.iter().map(|(n, t)| (n.as_str(), t.as_str())))
        {
            h.update(name.as_bytes());
            h.update([0]);
            h.update(text.as_bytes());
            h.update([0]);
        }
        h.update(self.classpath.as_bytes());
        let digest: String = h.finalize().iter().take(8).map(|b| format!("{b:02x}")).collect();
        let classes = cx
            .cache_dir()
            .join("daemons")
            .join(format!("{}-classes-{digest}", self.name));
        if classes.join("CompileServer.class").is_file() {
            return Ok(classes);
        }
        let scratch = cx.scratch().map_err(|e| format!("no scratch directory: {e}"))?;
        let tmp = classes.with_extension(format!("tmp{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&tmp);
        std::fs::create_dir_all(&tmp).map_err(|e| format!("{}: {e}", tmp.display()))?;
        let mut files = vec!["CompileServer.java".to_owned()];
        std::fs::write(tmp.join("CompileServer.java"), JVM_COMPILE_SERVER).map_err(|e| e.to_string())?;
        for (name, text) in &self.sources {
            std::fs::write(tmp.join(name), text).map_err(|e| format!("writing {name}: {e}"))?;
            files.push(name.clone());
        }
        let failed = match ToolCommand::new("javac", &self.javac, scratch, cx.deadline)
            .args([
                "-d",
                ".",
                "-cp",
                if self.classpath.is_empty() {
                    "."
                } else {
                    &self.classpath
                },
            ])
            .args(&files)
            .current_dir(&tmp)
            .cancel(&cx.cancel)
            .run()
        {
            Ok(out) if out.status.success() => None,
            Ok(out) => Some(format!(
                "javac failed on the compile server: {}",
                out.stderr.text.trim()
            )),
            Err(f) => Some(f.to_string()),
        };
        if let Some(why) = failed {
            let _ = std::fs::remove_dir_all(&tmp);
            return Err(why);
        }
        if std::fs::rename(&tmp, &classes).is_err() {
            // Another process put it there first.
            let _ = std::fs::remove_dir_all(&tmp);
        }
        Ok(classes)
    }
}

/// An arm's compile server as every program it prepares reaches it: the [`Daemon`] made once per
/// process, and the fall back to a one-shot compiler said once.
#[derive(Debug)]
pub struct WarmServer {
    daemon: OnceLock<Result<Daemon, String>>,
    building: Mutex<()>,
    noted: OnceLock<()>,
}

impl Default for WarmServer {
    fn default() -> WarmServer {
        WarmServer::new()
    }
}

impl WarmServer {
    /// For a `static`: one per arm.
    pub const fn new() -> WarmServer {
        WarmServer {
            daemon: OnceLock::new(),
            building: Mutex::new(()),
            noted: OnceLock::new(),
        }
    }

    /// The daemon of the server `server` describes, made the first time and remembered (an
    /// error too) for the rest of the process.
    pub fn daemon(&self, cx: &PrepareCx, server: impl FnOnce() -> Result<JvmServer, String>) -> Result<Daemon, String> {
        if let Some(d) = self.daemon.get() {
            return d.clone();
        }
        let _one = self.building.lock().unwrap_or_else(|e| e.into_inner());
        self.daemon.get_or_init(|| server()?.daemon(cx)).clone()
    }

    /// One compile with `args` through the server, unless the environment variable `off` is set.
    /// `Ok(Some(_))` is the server's answer. `Ok(None)`: there is no server to ask (turned off, or
    /// it did not start or answer, which is said once per process on stderr followed by
    /// `fallback`), so the caller compiles with a one-shot compiler. The error is the caller's
    /// deadline ([`DaemonError::Deadline`]) or its cancel ([`DaemonError::Cancelled`]).
    pub fn request(
        &self,
        cx: &PrepareCx,
        args: &[String],
        off: &str,
        fallback: &str,
        server: impl FnOnce() -> Result<JvmServer, String>,
    ) -> Result<Option<DaemonReply>, DaemonError> {
        if std::env::var_os(off).is_some() {
            return Ok(None);
        }
        let why = match self.daemon(cx, server) {
            Ok(d) => match d.request(args, cx.deadline, &cx.cancel) {
                Ok(reply) => return Ok(Some(reply)),
                Err(e @ (DaemonError::Deadline | DaemonError::Cancelled)) => return Err(e),
                Err(e) => e.to_string(),
            },
            Err(e) => e,
        };
        self.noted.get_or_init(|| eprintln!("gg: {why}; {fallback}"));
        Ok(None)
    }
}

/// A JDK tool (`java`, `javac`): `$JAVA_HOME/bin/<name>` if it is there, else the first on `PATH`.
pub fn jdk_tool(name: &str) -> Option<PathBuf> {
    if let Some(j) = std::env::var_os("JAVA_HOME") {
        let p = PathBuf::from(j).join("bin").join(name);
        if p.is_file() {
            return Some(p);
        }
    }
    std::env::split_paths(&std::env::var_os("PATH")?)
        .map(|d| d.join(name))
        .find(|p| p.is_file())
}

/// A failure of the JVM arm's toolchain, `tool` (`javac`, `kotlinc`), as the arm reports it.
pub fn toolchain_error(tool: &str, message: impl Into<String>) -> PrepareError {
    PrepareError::Toolchain {
        tool: tool.into(),
        message: message.into(),
    }
}

/// The turn's scratch directory, or the toolchain error of `tool` saying there is none.
pub fn scratch<'a>(cx: &'a PrepareCx, tool: &str) -> Result<&'a Scratch, PrepareError> {
    cx.scratch()
        .map_err(|e| toolchain_error(tool, format!("no scratch directory: {e}")))
}

/// The key of a cache directory: the first 8 bytes of the SHA-256 of `parts`, each ended by a
/// NUL, in hex.
pub fn cache_key(parts: &[&str]) -> String {
    let mut key = Sha256::new();
    for part in parts {
        key.update(part.as_bytes());
        key.update([0]);
    }
    key.finalize().iter().take(8).map(|b| format!("{b:02x}")).collect()
}
