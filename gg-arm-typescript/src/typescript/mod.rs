//! The TypeScript arm: checked by the native TypeScript 7 compiler against the SDK's declarations,
//! stripped to JavaScript in process (oxc) with a map back, and run on the ECMAScript guest.

pub mod checker;
pub mod strip;
mod warm;

use std::sync::OnceLock;

use gg_core::wire::CodeModule;
use gg_core::{
    Catalogue, Checker, CodeMask, Diagnostic, GuestArtifact, ModuleExport, PrepareCx, PrepareError, Prepared,
    ProgramFault, ProgramGuest, ProgramLanguage, SourceLocation, ToolchainStatus,
};

use crate::{COMPONENT, DECLARATIONS, camel_key};

/// The globals the guest installs beyond ES2022, declared for the checker.
const GLOBALS: &str = include_str!("globals.d.ts");

/// Everything the checker is given besides the program: the SDK's declarations and the globals.
pub fn declarations() -> &'static str {
    static ALL: OnceLock<String> = OnceLock::new();
    ALL.get_or_init(|| format!("{DECLARATIONS}\n{GLOBALS}"))
}

/// TypeScript: type-checked, stripped, and run as the module `program.js`; every location the
/// guest reports is read back into `program.ts`.
#[derive(Debug, Default)]
pub struct TypeScript;

gg_core::register_arm!(TypeScript);

impl ProgramLanguage for TypeScript {
    fn id(&self) -> &'static str {
        "typescript"
    }

    fn display_name(&self) -> &'static str {
        "TypeScript"
    }

    fn extensions(&self) -> &'static [&'static str] {
        &["ts", "mts"]
    }

    fn module_extensions(&self) -> &'static [&'static str] {
        &["ts", "js"]
    }

    fn checker(&self) -> Option<Checker> {
        static VERSION: OnceLock<String> = OnceLock::new();
        let version = VERSION
            .get_or_init(|| checker::tsc_version(&checker::tsc_path()).unwrap_or_else(|e| format!("unavailable: {e}")));
        Some(Checker {
            name: "tsc".into(),
            version: version.clone(),
        })
    }

    fn toolchain(&self) -> ToolchainStatus {
        let tsc = checker::tsc_path();
        match checker::tsc_version(&tsc) {
            Ok(version) => ToolchainStatus::Installed {
                detail: format!("tsc {version} at {}", tsc.display()),
            },
            Err(_) => ToolchainStatus::Missing {
                install: "bash toolchains/typescript.sh".into(),
            },
        }
    }

    /// Check, then strip the program and every code module; the guest runs the JavaScript and the
    /// map reads its locations back.
    fn prepare(&self, cx: &PrepareCx, source: &str, modules: &[CodeModule]) -> Result<Prepared, PrepareError> {
        check_nesting(source, checker::PROGRAM_FILE)?;
        for m in modules {
            check_nesting(&m.source, &format!("lib/{}.ts", m.key))?;
        }
        checker::check(cx, source, modules, declarations())?;
        let program = strip::strip(source, checker::PROGRAM_FILE, "program.js")?;
        let modules = modules
            .iter()
            .map(|m| {
                let stripped = strip::strip(&m.source, &format!("lib/{}.ts", m.key), &format!("lib:{}", m.key))?;
                Ok(CodeModule {
                    key: m.key.clone(),
                    source: stripped.code,
                })
            })
            .collect::<Result<Vec<_>, PrepareError>>()?;
        Ok(Prepared {
            source: program.code,
            guest: ProgramGuest::Shared,
            locations: Some(Box::new(program.map)),
            modules: Some(modules),
        })
    }

    /// A module that does not strip (not TypeScript, or broken) stays out of scope, located in
    /// `lib/<key>.ts`; its type errors fail only the programs that import it (tsc checks a module
    /// only when the program reaches it).
    fn check_module(&self, _cx: &PrepareCx, module: &CodeModule) -> Result<(), PrepareError> {
        let file = format!("lib/{}.ts", module.key);
        check_nesting(&module.source, &file)?;
        strip::strip(&module.source, &file, &format!("lib:{}", module.key)).map(|_| ())
    }

    /// Starts the warm checker, so the first program does not pay for its start.
    fn warm_up(&self, cx: &PrepareCx) {
        checker::warm_up(cx);
    }

    fn guest(&self) -> Option<GuestArtifact> {
        Some(GuestArtifact::component(COMPONENT, None))
    }

    fn guest_stops_itself(&self) -> bool {
        true
    }

    fn catalogue(&self) -> &Catalogue {
        static CATALOGUE: OnceLock<Catalogue> = OnceLock::new();
        CATALOGUE.get_or_init(|| crate::catalogue("typescript"))
    }

    fn code_mask(&self, source: &str) -> Option<CodeMask> {
        crate::lexer::code_mask(source)
    }

    fn module_exports(&self, source: &str) -> Vec<ModuleExport> {
        crate::exports::module_exports(source)
    }

    fn binding_name(&self, name: &str) -> String {
        camel_key(name)
    }

    fn lib_access(&self, key: &str) -> String {
        format!("lib:{key}")
    }

    fn prompt_segment_from(&self, catalogue: &Catalogue) -> Option<String> {
        Some(crate::prompt::typescript(catalogue))
    }
}

