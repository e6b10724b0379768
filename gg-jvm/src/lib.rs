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
    /// deadline ([`DaemonError::Deadline`]), its cancel ([`DaemonError::Cancelled`]), or the
    /// server dying on this compile ([`DaemonError::Died`]: the program's, not retried).
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
                Err(e @ (DaemonError::Deadline | DaemonError::Cancelled | DaemonError::Died)) => return Err(e),
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

/// The compile server's heap ceiling, in MiB (`-Xmx`), the same for both arms: a program whose
/// compile needs more is told so ([`compiler_died`]).
pub const HEAP_MIB: u32 = 1024;

/// The compile server's memory ceilings: the heap ([`HEAP_MIB`]), and the metaspace, code cache
/// and direct buffers beside it, so a compiler bomb meets the JVM's own `OutOfMemoryError` (the
/// program's compile error) rather than the host's memory.
pub fn memory_ceilings() -> Vec<String> {
    vec![
        format!("-Xmx{HEAP_MIB}m"),
        "-XX:MaxMetaspaceSize=512m".into(),
        "-XX:ReservedCodeCacheSize=240m".into(),
        "-XX:MaxDirectMemorySize=256m".into(),
    ]
}

/// The compile error of a program its JVM compiler died on: `thrown` is the throwable's class
/// (`java.lang.StackOverflowError`), as the driver or the compiler reported it; `None` when the
/// compile server itself ended mid-compile (killed, or crashed), which is restarted for the next
/// program. Never gg's fault: the same source does it again.
pub fn compiler_died(thrown: Option<&str>) -> PrepareError {
    let message = match thrown {
        Some(t) if t.ends_with("StackOverflowError") => {
            concat!(
                "the compiler ran out of stack on this program (java.lang.StackOverflowError): its nesting is ",
                "too deep (thousands of nested parentheses, generics or expressions)"
            )
            .to_owned()
        }
        Some(t) if t.ends_with("OutOfMemoryError") => {
            format!("the compiler ran out of memory ({HEAP_MIB} MiB) on this program")
        }
        Some(t) => format!("the compiler crashed ({t}) on this program"),
        None => "the compiler died on this program: the compile server's JVM ended while compiling it (it is                  started again for the next program)"
            .to_owned(),
    };
    PrepareError::Program {
        fault: gg_core::ProgramFault::Compile,
        diagnostics: vec![gg_core::Diagnostic {
            message,
            location: None,
        }],
        dropped: 0,
    }
}

/// The JVM error a compiler's output says it died of: the first `java.lang.StackOverflowError`
/// or `java.lang.OutOfMemoryError` standing as a word of a line (kotlinc's `exception: …` report
/// of its own failure). Only these two: another exception a compiler reports is its own breakage.
pub fn jvm_limit_in(output: &str) -> Option<&'static str> {
    const LIMITS: [&str; 2] = ["java.lang.StackOverflowError", "java.lang.OutOfMemoryError"];
    output.lines().find_map(|line| {
        line.split(|c: char| c.is_whitespace() || c == ':')
            .find_map(|word| LIMITS.into_iter().find(|l| *l == word))
    })
}

/// A program whose module imports a function gg's host does not define (`hosted(module, name)`
/// says which it does): a `@WasmImport` or TeaVM `@Import` of the program's own. That is the
/// program's compile error, naming the import and located at the first mention of its name in
/// `source` (the model's `file`), rather than an instance gg cannot link (read as gg's own fault
/// before). An unhosted import from `runtime_module` (TeaVM's `teavm`) is the compiler's own
/// runtime's, reached through a class-library method: the program's `unsupported`, saying so.
/// `None` when every import is hosted, or the module does not parse (left to the loader).
pub fn foreign_import(
    wasm: &[u8],
    hosted: impl Fn(&str, &str) -> bool,
    runtime_module: Option<&str>,
    source: &str,
    file: &str,
) -> Option<PrepareError> {
    let mut foreign = None;
    for payload in wasmparser::Parser::new(0).parse_all(wasm) {
        let wasmparser::Payload::ImportSection(imports) = payload.ok()? else {
            continue;
        };
        for import in imports.into_imports() {
            let import = import.ok()?;
            if matches!(import.ty, wasmparser::TypeRef::Func(_)) && !hosted(import.module, import.name) {
                foreign = Some((import.module.to_owned(), import.name.to_owned()));
                break;
            }
        }
        break;
    }
    let (module, name) = foreign?;
    if let Some(runtime) = runtime_module.filter(|r| *r == module) {
        // Not the program's own declaration: a class-library method whose native TeaVM leaves to
        // its JavaScript runtime, which gg does not have.
        return Some(PrepareError::Program {
            fault: gg_core::ProgramFault::Unsupported,
            diagnostics: vec![gg_core::Diagnostic {
                message: format!(
                    "unsupported: a class-library method this program calls needs `{runtime}.{name}` from TeaVM's \
                     JavaScript runtime, which this WebAssembly (WASI) build lacks (`teavm.dateToString` is \
                     `Date.toString()`); format the value yourself"
                ),
                location: None,
            }],
            dropped: 0,
        });
    }
    let location = [format!("\"{name}\""), name.clone()].iter().find_map(|needle| {
        let at = source.find(needle.as_str())?;
        let before = &source[..at];
        let line_start = before.rfind(['\n', '\r']).map_or(0, |i| i + 1);
        Some(gg_core::SourceLocation {
            file: file.to_owned(),
            // Lines end at `\n`, `\r\n` or a lone `\r`, as javac and kotlinc count them.
            line: (before.matches('\n').count() + before.matches('\r').count() - before.matches("\r\n").count()) as u32
                + 1,
            column: before[line_start..].chars().count() as u32 + 1,
        })
    });
    Some(PrepareError::Program {
        fault: gg_core::ProgramFault::Compile,
        diagnostics: vec![gg_core::Diagnostic {
            message: format!(
                "the program cannot be linked: it imports the function `{name}` from `{module}`, which gg's host does \
                 not define; call only what the SDK and the standard library provide"
            ),
            location,
        }],
        dropped: 0,
    })
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

#[cfg(test)]
mod tests {
    #[test]
    fn a_jvm_limit_is_read_from_the_compilers_report() {
        let said = "exception: java.lang.StackOverflowError\n\tat org.jetbrains.Foo(Foo.kt:3)";
        assert_eq!(super::jvm_limit_in(said), Some("java.lang.StackOverflowError"));
        assert_eq!(
            super::jvm_limit_in("exception: java.lang.OutOfMemoryError: Java heap space"),
            Some("java.lang.OutOfMemoryError")
        );
        assert_eq!(
            super::jvm_limit_in("exception: java.io.FileNotFoundException: kotlin.klib"),
            None
        );
    }
}
