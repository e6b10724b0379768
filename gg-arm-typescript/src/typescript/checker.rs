//! The TypeScript checker: the native TypeScript 7 compiler (`tsc`, npm `typescript@7`) against
//! the SDK's declarations, strict, ES2022, no DOM: on a warm checker kept across programs
//! (`warm.rs`), else as a cold process per program. Both give the same diagnostics, read by one
//! parser of `tsc --pretty false`'s output.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use gg_core::arm::columns;
use gg_core::toolchain::{Scratch, ToolCommand};
use gg_core::wire::CodeModule;
use gg_core::{Diagnostic, PrepareCx, PrepareError, ProgramFault, SourceLocation};

/// Where `toolchains/typescript.sh` installs the compiler.
pub const INSTALL_PREFIX: &str = "/opt/gg-typescript";
/// Diagnostics kept per program; the rest are counted.
pub const MAX_DIAGNOSTICS: usize = 20;

/// The compiler binary: `$GG_TSC`, else the native binary under [`INSTALL_PREFIX`].
pub fn tsc_path() -> PathBuf {
    std::env::var_os("GG_TSC")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(INSTALL_PREFIX).join("node_modules/@typescript/typescript-linux-x64/lib/tsc"))
}

/// `Version 7.0.2` → `7.0.2`, or why the compiler could not be asked.
pub fn tsc_version(tsc: &Path) -> Result<String, String> {
    let scratch =
        Scratch::new(std::env::temp_dir().join("gg-scratch")).map_err(|e| format!("a scratch directory: {e}"))?;
    let out = ToolCommand::new("tsc", tsc, &scratch, Instant::now() + Duration::from_secs(10))
        .arg("--version")
        .run()
        .map_err(|e| e.to_string())?;
    let text = out.stdout.text;
    text.trim()
        .strip_prefix("Version ")
        .map(str::to_owned)
        .ok_or_else(|| format!("{} answered {text:?}", tsc.display()))
}

/// One `file(line,col): error TSnnnn: message` line of `tsc --pretty false`, with its continuation lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TsDiagnostic {
    pub file: Option<String>,
    pub line: u32,
    pub column: u32,
    pub code: u32,
    pub message: String,
}

/// Parses tsc's plain output.
pub fn parse(output: &str) -> Vec<TsDiagnostic> {
    let mut out: Vec<TsDiagnostic> = Vec::new();
    for line in output.lines() {
        if let Some(d) = parse_head(line) {
            out.push(d);
        } else if line.starts_with(' ') && !line.trim().is_empty() {
            if let Some(last) = out.last_mut() {
                last.message.push('\n');
                last.message.push_str(line.trim_end());
            }
        }
    }
    out
}

fn parse_head(line: &str) -> Option<TsDiagnostic> {
    if let Some(rest) = line.strip_prefix("error TS") {
        let (code, message) = rest.split_once(": ")?;
        return Some(TsDiagnostic {
            file: None,
            line: 0,
            column: 0,
            code: code.parse().ok()?,
            message: message.to_owned(),
        });
    }
    let (head, rest) = line.split_once(": error TS")?;
    let (code, message) = rest.split_once(": ")?;
    let code: u32 = code.parse().ok()?;
    let (file, line_no, column) = match head.rsplit_once('(') {
        Some((file, pos)) => {
            let (l, c) = pos.strip_suffix(')')?.split_once(',')?;
            (Some(file.to_owned()), l.parse().ok()?, c.parse().ok()?)
        }
        None => (Some(head.to_owned()), 0, 0),
    };
    Some(TsDiagnostic {
        file,
        line: line_no,
        column,
        code,
        message: message.to_owned(),
    })
}

/// The file names the checker sees: the model's program, the SDK's declarations, code modules.
pub const PROGRAM_FILE: &str = "program.ts";
pub const SDK_FILE: &str = "gg-sdk.d.ts";

