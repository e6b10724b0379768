//! The fixture arm: a test-only language whose guest does, on command, each thing a ceiling must
//! stop (loop, sleep, grow, recurse, flood stderr, exit) and calls any membrane operation. It keeps
//! the `ProgramLanguage` trait honest without any real language's toolchain.

mod guest;

use std::borrow::Cow;
use std::sync::OnceLock;

use gg_core::catalogue::{CatalogueFunction, CatalogueModule};
use gg_core::membrane::OPERATIONS;
use gg_core::wire::CodeModule;
use gg_core::{
    Catalogue, Checker, CodeMask, Diagnostic, GuestArtifact, ModuleExport, PrepareError, Prepared, ProgramFault,
    ProgramLanguage, SourceLocation, ToolchainStatus,
};

pub use guest::COMPONENT;

/// The fixture arm. Its programs are command lines (`loop`, `sleep 50`, `op files.read_file {...}`);
/// see `guest/src/lib.rs` for the whole command set.
#[derive(Debug, Default)]
pub struct FixtureArm;

gg_core::register_arm!(FixtureArm);

impl ProgramLanguage for FixtureArm {
    fn id(&self) -> &'static str {
        "fixture"
    }

    fn display_name(&self) -> &'static str {
        "Fixture"
    }

    fn extensions(&self) -> &'static [&'static str] {
        &["ggfix"]
    }

    fn module_extensions(&self) -> &'static [&'static str] {
        &["ggfix"]
    }

    fn checker(&self) -> Option<Checker> {
        None
    }

    fn toolchain(&self) -> ToolchainStatus {
        ToolchainStatus::NotNeeded
    }

    /// The text crosses unchanged, except two preparation failures the tests drive on purpose:
    /// a `compile-error MESSAGE` line is the program's Compile fault at that line, and a
    /// `toolchain-missing` line is the toolchain's fault.
    fn prepare(&self, source: &str, _modules: &[CodeModule]) -> Result<Prepared, PrepareError> {
        for (i, line) in source.lines().enumerate() {
            if let Some(message) = line.trim().strip_prefix("compile-error ") {
                return Err(PrepareError::Program {
                    fault: ProgramFault::Compile,
                    diagnostics: vec![Diagnostic {
                        message: message.to_owned(),
                        location: Some(SourceLocation {
                            file: "program".into(),
                            line: i as u32 + 1,
                            column: 1,
                        }),
                    }],
                    dropped: 0,
                });
            }
            if line.trim() == "toolchain-missing" {
                return Err(PrepareError::Toolchain {
                    tool: "fixture-compiler".into(),
                    message: "not installed (this line asks the fixture arm to say so)".into(),
                });
            }
        }
        Ok(Prepared::unchanged(source))
    }

    fn guest(&self) -> Option<GuestArtifact> {
        Some(GuestArtifact {
            component: Cow::Borrowed(COMPONENT),
            digest: None,
        })
    }

    fn guest_stops_itself(&self) -> bool {
        false
    }

    /// One entry per operation, spelled as the fixture's `op` command spells it: generated from
    /// the host's own operation table, so it cannot drift from it.
    fn catalogue(&self) -> &Catalogue {
        static CATALOGUE: OnceLock<Catalogue> = OnceLock::new();
        CATALOGUE.get_or_init(|| {
            let mut modules: Vec<CatalogueModule> = Vec::new();
            let functions = OPERATIONS
                .iter()
                .map(|op| {
                    let (module, name) = op.id.split_once('.').expect("operation ids are interface.function");
                    if !modules.iter().any(|m| m.name == module) {
                        modules.push(CatalogueModule {
                            name: module.to_owned(),
                            import_line: String::new(),
                            brief: format!("the {module} operations"),
                        });
                    }
                    CatalogueFunction {
                        module: module.to_owned(),
                        name: name.to_owned(),
                        qualified: op.id.to_owned(),
                        operation: op.id.to_owned(),
                        signature: format!("op {} {{...}}", op.id),
                        brief: format!("calls {}", op.id),
                        detail: String::new(),
                        params: Vec::new(),
                        returns: None,
                        throws: Vec::new(),
                    }
                })
                .collect();
            Catalogue {
                language: "fixture".into(),
                modules,
                functions,
                types: Vec::new(),
                libraries: Vec::new(),
            }
        })
    }

    /// Everything is code except a `#` comment line.
    fn code_mask(&self, source: &str) -> Option<CodeMask> {
        let mut code = Vec::with_capacity(source.len());
        for line in source.split_inclusive('\n') {
            let comment = line.trim_start().starts_with('#');
            code.extend(std::iter::repeat_n(!comment, line.len()));
        }
        Some(CodeMask { code })
    }

    /// A module declares a name with a `def NAME` line.
    fn module_exports(&self, source: &str) -> Vec<ModuleExport> {
        source
            .lines()
            .filter_map(|l| l.strip_prefix("def "))
            .map(|name| ModuleExport {
                name: name.trim().to_owned(),
                declaration: format!("def {}", name.trim()),
                doc: None,
                returns: Vec::new(),
                parameters: Vec::new(),
            })
            .collect()
    }

    fn binding_name(&self, name: &str) -> String {
        name.chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() {
                    c.to_ascii_lowercase()
                } else {
                    '_'
                }
            })
            .collect()
    }

    fn lib_access(&self, key: &str) -> String {
        format!("lib.{key}")
    }
}
