//! The fixture's compiled modes: a program whose first command is `compile core` is translated line
//! for line to C (`#line` keeps its numbering in the DWARF), compiled by clang against the prebuilt
//! runtime (`core/rt.c`) into a preview1 core module that calls the membrane through the wire; one
//! whose first command is `compile component` runs on its own copy of the fixture component.

use std::path::Path;

use gg_core::toolchain::{ToolCommand, ToolFailure};
use gg_core::wasmtime::{self, Caller, Extern, Linker};
use gg_core::wire::CodeModule;
use gg_core::{
    CoreModuleHost, Diagnostic, LocationMap, PrepareCx, PrepareError, Prepared, ProgramFault, ProgramGuest,
    SourceLocation,
};

use crate::COMPONENT;

/// The C compiler and sysroot the ECMAScript guest's toolchain installs (toolchains/typescript.sh).
pub const CLANG: &str = "clang-19";
pub const SYSROOT: &str = "/opt/gg-wasi-sysroot";
/// The runtime object built once by build.rs, and the directory of its header.
const RT_OBJECT: &str = concat!(env!("OUT_DIR"), "/fixture_rt.o");
const RT_INCLUDE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/core");

/// What a fixture program's `compile` line asks for.
pub(crate) enum Mode {
    Shared,
    Component,
    Core,
    /// The "compiler" never finishes: preparation must be cut at its deadline.
    Hang,
}

/// The mode a program's first command names (`compile core|component|hang`), if any.
pub(crate) fn mode(source: &str) -> Mode {
    let first = source
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'));
    match first {
        Some("compile core") => Mode::Core,
        Some("compile component") => Mode::Component,
        Some("compile hang") => Mode::Hang,
        _ => Mode::Shared,
    }
}

