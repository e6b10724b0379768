//! Preparation: the SDK compiled once per compiler and SDK text to a klib in the cache, then each
//! program (its `main` wrapped by the SDK's `runProgram`, its code modules as `lib/<name>.kt`)
//! compiled in two kotlinc steps (a klib, then the module with `-Xir-dce`) by the warm compile
//! daemon, or by a one-shot kotlinc-wasm when the daemon cannot start; its diagnostics read back
//! into the model's files.

use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

use gg_core::daemon::{Daemon, DaemonError, JvmServer};
use gg_core::toolchain::{Scratch, ToolCommand};
use gg_core::wire::CodeModule;
use gg_core::{PrepareCx, PrepareError, Prepared, ProgramFault, ProgramGuest};
use sha2::{Digest, Sha256};

use crate::diagnostics::{self, Verdict};
use crate::toolchain::{self, Toolchain};
use crate::{SDK_RUNTIME, SDK_SOURCE, binding_name};

/// The program's file name, as diagnostics name it.
pub const PROGRAM: &str = "program.kt";
/// What the program's own `main` is renamed to; the appended `main` runs it inside the SDK's
/// `runProgram`, which reports an uncaught exception.
const RENAMED: &str = "ggProgramMain";
/// The daemon retires after this long without a compile, and after this many compiles (kotlinc in
/// one JVM keeps some caches; a fresh one every 500 compiles bounds what they hold).
const IDLE_SECS: u32 = 900;
const MAX_COMPILES: u32 = 500;
/// The daemon's fixed heap.
const HEAP: &str = "-Xmx1g";

fn toolchain_error(message: impl Into<String>) -> PrepareError {
    PrepareError::Toolchain {
        tool: toolchain::KOTLINC.into(),
        message: message.into(),
    }
}

fn scratch(cx: &PrepareCx) -> Result<&Scratch, PrepareError> {
    cx.scratch()
        .map_err(|e| toolchain_error(format!("no scratch directory: {e}")))
}

fn digest(parts: &[&str]) -> String {
    let mut key = Sha256::new();
    for part in parts {
        key.update(part.as_bytes());
        key.update([0]);
    }
    key.finalize().iter().take(8).map(|b| format!("{b:02x}")).collect()
}

/// The compile daemon, made once per process: kotlinc's own entry class behind gg's server.
fn daemon(cx: &PrepareCx, tc: &Toolchain) -> Result<Daemon, String> {
    static DAEMON: OnceLock<Result<Daemon, String>> = OnceLock::new();
    static BUILDING: Mutex<()> = Mutex::new(());
    if let Some(d) = DAEMON.get() {
        return d.clone();
    }
    let _one = BUILDING.lock().unwrap_or_else(|e| e.into_inner());
    DAEMON
        .get_or_init(|| {
            let javac = tc.javac.as_ref().ok_or("no javac to compile the compile server with")?;
            JvmServer {
                name: format!("kotlinc-{}", toolchain::VERSION),
                java: tc.java.clone(),
                javac: javac.clone(),
                classpath: tc.compiler_jar().display().to_string(),
                jvm_args: vec![
                    HEAP.into(),
                    "-Xms256m".into(),
                    "-Xss4m".into(),
                    "-XX:+UseParallelGC".into(),
                    format!("-Dkotlin.home={}", tc.home.display()),
                ],
                sources: Vec::new(),
                entry: toolchain::ENTRY.into(),
                idle_secs: IDLE_SECS,
                max_requests: MAX_COMPILES,
            }
            .daemon(cx)
        })
        .clone()
}

/// Starts the compile daemon (and compiles the SDK) ahead of the first program.
pub fn warm(cx: &PrepareCx) -> Result<(), PrepareError> {
    sdk(cx).map(|_| ())
}