/// Checks `source` with `declarations` (the SDK's `.d.ts`) and the code modules in scope
/// (reachable as `lib:<key>`). Errors in the program or a code module are the program's
/// (TS1xxx are syntax errors); errors only in gg's declarations are the program's when gg's
/// declarations check clean without it (it clashed with them: `declare global` over an SDK
/// name, `/// <reference lib="dom" />`), else gg's; a missing or crashing compiler is the
/// toolchain's. Columns are the model's: characters, where tsc counts UTF-16 units.
pub fn check(cx: &PrepareCx, source: &str, modules: &[CodeModule], declarations: &str) -> Result<(), PrepareError> {
    let (diagnostics, text) = run_tsc(cx, source, modules, declarations)?;
    if diagnostics.is_empty() && text.is_none() {
        return Ok(());
    }
    let (theirs, ours): (Vec<_>, Vec<_>) = diagnostics.into_iter().partition(|d| {
        d.file
            .as_deref()
            .is_some_and(|f| f == PROGRAM_FILE || f.starts_with("lib/"))
    });
    if theirs.is_empty() {
        let message = ours
            .iter()
            .map(|d| format!("{}: TS{} {}", d.file.as_deref().unwrap_or("tsc"), d.code, d.message))
            .collect::<Vec<_>>()
            .join("\n");
        if !ours.is_empty() && matches!(run_tsc(cx, "export {};\n", &[], declarations), Ok((d, None)) if d.is_empty()) {
            return Err(clash(source, ours));
        }
        return Err(PrepareError::Lowering {
            message: if message.is_empty() {
                format!("tsc failed without a diagnostic: {}", text.unwrap_or_default().trim())
            } else {
                format!("gg's declarations do not check: {message}")
            },
        });
    }
    let fault = if theirs.iter().any(|d| (1000..2000).contains(&d.code)) {
        ProgramFault::Syntax
    } else {
        ProgramFault::Compile
    };
    let dropped = theirs.len().saturating_sub(MAX_DIAGNOSTICS);
    let text_of = |file: &str| -> Option<&str> {
        if file == PROGRAM_FILE {
            return Some(source);
        }
        let key = file.strip_prefix("lib/")?.strip_suffix(".ts")?;
        modules.iter().find(|m| m.key == key).map(|m| m.source.as_str())
    };
    let diagnostics = theirs
        .into_iter()
        .take(MAX_DIAGNOSTICS)
        .map(|d| {
            let file = d.file.unwrap_or_default();
            let column = text_of(&file)
                .and_then(|t| columns::line_of(t, d.line))
                .map_or(d.column, |l| columns::from_utf16_column(l, d.column));
            let message = match missing_property_type(d.code, &d.message).and_then(fields_hint) {
                Some(hint) => format!("{} {hint}", d.message),
                None => d.message,
            };
            Diagnostic {
                message: format!("{file}({},{column}): error TS{}: {message}", d.line, d.code),
                location: Some(SourceLocation {
                    file,
                    line: d.line,
                    column,
                }),
            }
        })
        .collect();
    Err(PrepareError::Program {
        fault,
        diagnostics,
        dropped,
    })
}

/// The type a "Property 'x' does not exist on type 'T'" diagnostic (TS2339, or TS2551 with its
/// "Did you mean") names.
fn missing_property_type(code: u32, message: &str) -> Option<&str> {
    if code != 2339 && code != 2551 {
        return None;
    }
    let (_, rest) = message.split_once("on type '")?;
    rest.split_once('\'').map(|(t, _)| t)
}

/// The fields of the gg record `type_name`, from the TypeScript catalogue.
fn fields_hint(type_name: &str) -> Option<String> {
    use gg_core::ProgramLanguage;
    super::TypeScript.catalogue().fields_hint(type_name)
}

/// The compiler options every check uses, cold or warm.
pub fn tsconfig() -> serde_json::Value {
    serde_json::json!({
        "compilerOptions": {
            "strict": true, "target": "es2022", "lib": ["es2022"], "module": "esnext",
            "moduleResolution": "bundler", "types": [], "noEmit": true, "skipDefaultLibCheck": true,
            "allowImportingTsExtensions": true, "pretty": false,
            "paths": { "lib:*": ["./lib/*.ts"] }
        },
        "files": [PROGRAM_FILE, SDK_FILE]
    })
}

/// Whether checks may use a warm checker: unless `GG_TSC_WARM=off`.
fn warm_allowed() -> bool {
    std::env::var_os("GG_TSC_WARM").is_none_or(|v| v != "off")
}

/// Starts a warm checker ahead of the first program (the arm's warm-up).
pub fn warm_up(cx: &PrepareCx) {
    if warm_allowed() {
        super::warm::warm_up(cx, &tsc_path(), super::declarations());
    }
}

/// tsc's diagnostics for `source` with `declarations` and `modules` (warm when a checker is free,
/// else cold); beside them, its output when it failed without a diagnostic it could name.
fn run_tsc(
    cx: &PrepareCx,
    source: &str,
    modules: &[CodeModule],
    declarations: &str,
) -> Result<(Vec<TsDiagnostic>, Option<String>), PrepareError> {
    if warm_allowed() {
        if let Some(checked) = run_warm(cx, source, modules, declarations) {
            return checked;
        }
    }
    run_cold(cx, source, modules, declarations)
}

