//! The JavaScript arm's integration tests, one binary (wasmtime's `tests/all`), and their support:
//! sessions on the arm, fixture programs from files, and options whose compile cache lives in the
//! target directory, so Cranelift compiles the guest once per machine. `tests/checker.rs` stays a
//! binary of its own: its tests count on what the process's pool of warm checkers holds, which the
//! TypeScript programs here would take from.

mod fixtures;
mod guest;
mod natural;
#[cfg(feature = "purescript")]
mod purescript;
mod surface;
mod typescript;

use std::sync::Arc;
use std::time::Duration;

use gg_arm_typescript::JavaScript;
#[allow(unused_imports)]
pub use gg_core::testing::{MemoryTools, report};
use gg_core::{CompileCache, Limits, RunOptions, SandboxOutcome, Session};

pub fn session(tools: Arc<MemoryTools>) -> Session {
    Session::new(Arc::new(JavaScript), tools)
}

pub async fn run(source: &str, options: &RunOptions) -> SandboxOutcome {
    session(Arc::new(MemoryTools::default())).run(source, options).await
}

pub fn cache() -> CompileCache {
    CompileCache::at(concat!(env!("CARGO_TARGET_TMPDIR"), "/gg-compile-cache"))
}

pub fn options() -> RunOptions {
    RunOptions {
        cache: cache(),
        ..RunOptions::default()
    }
}

pub fn limited(timeout_secs: f64, memory: u64) -> RunOptions {
    RunOptions {
        limits: Limits {
            timeout: Duration::from_secs_f64(timeout_secs),
            max_memory_bytes: memory,
        },
        ..options()
    }
}

/// A fixture program from `tests/fixtures/NAME.js`.
pub fn fixture(name: &str) -> String {
    let path = format!("{}/tests/fixtures/{name}.js", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}
