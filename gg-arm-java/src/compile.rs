//! Preparation: the SDK compiled once per toolchain and SDK text to a classes directory in the
//! cache, then each program compiled by the warm compile daemon (or a one-shot JVM when the daemon
//! cannot start) running `launcher/JavaWasmCompiler.java`: javac in process, the entry class that
//! runs the program's `main` inside `gg.Program.run`, and TeaVM 0.13.1 to a WASI core module; its
//! diagnostics read back into `program.java` and the code modules' `lib/<key>.java`. A code
//! module is checked alone (javac against the SDK) once per binding.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use gg_core::arm::daemon::DaemonError;
use gg_core::toolchain::{Scratch, ToolCommand};
use gg_core::wire::CodeModule;
use gg_core::{PrepareCx, PrepareError, Prepared, ProgramGuest};
use gg_jvm::{JvmServer, WarmServer};

use crate::diagnostics::{self, Verdict, Written};
use crate::locations::JavaLines;
use crate::modules;
use crate::toolchain::{self, Toolchain};
use crate::{LAUNCHER, SDK_FILES};

/// The program's file name, as diagnostics name it.
pub const PROGRAM: &str = "program.java";
/// The file a program with no public top-level type is written to.
const DEFAULT_FILE: &str = "Program.java";
/// The daemon retires after this long without a compile, and after this many compiles.
const IDLE_SECS: u32 = 900;
const MAX_COMPILES: u32 = 300;

fn toolchain_error(message: impl Into<String>) -> PrepareError {
    gg_jvm::toolchain_error(toolchain::TOOL, message)
}

fn scratch(cx: &PrepareCx) -> Result<&Scratch, PrepareError> {
    gg_jvm::scratch(cx, toolchain::TOOL)
}

/// The compile server with the driver (`launcher/JavaWasmCompiler.java`) as its entry.
fn server(tc: &Toolchain) -> JvmServer {
    JvmServer {
        name: format!("teavm-{}", toolchain::TEAVM),
        java: tc.java.clone(),
        javac: tc.javac.clone(),
        classpath: tc.classpath(),
        // The heap holds javac and TeaVM's whole-program analysis of the class library.
        jvm_args: [
            gg_jvm::memory_ceilings(),
            vec!["-Xms256m".into(), "-Xss4m".into(), "-XX:+UseParallelGC".into()],
        ]
        .concat(),
        sources: vec![("JavaWasmCompiler.java".into(), LAUNCHER.into())],
        entry: toolchain::ENTRY.into(),
        idle_secs: IDLE_SECS,
        max_requests: MAX_COMPILES,
    }
}

/// The compile daemon, made once per process.
static DAEMON: WarmServer = WarmServer::new();

/// Starts the compile daemon (and compiles the SDK) ahead of the first program.
pub fn warm(cx: &PrepareCx) -> Result<(), PrepareError> {
    sdk(cx).map(|_| ())
}

/// One driver run with `args` (absolute paths): the daemon's, or a one-shot JVM's when the
/// daemon cannot start. Returns the exit code and what the driver printed.
fn driver(cx: &PrepareCx, args: &[String]) -> Result<(i32, String), PrepareError> {
    let tc = Toolchain::get().map_err(toolchain_error)?;
    let scratch = scratch(cx)?;
    let fallback = "compiling Java with a one-shot JVM (~10 s a program)";
    match DAEMON.request(cx, args, "GG_JAVA_NO_DAEMON", fallback, || Ok(server(tc))) {
        Ok(Some(reply)) => return Ok((reply.code, reply.output)),
        Ok(None) => {}
        Err(DaemonError::Deadline) => {
            return Err(PrepareError::TimedOut {
                step: toolchain::TOOL.into(),
            });
        }
        Err(DaemonError::Died) => return Err(gg_jvm::compiler_died(None)),
        Err(e) => return Err(toolchain_error(e.to_string())),
    }
    let classes = server(tc).classes(cx).map_err(toolchain_error)?;
    let out = ToolCommand::new(toolchain::TOOL, &tc.java, scratch, cx.deadline)
        .args(gg_jvm::memory_ceilings())
        .args([
            "-Xss4m",
            "-cp",
            &format!("{}:{}", tc.classpath(), classes.display()),
            toolchain::ENTRY,
        ])
        .args(args)
        .current_dir(scratch.path())
        .cancel(&cx.cancel)
        .run()
        .map_err(|f| PrepareError::tool_failed(toolchain::TOOL, &f, "run toolchains/java.sh"))?;
    Ok((
        out.status.code().unwrap_or(-1),
        format!("{}{}", out.stdout.text, out.stderr.text),
    ))
}

