//! Preparation: the SDK object compiled once per toolchain into the cache, then each program (with
//! its code modules as `lib/<key>.hpp` headers) compiled and linked by one clang++ run into a
//! core module; its diagnostics read back into the model's files.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use gg_core::arm::columns;
use gg_core::toolchain::{Scratch, ToolCommand};
use gg_core::wire::CodeModule;
use gg_core::{LocationMap, PrepareCx, PrepareError, Prepared, ProgramFault, ProgramGuest, SourceLocation};
use sha2::{Digest, Sha256};

use crate::diagnostics::{self, Verdict};
use crate::toolchain::Toolchain;
use crate::{SDK_HEADER, SDK_SOURCE, binding_name};

/// The program's file name, as diagnostics and DWARF name it.
pub const PROGRAM: &str = "program.cpp";

/// Link flags beside the toolchain's. The C stack lives in linear memory: 8 MiB placed first, so
/// an overflow traps below address 0 instead of running over the data, and larger than the 1 MiB
/// wasm stack, so deep recursion is the wasm stack's overflow as in every other guest. The wraps
/// are the SDK's failure path, and the SDK defines `_start` in place of crt1's
/// (`sdk/runtime.cpp`).
const LINK: &[&str] = &[
    "-nostartfiles",
    "-Wl,--stack-first",
    "-Wl,-z,stack-size=8388608",
    // The stack's pointer and bounds, which gg-core reads after an out-of-bounds trap to tell a
    // stack that ran out (large frames) from any other bad access (decision 0145).
    "-Wl,--export=__stack_pointer",
    "-Wl,--export=__stack_low",
    "-Wl,--export=__stack_high",
    "-Wl,--wrap=abort",
    "-Wl,--wrap=fprintf",
    "-Wl,--wrap=vfprintf",
    "-Wl,--wrap=fputs",
    "-Wl,--wrap=malloc",
    "-Wl,--wrap=__cxa_throw",
];

/// The toolchain's way into gg-support.o's `__wrap___original_main`, left out of the link: --wrap
/// renames `__original_main` in program.o's DWARF relocations too, which then placed main's lines
/// on the wrapper's code (every trap in main on a wrong line). The SDK's `_start` calls the
/// wrapper instead (ARCHITECTURE.md).
const WRAP_MAIN: &str = "-Wl,--wrap=__original_main";

fn toolchain_error(message: impl Into<String>) -> PrepareError {
    PrepareError::Toolchain {
        tool: crate::toolchain::CXX.into(),
        message: message.into(),
    }
}

fn scratch(cx: &PrepareCx) -> Result<&Scratch, PrepareError> {
    cx.scratch()
        .map_err(|e| toolchain_error(format!("no scratch directory: {e}")))
}

/// The SDK's directory (`gg.hpp`, its precompiled `gg.pch`, `gg_sdk.o`), compiled once per toolchain build and SDK text into
/// `<cache>/cpp-sdk/<key>/` (`PrepareCx::cache_dir`), and remembered
/// for the rest of the process.
pub fn sdk(cx: &PrepareCx) -> Result<PathBuf, PrepareError> {
    static BUILT: Mutex<Option<PathBuf>> = Mutex::new(None);
    let mut built = BUILT.lock().unwrap_or_else(|e| e.into_inner());
    let complete = |d: &Path| d.join("gg_sdk.o").is_file() && d.join("gg.pch").is_file();
    if let Some(dir) = built.as_ref().filter(|d| complete(d)) {
        return Ok(dir.clone());
    }
    let tc = Toolchain::get().map_err(toolchain_error)?;
    let scratch = scratch(cx)?;
    let base = cx.cache_dir();
    let mut key = Sha256::new();
    for part in [
        "sdk-r2",
        SDK_HEADER,
        SDK_SOURCE,
        &tc.stamp,
        &tc.cxxflags.join(" "),
        &tc.optflags.join(" "),
    ] {
        key.update(part.as_bytes());
        key.update([0]);
    }
    let key: String = key.finalize().iter().take(8).map(|b| format!("{b:02x}")).collect();
    let dir = base.join("cpp-sdk").join(key);
    if !complete(&dir) {
        std::fs::create_dir_all(&dir).map_err(|e| toolchain_error(format!("{}: {e}", dir.display())))?;
        let write = |name: &str, text: &str| {
            std::fs::write(dir.join(name), text).map_err(|e| toolchain_error(format!("writing {name}: {e}")))
        };
        write("gg.hpp", SDK_HEADER)?;
        write("gg_sdk.cpp", SDK_SOURCE)?;
        let tmp = format!("gg_sdk.o.{}", std::process::id());
        let out = ToolCommand::new(&tc.cxx, &tc.cxx, scratch, cx.deadline)
            .args(&tc.cxxflags)
            .args(&tc.optflags)
            .args(&tc.pchflags)
            .args(["-fno-color-diagnostics", "-c", "gg_sdk.cpp", "-o", &tmp])
            .current_dir(&dir)
            .cancel(&cx.cancel)
            .run()
            .map_err(|f| PrepareError::tool_failed(crate::toolchain::CXX, &f, "run toolchains/cpp.sh"))?;
        if !out.status.success() {
            return Err(PrepareError::Lowering {
                message: format!("the C++ SDK did not compile: {}", out.stderr.text.trim()),
            });
        }
        // The header too, chained onto the prelude's precompiled header: forced in as text it
        // cost 130 ms a program, as a chained PCH 30 ms (BENCHMARKS.md).
        let pch_tmp = format!("gg.pch.{}", std::process::id());
        let out = ToolCommand::new(&tc.cxx, &tc.cxx, scratch, cx.deadline)
            .args(&tc.cxxflags)
            .args(&tc.optflags)
            .args(&tc.pchflags)
            .args(["-fno-color-diagnostics", "-x", "c++-header", "gg.hpp", "-o", &pch_tmp])
            .current_dir(&dir)
            .cancel(&cx.cancel)
            .run()
            .map_err(|f| PrepareError::tool_failed(crate::toolchain::CXX, &f, "run toolchains/cpp.sh"))?;
        if !out.status.success() {
            return Err(PrepareError::Lowering {
                message: format!("the C++ SDK's header did not precompile: {}", out.stderr.text.trim()),
            });
        }
        std::fs::rename(dir.join(&pch_tmp), dir.join("gg.pch"))
            .map_err(|e| toolchain_error(format!("keeping gg.pch: {e}")))?;
        std::fs::rename(dir.join(&tmp), dir.join("gg_sdk.o"))
            .map_err(|e| toolchain_error(format!("keeping gg_sdk.o: {e}")))?;
    }
    *built = Some(dir.clone());
    Ok(dir)
}

