//! The fixture arm: a test-only language whose guest does, on command, each thing a ceiling must
//! stop (loop, sleep, grow, recurse, flood stderr, exit) and calls any membrane operation. It keeps
//! the `ProgramLanguage` trait honest without any real language's toolchain.

mod core;
mod guest;

use std::sync::OnceLock;

use gg_core::api::catalogue::{CatalogueFunction, CatalogueModule};
use gg_core::program::membrane::OPERATIONS;
use gg_core::wire::CodeModule;
use gg_core::{
    Catalogue, Checker, CodeMask, Diagnostic, GuestArtifact, ModuleExport, PrepareCx, PrepareError, Prepared,
    ProgramFault, ProgramLanguage, SourceLocation,
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

    /// The "compiler" of the compiled modes (`compile core`): clang, through gg-core's toolchain runner.
    fn checker(&self) -> Option<Checker> {
        Some(Checker {
            name: core::CLANG.into(),
            version: "19".into(),
        })
    }

    /// The text crosses unchanged, except two preparation failures the tests drive on purpose:
    /// each `compile-error MESSAGE` line is a diagnostic of the program's Compile fault there, and a
    /// `toolchain-missing` line is the toolchain's fault; and a first command `compile core`,
    /// `compile component` or `compile hang` asks for a compiled mode (see `core`).
    fn prepare(&self, cx: &PrepareCx, source: &str, modules: &[CodeModule]) -> Result<Prepared, PrepareError> {
        match core::mode(source) {
            core::Mode::Core => return core::compile(cx, source, modules),
            core::Mode::Component => return Ok(core::own_component(source)),
            core::Mode::Hang => return core::hang(cx),
            core::Mode::Shared => {}
        }
        if let Some(e) = compile_error(source, "program") {
            return Err(e);
        }
        for line in source.lines() {
            if line.trim() == "toolchain-missing" {
                return Err(PrepareError::Toolchain {
                    tool: "fixture-compiler".into(),
                    message: "not installed (this line asks the fixture arm to say so)".into(),
                });
            }
        }
        Ok(Prepared::unchanged(source))
    }

    /// A module with a `compile-error MESSAGE` line fails its check there, located in
    /// `lib/<key>.ggfix`.
    fn check_module(&self, _cx: &PrepareCx, module: &CodeModule) -> Result<(), PrepareError> {
        match compile_error(&module.source, &format!("lib/{}.ggfix", module.key)) {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    fn guest(&self) -> Option<GuestArtifact> {
        Some(GuestArtifact::component(COMPONENT, None))
    }

    fn core_host(&self) -> Option<&dyn gg_core::CoreModuleHost> {
        Some(&core::FixtureImports)
    }

    /// A compiled program's `printf` is its feedback.
    fn stdout_is_feedback(&self) -> bool {
        true
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
                left_out: Default::default(),
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

/// The Compile fault of `source`'s `compile-error MESSAGE` lines, a diagnostic each, located in
/// `file`; none without such a line.
fn compile_error(source: &str, file: &str) -> Option<PrepareError> {
    let diagnostics: Vec<Diagnostic> = source
        .lines()
        .enumerate()
        .filter_map(|(i, line)| {
            let message = line.trim().strip_prefix("compile-error ")?;
            Some(Diagnostic {
                message: message.to_owned(),
                location: Some(SourceLocation {
                    file: file.into(),
                    line: i as u32 + 1,
                    column: 1,
                }),
            })
        })
        .collect();
    (!diagnostics.is_empty()).then_some(PrepareError::Program {
        fault: ProgramFault::Compile,
        diagnostics,
        dropped: 0,
    })
}