/// One kotlinc run with `args` (absolute paths): the daemon's, or a one-shot kotlinc-wasm's when
/// the daemon cannot start. Returns the exit code and what kotlinc printed.
fn kotlinc(cx: &PrepareCx, args: &[String]) -> Result<(i32, String), PrepareError> {
    let tc = Toolchain::get().map_err(toolchain_error)?;
    let scratch = scratch(cx)?;
    if std::env::var_os("GG_KOTLIN_NO_DAEMON").is_none() {
        let why = match daemon(cx, tc) {
            Ok(d) => match d.request(args, cx.deadline, &cx.cancel) {
                Ok(reply) => return Ok((reply.code, reply.output)),
                Err(DaemonError::Deadline) => {
                    return Err(PrepareError::TimedOut {
                        step: toolchain::KOTLINC.into(),
                    });
                }
                Err(e @ DaemonError::Cancelled) => return Err(toolchain_error(e.to_string())),
                Err(e) => e.to_string(),
            },
            Err(e) => e,
        };
        static NOTED: OnceLock<()> = OnceLock::new();
        NOTED.get_or_init(|| eprintln!("gg: {why}; compiling Kotlin with a one-shot kotlinc-wasm (~10 s a program)"));
    }
    let out = ToolCommand::new(toolchain::KOTLINC, tc.kotlinc(), scratch, cx.deadline)
        .env(
            "JAVA_HOME",
            tc.java.parent().and_then(Path::parent).unwrap_or(Path::new("/")),
        )
        .args(args)
        .current_dir(scratch.path())
        .cancel(&cx.cancel)
        .run()
        .map_err(|f| PrepareError::tool_failed(toolchain::KOTLINC, &f, "run toolchains/kotlin.sh"))?;
    Ok((
        out.status.code().unwrap_or(-1),
        format!("{}{}", out.stdout.text, out.stderr.text),
    ))
}

fn common(tc: &Toolchain, libraries: &[&Path], out: &Path, name: &str) -> Vec<String> {
    let mut libs = vec![tc.stdlib().display().to_string()];
    libs.extend(libraries.iter().map(|l| l.display().to_string()));
    vec![
        "-Xwasm-target=wasm-wasi".into(),
        "-nowarn".into(),
        "-libraries".into(),
        libs.join(":"),
        "-ir-output-dir".into(),
        out.display().to_string(),
        "-ir-output-name".into(),
        name.into(),
    ]
}

/// The SDK's klib, compiled once per compiler and SDK text into `<cache>/kotlin-sdk/<key>/gg.klib`
/// and remembered for the rest of the process.
pub fn sdk(cx: &PrepareCx) -> Result<PathBuf, PrepareError> {
    static BUILT: Mutex<Option<PathBuf>> = Mutex::new(None);
    let mut built = BUILT.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(klib) = built.as_ref().filter(|k| k.is_file()) {
        return Ok(klib.clone());
    }
    let tc = Toolchain::get().map_err(toolchain_error)?;
    let dir = cx
        .cache_dir()
        .join("kotlin-sdk")
        .join(digest(&["sdk-r1", SDK_SOURCE, SDK_RUNTIME, toolchain::VERSION]));
    let klib = dir.join("gg.klib");
    if !klib.is_file() {
        let tmp = dir.join(format!("build-{}", std::process::id()));
        std::fs::create_dir_all(&tmp).map_err(|e| toolchain_error(format!("{}: {e}", tmp.display())))?;
        for (name, text) in [("gg.kt", SDK_SOURCE), ("runtime.kt", SDK_RUNTIME)] {
            std::fs::write(tmp.join(name), text).map_err(|e| toolchain_error(format!("writing {name}: {e}")))?;
        }
        let mut args = common(tc, &[], &tmp, "gg");
        args.push(tmp.join("gg.kt").display().to_string());
        args.push(tmp.join("runtime.kt").display().to_string());
        let (code, output) = kotlinc(cx, &args)?;
        if code != 0 {
            return Err(PrepareError::Lowering {
                message: format!("the Kotlin SDK did not compile: {}", output.trim()),
            });
        }
        std::fs::rename(tmp.join("gg.klib"), &klib).map_err(|e| toolchain_error(format!("keeping gg.klib: {e}")))?;
        let _ = std::fs::remove_dir_all(&tmp);
    }
    *built = Some(klib.clone());
    Ok(klib)
}