/// Brackets a program may nest. oxc's parser recurses on nesting: 20,000 levels strip on the
/// 256 MiB preparation stack, 200,000 overflowed it and aborted gg (measured here), so deeper
/// text is refused before any parser sees it.
pub const MAX_NESTING: usize = 10_000;

/// Refuses text whose brackets (in code, not in strings or comments) nest past [`MAX_NESTING`].
pub(crate) fn check_nesting(source: &str, file: &str) -> Result<(), PrepareError> {
    let mask = crate::lexer::code_mask(source);
    let (mut depth, mut line, mut column) = (0usize, 1u32, 1u32);
    for (i, b) in source.bytes().enumerate() {
        let code = mask.as_ref().is_none_or(|m| m.is_code(i));
        match b {
            b'(' | b'[' | b'{' if code => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Err(PrepareError::Program {
                        fault: ProgramFault::Syntax,
                        diagnostics: vec![Diagnostic {
                            message: format!(
                                "brackets nest more than {MAX_NESTING} levels deep here; gg refuses such text before parsing it"
                            ),
                            location: Some(SourceLocation {
                                file: file.to_owned(),
                                line,
                                column,
                            }),
                        }],
                        dropped: 0,
                    });
                }
            }
            b')' | b']' | b'}' if code => depth = depth.saturating_sub(1),
            b'\n' => {
                line += 1;
                column = 0;
            }
            _ => {}
        }
        column += 1;
    }
    Ok(())
}

#[cfg(test)]
mod nesting_tests {
    use super::*;

    #[test]
    fn text_nested_past_the_bound_is_a_located_syntax_error_and_strings_do_not_count() {
        let deep = format!(
            "const x = {}1{};",
            "(".repeat(MAX_NESTING + 1),
            ")".repeat(MAX_NESTING + 1)
        );
        match check_nesting(&deep, "program.ts") {
            Err(PrepareError::Program { fault, diagnostics, .. }) => {
                assert_eq!(fault, ProgramFault::Syntax);
                let at = diagnostics[0].location.as_ref().unwrap();
                assert_eq!((at.line, at.column as usize), (1, 11 + MAX_NESTING));
            }
            other => panic!("{other:?}"),
        }
        let in_a_string = format!("const s = \"{}\";", "(".repeat(MAX_NESTING * 2));
        assert!(check_nesting(&in_a_string, "program.ts").is_ok());
        let at_the_bound = format!("{}{}", "[".repeat(MAX_NESTING), "]".repeat(MAX_NESTING));
        assert!(check_nesting(&at_the_bound, "program.ts").is_ok());
    }
}
