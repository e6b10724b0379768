//! Preparation: the SDK compiled once per compiler and SDK text to a klib in the cache, with the
//! standard library's and the SDK's own wasm modules (the libraries every program imports from),
//! then each program (its `main` wrapped by the SDK's `runProgram`, its code modules as
//! `lib/<name>.kt`) compiled in two kotlinc steps (a klib, then that klib alone to a module,
//! `-Xwasm-included-module-only`) by the warm compile daemon, or by a one-shot kotlinc-wasm when
//! the daemon cannot start; its diagnostics read back into the model's files.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use gg_core::arm::daemon::DaemonError;
use gg_core::toolchain::{Scratch, ToolCommand};
use gg_core::wire::CodeModule;
use gg_core::{CoreLibrary, PrepareCx, PrepareError, Prepared, ProgramFault, ProgramGuest};
use gg_jvm::{JvmServer, WarmServer};

use crate::diagnostics::{self, Verdict};
use crate::toolchain::{self, Toolchain};
use crate::{SDK_FORMAT, SDK_RUNTIME, SDK_SOURCE, SDK_SYSTEM, binding_name};

/// The program's file name, as diagnostics name it.
pub const PROGRAM: &str = "program.kt";
/// What the program's own `main` is renamed to; the appended `main` runs it inside the SDK's
/// `runProgram`, which reports an uncaught exception.
const RENAMED: &str = "ggProgramMain";
/// The daemon retires after this long without a compile, and after this many compiles (kotlinc in
/// one JVM keeps some caches; a fresh one every 500 compiles bounds what they hold).
const IDLE_SECS: u32 = 900;
const MAX_COMPILES: u32 = 500;

fn toolchain_error(message: impl Into<String>) -> PrepareError {
    gg_jvm::toolchain_error(toolchain::KOTLINC, message)
}

fn scratch(cx: &PrepareCx) -> Result<&Scratch, PrepareError> {
    gg_jvm::scratch(cx, toolchain::KOTLINC)
}

/// The compile daemon, made once per process: kotlinc's own entry class behind gg's server.
static DAEMON: WarmServer = WarmServer::new();