/// The SDK's classes, compiled once per toolchain and SDK text into
/// `<cache>/java-sdk/<key>/classes` and remembered for the rest of the process.
pub fn sdk(cx: &PrepareCx) -> Result<PathBuf, PrepareError> {
    static BUILT: Mutex<Option<PathBuf>> = Mutex::new(None);
    let mut built = BUILT.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(dir) = built.as_ref().filter(|d| d.join("gg/Program.class").is_file()) {
        return Ok(dir.clone());
    }
    let tc = Toolchain::get().map_err(toolchain_error)?;
    let mut parts = vec!["sdk-r2", toolchain::TEAVM];
    // The SDK's own files, then our edits to TeaVM's class library (compiled ahead of it).
    let files: Vec<(&str, &str)> = SDK_FILES
        .iter()
        .copied()
        .chain(tc.overrides.iter().map(|(p, t)| (p.as_str(), t.as_str())))
        .collect();
    for (path, text) in &files {
        parts.extend([*path, *text]);
    }
    let dir = cx.cache_dir().join("java-sdk").join(gg_jvm::cache_key(&parts));
    let classes = dir.join("classes");
    if !classes.join("gg/Program.class").is_file() {
        let tmp = dir.join(format!("build-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&tmp);
        let mut args = vec![
            "sdk".to_owned(),
            tmp.join("classes").display().to_string(),
            tc.sdk_classpath(),
        ];
        for (path, text) in &files {
            let file = tmp.join("src").join(path);
            std::fs::create_dir_all(file.parent().expect("under src/"))
                .and_then(|()| std::fs::write(&file, text))
                .map_err(|e| toolchain_error(format!("writing {}: {e}", file.display())))?;
            args.push(file.display().to_string());
        }
        // The SDK is gg's: a compiler that dies on it is the toolchain's failure, not a program's.
        let (code, output) = driver(cx, &args).map_err(|e| match e {
            PrepareError::Program { .. } => toolchain_error("the compile server died compiling the SDK"),
            e => e,
        })?;
        if code != 0 {
            return Err(PrepareError::Lowering {
                message: format!("the Java SDK did not compile: {}", output.trim()),
            });
        }
        let _ = std::fs::remove_dir_all(&classes);
        std::fs::rename(tmp.join("classes"), &classes)
            .map_err(|e| toolchain_error(format!("keeping the SDK's classes: {e}")))?;
        let _ = std::fs::remove_dir_all(&tmp);
    }
    *built = Some(classes.clone());
    Ok(classes)
}

/// A module TeaVM made from this program that does not validate (TeaVM's own miscompile of
/// something in the program; the driver's `Checks.loopExits` avoids the one known): the program's
/// compile error, rather than a module gg could not load (its own fault, as it read before).
fn invalid_module(bytes: &[u8]) -> Option<PrepareError> {
    use gg_core::ProgramLanguage as _;
    let engine = gg_core::engine::engine_for(crate::JavaArm.program_compiler());
    let e = gg_core::wasmtime::Module::validate(engine, bytes).err()?;
    Some(PrepareError::Program {
        fault: gg_core::ProgramFault::Compile,
        diagnostics: vec![gg_core::Diagnostic {
            message: format!(
                "TeaVM compiled this program to WebAssembly that does not validate ({e}); rewrite the construct \
                 the message names"
            ),
            location: None,
        }],
        dropped: 0,
    })
}

/// The driver's verdict on a failed compile as the arm's error: javac or TeaVM dying on the
/// source (exit 4, `CRASH <class>`) is the program's compile error, as its diagnostics are.
fn failed(code: i32, output: &str, written: &[Written]) -> PrepareError {
    let crash = output.lines().find_map(|l| l.strip_prefix("CRASH\t"));
    if let (4, Some(thrown)) = (code, crash) {
        return gg_jvm::compiler_died(Some(thrown.trim()));
    }
    match diagnostics::read(code, output, written) {
        Verdict::Program {
            fault,
            diagnostics,
            dropped,
        } => PrepareError::Program {
            fault,
            diagnostics,
            dropped,
        },
        Verdict::Unknown => toolchain_error(format!("the Java compile failed: {}", output.trim())),
    }
}

/// Writes each code module as `dir/lib/<binding>.java` (`crate::modules::wrap`): its path and
/// how diagnostics read it back.
fn write_modules(dir: &Path, modules: &[CodeModule]) -> Result<Vec<(PathBuf, Written)>, PrepareError> {
    let lib = dir.join("lib");
    std::fs::create_dir_all(&lib).map_err(|e| toolchain_error(e.to_string()))?;
    modules
        .iter()
        .map(|m| {
            let (text, shift) = modules::wrap(&m.key, &m.source);
            let path = lib.join(format!("{}.java", modules::binding_name(&m.key)));
            std::fs::write(&path, text).map_err(|e| toolchain_error(format!("writing {}: {e}", path.display())))?;
            Ok((path, Written::module(&m.key, &m.source, shift)))
        })
        .collect()
}

/// Compiles `source` and the code modules in scope (`lib.<key>`) to a core module.
pub fn prepare(cx: &PrepareCx, source: &str, modules: &[CodeModule]) -> Result<Prepared, PrepareError> {
    let tc = Toolchain::get().map_err(toolchain_error)?;
    let sdk = sdk(cx)?;
    let scratch = scratch(cx)?;
    let dir = scratch.path();
    // javac wants a public top-level class in a file of its own name.
    let file = crate::mask::public_type(source).map_or_else(|| DEFAULT_FILE.to_owned(), |n| format!("{n}.java"));
    let src_dir = dir.join("src");
    std::fs::create_dir_all(&src_dir).map_err(|e| toolchain_error(e.to_string()))?;
    let path = src_dir.join(&file);
    std::fs::write(&path, source).map_err(|e| toolchain_error(format!("writing {}: {e}", path.display())))?;
    let mut written = vec![Written::program(&file, source)];
    let work = dir.join("work");
    let mut args = vec![
        "program".to_owned(),
        work.display().to_string(),
        sdk.display().to_string(),
        tc.interop().display().to_string(),
        tc.classpath(),
        path.display().to_string(),
    ];
    for (path, w) in write_modules(&src_dir, modules)? {
        args.push(path.display().to_string());
        written.push(w);
    }
    let (code, output) = driver(cx, &args)?;
    if code != 0 {
        return Err(left_out(cx, source, modules).unwrap_or_else(|| failed(code, &output, &written)));
    }
    let bytes = std::fs::read(work.join("wasm/program.wasm"))
        .map_err(|e| toolchain_error(format!("reading program.wasm: {e}")))?;
    if let Some(refused) = invalid_module(&bytes)
        .or_else(|| gg_jvm::foreign_import(&bytes, crate::host::hosts, Some("teavm"), source, PROGRAM))
    {
        return Err(refused);
    }
    Ok(Prepared {
        source: source.to_owned(),
        guest: ProgramGuest::CoreModule(bytes),
        locations: Some(Box::new(JavaLines::new(source, modules))),
        modules: None,
    })
}

/// A program that failed to compile and names a code module kept out of scope (it failed its
/// check) is told that plainly, at its first use of each, rather than javac's words for a class
/// that is not there (`package lib does not exist`). Its code modules' texts are searched too.
fn left_out(cx: &PrepareCx, source: &str, modules: &[CodeModule]) -> Option<PrepareError> {
    let texts = std::iter::once((PROGRAM.to_owned(), source))
        .chain(modules.iter().map(|m| (modules::file_of(&m.key), m.source.as_str())));
    let mut diagnostics = Vec::new();
    for (file, text) in texts {
        for key in cx.left_out_modules() {
            let binding = modules::binding_name(key);
            if let Some((line, column)) = modules::first_use(text, &binding) {
                diagnostics.push(gg_core::Diagnostic {
                    message: format!(
                        "code module `lib.{binding}` did not compile, so no program can use it (its own errors \
                         are reported with the module)"
                    ),
                    location: Some(gg_core::SourceLocation {
                        file: file.clone(),
                        line,
                        column,
                    }),
                });
            }
        }
    }
    (!diagnostics.is_empty()).then_some(PrepareError::Program {
        fault: gg_core::ProgramFault::Compile,
        diagnostics,
        dropped: 0,
    })
}

/// Compiles one code module alone (javac against the SDK): its errors, each naming the module and
/// located in its own text (`lib/<key>.java:LINE:COLUMN`), keep it out of every program's scope.
pub fn check_module(cx: &PrepareCx, module: &CodeModule) -> Result<(), PrepareError> {
    let tc = Toolchain::get().map_err(toolchain_error)?;
    let sdk = sdk(cx)?;
    let dir = scratch(cx)?
        .path()
        .join(format!("module-{}", modules::binding_name(&module.key)));
    let mut args = vec![
        "sdk".to_owned(),
        dir.join("classes").display().to_string(),
        format!("{}:{}", sdk.display(), tc.interop().display()),
    ];
    let mut written = Vec::new();
    for (path, w) in write_modules(&dir.join("src"), std::slice::from_ref(module))? {
        args.push(path.display().to_string());
        written.push(w);
    }
    let (code, output) = driver(cx, &args)?;
    if code != 0 {
        return Err(match failed(code, &output, &written) {
            PrepareError::Program {
                fault,
                mut diagnostics,
                dropped,
            } => {
                let named = format!("in code module `{}`: ", module.key);
                for d in &mut diagnostics {
                    if let (Some(l), Some(rest)) = (&d.location, d.message.strip_prefix(&named)) {
                        d.message = format!(
                            "in code module `{}` at {}:{}:{}: {rest}",
                            module.key, l.file, l.line, l.column
                        );
                    }
                }
                PrepareError::Program {
                    fault,
                    diagnostics,
                    dropped,
                }
            }
            other => other,
        });
    }
    Ok(())
}
