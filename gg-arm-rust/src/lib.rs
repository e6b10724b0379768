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
use std::time::{Duration, Instant};

use gg_core::wire::CodeModule;
use gg_core::{
    Catalogue, Checker, CodeMask, GuestArtifact, ModuleExport, PrepareError, Prepared, ProgramLanguage, ToolchainStatus,
};
use sha2::{Digest, Sha256};

pub use compile::SPEED_FLAGS;

/// The catalogue, generated from the WIT in Rust spellings by the build (`build/sdk.rs`).
pub const SIGNATURES: &str = include_str!(concat!(env!("OUT_DIR"), "/rust.catalogue.json"));

/// How long one program's compile may take before rustc is stopped (the deadline gg-core's
/// `PrepareCx` will carry instead).
const PREPARE_TIMEOUT: Duration = Duration::from_secs(60);

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

    fn prepare(&self, source: &str, modules: &[CodeModule]) -> Result<Prepared, PrepareError> {
        let key = cache_key(source, modules);
        let component = match cached(&key) {
            Some(bytes) => bytes,
            None => {
                let scratch =
                    tempfile::Builder::new()
                        .prefix("gg-rust-")
                        .tempdir()
                        .map_err(|e| PrepareError::Toolchain {
                            tool: "rustc".into(),
                            message: format!("cannot make a scratch directory: {e}"),
                        })?;
                let bound: Vec<(String, &CodeModule)> = modules.iter().map(|m| (binding_name(&m.key), m)).collect();
                let bytes = Arc::new(compile::compile(
                    scratch.path(),
                    source,
                    &bound,
                    Instant::now() + PREPARE_TIMEOUT,
                )?);
                remember(key, bytes.clone());
                bytes
            }
        };
        Ok(Prepared {
            source: source.to_owned(),
            component: Some(component.as_ref().clone()),
            locations: None,
            modules: None,
        })
    }

    fn guest(&self) -> Option<GuestArtifact> {
        None
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
        format!("lib::{key}")
    }

    fn prompt_segment(&self) -> Option<String> {
        Some(prompt::segment(catalogue()))
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

/// The embedded catalogue, parsed once; it must say it is Rust's.
pub fn catalogue() -> &'static Catalogue {
    static CATALOGUE: OnceLock<Catalogue> = OnceLock::new();
    CATALOGUE.get_or_init(|| {
        let catalogue: Catalogue = serde_json::from_str(SIGNATURES).expect("the build wrote the catalogue");
        assert_eq!(
            catalogue.language, "rust",
            "the embedded catalogue is not the Rust arm's"
        );
        catalogue
    })
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
    let mut out = String::new();
    let mut prev: Option<char> = None;
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            if c.is_ascii_uppercase() && prev.is_some_and(|p| p.is_ascii_lowercase() || p.is_ascii_digit()) {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('_') {
            out.push('_');
        }
        prev = Some(c);
    }
    let mut out = out.trim_matches('_').to_owned();
    if out.is_empty() {
        out = "module".into();
    }
    if out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert_str(0, "m_");
    }
    if KEYWORDS.contains(&out.as_str()) {
        out.push('_');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn the_catalogue_binds_every_operation_once() {
        let c = catalogue();
        let mut ops: Vec<&str> = c.functions.iter().map(|f| f.operation.as_str()).collect();
        ops.sort();
        let mut host: Vec<&str> = gg_core::membrane::OPERATIONS.iter().map(|o| o.id).collect();
        host.sort();
        assert_eq!(ops, host);
        let read = c.functions.iter().find(|f| f.operation == "files.read_file").unwrap();
        assert_eq!(
            read.signature,
            "gg::files::read_file(path: &str, offset: Option<u32>, limit: Option<u32>) -> Result<FileRead, gg::ApiError>"
        );
    }
}