/// The check on a warm checker; `None` when none is free or none starts.
pub fn run_warm(
    cx: &PrepareCx,
    source: &str,
    modules: &[CodeModule],
    declarations: &str,
) -> Option<Result<(Vec<TsDiagnostic>, Option<String>), PrepareError>> {
    super::warm::check(cx, &tsc_path(), source, modules, declarations)
}

/// Why the last warm checker was dropped or did not start, if one was.
pub fn warm_failure() -> Option<String> {
    super::warm::last_failure()
}

/// The check as a cold `tsc -p` process in the program's scratch directory.
pub fn run_cold(
    cx: &PrepareCx,
    source: &str,
    modules: &[CodeModule],
    declarations: &str,
) -> Result<(Vec<TsDiagnostic>, Option<String>), PrepareError> {
    let tsc = tsc_path();
    let scratch = cx
        .scratch()
        .map_err(|e| toolchain(format!("a scratch directory: {e}")))?;
    // The scratch directory is this program's alone and goes with the context.
    let dir = scratch.path();
    let lib = dir.join("lib");
    std::fs::create_dir_all(&lib).map_err(|e| toolchain(e.to_string()))?;
    std::fs::write(dir.join(PROGRAM_FILE), source).map_err(|e| toolchain(e.to_string()))?;
    std::fs::write(dir.join(SDK_FILE), declarations).map_err(|e| toolchain(e.to_string()))?;
    for m in modules {
        std::fs::write(lib.join(format!("{}.ts", m.key)), &m.source).map_err(|e| toolchain(e.to_string()))?;
    }
    std::fs::write(dir.join("tsconfig.json"), tsconfig().to_string()).map_err(|e| toolchain(e.to_string()))?;
    let out = ToolCommand::new("tsc", &tsc, scratch, cx.deadline)
        .arg("-p")
        .arg(dir)
        .current_dir(dir)
        .cancel(&cx.cancel)
        .run()
        .map_err(|e| PrepareError::tool_failed("tsc", &e, "run toolchains/typescript.sh"))?;
    match out.status.code() {
        Some(0) => return Ok((Vec::new(), None)),
        Some(1 | 2) => {}
        _ => {
            return Err(toolchain(format!(
                "{} ended with {}: {}",
                tsc.display(),
                out.status,
                out.stderr.text.trim()
            )));
        }
    }
    let text = out.stdout.text;
    let diagnostics = parse(&text);
    let unnamed = diagnostics.is_empty().then_some(text);
    Ok((diagnostics, unnamed))
}

/// The program's compile error for errors tsc found only in gg's declarations, which check clean
/// without the program: it declared over them. Located at the program's first declaration that
/// can reach gg's (a `/// <reference …>` directive, `declare global`, a top-level `declare`).
fn clash(source: &str, ours: Vec<TsDiagnostic>) -> PrepareError {
    let site = source.split('\n').enumerate().find_map(|(i, line)| {
        let trimmed = line.trim_start();
        let hit = trimmed.starts_with("/// <reference")
            || trimmed.starts_with("declare global")
            || trimmed.starts_with("declare ");
        hit.then(|| {
            let column = line[..line.len() - trimmed.len()].chars().count() as u32 + 1;
            (i as u32 + 1, column)
        })
    });
    let dropped = ours.len().saturating_sub(MAX_DIAGNOSTICS);
    let diagnostics = ours
        .into_iter()
        .take(MAX_DIAGNOSTICS)
        .map(|d| Diagnostic {
            message: format!(
                "{PROGRAM_FILE}: the program's declarations clash with gg's own ({}({},{}): error TS{}: {})",
                d.file.as_deref().unwrap_or(SDK_FILE),
                d.line,
                d.column,
                d.code,
                d.message
            ),
            location: site.map(|(line, column)| SourceLocation {
                file: PROGRAM_FILE.into(),
                line,
                column,
            }),
        })
        .collect();
    PrepareError::Program {
        fault: ProgramFault::Compile,
        diagnostics,
        dropped,
    }
}

