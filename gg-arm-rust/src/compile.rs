//! Compiling one program: `program.rs` (and the code modules, as the crate `lib`) by rustc for
//! wasm32-wasip2 against the prebuilt SDK and library set, straight to a component (rustc links
//! with wasm-component-ld). Every flag that matters for speed is in [`SPEED_FLAGS`], with its
//! measured figure; the one process call is [`run_tool`], so it can become gg-core's
//! `ToolCommand` (timeout, process-group kill, bounded output).

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use gg_core::wire::CodeModule;
use gg_core::{PrepareError, ProgramFault};

use crate::diagnostics;

include!(concat!(env!("OUT_DIR"), "/toolchain.rs"));

pub const TARGET: &str = "wasm32-wasip2";

/// The rustc flags that decide how long a program takes to prepare. Figures: a 30-line program
/// (benches/rust.rs, `prepare`) on this 2-core machine; the median of the warm prepare, whole.
pub const SPEED_FLAGS: &[&str] = &[
    // Unoptimised: programs run once and briefly. opt-level=1 costs ~+100 ms per compile
    // (0.19 s → 0.29 s, design notes), and the SDK and libraries are optimised already.
    "-Copt-level=0",
    // Line tables only: panics carry `program.rs:LINE:COL` without DWARF (std's `Location`), so
    // no debuginfo is emitted at all; full debuginfo made the link slower and the component
    // larger for no reader (gg-core does not read DWARF yet).
    "-Cdebuginfo=0",
    // One codegen unit: a 30-line program has little to split, and fewer objects link faster.
    "-Ccodegen-units=1",
    // No incremental state: every program is new text.
    "-Cincremental=false",
    // Strip the symbol names and the custom sections the linker need not keep; the name section
    // stays for wasmtime's backtraces.
    "-Cstrip=debuginfo",
];

/// Exports of the SDK that the program's link must keep (a binary keeps only `main` by default),
/// and libc's writes rerouted through the SDK (`sdk/gg/src/output.rs`).
const LINK_ARGS: &[&str] = &[
    "-Clink-arg=--export=run",
    "-Clink-arg=--export=cabi_post_run",
    "-Clink-arg=--export=bound-operations",
    "-Clink-arg=--export=cabi_post_bound-operations",
    "-Clink-arg=--wrap=write",
    "-Clink-arg=--wrap=writev",
];

/// The rustc the SDK was built with (its sysroot's own binary, not rustup's proxy).
pub fn rustc() -> &'static Path {
    Path::new(RUSTC)
}

/// `rustc 1.95.0 (…)`'s version, as the build saw it.
pub fn rustc_version() -> &'static str {
    RUSTC_VERSION
}

/// Whether the compiler and the prebuilt SDK are where the build left them.
pub fn toolchain_present() -> Result<String, String> {
    if !rustc().exists() {
        return Err(format!("{} is missing", rustc().display()));
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

/// Compiles the program (and its modules) in `scratch` to a component.
pub fn compile(
    scratch: &Path,
    source: &str,
    modules: &[(String, &CodeModule)],
    deadline: Instant,
) -> Result<Vec<u8>, PrepareError> {
    let write = |name: &str, text: &str| {
        let path = scratch.join(name);
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
        let mut cmd = rustc_command(scratch, &externs);
        cmd.args([
            "--crate-type",
            "rlib",
            "--crate-name",
            "lib",
            "lib/root.rs",
            "-o",
            "liblib.rlib",
        ]);
        let out = run_tool(cmd, deadline)?;
        if !out.success {
            let (diagnostics, dropped) = diagnostics::errors(&out.stderr);
            return Err(PrepareError::Program {
                fault: ProgramFault::Compile,
                diagnostics: name_modules(diagnostics, modules),
                dropped,
            });
        }
        externs.push(("lib".into(), scratch.join("liblib.rlib")));
    }
    write("program.rs", source)?;
    let mut cmd = rustc_command(scratch, &externs);
    cmd.args([
        "--crate-type",
        "bin",
        "--crate-name",
        "program",
        "program.rs",
        "-o",
        "program.wasm",
    ]);
    cmd.args(LINK_ARGS);
    for archive in FORCE_LINKED {
        cmd.arg(format!("-Clink-arg={archive}"));
    }
    let out = run_tool(cmd, deadline)?;
    if !out.success {
        let (diagnostics, dropped) = diagnostics::errors(&out.stderr);
        if diagnostics.is_empty() {
            return Err(PrepareError::Toolchain {
                tool: "rustc".into(),
                message: format!("rustc failed without a diagnostic: {}", out.stderr.trim()),
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
    let wasm = scratch.join("program.wasm");
    std::fs::read(&wasm).map_err(|e| PrepareError::Toolchain {
        tool: "rustc".into(),
        message: format!("rustc succeeded but {} cannot be read: {e}", wasm.display()),
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

fn rustc_command(scratch: &Path, externs: &[(String, PathBuf)]) -> Command {
    let mut cmd = Command::new(rustc());
    cmd.current_dir(scratch)
        .args(["--edition", "2024", "--target", TARGET, "--error-format=json"])
        .args(SPEED_FLAGS)
        .arg(format!("-Ldependency={WASM_DEPS}"))
        // The proc-macros (serde's derive, thiserror's) are host libraries: without this rustc
        // reports a misleading E0463 for the crate that uses them.
        .arg(format!("-Ldependency={HOST_DEPS}"))
        .arg(format!("-Ldependency={}", scratch.display()));
    for (name, path) in externs {
        cmd.arg("--extern").arg(format!("{name}={}", path.display()));
    }
    cmd
}

/// What a finished tool left.
pub struct ToolOutput {
    pub success: bool,
    pub stderr: String,
}

/// Stderr kept from a compiler (diagnostics are bounded after parsing, this bounds the bytes).
const MAX_STDERR: usize = 1 << 20;

/// Runs a compiler to completion or until `deadline`, when it is killed. The one process call of
/// this arm: gg-core's `ToolCommand` (process-group kill, bounded output) replaces it.
pub fn run_tool(mut cmd: Command, deadline: Instant) -> Result<ToolOutput, PrepareError> {
    let toolchain = |message: String| PrepareError::Toolchain {
        tool: "rustc".into(),
        message,
    };
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| {
            toolchain(format!(
                "cannot start {}: {e} (run toolchains/rust.sh)",
                rustc().display()
            ))
        })?;
    let mut pipe = child.stderr.take().expect("stderr is piped");
    let reader = std::thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = (&mut pipe).take(MAX_STDERR as u64).read_to_end(&mut buf);
        // Drain the rest so the compiler never blocks on a full pipe.
        let _ = std::io::copy(&mut pipe, &mut std::io::sink());
        buf
    });
    let status = loop {
        if let Some(status) = child
            .try_wait()
            .map_err(|e| toolchain(format!("waiting for rustc: {e}")))?
        {
            break status;
        }
        if Instant::now() >= deadline {
            let _ = child.kill();
            let _ = child.wait();
            return Err(toolchain(
                "rustc ran past the preparation deadline and was stopped".into(),
            ));
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    let stderr = reader.join().unwrap_or_default();
    Ok(ToolOutput {
        success: status.success(),
        stderr: String::from_utf8_lossy(&stderr).into_owned(),
    })
}