/// The text the shared command interpreter runs: the `compile` line made a comment.
fn without_mode_line(source: &str) -> String {
    source
        .lines()
        .map(|l| {
            if l.trim().starts_with("compile ") {
                format!("# {l}")
            } else {
                l.to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A component of the program's own: the fixture component with the program in a custom section,
/// so two programs are two guests to the compile cache and a rerun is one.
pub(crate) fn own_component(source: &str) -> Prepared {
    let mut bytes = COMPONENT.to_vec();
    let name = b"gg-fixture-program";
    let mut payload = leb(name.len() as u32);
    payload.extend_from_slice(name);
    payload.extend_from_slice(source.as_bytes());
    bytes.push(0);
    bytes.extend(leb(payload.len() as u32));
    bytes.extend(payload);
    Prepared {
        source: without_mode_line(source),
        guest: ProgramGuest::Component(bytes),
        locations: None,
        modules: None,
    }
}

fn leb(mut n: u32) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let byte = (n & 0x7f) as u8;
        n >>= 7;
        if n == 0 {
            out.push(byte);
            return out;
        }
        out.push(byte | 0x80);
    }
}

/// Runs a "compiler" that never finishes, under the context's deadline.
pub(crate) fn hang(cx: &PrepareCx) -> Result<Prepared, PrepareError> {
    let scratch = scratch(cx)?;
    let failure = ToolCommand::new("fixture-compiler", "sleep", scratch, cx.deadline)
        .arg("600")
        .cancel(&cx.cancel)
        .run()
        .err();
    Err(match failure {
        Some(f) => PrepareError::tool_failed("fixture-compiler", &f, ""),
        None => PrepareError::Toolchain {
            tool: "fixture-compiler".into(),
            message: "sleep 600 returned".into(),
        },
    })
}

fn scratch(cx: &PrepareCx) -> Result<&gg_core::toolchain::Scratch, PrepareError> {
    cx.scratch().map_err(|e| PrepareError::Toolchain {
        tool: "fixture-compiler".into(),
        message: format!("no scratch directory: {e}"),
    })
}

/// Translates the program to C and compiles it with clang to a core module.
pub(crate) fn compile(cx: &PrepareCx, source: &str, _modules: &[CodeModule]) -> Result<Prepared, PrepareError> {
    let c = to_c(source)?;
    let scratch = scratch(cx)?;
    let dir = scratch.path();
    let write = |name: &str, text: &[u8]| {
        std::fs::write(dir.join(name), text).map_err(|e| PrepareError::Toolchain {
            tool: CLANG.into(),
            message: format!("writing {name}: {e}"),
        })
    };
    write("program.c", c.as_bytes())?;
    let output = ToolCommand::new(CLANG, CLANG, scratch, cx.deadline)
        .args(["--target=wasm32-wasi", "-g", "-O0", "-Wno-everything"])
        .arg(format!("--sysroot={SYSROOT}"))
        .arg(format!("-I{RT_INCLUDE}"))
        // The scratch directory differs per program; kept out of the DWARF, the same program
        // compiles to the same bytes and the compile cache sees a rerun.
        .arg(format!("-ffile-prefix-map={}=.", dir.display()))
        // The C stack lives in linear memory: 8 MiB of it, placed first so that an overflow traps
        // below address 0 instead of running over the data, and larger than the 1 MiB wasm stack,
        // so deep recursion is the wasm stack's overflow, as in every other guest.
        .args(["-Wl,--stack-first", "-Wl,-z,stack-size=8388608"])
        .args(["program.c", RT_OBJECT, "-o", "program.wasm"])
        .current_dir(dir)
        .cancel(&cx.cancel)
        .run()
        .map_err(|f| toolchain(&f))?;
    if !output.status.success() {
        return Err(PrepareError::Toolchain {
            tool: CLANG.into(),
            message: format!("{} failed: {}", CLANG, output.stderr.text.trim()),
        });
    }
    let bytes = std::fs::read(dir.join("program.wasm")).map_err(|e| PrepareError::Toolchain {
        tool: CLANG.into(),
        message: format!("reading program.wasm: {e}"),
    })?;
    Ok(Prepared {
        source: String::new(),
        guest: ProgramGuest::CoreModule(bytes),
        locations: Some(Box::new(ProgramLines)),
        modules: None,
    })
}

fn toolchain(f: &ToolFailure) -> PrepareError {
    PrepareError::tool_failed(CLANG, f, "")
}

/// The program as C: each command on its own line, under `#line N "program"`.
fn to_c(source: &str) -> Result<String, PrepareError> {
    let mut c = String::from("#include <stdio.h>\n#include <stdlib.h>\n#include \"rt.h\"\nint main(void) {\n");
    for (i, raw) in source.lines().enumerate() {
        let line = i + 1;
        let text = raw.trim();
        if text.is_empty() || text.starts_with('#') || text.starts_with("compile ") {
            continue;
        }
        let (command, rest) = text.split_once(' ').unwrap_or((text, ""));
        let statement = match command {
            "log" => format!("printf(\"%s\\n\", \"{}\");", escape(rest)),
            "eprint" => format!("fprintf(stderr, \"%s\\n\", \"{}\");", escape(rest)),
            "note" => format!("note(\"{}\");", escape(rest)),
            "op" | "raise" => {
                let (id, json) = rest.split_once(' ').unwrap_or((rest, "{}"));
                match command {
                    "op" => format!("op(\"{}\", \"{}\");", escape(id), escape(json)),
                    _ => format!("raise({line}, \"{}\", \"{}\");", escape(id), escape(json)),
                }
            }
            "trap" => "__builtin_trap();".to_owned(),
            "exit" | "return" => match rest.parse::<i32>() {
                Ok(n) if command == "exit" => format!("exit({n});"),
                Ok(n) => format!("return {n};"),
                Err(_) => return Err(compile_error(line, format!("`{command}` takes a whole number"))),
            },
            "loop" => "spin();".to_owned(),
            "ping" => match rest.parse::<u32>() {
                Ok(n) => format!("ping({n});"),
                Err(_) => return Err(compile_error(line, "`ping` takes a count".to_owned())),
            },
            "grow" => "grow();".to_owned(),
            "recurse" => "recurse(0);".to_owned(),
            other => {
                return Err(compile_error(
                    line,
                    format!("unknown command `{other}` in a compiled program"),
                ));
            }
        };
        c.push_str(&format!("#line {line} \"program\"\n{statement}\n"));
    }
    c.push_str("#line 1 \"fixture-epilogue\"\nreturn 0;\n}\n");
    Ok(c)
}

fn compile_error(line: usize, message: String) -> PrepareError {
    PrepareError::Program {
        fault: ProgramFault::Compile,
        diagnostics: vec![Diagnostic {
            message,
            location: Some(SourceLocation {
                file: "program".into(),
                line: line as u32,
                column: 1,
            }),
        }],
        dropped: 0,
    }
}

fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '?' => out.push_str("\\?"), // no trigraphs
            c => out.push(c),
        }
    }
    out
}

/// DWARF locations in the file `program` are the model's own lines; anything else is not.
struct ProgramLines;

impl LocationMap for ProgramLines {
    fn map(&self, location: &SourceLocation) -> Option<SourceLocation> {
        let file = Path::new(&location.file).file_name()?.to_str()?;
        (file == "program").then(|| SourceLocation {
            file: "program".into(),
            line: location.line,
            column: location.column.max(1),
        })
    }
}

/// The fixture's own import, `fixture.note(ptr, len)`: it logs the text through the membrane's
/// one JSON entry point, as an arm-supplied host function must.
pub(crate) struct FixtureImports;

impl CoreModuleHost for FixtureImports {
    fn link(&self, linker: &mut Linker<gg_core::program::store::StoreState>) -> wasmtime::Result<()> {
        linker.func_wrap(
            "fixture",
            "note",
            |mut caller: Caller<'_, gg_core::program::store::StoreState>, ptr: i32, len: i32| {
                let Some(Extern::Memory(memory)) = caller.get_export("memory") else {
                    return;
                };
                let mut text = vec![0u8; len.max(0) as usize];
                if memory.read(&caller, ptr as u32 as usize, &mut text).is_err() {
                    return;
                }
                let args = serde_json::json!({ "line": String::from_utf8_lossy(&text) });
                caller.data_mut().wire_call("feedback.log", args.to_string().as_bytes());
            },
        )?;
        Ok(())
    }
}
