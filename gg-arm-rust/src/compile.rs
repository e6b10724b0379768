//! Compiling one program: `program.rs` (and the code modules, as the crate `lib`) by rustc for
//! wasm32-wasip2 against the prebuilt SDK and library set, straight to a component (rustc links
//! with wasm-component-ld). Every flag that matters for speed is in [`SPEED_FLAGS`], with its
//! measured figure. rustc runs only through gg-core's [`ToolCommand`] (its own process group,
//! a cleared environment with HOME and TMPDIR in the program's scratch directory, the context's
//! deadline and cancel, bounded output).

use std::path::{Path, PathBuf};

use gg_core::toolchain::{Scratch, ToolCommand, ToolOutput};
use gg_core::wire::CodeModule;
use gg_core::{PrepareCx, PrepareError, ProgramFault};

use crate::diagnostics;

include!(concat!(env!("OUT_DIR"), "/toolchain.rs"));

pub const TARGET: &str = "wasm32-wasip2";

/// The rustc flags that decide how long a program takes to prepare. Figures: a 30-line program
/// (benches/rust.rs, `prepare`) on this 2-core machine; the median of the warm prepare, whole.
pub const SPEED_FLAGS: &[&str] = &[
    // Unoptimised: programs run once and briefly. opt-level=1 costs ~+100 ms per compile
    // (0.19 s → 0.29 s, design notes), and the SDK and libraries are optimised already. Below
    // opt-level 2 rustc shares generics: the program links the generic instances the SDK and
    // library set export (built with `-Zshare-generics=y`, build/main.rs) instead of compiling
    // its own, ~4–8 ms of the prepare; the program's rustc needs no unstable flag for it.
    // Measured and not taken (BENCHMARKS.md, "Share-generics and the rest of rustc"):
    // `-Zthreads=2` (+20 ms on 2 cores), `-Zub-checks=no`, `-Cdebug-assertions=off` (noise),
    // passing only the `--extern`s a program names (unused ones are never loaded).
    "-Copt-level=0",
    // No DWARF: panics carry `program.rs:LINE:COL` without it (std's `Location`, reported by the
    // SDK). Line tables would let gg-core locate a trap's frames in `program.rs` (the arm's
    // `LocationMap` claims them; it was tried and works), but they need `-Cstrip=none`, which
    // links the standard library's line tables too: the warm prepare of a 4-line program grew
    // by 14–50 ms (median of 8, alternating runs, debug gg), over the 10 ms allowed for it.
    "-Cdebuginfo=0",
    // One codegen unit: a 30-line program has little to split, and fewer objects link faster.
    "-Ccodegen-units=1",
    // No `-Cincremental`: rustc keeps no incremental state unless asked, and `-Cincremental=VALUE`
    // names a directory (an earlier `=false` wrote an incremental cache called `false` into every
    // fresh scratch directory: 0.164–0.181 s a program against 0.139–0.167 s without, by hand,
    // 5–6 runs each; a cache shared across programs did not help, 0.151–0.164 s).
    // Strip the symbol names and the custom sections the linker need not keep; the name section
    // stays for wasmtime's backtraces.
    "-Cstrip=debuginfo",
];

/// Exports of the SDK that the program's link must keep (a binary keeps only `main` by default),
/// and libc's writes and abort rerouted through the SDK (`sdk/gg/src/output.rs`, `lib.rs`).
/// wit-bindgen 0.63 gives `run` no post-return function (0.61 did: `cabi_post_run`);
/// `bound-operations` keeps its own. The stack in linear memory (laid out first by Rust's wasm
/// targets, 1 MiB) is exported as its pointer and bounds, which the core module inside the
/// component keeps: after an out-of-bounds trap gg-core reads them to tell a stack that ran out
/// from any other bad access (decision 0145).
const LINK_ARGS: &[&str] = &[
    "-Clink-arg=--export=run",
    "-Clink-arg=--export=bound-operations",
    "-Clink-arg=--export=cabi_post_bound-operations",
    "-Clink-arg=--export=__stack_pointer",
    "-Clink-arg=--export=__stack_low",
    "-Clink-arg=--export=__stack_high",
    "-Clink-arg=--wrap=write",
    "-Clink-arg=--wrap=writev",
    "-Clink-arg=--wrap=abort",
];

/// The rustc the SDK was built with (its sysroot's own binary, not rustup's proxy).
pub fn rustc() -> &'static Path {
    Path::new(RUSTC)
}

/// `rustc 1.99.1 (…)`'s version, as the build saw it.
pub fn rustc_version() -> &'static str {
    RUSTC_VERSION
}

/// Whether the compiler and the prebuilt SDK are where the build left them.
pub fn toolchain_present() -> Result<String, String> {
    if !rustc().exists() {
        return Err(format!("{} is missing", rustc().display()));
    }
    if !Path::new(SYSROOT).join("lib/rustlib").join(TARGET).join("lib").exists() {
        return Err(format!("the stripped sysroot {SYSROOT} is missing"));
    }
    for (name, path) in EXTERNS {
        if !Path::new(path).exists() {
            return Err(format!("the prebuilt `{name}` rlib ({path}) is missing"));
        }
    }
    Ok(format!("rustc {RUSTC_VERSION} for {TARGET}, SDK rlibs in {WASM_DEPS}"))
}