/// Where the program's top-level `fun main(` names its function, and whether it takes no
/// parameters; `None` when it defines none.
pub fn find_main(source: &str) -> Option<(usize, bool)> {
    let code = crate::mask::mask(source)?;
    let b = source.as_bytes();
    let mut depth = 0usize;
    let mut i = 0;
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    while i < b.len() {
        if !code[i] {
            i += 1;
            continue;
        }
        match b[i] {
            b'{' => depth += 1,
            b'}' => depth = depth.saturating_sub(1),
            b'f' if depth == 0 && source[i..].starts_with("fun") && (i == 0 || !ident(b[i - 1])) => {
                let mut j = i + 3;
                let ws = j;
                while j < b.len() && b[j].is_ascii_whitespace() {
                    j += 1;
                }
                if j > ws && source[j..].starts_with("main") {
                    let at = j;
                    let mut k = j + 4;
                    while k < b.len() && b[k].is_ascii_whitespace() {
                        k += 1;
                    }
                    if b.get(k) == Some(&b'(') {
                        k += 1;
                        while k < b.len() && b[k].is_ascii_whitespace() {
                            k += 1;
                        }
                        return Some((at, b.get(k) == Some(&b')')));
                    }
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// The program as compiled: its `main` renamed (only that line's later columns move) and a `main`
/// appended after its last line that runs it inside `gg.runProgram`.
pub fn wrap(source: &str, at: usize, no_params: bool) -> String {
    let call = if no_params {
        format!("{RENAMED}()")
    } else {
        format!("{RENAMED}(emptyArray())")
    };
    format!(
        "{}{RENAMED}{}\nfun main() = gg.runProgram {{ {call} }}\n",
        &source[..at],
        &source[at + 4..]
    )
}

/// Compiles `source` (and its code modules) to a core module.
pub fn prepare(cx: &PrepareCx, source: &str, modules: &[CodeModule]) -> Result<Prepared, PrepareError> {
    let Some((at, no_params)) = find_main(source) else {
        return Err(no_main());
    };
    let tc = Toolchain::get().map_err(toolchain_error)?;
    let sdk = sdk(cx)?;
    let scratch = scratch(cx)?;
    let dir = scratch.path();
    let write = |path: &Path, text: &str| {
        std::fs::write(path, text).map_err(|e| toolchain_error(format!("writing {}: {e}", path.display())))
    };
    let program = dir.join(PROGRAM);
    write(&program, &wrap(source, at, no_params))?;
    let mut names = Vec::new();
    let mut files = vec![program.display().to_string()];
    if !modules.is_empty() {
        std::fs::create_dir_all(dir.join("lib")).map_err(|e| toolchain_error(e.to_string()))?;
    }
    for m in modules {
        let name = binding_name(&m.key);
        let path = dir.join("lib").join(format!("{name}.kt"));
        // On the module's first line, so its own lines keep their numbers.
        write(&path, &format!("package lib.{name}; {}", m.source))?;
        files.push(path.display().to_string());
        names.push((name, m.key.clone()));
    }
    let mut klib = common(tc, &[&sdk], &dir.join("klib"), "program");
    klib.extend(files);
    let (code, output) = kotlinc(cx, &klib)?;
    if code != 0 {
        return Err(failure(&output, &names));
    }
    let mut link = common(tc, &[&sdk], &dir.join("wasm"), "program");
    link.extend([
        "-Xir-produce-js".into(),
        "-Xir-dce".into(),
        format!("-Xinclude={}", dir.join("klib/program.klib").display()),
    ]);
    let (code, output) = kotlinc(cx, &link)?;
    if code != 0 {
        return Err(failure(&output, &names));
    }
    let bytes = std::fs::read(dir.join("wasm/program.wasm"))
        .map_err(|e| toolchain_error(format!("reading program.wasm: {e}")))?;
    Ok(Prepared {
        source: source.to_owned(),
        guest: ProgramGuest::CoreModule(bytes),
        locations: None,
        modules: None,
    })
}

fn failure(output: &str, names: &[(String, String)]) -> PrepareError {
    let output = output.replace(RENAMED, "main");
    match diagnostics::read(&output, names) {
        Verdict::Program {
            fault,
            diagnostics,
            dropped,
        } => PrepareError::Program {
            fault,
            diagnostics,
            dropped,
        },
        Verdict::Unknown => toolchain_error(format!("kotlinc failed: {}", output.trim())),
    }
}

fn no_main() -> PrepareError {
    PrepareError::Program {
        fault: ProgramFault::Unsupported,
        diagnostics: vec![gg_core::Diagnostic {
            message: "unsupported: a Kotlin program here is a whole program.kt with a top-level `fun main()`, and \
                      this one defines none"
                .into(),
            location: None,
        }],
        dropped: 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn main_is_found_at_top_level_only() {
        let src = "// fun main() in a comment\nclass A { fun main() {} }\nval s = \"fun main()\"\nfun  main(args: Array<String>) {}\n";
        let (at, no_params) = find_main(src).unwrap();
        assert_eq!((&src[at..at + 4], no_params), ("main", false));
        assert!(wrap(src, at, no_params).ends_with("fun main() = gg.runProgram { ggProgramMain(emptyArray()) }\n"));
        assert_eq!(find_main("fun mainly() {}\nfun maine() = 1"), None);
        assert_eq!(find_main("import gg.*\nfun main() {\n}\n").map(|m| m.1), Some(true));
    }
}