fn toolchain(message: String) -> PrepareError {
    PrepareError::Toolchain {
        tool: "tsc".into(),
        message,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SDK: &str = r#"declare const console: { log(...values: unknown[]): void };
declare module "gg" {
  export class ApiError extends Error { code: string; operation: string }
  export namespace files {
    function readFile(path: string, options?: { offset?: number; limit?: number }): { contents: string };
  }
}
"#;

    #[test]
    fn a_clean_program_passes_and_errors_are_the_programs_located() {
        check(
            &PrepareCx::for_tests(),
            "import { files } from \"gg\";\nconst r = files.readFile(\"a\");\nconsole.log(r.contents);\n",
            &[],
            SDK,
        )
        .unwrap();
        let err = check(
            &PrepareCx::for_tests(),
            "import { files } from \"gg\";\nconst n: number = files.readFile(\"a\").contents;\n",
            &[],
            SDK,
        )
        .unwrap_err();
        let PrepareError::Program {
            fault,
            diagnostics,
            dropped,
        } = err
        else {
            panic!("{err:?}")
        };
        assert_eq!((fault, dropped), (ProgramFault::Compile, 0));
        assert_eq!(
            diagnostics[0].location,
            Some(SourceLocation {
                file: "program.ts".into(),
                line: 2,
                column: 7
            })
        );
        assert!(diagnostics[0].message.contains("TS2322"), "{}", diagnostics[0].message);
        let err = check(&PrepareCx::for_tests(), "let x = ;\n", &[], SDK).unwrap_err();
        assert!(
            matches!(
                err,
                PrepareError::Program {
                    fault: ProgramFault::Syntax,
                    ..
                }
            ),
            "{err:?}"
        );
    }

    #[test]
    fn code_modules_are_reached_as_lib_and_gg_faults_are_ggs() {
        let notes = CodeModule {
            key: "notes".into(),
            source: "export function greet(n: string): string { return n; }\n".into(),
        };
        check(
            &PrepareCx::for_tests(),
            "import { greet } from \"lib:notes\";\nconsole.log(greet(\"x\"));\n",
            &[notes.clone()],
            SDK,
        )
        .unwrap();
        let err = check(
            &PrepareCx::for_tests(),
            "import { greet } from \"lib:notes\";\ngreet(3);\n",
            &[notes],
            SDK,
        )
        .unwrap_err();
        assert!(matches!(
            err,
            PrepareError::Program {
                fault: ProgramFault::Compile,
                ..
            }
        ));
        let err = check(
            &PrepareCx::for_tests(),
            "const one = 1;\n",
            &[],
            "declare module \"gg\" { export const x: Nope; }",
        )
        .unwrap_err();
        assert!(matches!(err, PrepareError::Lowering { .. }), "{err:?}");
    }

    #[test]
    fn a_program_that_clashes_with_ggs_declarations_is_the_programs_compile_error() {
        for source in [
            "/// <reference lib=\"dom\" />\nconsole.log(1);\n",
            "export {};\ndeclare global {\n  const console: number;\n}\n",
        ] {
            let err = check(&PrepareCx::for_tests(), source, &[], SDK).unwrap_err();
            let PrepareError::Program { fault, diagnostics, .. } = err else {
                panic!("{source}: {err:?}")
            };
            assert_eq!(fault, ProgramFault::Compile, "{source}");
            let loc = diagnostics[0].location.clone().unwrap();
            assert_eq!(loc.file, "program.ts", "{diagnostics:?}");
        }
    }

    #[test]
    fn columns_are_characters_where_tsc_counts_utf16_units() {
        let err = check(
            &PrepareCx::for_tests(),
            "const s = \"😀\"; const n: number = s;\n",
            &[],
            SDK,
        )
        .unwrap_err();
        let PrepareError::Program { diagnostics, .. } = err else {
            panic!("{err:?}")
        };
        // `n` is the 22nd character and the 23rd UTF-16 unit.
        assert_eq!(diagnostics[0].location.as_ref().unwrap().column, 22, "{diagnostics:?}");
        assert!(
            diagnostics[0].message.starts_with("program.ts(1,22)"),
            "{diagnostics:?}"
        );
    }

    #[test]
    fn parse_reads_heads_and_continuations() {
        let d = parse(
            "program.ts(3,7): error TS2322: Type 'string' is not assignable to type 'number'.\n  Extra detail.\nerror TS5023: Unknown compiler option 'x'.\n",
        );
        assert_eq!(d.len(), 2);
        assert_eq!(
            d[0].message,
            "Type 'string' is not assignable to type 'number'.\n  Extra detail."
        );
        assert_eq!((d[1].file.clone(), d[1].code), (None, 5023));
    }
}