/// The file a code module is compiled from, relative to the scratch directory (and so the file
/// its diagnostics and panics name).
pub fn module_file(binding: &str) -> String {
    format!("lib/{binding}.rs")
}

/// Compiles the program (and its modules) in the context's scratch directory to a component.
pub fn compile(cx: &PrepareCx, source: &str, modules: &[(String, &CodeModule)]) -> Result<Vec<u8>, PrepareError> {
    let scratch = cx.scratch().map_err(|e| PrepareError::Toolchain {
        tool: "rustc".into(),
        message: format!("cannot make a scratch directory: {e}"),
    })?;
    let dir = scratch.path();
    let write = |name: &str, text: &str| {
        let path = dir.join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| scratch_error(parent, e))?;
        }
        std::fs::write(&path, text).map_err(|e| scratch_error(&path, e))
    };
    let mut externs: Vec<(String, PathBuf)> = EXTERNS.iter().map(|(n, p)| ((*n).to_owned(), p.into())).collect();
    if !modules.is_empty() {
        // The crate `lib`: a root gg writes (one `pub mod` line per module) and each module's
        // text as written, in a file of its own.
        let mut root = String::from("//! The code modules in scope, written by gg.\n");
        for (binding, module) in modules {
            write(&module_file(binding), &module.source)?;
            root.push_str(&format!("#[path = \"{binding}.rs\"]\npub mod {binding};\n"));
        }
        write("lib/root.rs", &root)?;
        let cmd = rustc_command(cx, scratch, &externs).args([
            "--crate-type",
            "rlib",
            "--crate-name",
            "lib",
            "lib/root.rs",
            "-o",
            "liblib.rlib",
        ]);
        let out = run(&cmd)?;
        if !out.status.success() {
            let (diagnostics, dropped) = diagnostics::errors(&out.stderr.text);
            return Err(PrepareError::Program {
                fault: ProgramFault::Compile,
                diagnostics: name_modules(diagnostics, modules),
                dropped,
            });
        }
        externs.push(("lib".into(), dir.join("liblib.rlib")));
    }
    write("program.rs", source)?;
    let cmd = rustc_command(cx, scratch, &externs)
        .args([
            "--crate-type",
            "bin",
            "--crate-name",
            "program",
            "program.rs",
            "-o",
            "program.wasm",
        ])
        .args(LINK_ARGS)
        .args(FORCE_LINKED.iter().map(|archive| format!("-Clink-arg={archive}")));
    let out = run(&cmd)?;
    if !out.status.success() {
        let (diagnostics, dropped) = diagnostics::errors(&out.stderr.text);
        // Stopped by a ceiling or crashed on the program's text (an endless `include_bytes!`):
        // the program's compile error.
        if let Some(stopped) = out.stopped() {
            return Err(PrepareError::compiler_stopped("rustc", &stopped, &out.stderr.text));
        }
        if diagnostics.is_empty() {
            return Err(PrepareError::Toolchain {
                tool: "rustc".into(),
                message: format!(
                    "rustc failed ({}) without a diagnostic: {}",
                    out.status,
                    out.stderr.text.trim()
                ),
            });
        }
        let fault = if parses(source) {
            ProgramFault::Compile
        } else {
            ProgramFault::Syntax
        };
        return Err(PrepareError::Program {
            fault,
            diagnostics,
            dropped,
        });
    }
    let wasm = dir.join("program.wasm");
    std::fs::read(&wasm).map_err(|e| PrepareError::Toolchain {
        tool: "rustc".into(),
        message: format!("rustc succeeded but {} cannot be read: {e}", wasm.display()),
    })
}