/// Compiles `source` (and the code modules it may include) to a core module.
pub fn prepare(cx: &PrepareCx, source: &str, modules: &[CodeModule]) -> Result<Prepared, PrepareError> {
    // A line ends at CR, LF or CRLF for clang; for gg's own reading (the mask, `main`, a
    // location's line and columns) only at LF. One spelling for both keeps every line number the
    // same as clang's.
    let normalised;
    let source = if source.contains('\r') {
        normalised = source.replace("\r\n", "\n").replace('\r', "\n");
        normalised.as_str()
    } else {
        source
    };
    // A program without `main` is found by the link (`Verdict::NoMain`), not by reading the text
    // first: a source that does not compile either (prose, SQL) reads clang's located errors.
    let tc = Toolchain::get().map_err(toolchain_error)?;
    let sdk = sdk(cx)?;
    let scratch = scratch(cx)?;
    let dir = scratch.path();
    let write = |path: &Path, text: &str| {
        std::fs::write(path, text).map_err(|e| toolchain_error(format!("writing {}: {e}", path.display())))
    };
    write(&dir.join(PROGRAM), source)?;
    let mut names = Vec::new();
    if !modules.is_empty() {
        std::fs::create_dir_all(dir.join("lib")).map_err(|e| toolchain_error(e.to_string()))?;
    }
    for m in modules {
        let name = binding_name(&m.key);
        write(
            &dir.join("lib").join(format!("{name}.hpp")),
            &module_header(&name, &m.source),
        )?;
        names.push((name, m.key.clone()));
    }
    let out = ToolCommand::new(&tc.cxx, &tc.cxx, scratch, cx.deadline)
        .args(&tc.cxxflags)
        .args(&tc.optflags)
        // The SDK's precompiled header, chained onto the prelude's: both arrive with it.
        .arg("-include-pch")
        .arg(sdk.join("gg.pch"))
        .args(["-gline-tables-only", "-fno-color-diagnostics", "-fno-caret-diagnostics"])
        // At -O0 line tables alone name no function (a trap's frame fell back to the symbol,
        // `__original_main`); this keeps each function's DWARF name (`main`).
        .arg("-fdebug-info-for-profiling")
        .arg("-fno-diagnostics-show-option")
        // A frontend that crashes on the program writes no reproducer (the preprocessed program
        // and a script) into the scratch directory.
        .arg("-fno-crash-diagnostics")
        // The scratch directory differs per program: kept out of the DWARF, the same program
        // compiles to the same bytes and the compile cache sees a rerun.
        .arg(format!("-ffile-prefix-map={}=.", dir.display()))
        .arg(format!("-ffile-prefix-map={}=sdk", sdk.display()))
        .arg(format!("-I{}", sdk.display()))
        .args(["-I.", PROGRAM, &tc.pchobj])
        .arg(sdk.join("gg_sdk.o"))
        .args(tc.ldflags.iter().filter(|f| *f != WRAP_MAIN))
        .args(LINK)
        .args(["-o", "program.wasm"])
        .current_dir(dir)
        .cancel(&cx.cancel)
        .run()
        .map_err(|f| PrepareError::tool_failed(crate::toolchain::CXX, &f, "run toolchains/cpp.sh"))?;
    if !out.status.success() {
        // A clang that crashes on the program (100,000 nested parentheses overflow its stack) has
        // compiled the SDK already: the crash is the program's compile error.
        if let Some(stopped) = out.stopped() {
            return Err(PrepareError::compiler_stopped(&tc.cxx, &stopped, &out.stderr.text));
        }
        // clang's driver exits 254 when a frontend it ran died of a signal (its -2) and 70 when
        // its in-process frontend crashed (EX_SOFTWARE); a compile error is 1.
        if let Some(code @ (254 | 70)) = out.status.code() {
            return Err(PrepareError::compiler_crash(
                &tc.cxx,
                &format!(
                    "its frontend died, driver status {code}: often its own stack overflowing on something nested very deeply"
                ),
            ));
        }
        return Err(match diagnostics::read(&out.stderr.text, &names) {
            Verdict::Program {
                fault,
                diagnostics,
                dropped,
            } => PrepareError::Program {
                fault,
                diagnostics: diagnostics.into_iter().map(|d| in_characters(d, source)).collect(),
                dropped,
            },
            Verdict::NoMain => no_main(),
            Verdict::Unknown => toolchain_error(format!("{} failed: {}", tc.cxx, out.stderr.text.trim())),
        });
    }
    let bytes =
        std::fs::read(dir.join("program.wasm")).map_err(|e| toolchain_error(format!("reading program.wasm: {e}")))?;
    Ok(Prepared {
        source: source.to_owned(),
        guest: ProgramGuest::CoreModule(bytes),
        locations: Some(Box::new(ProgramFiles {
            source: (!source.is_ascii()).then(|| source.to_owned()),
        })),
        modules: None,
    })
}

