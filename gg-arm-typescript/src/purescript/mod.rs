//! The PureScript arm: the model's `Main` compiled by purs 0.15.16 against the core packages and
//! a gg SDK generated from the membrane model (`build/purescript.rs`), bundled by esbuild into one
//! ES module, and run on the ECMAScript guest; every location is read back into `program.purs`.
//! - `toolchain.rs`: where `toolchains/purescript.sh` installed purs, the packages and esbuild;
//! - `compile.rs`: the SDK compiled once, the warm `purs ide server`, the cold compile, the bundle;
//! - `guest.rs`: the guest pre-initialised with the compiled libraries, once per machine;
//! - `diagnostics.rs`: purs's JSON errors as the program's; `map.rs`: the bundle's source map;
//! - `lexer.rs`, `exports.rs`, `prompt.rs`.

pub mod compile;
pub mod diagnostics;
mod exports;
pub mod guest;
mod lexer;
pub mod map;
mod prompt;
pub mod toolchain;

use std::sync::OnceLock;

use gg_core::wire::CodeModule;
use gg_core::{
    Catalogue, Checker, CodeMask, GuestArtifact, ModuleExport, PrepareCx, PrepareError, Prepared, ProgramGuest,
    ProgramLanguage, ToolchainStatus,
};

use crate::COMPONENT;
use toolchain::{INSTALL, Toolchain, VERSION};

const CATALOGUE_JSON: &str = include_str!(concat!(env!("OUT_DIR"), "/purescript-catalogue.json"));

/// PureScript: compiled and bundled per program, run on the ECMAScript guest.
#[derive(Debug, Default)]
pub struct PureScript;

gg_core::register_arm!(PureScript);

impl ProgramLanguage for PureScript {
    fn id(&self) -> &'static str {
        "purescript"
    }

    fn display_name(&self) -> &'static str {
        "PureScript"
    }

    fn extensions(&self) -> &'static [&'static str] {
        &["purs"]
    }

    fn module_extensions(&self) -> &'static [&'static str] {
        &["purs"]
    }

    fn checker(&self) -> Option<Checker> {
        Some(Checker {
            name: "purs".into(),
            version: VERSION.into(),
        })
    }

    fn toolchain(&self) -> ToolchainStatus {
        match Toolchain::get() {
            Ok(tc) => ToolchainStatus::Installed {
                detail: format!(
                    "purs {VERSION} and {} core modules in {}",
                    tc.modules.len(),
                    tc.home.display()
                ),
            },
            Err(_) => ToolchainStatus::Missing {
                install: INSTALL.into(),
            },
        }
    }

    /// Compile and bundle; the guest runs the bundle as `program.js`, the map reads it back.
    fn prepare(&self, cx: &PrepareCx, source: &str, modules: &[CodeModule]) -> Result<Prepared, PrepareError> {
        crate::typescript::check_nesting(source, compile::PROGRAM_FILE)?;
        for m in modules {
            crate::typescript::check_nesting(&m.source, &format!("lib/{}.purs", m.key))?;
        }
        guest::get().map_err(|message| PrepareError::Toolchain {
            tool: "the PureScript guest".into(),
            message,
        })?;
        let bundle = compile::compile(cx, source, modules)?;
        Ok(Prepared {
            source: bundle.code,
            guest: ProgramGuest::Shared,
            locations: Some(Box::new(bundle.map)),
            // The modules are compiled into the bundle: none crosses on its own.
            modules: Some(Vec::new()),
        })
    }

    /// A module's header, if it has one, must name its `Lib.<Key>` module; its compile errors fail
    /// only the programs that import it (purs compiles a module beside the program that uses it).
    fn check_module(&self, _cx: &PrepareCx, module: &CodeModule) -> Result<(), PrepareError> {
        let file = format!("lib/{}.purs", module.key);
        crate::typescript::check_nesting(&module.source, &file)?;
        compile::sources("", std::slice::from_ref(module)).map(|_| ())
    }

    fn warm_up(&self, cx: &PrepareCx) {
        compile::warm_up(cx);
    }

    /// The guest with the libraries evaluated in its snapshot; without the toolchain (no program
    /// prepares then), the ECMAScript guest itself.
    fn guest(&self) -> Option<GuestArtifact> {
        Some(match guest::get() {
            Ok(g) => GuestArtifact::component(g.bytes, Some(g.digest)),
            Err(_) => GuestArtifact::component(COMPONENT, None),
        })
    }

    fn guest_stops_itself(&self) -> bool {
        true
    }

    fn catalogue(&self) -> &Catalogue {
        static CATALOGUE: OnceLock<Catalogue> = OnceLock::new();
        CATALOGUE.get_or_init(|| Catalogue::embedded(CATALOGUE_JSON, "purescript"))
    }

    fn code_mask(&self, source: &str) -> Option<CodeMask> {
        lexer::code_mask(source)
    }

    fn module_exports(&self, source: &str) -> Vec<ModuleExport> {
        exports::module_exports(source)
    }

    fn lib_access(&self, key: &str) -> String {
        compile::lib_module(key)
    }

    fn prompt_segment_from(&self, catalogue: &Catalogue) -> Option<String> {
        Some(prompt::purescript(catalogue))
    }
}

#[cfg(test)]
mod tests {
    use super::compile::lib_module;

    #[test]
    fn module_keys_are_lib_modules() {
        assert_eq!(lib_module("notes"), "Lib.Notes");
        assert_eq!(lib_module("my_notes"), "Lib.MyNotes");
        assert_eq!(lib_module("my-notes v2"), "Lib.MyNotesV2");
        assert_eq!(lib_module("2fa"), "Lib.M2fa");
    }
}