/// Type-checks one code module alone, as the only module of the crate `lib` (`--emit=metadata`:
/// no code generated), in a directory of its own under the scratch directory. Its errors are the
/// module's, located in `lib/NAME.rs` and naming it. A module whose only errors are unresolved
/// paths (E0432, E0433) may be naming a sibling module (`crate::other`), which a check alone
/// cannot see: it is accepted, and the program's compile judges it with its siblings.
pub fn check_module(cx: &PrepareCx, binding: &str, module: &CodeModule) -> Result<(), PrepareError> {
    let scratch = cx.scratch().map_err(|e| PrepareError::Toolchain {
        tool: "rustc".into(),
        message: format!("cannot make a scratch directory: {e}"),
    })?;
    let dir = scratch.path().join(format!("check-{binding}"));
    let file = module_file(binding);
    for (name, text) in [
        (file.as_str(), module.source.as_str()),
        (
            "lib/root.rs",
            &format!(
                "//! The code module being checked, written by gg.\n#[path = \"{binding}.rs\"]\npub mod {binding};\n"
            ),
        ),
    ] {
        let path = dir.join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| scratch_error(parent, e))?;
        }
        std::fs::write(&path, text).map_err(|e| scratch_error(&path, e))?;
    }
    let externs: Vec<(String, PathBuf)> = EXTERNS.iter().map(|(n, p)| ((*n).to_owned(), p.into())).collect();
    let cmd = rustc_command(cx, scratch, &externs)
        .current_dir(&dir)
        .arg(format!("--remap-path-prefix={}=", dir.display()))
        .args([
            "--crate-type",
            "rlib",
            "--crate-name",
            "lib",
            "--emit=metadata",
            "lib/root.rs",
            "-o",
            "liblib.rmeta",
        ]);
    let out = run(&cmd)?;
    if out.status.success() {
        return Ok(());
    }
    let (diagnostics, dropped) = diagnostics::errors(&out.stderr.text);
    let unresolved = |d: &gg_core::Diagnostic| {
        ["error[E0432]", "error[E0433]"]
            .iter()
            .any(|c| d.message.starts_with(c))
    };
    if !diagnostics.is_empty() && dropped == 0 && diagnostics.iter().all(unresolved) {
        return Ok(());
    }
    if diagnostics.is_empty() {
        return Err(PrepareError::Toolchain {
            tool: "rustc".into(),
            message: format!(
                "rustc failed ({}) without a diagnostic: {}",
                out.status,
                out.stderr.text.trim()
            ),
        });
    }
    Err(PrepareError::Program {
        fault: if parses(&module.source) {
            ProgramFault::Compile
        } else {
            ProgramFault::Syntax
        },
        diagnostics: name_modules(diagnostics, &[(binding.to_owned(), module)]),
        dropped,
    })
}

/// Whether the text parses as a Rust file: a failed compile of a text that does not is a syntax
/// error, of one that does a compile error.
fn parses(source: &str) -> bool {
    syn::parse_file(source).is_ok()
}

/// A module's diagnostics say which module they are about.
fn name_modules(
    mut diagnostics: Vec<gg_core::Diagnostic>,
    modules: &[(String, &CodeModule)],
) -> Vec<gg_core::Diagnostic> {
    for d in &mut diagnostics {
        let key = d.location.as_ref().and_then(|l| {
            modules
                .iter()
                .find(|(binding, _)| l.file == module_file(binding))
                .map(|(_, m)| m.key.clone())
        });
        if let Some(key) = key {
            d.message = format!(
                "in the code module `{key}` (lib::{}):\n{}",
                binding_of(&key, modules),
                d.message
            );
        }
    }
    diagnostics
}

fn binding_of<'a>(key: &str, modules: &'a [(String, &CodeModule)]) -> &'a str {
    modules
        .iter()
        .find(|(_, m)| m.key == key)
        .map_or("", |(b, _)| b.as_str())
}

fn scratch_error(path: &Path, e: std::io::Error) -> PrepareError {
    PrepareError::Toolchain {
        tool: "rustc".into(),
        message: format!("cannot write {}: {e}", path.display()),
    }
}

fn rustc_command(cx: &PrepareCx, scratch: &Scratch, externs: &[(String, PathBuf)]) -> ToolCommand {
    let dir = scratch.path();
    let mut cmd = ToolCommand::new("rustc", rustc(), scratch, cx.deadline)
        .cancel(&cx.cancel)
        .current_dir(dir)
        .output_limit(MAX_STDERR)
        .args(["--edition", "2024", "--target", TARGET, "--error-format=json"])
        .args(SPEED_FLAGS)
        // The toolchain's target libraries stripped of DWARF and bitcode (build/main.rs): the
        // same component, linked in ~14 ms less CPU.
        .arg(format!("--sysroot={SYSROOT}"))
        // The scratch directory's name is not part of the program: diagnostics, panics and DWARF
        // name `program.rs` and `lib/NAME.rs`, and the same text compiles to the same bytes (so
        // gg-core's compile cache, keyed by content, answers a rerun in another process).
        .arg(format!("--remap-path-prefix={}=", dir.display()))
        .arg(format!("-Ldependency={WASM_DEPS}"))
        // The proc-macros (serde's derive, thiserror's) are host libraries: without this rustc
        // reports a misleading E0463 for the crate that uses them.
        .arg(format!("-Ldependency={HOST_DEPS}"))
        .arg(format!("-Ldependency={}", dir.display()));
    for (name, path) in externs {
        cmd = cmd.arg("--extern").arg(format!("{name}={}", path.display()));
    }
    cmd
}

/// Stderr kept from a compiler, head and tail (diagnostics are bounded after parsing; this
/// bounds the bytes).
const MAX_STDERR: usize = 1 << 20;

/// Runs rustc to its exit; the deadline is the run's timeout, a cancel or a missing binary the
/// toolchain's failure.
fn run(cmd: &ToolCommand) -> Result<ToolOutput, PrepareError> {
    cmd.run()
        .map_err(|f| PrepareError::tool_failed("rustc", &f, "run toolchains/rust.sh"))
}
