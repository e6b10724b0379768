//! The Ruby arm: a model's reply is a Ruby program run by CRuby 3.4.1 (ruby.wasm's preview1 reactor,
//! `ruby+stdlib.wasm` from toolchains/ruby.sh) as a shared core-module guest, with an SDK generated
//! from the WIT (`Gg::Files.read_file(...)`) reaching the membrane through the JavaScript-bridge
//! imports the guest declares (`host.rs`).
//!
//! Nothing reads a program before the guest does: preparation hands the source over unchanged and
//! every failure is the guest's own report (`guest/runtime.rb`).

mod bake;
mod exports;
mod host;
pub mod mask;
mod prompt;
mod snapshot;

use std::borrow::Cow;
use std::sync::OnceLock;

use gg_core::wire::CodeModule;
use gg_core::{
    Catalogue, CodeMask, CoreModuleHost, GuestArtifact, GuestKind, ModuleExport, PrepareCx, PrepareError, Prepared,
    ProgramLanguage,
};

/// The guest: `ruby+stdlib.wasm` of @ruby/3.4-wasm-wasi 2.10.1, copied by build.rs (30.6 MB).
pub const MODULE: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/ruby.wasm"));
/// The module's hex SHA-256, computed by the build.
pub(crate) const MODULE_SHA256: &str = include_str!(concat!(env!("OUT_DIR"), "/ruby.wasm.sha256"));
/// The SDK's catalogue, generated from the WIT by build.rs.
pub const CATALOGUE: &str = include_str!(concat!(env!("OUT_DIR"), "/ruby.catalogue.json"));
/// The SDK prelude evaluated before every program (runtime and generated families).
pub const SDK: &str = host::PRELUDE;

/// The Ruby arm.
#[derive(Debug, Default)]
pub struct RubyArm;

gg_core::register_arm!(RubyArm);

static HOST: host::RubyHost = host::RubyHost;

impl ProgramLanguage for RubyArm {
    fn id(&self) -> &'static str {
        "ruby"
    }

    fn display_name(&self) -> &'static str {
        "Ruby"
    }

    fn extensions(&self) -> &'static [&'static str] {
        &["rb"]
    }

    fn module_extensions(&self) -> &'static [&'static str] {
        &["rb"]
    }

    /// The source unchanged; the context names where the VM's snapshot is kept between processes.
    fn prepare(&self, cx: &PrepareCx, source: &str, _modules: &[CodeModule]) -> Result<Prepared, PrepareError> {
        snapshot::set_cache_dir(cx.cache_dir());
        Ok(Prepared::unchanged(source))
    }

    fn warm_up(&self, cx: &PrepareCx) {
        snapshot::set_cache_dir(cx.cache_dir());
    }

    fn guest(&self) -> Option<GuestArtifact> {
        Some(GuestArtifact {
            kind: GuestKind::CoreModule,
            bytes: Cow::Borrowed(MODULE),
            digest: Some(MODULE_SHA256),
        })
    }

    fn core_host(&self) -> Option<&dyn CoreModuleHost> {
        Some(&HOST)
    }

    fn stdout_is_feedback(&self) -> bool {
        true
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
        format!("Lib::{}", binding_name(key))
    }

    /// A method is called on the module (`Lib::Notes.summary`); a constant, class or module is
    /// named inside it (`Lib::Notes::LIMIT`).
    fn export_access(&self, key: &str, name: &str) -> String {
        let sep = if name.starts_with(|c: char| c.is_ascii_uppercase()) {
            "::"
        } else {
            "."
        };
        format!("Lib::{}{sep}{name}", binding_name(key))
    }

    fn prompt_segment_from(&self, catalogue: &Catalogue) -> Option<String> {
        Some(prompt::segment(catalogue))
    }
}

/// The embedded catalogue, parsed once; it must say it is this arm's.
pub fn catalogue() -> &'static Catalogue {
    static CATALOGUE_PARSED: OnceLock<Catalogue> = OnceLock::new();
    CATALOGUE_PARSED.get_or_init(|| Catalogue::embedded(CATALOGUE, "ruby"))
}

/// A module key as a Ruby constant under `Lib`: CamelCase, ASCII-only (`my notes`, `my_notes` and
/// `myNotes` are `MyNotes`; a leading digit gets `M`).
pub fn binding_name(name: &str) -> String {
    let mut out = String::new();
    let mut upper = true;
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(if upper { c.to_ascii_uppercase() } else { c });
            upper = false;
        } else {
            upper = true;
        }
    }
    if out.is_empty() {
        out = "Module".into();
    }
    if out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert(0, 'M');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binding_names_are_ruby_constants() {
        for (key, want) in [
            ("notes", "Notes"),
            ("my notes", "MyNotes"),
            ("my_notes", "MyNotes"),
            ("myNotes", "MyNotes"),
            ("notes-v2", "NotesV2"),
            ("café au lait", "CafAuLait"),
            ("2fa", "M2fa"),
            ("", "Module"),
        ] {
            assert_eq!(binding_name(key), want, "{key:?}");
        }
    }

    #[test]
    fn an_export_is_named_as_a_program_reaches_it() {
        assert_eq!(RubyArm.export_access("Notes", "summary"), "Lib::Notes.summary");
        assert_eq!(RubyArm.export_access("Notes", "LIMIT"), "Lib::Notes::LIMIT");
        assert_eq!(RubyArm.export_access("Notes", "Entry"), "Lib::Notes::Entry");
    }

    #[test]
    fn the_catalogue_binds_every_operation_once() {
        let c = catalogue();
        gg_core::testing::assert_binds_every_operation(c);
    }

    #[test]
    fn the_sdk_defines_every_operation_of_the_host() {
        for op in gg_core::program::membrane::OPERATIONS {
            let (family, name) = op.id.split_once('.').expect("family.name");
            assert!(
                SDK.contains(&format!("\"{}\" => [[", op.id)),
                "{} has no table entry",
                op.id
            );
            let _ = family;
            assert!(SDK.contains(&format!("def self.{name}(")), "{} has no method", op.id);
        }
    }
}