/// The compile server with kotlinc's own entry class.
fn server(tc: &Toolchain) -> Result<JvmServer, String> {
    let javac = tc.javac.as_ref().ok_or("no javac to compile the compile server with")?;
    Ok(JvmServer {
        name: format!("kotlinc-{}", toolchain::VERSION),
        java: tc.java.clone(),
        javac: javac.clone(),
        classpath: tc.compiler_jar().display().to_string(),
        jvm_args: [
            gg_jvm::memory_ceilings(),
            vec![
                "-Xms256m".into(),
                "-Xss4m".into(),
                "-XX:+UseParallelGC".into(),
                format!("-Dkotlin.home={}", tc.home.display()),
            ],
        ]
        .concat(),
        sources: Vec::new(),
        entry: toolchain::ENTRY.into(),
        idle_secs: IDLE_SECS,
        max_requests: MAX_COMPILES,
    })
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
    let fallback = "compiling Kotlin with a one-shot kotlinc-wasm (~10 s a program)";
    match DAEMON.request(cx, args, "GG_KOTLIN_NO_DAEMON", fallback, || server(tc)) {
        Ok(Some(reply)) => return Ok((reply.code, reply.output)),
        Ok(None) => {}
        Err(DaemonError::Deadline) => {
            return Err(PrepareError::TimedOut {
                step: toolchain::KOTLINC.into(),
            });
        }
        Err(DaemonError::Died) => return Err(gg_jvm::compiler_died(None)),
        Err(e) => return Err(toolchain_error(e.to_string())),
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

/// The module names a program's module imports its libraries by: the klibs' unique names.
const STDLIB_MODULE: &str = "<kotlin>";
const SDK_MODULE: &str = "<gg>";

/// What preparation builds once per compiler and SDK text, in `<cache>/kotlin-sdk/<key>/`.
#[derive(Debug, Clone)]
pub struct Sdk {
    /// The SDK's klib, which a program is compiled against.
    pub klib: PathBuf,
    /// The standard library's and the SDK's own wasm modules, which a program's module imports
    /// from (`-Xwasm-included-module-only`), in instantiation order.
    pub libraries: Vec<CoreLibrary>,
}

/// The libraries of the SDK built in this process, for the program modules it loads.
pub fn libraries() -> Vec<CoreLibrary> {
    BUILT
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .as_ref()
        .map(|s| s.libraries.clone())
        .unwrap_or_default()
}

static BUILT: Mutex<Option<Sdk>> = Mutex::new(None);

/// The SDK is gg's: a compiler that dies on it is the toolchain's failure, not a program's.
fn sdk_died(e: PrepareError) -> PrepareError {
    match e {
        PrepareError::Program { .. } => toolchain_error("the compile server died compiling the SDK"),
        e => e,
    }
}

/// The SDK's klib and the two library modules, built once per compiler and SDK text into
/// `<cache>/kotlin-sdk/<key>/` (`gg.klib`, `kotlin.wasm`, `gg.wasm`) and remembered for the rest
/// of the process.
pub fn sdk(cx: &PrepareCx) -> Result<Sdk, PrepareError> {
    let mut built = BUILT.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(sdk) = built.as_ref().filter(|s| s.klib.is_file()) {
        return Ok(sdk.clone());
    }
    let tc = Toolchain::get().map_err(toolchain_error)?;
    let dir = cx.cache_dir().join("kotlin-sdk").join(gg_jvm::cache_key(&[
        "sdk-r3",
        SDK_SOURCE,
        SDK_RUNTIME,
        SDK_FORMAT,
        SDK_SYSTEM,
        toolchain::VERSION,
    ]));
    let klib = dir.join("gg.klib");
    let modules = [
        (STDLIB_MODULE, dir.join("kotlin.wasm")),
        (SDK_MODULE, dir.join("gg.wasm")),
    ];
    if !klib.is_file() || modules.iter().any(|(_, m)| !m.is_file()) {
        let tmp = dir.join(format!("build-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&tmp);
        std::fs::create_dir_all(&tmp).map_err(|e| toolchain_error(format!("{}: {e}", tmp.display())))?;
        let mut args = common(tc, &[], &tmp, "gg");
        // `sdk/system.kt` declares `kotlin.system.exitProcess`.
        args.push("-Xallow-kotlin-package".into());
        for (name, text) in [
            ("gg.kt", SDK_SOURCE),
            ("runtime.kt", SDK_RUNTIME),
            ("format.kt", SDK_FORMAT),
            ("system.kt", SDK_SYSTEM),
        ] {
            std::fs::write(tmp.join(name), text).map_err(|e| toolchain_error(format!("writing {name}: {e}")))?;
            args.push(tmp.join(name).display().to_string());
        }
        let (code, output) = kotlinc(cx, &args).map_err(sdk_died)?;
        if code != 0 {
            return Err(PrepareError::Lowering {
                message: format!("the Kotlin SDK did not compile: {}", output.trim()),
            });
        }
        // Each library compiled alone to a module exporting every declaration a program may import.
        let built_klib = tmp.join("gg.klib");
        for (include, name) in [(tc.stdlib(), "kotlin"), (built_klib.clone(), "gg")] {
            let out = tmp.join(format!("{name}-wasm"));
            let mut args = common(tc, &[&built_klib], &out, name);
            args.extend(included_only(&include));
            let (code, output) = kotlinc(cx, &args).map_err(sdk_died)?;
            if code != 0 {
                return Err(PrepareError::Lowering {
                    message: format!("the Kotlin library module `{name}` did not compile: {}", output.trim()),
                });
            }
            let wasm = std::fs::read(only_wasm(&out)?).map_err(|e| toolchain_error(format!("reading {name}: {e}")))?;
            let wasm = if name == "kotlin" {
                crate::tag::export_tag(&wasm)
            } else {
                crate::tag::import_tag(&wasm, STDLIB_MODULE)
            }
            .map_err(|e| toolchain_error(format!("the library module `{name}`: {e}")))?;
            std::fs::write(tmp.join(format!("{name}.wasm")), wasm)
                .map_err(|e| toolchain_error(format!("keeping {name}.wasm: {e}")))?;
        }
        // The modules first, the klib last: a klib in place means the rest is too.
        for name in ["kotlin.wasm", "gg.wasm", "gg.klib"] {
            std::fs::rename(tmp.join(name), dir.join(name))
                .map_err(|e| toolchain_error(format!("keeping {name}: {e}")))?;
        }
        let _ = std::fs::remove_dir_all(&tmp);
    }
    let mut libraries = Vec::new();
    for (name, path) in &modules {
        let bytes = std::fs::read(path).map_err(|e| toolchain_error(format!("{}: {e}", path.display())))?;
        libraries.push(CoreLibrary {
            name: (*name).to_owned(),
            bytes: Arc::new(bytes),
        });
    }
    let sdk = Sdk { klib, libraries };
    *built = Some(sdk.clone());
    Ok(sdk)
}

/// The arguments that compile the klib `include` alone to a module importing what it uses of
/// the klibs it depends on, by their module names.
fn included_only(include: &Path) -> [String; 3] {
    [
        "-Xir-produce-js".into(),
        format!("-Xinclude={}", include.display()),
        "-Xwasm-included-module-only".into(),
    ]
}

/// The one `.wasm` kotlinc wrote into `dir` (it names it after the module: `_program_.wasm`).
fn only_wasm(dir: &Path) -> Result<PathBuf, PrepareError> {
    std::fs::read_dir(dir)
        .map_err(|e| toolchain_error(format!("{}: {e}", dir.display())))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .find(|p| p.extension().is_some_and(|x| x == "wasm"))
        .ok_or_else(|| toolchain_error(format!("kotlinc wrote no .wasm into {}", dir.display())))
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

/// A code module's text as compiled: its package declared on its own first line, so its lines keep
/// their numbers (its first line's columns move by [`module_prefix`]'s length). A first line that
/// declares the module's own package (`package lib.durations`, as a model writes it) is blanked,
/// not doubled: that is the declaration gg makes anyway.
fn module_text(name: &str, source: &str) -> String {
    let first = source.lines().next().unwrap_or_default();
    let own = format!("package lib.{name}");
    let declared = first.trim().trim_end_matches(';').trim_end();
    if declared == own {
        let blank = " ".repeat(first.chars().count());
        return format!("{}{blank}{}", module_prefix(name), &source[first.len()..]);
    }
    format!("{}{source}", module_prefix(name))
}

fn module_prefix(name: &str) -> String {
    format!("package lib.{name}; ")
}

/// What the compiled texts changed, to put a diagnostic back in the model's text: the program's
/// `main` renamed at (line, character column), and each module's package prefix on its line 1.
struct Edits<'a> {
    program: Option<(&'a str, u32, u32)>,
    modules: &'a [(String, String, String)],
}

impl Edits<'_> {
    /// The character column in the model's text of kotlinc's column `utf16` (UTF-16 units, as
    /// its PSI counts) on `line` of `file` (`program.kt`, `lib/<name>.kt`).
    fn column(&self, file: &str, line: u32, utf16: u32) -> u32 {
        if file == PROGRAM {
            let Some((text, main_line, main_column)) = self.program else {
                return utf16;
            };
            let Some(compiled) = gg_core::arm::columns::line_of(text, line) else {
                return utf16;
            };
            let c = gg_core::arm::columns::from_utf16_column(compiled, utf16);
            let grown = (RENAMED.len() - "main".len()) as u32;
            return if line == main_line && c >= main_column + RENAMED.len() as u32 {
                c - grown
            } else if line == main_line && c > main_column {
                main_column
            } else {
                c
            };
        }
        let Some((name, _, text)) = self
            .modules
            .iter()
            .find(|(n, _, _)| file.strip_prefix("lib/").and_then(|f| f.strip_suffix(".kt")) == Some(n))
        else {
            return utf16;
        };
        let Some(compiled) = gg_core::arm::columns::line_of(text, line) else {
            return utf16;
        };
        let c = gg_core::arm::columns::from_utf16_column(compiled, utf16);
        if line == 1 {
            c.saturating_sub(module_prefix(name).chars().count() as u32).max(1)
        } else {
            c
        }
    }
}

/// Compiles `source` (and its code modules) to a core module.
pub fn prepare(cx: &PrepareCx, source: &str, modules: &[CodeModule]) -> Result<Prepared, PrepareError> {
    let Some((at, no_params)) = find_main(source) else {
        return Err(no_main());
    };
    let tc = Toolchain::get().map_err(toolchain_error)?;
    let sdk = sdk(cx)?.klib;
    let scratch = scratch(cx)?;
    let dir = scratch.path();
    let program = dir.join(PROGRAM);
    let wrapped = wrap(source, at, no_params);
    write(&program, &wrapped)?;
    let mut names = Vec::new();
    let mut texts = Vec::new();
    let mut files = vec![program.display().to_string()];
    if !modules.is_empty() {
        std::fs::create_dir_all(dir.join("lib")).map_err(|e| toolchain_error(e.to_string()))?;
    }
    for m in modules {
        let name = binding_name(&m.key);
        let path = dir.join("lib").join(format!("{name}.kt"));
        let text = module_text(&name, &m.source);
        write(&path, &text)?;
        files.push(path.display().to_string());
        names.push((name.clone(), m.key.clone()));
        texts.push((name, m.key.clone(), text));
    }
    let before = &source[..at];
    let main_line = before.matches('\n').count() as u32 + 1;
    let main_column = before.rsplit('\n').next().unwrap_or("").chars().count() as u32 + 1;
    let edits = Edits {
        program: Some((&wrapped, main_line, main_column)),
        modules: &texts,
    };
    let mut klib = common(tc, &[&sdk], &dir.join("klib"), "program");
    klib.extend(files);
    let (code, output) = kotlinc(cx, &klib)?;
    if code != 0 {
        return Err(left_out(cx, source, modules).unwrap_or_else(|| failure(code, &output, &names, &edits)));
    }
    let mut link = common(tc, &[&sdk], &dir.join("wasm"), "program");
    link.extend(included_only(&dir.join("klib/program.klib")));
    let (code, output) = kotlinc(cx, &link)?;
    if code != 0 {
        return Err(failure(code, &output, &names, &edits));
    }
    let bytes = std::fs::read(only_wasm(&dir.join("wasm"))?)
        .map_err(|e| toolchain_error(format!("reading program.wasm: {e}")))?;
    if let Some(refused) = gg_jvm::foreign_import(&bytes, |m, _| HOST_MODULES.contains(&m), None, source, PROGRAM) {
        return Err(refused);
    }
    let bytes = crate::tag::import_tag(&bytes, STDLIB_MODULE)
        .and_then(|b| crate::tag::share_memory(&b, STDLIB_MODULE))
        .map_err(|e| toolchain_error(format!("the program's module: {e}")))?;
    Ok(Prepared {
        source: source.to_owned(),
        guest: ProgramGuest::CoreModule(bytes),
        locations: None,
        modules: None,
    })
}

/// A program that failed to compile and names a code module kept out of scope (it failed its
/// check) is told that plainly, at its first use of each (`lib.<name>` in code), rather than
/// kotlinc's `unresolved reference`. Its code modules' texts are searched too.
fn left_out(cx: &PrepareCx, source: &str, modules: &[CodeModule]) -> Option<PrepareError> {
    let texts = std::iter::once((PROGRAM.to_owned(), source)).chain(
        modules
            .iter()
            .map(|m| (format!("lib/{}.kt", binding_name(&m.key)), m.source.as_str())),
    );
    let mut diagnostics = Vec::new();
    for (file, text) in texts {
        let code = crate::mask::mask(text);
        for key in cx.left_out_modules() {
            let name = format!("lib.{}", binding_name(key));
            if let Some((line, column)) = gg_core::first_code_use(text, code.as_deref(), &name) {
                diagnostics.push(gg_core::Diagnostic {
                    message: format!(
                        "code module `{name}` did not compile, so no program can use it (its own errors are \
                         reported with the module)"
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
        fault: ProgramFault::Compile,
        diagnostics,
        dropped: 0,
    })
}

/// Compiles one code module against the SDK beside its siblings (every other module bound in the
/// session, `lib.<other>`, which it may name), the klib thrown away: an error located in the
/// module's own `lib/<name>.kt` is a program fault naming its key; the siblings' own errors are
/// theirs (their own checks report them) and do not fail this one.
pub fn check_module(cx: &PrepareCx, module: &CodeModule) -> Result<(), PrepareError> {
    let tc = Toolchain::get().map_err(toolchain_error)?;
    let sdk = sdk(cx)?.klib;
    let name = binding_name(&module.key);
    let dir = scratch(cx)?.path().join(format!("check-{name}"));
    std::fs::create_dir_all(dir.join("lib")).map_err(|e| toolchain_error(e.to_string()))?;
    let path = dir.join("lib").join(format!("{name}.kt"));
    let text = module_text(&name, &module.source);
    write(&path, &text)?;
    let texts = [(name.clone(), module.key.clone(), text)];
    let edits = Edits {
        program: None,
        modules: &texts,
    };
    let mut args = common(tc, &[&sdk], &dir.join("klib"), "module");
    args.push(path.display().to_string());
    let mut siblings = Vec::new();
    for m in cx.bound_modules() {
        let sibling = binding_name(&m.key);
        if sibling == name {
            continue;
        }
        let path = dir.join("lib").join(format!("{sibling}.kt"));
        write(&path, &module_text(&sibling, &m.source))?;
        args.push(path.display().to_string());
        siblings.push(format!("lib/{sibling}.kt"));
    }
    let (code, output) = kotlinc(cx, &args)?;
    if code == 0 {
        return Ok(());
    }
    match failure(code, &output, &[(name, module.key.clone())], &edits) {
        // No error of its own, only its siblings': it compiles.
        PrepareError::Toolchain { .. } if only_in(&output, &siblings) => Ok(()),
        e => Err(e),
    }
}

/// Whether kotlinc's output has errors and every one is located in one of `files` (`lib/x.kt`).
fn only_in(output: &str, files: &[String]) -> bool {
    let errors: Vec<&str> = output.lines().filter(|l| l.contains("error: ")).collect();
    !errors.is_empty()
        && errors.iter().all(|l| {
            l.find(": error: ")
                .map(|at| &l[..at])
                .and_then(|place| place.rsplitn(3, ':').nth(2))
                .is_some_and(|file| files.iter().any(|f| file.ends_with(&format!("/{f}"))))
        })
}

fn write(path: &Path, text: &str) -> Result<(), PrepareError> {
    std::fs::write(path, text).map_err(|e| toolchain_error(format!("writing {}: {e}", path.display())))
}

/// The modules a program's module may import functions from: its libraries and gg's host (WASI
/// preview1 and the wire).
const HOST_MODULES: [&str; 4] = [STDLIB_MODULE, SDK_MODULE, "wasi_snapshot_preview1", "gg-wire"];

/// kotlinc's `ExitCode.INTERNAL_ERROR` and `OOM_ERROR`: it failed itself, not the program.
const INTERNAL_ERROR: i32 = 2;
const OOM_ERROR: i32 = 137;

/// kotlinc's failure on a program as the arm's error: its diagnostics read back into the model's
/// files, or, when kotlinc itself ran out of stack or memory on the source (exit
/// `INTERNAL_ERROR` or `OOM_ERROR`, its report naming the JVM's error), the program's compile
/// error saying so.
fn failure(code: i32, output: &str, names: &[(String, String)], edits: &Edits) -> PrepareError {
    if code == OOM_ERROR {
        return gg_jvm::compiler_died(Some("java.lang.OutOfMemoryError"));
    }
    if let (INTERNAL_ERROR, Some(thrown)) = (code, gg_jvm::jvm_limit_in(output)) {
        return gg_jvm::compiler_died(Some(thrown));
    }
    let output = output.replace(RENAMED, "main");
    match diagnostics::read_with(&output, names, &|file, line, column| edits.column(file, line, column)) {
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

    #[test]
    fn a_module_declaring_its_own_package_is_not_declared_twice() {
        let blanked = |n: usize| format!("package lib.durations; {}", " ".repeat(n));
        assert_eq!(
            module_text("durations", "package lib.durations\nfun f() = 1\n"),
            format!("{}\nfun f() = 1\n", blanked(21))
        );
        assert_eq!(module_text("durations", "package lib.durations;"), blanked(22));
        // Another package is the model's to fix: kotlinc says so at its line.
        assert_eq!(
            module_text("durations", "package other\n"),
            "package lib.durations; package other\n"
        );
    }

    #[test]
    fn columns_are_put_back_in_the_models_text() {
        // kotlinc counts UTF-16 units on the compiled line; the model reads characters on its own.
        let source = "// é\nfun main() { val s = \"😀\"; val n: Int = s }\n";
        let (at, no_params) = find_main(source).unwrap();
        let wrapped = wrap(source, at, no_params);
        let modules = [(
            "broken".to_owned(),
            "broken".to_owned(),
            module_text(
                "broken",
                "fun f(): Int = undeclaredName\nval é = \"😀\"; val x: Int = é\n",
            ),
        )];
        let edits = Edits {
            program: Some((&wrapped, 2, 5)),
            modules: &modules,
        };
        // `=` before `s`: UTF-16 column 48 of the renamed line, character 38 of the model's.
        assert_eq!(edits.column(PROGRAM, 2, 48), 38);
        // Before the name, and inside the renamed name.
        assert_eq!((edits.column(PROGRAM, 2, 1), edits.column(PROGRAM, 2, 8)), (1, 5));
        // `undeclaredName` after the module's package prefix (20 characters) on its line 1.
        assert_eq!(edits.column("lib/broken.kt", 1, 36), 16);
        // The second `é` on line 2, after an emoji.
        assert_eq!(edits.column("lib/broken.kt", 2, 28), 27);
    }
}
