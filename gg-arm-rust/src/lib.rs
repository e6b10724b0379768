//! The Rust arm: a model's reply is a whole `program.rs` with `fn main()`, compiled per program by
//! rustc for wasm32-wasip2 into a component of its own, linked against the `gg` SDK and a small
//! library set prebuilt by `build/` (see `sdk/`).
//!
//! Preparation is the compile (`compile.rs`); what runs is the program's own text as written, its
//! `main` called by the SDK's `run` export. Identical programs (a rerun) reuse the component.

mod compile;
mod diagnostics;
mod exports;
pub mod mask;
mod prompt;

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Instant;

use gg_core::wire::CodeModule;
use gg_core::{
    Catalogue, Checker, CodeMask, LocationMap, ModuleExport, PrepareCx, PrepareError, Prepared, ProgramGuest,
    ProgramLanguage, SourceLocation, ToolchainStatus,
};
use sha2::{Digest, Sha256};

pub use compile::SPEED_FLAGS;

/// The catalogue, generated from the WIT in Rust spellings by the build (`build/sdk.rs`).
pub const SIGNATURES: &str = include_str!(concat!(env!("OUT_DIR"), "/rust.catalogue.json"));

/// Components of recently compiled programs, by the digest of everything that went into them.
const CACHED_PROGRAMS: usize = 32;

/// The Rust arm.
#[derive(Debug, Default)]
pub struct RustArm;

gg_core::register_arm!(RustArm);

impl ProgramLanguage for RustArm {
    fn id(&self) -> &'static str {
        "rust"
    }

    fn display_name(&self) -> &'static str {
        "Rust"
    }

    fn extensions(&self) -> &'static [&'static str] {
        &["rs"]
    }

    fn module_extensions(&self) -> &'static [&'static str] {
        &["rs"]
    }

    fn checker(&self) -> Option<Checker> {
        Some(Checker {
            name: "rustc".into(),
            version: compile::rustc_version().into(),
        })
    }

    fn toolchain(&self) -> ToolchainStatus {
        match compile::toolchain_present() {
            Ok(detail) => ToolchainStatus::Installed { detail },
            Err(why) => ToolchainStatus::Missing {
                install: format!("{why}: run toolchains/rust.sh and rebuild gg"),
            },
        }
    }

    fn prepare(&self, cx: &PrepareCx, source: &str, modules: &[CodeModule]) -> Result<Prepared, PrepareError> {
        let bound: Vec<(String, &CodeModule)> = modules.iter().map(|m| (binding_name(&m.key), m)).collect();
        let key = cache_key(source, modules);
        let component = match cached(&key) {
            Some(bytes) => bytes,
            None => {
                let bytes = Arc::new(compile::compile(cx, source, &bound)?);
                remember(key, bytes.clone());
                bytes
            }
        };
        Ok(Prepared {
            source: source.to_owned(),
            guest: ProgramGuest::Component(component.as_ref().clone()),
            locations: Some(Box::new(ProgramFiles {
                modules: bound
                    .into_iter()
                    .map(|(binding, _)| compile::module_file(&binding))
                    .collect(),
            })),
            modules: None,
        })
    }

    /// A module that does not compile alone stays out of every program's scope, reported naming
    /// it; programs that do not use it compile without it (`compile::check_module`).
    fn check_module(&self, cx: &PrepareCx, module: &CodeModule) -> Result<(), PrepareError> {
        compile::check_module(cx, &binding_name(&module.key), module)
    }

    fn guest_stops_itself(&self) -> bool {
        false
    }

    /// Winch: a program compiled once and run briefly is done sooner by the baseline compiler
    /// (BENCHMARKS.md, "Guest shapes": 3.8× faster to compile a Rust component, its code 1.64×
    /// slower); Rust's output needs neither GC nor exceptions, which Winch lacks.
    fn program_compiler(&self) -> gg_core::engine::Compiler {
        gg_core::engine::Compiler::Winch
    }

    /// The SDK already sends the program's stdout to `feedback.log` (`sdk/gg/src/output.rs`).
    fn stdout_is_feedback(&self) -> bool {
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
        format!("lib::{key}")
    }

    fn export_access(&self, key: &str, name: &str) -> String {
        format!("lib::{key}::{name}")
    }

    fn prompt_segment_from(&self, catalogue: &Catalogue) -> Option<String> {
        Some(prompt::segment(catalogue))
    }
}

/// The files a trap's DWARF frames may name that are the model's: `program.rs` and the code
/// modules' `lib/NAME.rs` (rustc is run with the scratch directory remapped away, so they are
/// written relative; an absolute path is matched by its tail). The standard library's and the
/// SDK's frames are not claimed, and gg-core strikes them.
struct ProgramFiles {
    modules: Vec<String>,
}

impl LocationMap for ProgramFiles {
    fn map(&self, location: &SourceLocation) -> Option<SourceLocation> {
        let file = location.file.trim_start_matches("./");
        let named = |want: &str| file == want || file.ends_with(&format!("/{want}"));
        let own = std::iter::once("program.rs")
            .chain(self.modules.iter().map(String::as_str))
            .find(|want| named(want))?;
        Some(SourceLocation {
            file: own.to_owned(),
            line: location.line,
            column: location.column.max(1),
        })
    }
}