fn no_main() -> PrepareError {
    PrepareError::Program {
        fault: ProgramFault::Unsupported,
        diagnostics: vec![gg_core::Diagnostic {
            message: "unsupported: a C++ program here is a whole program.cpp that defines `int main()`, and this one \
                      defines no main function"
                .into(),
            location: None,
        }],
        dropped: 0,
    }
}

/// A code module as the header `lib/<name>.hpp`: its `#include` lines hoisted above
/// `namespace lib::<name>` (blank lines keep the numbering), its text inside at its own lines.
pub fn module_header(name: &str, source: &str) -> String {
    let mut includes = String::new();
    let mut body = String::new();
    for line in source.lines() {
        if line.trim_start().starts_with("#include") || line.trim_start().starts_with("#pragma once") {
            includes.push_str(line);
            includes.push('\n');
            body.push('\n');
        } else {
            body.push_str(line);
            body.push('\n');
        }
    }
    format!("#pragma once\n{includes}namespace lib::{name} {{\n#line 1 \"lib/{name}.hpp\"\n{body}}}\n")
}

/// A diagnostic in `program.cpp` with its columns in characters: clang counts UTF-8 bytes.
fn in_characters(mut d: gg_core::Diagnostic, source: &str) -> gg_core::Diagnostic {
    if source.is_ascii() {
        return d;
    }
    let column = |line: u32, column: u32| columns::line_of(source, line).map(|l| columns::from_byte_column(l, column));
    if let Some(l) = d.location.as_mut().filter(|l| l.file == PROGRAM) {
        l.column = column(l.line, l.column).unwrap_or(l.column);
    }
    d.message = columns::rewrite_columns(&d.message, PROGRAM, column);
    d
}

/// DWARF locations in `program.cpp` and in the code modules' headers are the model's own; a
/// column in `program.cpp` (clang's DWARF and `std::source_location` count UTF-8 bytes) is read
/// in characters when the program is not ASCII.
struct ProgramFiles {
    source: Option<String>,
}

impl LocationMap for ProgramFiles {
    fn map(&self, location: &SourceLocation) -> Option<SourceLocation> {
        let file = location.file.trim_start_matches("./");
        let keep = file == PROGRAM || (file.starts_with("lib/") && file.ends_with(".hpp") && !file[4..].contains('/'));
        let column = match &self.source {
            Some(source) if file == PROGRAM => columns::line_of(source, location.line)
                .map_or(location.column, |l| columns::from_byte_column(l, location.column)),
            _ => location.column,
        };
        keep.then(|| SourceLocation {
            file: file.to_owned(),
            line: location.line,
            column: column.max(1),
        })
    }

    fn rewrite(&self, text: &str) -> String {
        match &self.source {
            Some(source) => columns::rewrite_columns(text, PROGRAM, |line, column| {
                columns::line_of(source, line).map(|l| columns::from_byte_column(l, column))
            }),
            None => text.to_owned(),
        }
    }
}
