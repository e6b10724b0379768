//! The Python arm: a model's reply is a Python module run by the CPython 3.14 baked into a
//! componentize-py guest, with the hand-written `gg` package as its SDK (`guest/`).
//!
//! Nothing reads a program before the guest does: preparation hands the source over unchanged,
//! there is no checker, and every failure is the guest's own report (see `guest/shim.py`).

mod exports;
pub mod mask;
mod prompt;

use std::sync::OnceLock;

use gg_core::wire::CodeModule;
use gg_core::{Catalogue, CodeMask, GuestArtifact, ModuleExport, PrepareCx, PrepareError, Prepared, ProgramLanguage};

/// The guest: `guest/` baked by componentize-py 0.25.1 (build.rs); about 25 MB.
pub const COMPONENT: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/python.component.wasm"));
/// The component's hex SHA-256, computed by the build, so a cold process need not hash 25 MB.
const COMPONENT_SHA256: &str = include_str!(concat!(env!("OUT_DIR"), "/python.component.sha256"));

/// The gg package's catalogue, reflected by griffe at build time (`signatures.py`).
pub const SIGNATURES: &str = include_str!(concat!(env!("OUT_DIR"), "/python.signatures.json"));

/// The Python arm.
#[derive(Debug, Default)]
pub struct PythonArm;

gg_core::register_arm!(PythonArm);

impl ProgramLanguage for PythonArm {
    fn id(&self) -> &'static str {
        "python"
    }

    fn display_name(&self) -> &'static str {
        "Python"
    }

    fn extensions(&self) -> &'static [&'static str] {
        &["py"]
    }

    fn module_extensions(&self) -> &'static [&'static str] {
        &["py"]
    }

    fn prepare(&self, _cx: &PrepareCx, source: &str, _modules: &[CodeModule]) -> Result<Prepared, PrepareError> {
        Ok(Prepared::unchanged(source))
    }

    fn guest(&self) -> Option<GuestArtifact> {
        Some(GuestArtifact::component(COMPONENT, Some(COMPONENT_SHA256)))
    }

    fn guest_stops_itself(&self) -> bool {
        false
    }

    fn catalogue(&self) -> &Catalogue {
        catalogue()
    }

    fn code_mask(&self, source: &str) -> Option<CodeMask> {
        mask::mask(source).map(|code| CodeMask { code })
    }

    fn module_exports(&self, source: &str) -> Vec<ModuleExport> {
        exports::module_exports(source)
    }

    fn binding_name(&self, name: &str) -> String {
        binding_name(name)
    }

    fn lib_access(&self, key: &str) -> String {
        format!("lib.{key}")
    }

    fn prompt_segment_from(&self, catalogue: &Catalogue) -> Option<String> {
        Some(prompt::segment(catalogue))
    }
}

/// The embedded catalogue, parsed once; it must say it is this arm's.
pub fn catalogue() -> &'static Catalogue {
    static CATALOGUE_PARSED: OnceLock<Catalogue> = OnceLock::new();
    CATALOGUE_PARSED.get_or_init(|| Catalogue::embedded(SIGNATURES, "python"))
}

/// Python keywords, which cannot name a module.
const KEYWORDS: &[&str] = &[
    "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue", "def", "del",
    "elif", "else", "except", "finally", "for", "from", "global", "if", "import", "in", "is", "lambda", "nonlocal",
    "not", "or", "pass", "raise", "return", "try", "while", "with", "yield",
];

/// A module key as Python spells it: snake_case, ASCII-only, a valid identifier (`My Notes` and
/// `myNotes` are `my_notes`; a leading digit gets `m_`; a keyword gets a trailing `_`).
pub fn binding_name(name: &str) -> String {
    gg_core::program::language::snake_case_binding(name, KEYWORDS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binding_names_are_snake_case_ascii_identifiers() {
        for (key, want) in [
            ("notes", "notes"),
            ("My Notes", "my_notes"),
            ("myNotes", "my_notes"),
            ("notes-v2", "notes_v2"),
            ("HTTPClient", "httpclient"),
            ("café au lait", "caf_au_lait"),
            ("2fa", "m_2fa"),
            ("class", "class_"),
            ("", "module"),
            ("__x__", "x"),
        ] {
            assert_eq!(binding_name(key), want, "{key:?}");
        }
    }

    #[test]
    fn the_embedded_catalogue_is_pythons_and_binds_every_operation_once() {
        let c = catalogue();
        assert_eq!(c.language, "python");
        let mut ops: Vec<&str> = c.functions.iter().map(|f| f.operation.as_str()).collect();
        ops.sort();
        let mut host: Vec<&str> = gg_core::program::membrane::OPERATIONS.iter().map(|o| o.id).collect();
        host.sort();
        assert_eq!(ops, host);
        assert!(c.modules.iter().all(|m| m.import_line == "import gg"));
        assert!(c.libraries.iter().map(|g| g.modules.len()).sum::<usize>() >= 90);
    }
}