fn cache_key(source: &str, modules: &[CodeModule]) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(compile::rustc_version());
    for flag in SPEED_FLAGS {
        h.update(flag);
    }
    h.update(SIGNATURES);
    h.update((source.len() as u64).to_le_bytes());
    h.update(source);
    for m in modules {
        for part in [&m.key, &m.source] {
            h.update((part.len() as u64).to_le_bytes());
            h.update(part);
        }
    }
    h.finalize().into()
}

type ProgramCache = Mutex<HashMap<[u8; 32], (Instant, Arc<Vec<u8>>)>>;

fn program_cache() -> &'static ProgramCache {
    static CACHE: OnceLock<ProgramCache> = OnceLock::new();
    CACHE.get_or_init(Default::default)
}

fn cached(key: &[u8; 32]) -> Option<Arc<Vec<u8>>> {
    let mut cache = program_cache().lock().ok()?;
    let entry = cache.get_mut(key)?;
    entry.0 = Instant::now();
    Some(entry.1.clone())
}

fn remember(key: [u8; 32], bytes: Arc<Vec<u8>>) {
    let Ok(mut cache) = program_cache().lock() else { return };
    if cache.len() >= CACHED_PROGRAMS
        && let Some(oldest) = cache.iter().min_by_key(|(_, (used, _))| *used).map(|(k, _)| *k)
    {
        cache.remove(&oldest);
    }
    cache.insert(key, (Instant::now(), bytes));
}

/// The embedded catalogue, parsed once; it must say it is this arm's.
pub fn catalogue() -> &'static Catalogue {
    static CATALOGUE_PARSED: OnceLock<Catalogue> = OnceLock::new();
    CATALOGUE_PARSED.get_or_init(|| Catalogue::embedded(SIGNATURES, "rust"))
}

/// Rust's strict and reserved keywords, which cannot name a module.
const KEYWORDS: &[&str] = &[
    "as", "async", "await", "box", "break", "const", "continue", "crate", "dyn", "else", "enum", "extern", "false",
    "fn", "for", "gen", "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "priv", "pub", "ref",
    "return", "self", "static", "struct", "super", "trait", "true", "try", "type", "unsafe", "use", "where", "while",
    "yield", "abstract", "become", "do", "final", "macro", "override", "typeof", "unsized", "virtual",
];

/// A module key as Rust spells a module: snake_case, ASCII, a valid identifier (`My Notes` and
/// `myNotes` are `my_notes`; a leading digit gets `m_`; a keyword gets a trailing `_`).
pub fn binding_name(name: &str) -> String {
    gg_core::program::language::snake_case_binding(name, KEYWORDS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_export_is_named_as_a_program_reaches_it() {
        assert_eq!(RustArm.export_access("my_notes", "summary"), "lib::my_notes::summary");
    }

    #[test]
    fn binding_names_are_snake_case_identifiers() {
        for (key, want) in [
            ("notes", "notes"),
            ("My Notes", "my_notes"),
            ("myNotes", "my_notes"),
            ("notes-v2", "notes_v2"),
            ("2fa", "m_2fa"),
            ("type", "type_"),
            ("", "module"),
        ] {
            assert_eq!(binding_name(key), want, "{key:?}");
        }
    }

    #[test]
    fn a_spent_deadline_is_a_timeout_and_a_cancel_the_toolchains_failure() {
        let base = gg_core::CompileCache::from_env();
        let spent = PrepareCx::new(Instant::now(), gg_core::toolchain::Cancel::default(), &base);
        let err = RustArm
            .prepare(&spent, "fn main() {}\n// a spent deadline\n", &[])
            .unwrap_err();
        assert_eq!(err, PrepareError::TimedOut { step: "rustc".into() });
        let cancel = gg_core::toolchain::Cancel::new();
        cancel.cancel();
        let cancelled = PrepareCx::new(Instant::now() + PrepareCx::MAX_PREPARE, cancel, &base);
        let err = RustArm
            .prepare(&cancelled, "fn main() {}\n// a cancelled run\n", &[])
            .unwrap_err();
        assert!(
            matches!(&err, PrepareError::Toolchain { message, .. } if message.contains("cancelled")),
            "{err:?}"
        );
    }

    #[test]
    fn the_map_claims_the_programs_files_only() {
        let map = ProgramFiles {
            modules: vec!["lib/notes.rs".into()],
        };
        let at = |file: &str| SourceLocation {
            file: file.into(),
            line: 3,
            column: 0,
        };
        assert_eq!(map.map(&at("program.rs")).unwrap().file, "program.rs");
        assert_eq!(map.map(&at("program.rs")).unwrap().column, 1);
        assert_eq!(map.map(&at("/somewhere/program.rs")).unwrap().file, "program.rs");
        assert_eq!(map.map(&at("lib/notes.rs")).unwrap().file, "lib/notes.rs");
        assert!(map.map(&at("lib/root.rs")).is_none());
        assert!(map.map(&at("/rustc/abc/library/std/src/panicking.rs")).is_none());
        assert!(map.map(&at("not-program.rs")).is_none());
    }

    #[test]
    fn the_catalogue_binds_every_operation_once() {
        let c = catalogue();
        gg_core::testing::assert_binds_every_operation(c);
        let read = c.functions.iter().find(|f| f.operation == "files.read_file").unwrap();
        assert_eq!(
            read.signature,
            "fn gg::files::read_file(path: &str, offset: Option<u32>, limit: Option<u32>) -> Result<FileRead, gg::ApiError>"
        );
    }
}
