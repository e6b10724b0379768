//! A C# program to IL: the SDK (`gg.cs`) compiled once per machine into `<cache>/csharp-sdk/<key>/gg.dll`,
//! then one `mcs` per program against it; mcs's errors read back as located diagnostics, bounded.
//! What crosses to the guest is the program's assembly (and its debug symbols), hex-encoded.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use gg_core::toolchain::{Scratch, ToolCommand};
use gg_core::wire::CodeModule;
use gg_core::{Diagnostic, PrepareCx, PrepareError, Prepared, ProgramFault, ProgramGuest, SourceLocation};
use sha2::{Digest, Sha256};

use crate::SDK;
use crate::toolchain::{INSTALL, MCS, Toolchain};

/// The program's file, as every location names it.
pub const PROGRAM: &str = "program.cs";
/// The most diagnostics one outcome carries; the rest are counted.
const MAX_DIAGNOSTICS: usize = 10;
/// mcs's language: everything it has (C# 7 and some of 7.x).
const LANG: &str = "-langversion:experimental";

fn toolchain_error(message: impl Into<String>) -> PrepareError {
    PrepareError::Toolchain {
        tool: MCS.into(),
        message: message.into(),
    }
}

/// A `mcs` process ([`Toolchain::mcs`]).
fn mcs(tc: &Toolchain, scratch: &Scratch, cx: &PrepareCx) -> ToolCommand {
    ToolCommand::new(MCS, &tc.mcs[0], scratch, cx.deadline)
        .args(&tc.mcs[1..])
        .cancel(&cx.cancel)
}

fn scratch(cx: &PrepareCx) -> Result<&Scratch, PrepareError> {
    cx.scratch()
        .map_err(|e| toolchain_error(format!("no scratch directory: {e}")))
}

/// The SDK assembly (`gg.dll` and its symbols), built once into the cache, keyed by its source.
static BUILT: Mutex<Option<PathBuf>> = Mutex::new(None);

/// Where this process's [`sdk`] is, once built.
pub fn built_sdk() -> Option<PathBuf> {
    BUILT.lock().unwrap_or_else(|e| e.into_inner()).clone()
}

pub fn sdk(cx: &PrepareCx) -> Result<PathBuf, PrepareError> {
    let mut built = BUILT.lock().unwrap_or_else(|e| e.into_inner());
    let complete = |d: &Path| d.join("gg.dll").is_file();
    if let Some(dir) = built.as_ref().filter(|d| complete(d)) {
        return Ok(dir.clone());
    }
    let tc = Toolchain::get().map_err(toolchain_error)?;
    let key = crate::hex(&Sha256::new_with_prefix(format!("sdk-r1\0{SDK}\0{LANG}")).finalize()[..8]);
    let dir = cx.cache_dir().join("csharp-sdk").join(key);
    if !complete(&dir) {
        // Built in the scratch directory, which a confined compile's sandbox shows, then kept.
        let scratch = scratch(cx)?;
        let work = scratch.path().join("sdk");
        std::fs::create_dir_all(&work).map_err(|e| toolchain_error(format!("{}: {e}", work.display())))?;
        std::fs::create_dir_all(&dir).map_err(|e| toolchain_error(format!("{}: {e}", dir.display())))?;
        std::fs::write(work.join("gg.cs"), SDK).map_err(|e| toolchain_error(format!("writing gg.cs: {e}")))?;
        let out = mcs(tc, scratch, cx)
            .args([
                "-target:library",
                "-debug",
                "-nowarn:1591",
                LANG,
                "-out:gg.dll",
                "gg.cs",
            ])
            .current_dir(&work)
            .run()
            .map_err(|f| PrepareError::tool_failed(MCS, &f, INSTALL))?;
        if !out.status.success() {
            return Err(PrepareError::Lowering {
                message: format!(
                    "the C# SDK did not compile: {}{}",
                    out.stdout.text.trim(),
                    out.stderr.text.trim()
                ),
            });
        }
        let keep = |name: &str| -> Result<(), PrepareError> {
            let tmp = dir.join(format!("{name}.{}", std::process::id()));
            std::fs::copy(work.join(name), &tmp)
                .and_then(|_| std::fs::rename(&tmp, dir.join(name)))
                .map_err(|e| toolchain_error(format!("keeping {name}: {e}")))
        };
        keep("gg.dll.mdb")?;
        keep("gg.dll")?;
    }
    *built = Some(dir.clone());
    Ok(dir)
}

