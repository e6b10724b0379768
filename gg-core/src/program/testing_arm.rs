//! A minimal arm for gg-core's own unit tests: an id and extensions, no guest.

use crate::api::catalogue::Catalogue;
use crate::program::language::*;
use crate::wire::CodeModule;

pub(crate) struct NamedArm(pub &'static str, pub &'static [&'static str]);

impl ProgramLanguage for NamedArm {
    fn id(&self) -> &'static str {
        self.0
    }
    fn display_name(&self) -> &'static str {
        self.0
    }
    fn extensions(&self) -> &'static [&'static str] {
        self.1
    }
    fn module_extensions(&self) -> &'static [&'static str] {
        self.1
    }
    fn checker(&self) -> Option<Checker> {
        None
    }
    fn toolchain(&self) -> ToolchainStatus {
        ToolchainStatus::NotNeeded
    }
    fn prepare(&self, _: &crate::PrepareCx, source: &str, _: &[CodeModule]) -> Result<Prepared, PrepareError> {
        Ok(Prepared::unchanged(source))
    }
    fn guest(&self) -> Option<GuestArtifact> {
        None
    }
    fn guest_stops_itself(&self) -> bool {
        false
    }
    fn catalogue(&self) -> &Catalogue {
        static EMPTY: std::sync::OnceLock<Catalogue> = std::sync::OnceLock::new();
        EMPTY.get_or_init(Catalogue::default)
    }
    fn code_mask(&self, _: &str) -> Option<CodeMask> {
        None
    }
    fn module_exports(&self, _: &str) -> Vec<ModuleExport> {
        Vec::new()
    }
    fn binding_name(&self, name: &str) -> String {
        name.to_owned()
    }
    fn lib_access(&self, key: &str) -> String {
        key.to_owned()
    }
}