/// Compiles the program; its assembly crosses as the prepared text ([`encode`]).
pub fn prepare(cx: &PrepareCx, source: &str, _modules: &[CodeModule]) -> Result<Prepared, PrepareError> {
    let tc = Toolchain::get().map_err(toolchain_error)?;
    let sdk = sdk(cx)?;
    let scratch = scratch(cx)?;
    let dir = scratch.path();
    std::fs::write(dir.join(PROGRAM), source).map_err(|e| toolchain_error(format!("writing {PROGRAM}: {e}")))?;
    // The SDK beside the program: a confined compile's sandbox shows the scratch, not the cache.
    std::fs::copy(sdk.join("gg.dll"), dir.join("gg.dll")).map_err(|e| toolchain_error(format!("gg.dll: {e}")))?;
    let out = mcs(tc, scratch, cx)
        .args(["-target:exe", "-debug", LANG, "-r:System.Numerics.dll"])
        .arg("-r:gg.dll")
        .args(["-out:program.exe", PROGRAM])
        .current_dir(dir)
        .cancel(&cx.cancel)
        .run()
        .map_err(|f| PrepareError::tool_failed(MCS, &f, INSTALL))?;
    if let Some(stopped) = &out.stopped() {
        return Err(PrepareError::compiler_stopped(MCS, stopped, &out.stdout.text));
    }
    if !out.status.success() || !dir.join("program.exe").is_file() {
        return Err(diagnostics(&out.stdout.text, &out.stderr.text));
    }
    let exe =
        std::fs::read(dir.join("program.exe")).map_err(|e| toolchain_error(format!("reading program.exe: {e}")))?;
    let symbols = std::fs::read(dir.join("program.exe.mdb")).unwrap_or_default();
    Ok(Prepared {
        source: encode(&exe, &symbols),
        guest: ProgramGuest::Shared,
        locations: None,
        modules: None,
    })
}

/// The assembly and its symbols as one text: two hex runs on two lines.
fn encode(exe: &[u8], symbols: &[u8]) -> String {
    format!("{}\n{}", crate::hex(exe), crate::hex(symbols))
}

/// The assembly and symbols [`encode`] wrote.
pub fn decode(text: &str) -> Option<(Vec<u8>, Vec<u8>)> {
    let (exe, symbols) = text.split_once('\n')?;
    Some((unhex(exe)?, unhex(symbols)?))
}

fn unhex(s: &str) -> Option<Vec<u8>> {
    let b = s.as_bytes();
    if b.len() % 2 != 0 {
        return None;
    }
    let digit = |c: u8| (c as char).to_digit(16).map(|d| d as u8);
    b.chunks(2).map(|p| Some(digit(p[0])? << 4 | digit(p[1])?)).collect()
}

/// mcs's errors (`program.cs(3,9): error CS0103: The name `y' does not exist…`) as diagnostics,
/// the first [`MAX_DIAGNOSTICS`] kept. A parse error (CS1xxx, as mcs numbers them) is a syntax
/// error; any other a compile error.
pub fn diagnostics(stdout: &str, stderr: &str) -> PrepareError {
    let mut found = Vec::new();
    let mut syntax = false;
    for line in stdout.lines().chain(stderr.lines()) {
        let Some((at, rest)) = line.split_once(": error ") else {
            continue;
        };
        let (code, message) = rest.split_once(": ").unwrap_or(("", rest));
        if found.is_empty() {
            syntax = code.starts_with("CS1") && code.len() == 6;
        }
        let location = at.rsplit_once('(').and_then(|(file, pos)| {
            let (l, c) = pos.trim_end_matches(')').split_once(',')?;
            let file = if file.ends_with(PROGRAM) {
                PROGRAM.to_owned()
            } else {
                file.to_owned()
            };
            Some(SourceLocation {
                file,
                line: l.parse().ok()?,
                column: c.parse().ok()?,
            })
        });
        found.push(Diagnostic {
            message: format!("{code}: {}", message.replace('`', "'")),
            location,
        });
    }
    if found.is_empty() {
        found.push(Diagnostic {
            message: format!(
                "mcs failed without an error line: {}",
                format!("{stdout}\n{stderr}").trim()
            ),
            location: None,
        });
    }
    let dropped = found.len().saturating_sub(MAX_DIAGNOSTICS);
    found.truncate(MAX_DIAGNOSTICS);
    PrepareError::Program {
        fault: if syntax {
            ProgramFault::Syntax
        } else {
            ProgramFault::Compile
        },
        diagnostics: found,
        dropped,
    }
}
