//! The Rust arm's integration tests, one binary (wasmtime's `tests/all`), and their support:
//! sessions on the Rust arm over the in-memory tools, and fixture programs.

mod natural;
mod snapshots;
mod surface;
mod workspace;

use std::sync::Arc;

use gg_arm_rust::RustArm;
#[allow(unused_imports)]
pub use gg_core::testing::{MemoryTools, report};
use gg_core::{Limits, RunOptions, SandboxOutcome, Session};

/// The line that splits a fixture into the turns of one session.
pub const TURN: &str = "// --- turn ---";

pub fn session(tools: Arc<MemoryTools>) -> Session {
    Session::new(Arc::new(RustArm), tools)
}

/// Options from a fixture's `// limit timeout SECS` and `// limit memory BYTES` lines.
pub fn options_for(source: &str) -> RunOptions {
    RunOptions {
        limits: gg_core::testing::limits_from(source, "//", Limits::default()),
        ..RunOptions::default()
    }
}

pub async fn run(source: &str) -> SandboxOutcome {
    session(Arc::new(MemoryTools::default()))
        .run(source, &options_for(source))
        .await
}

/// A fixture program from `tests/fixtures/NAME.rs`.
pub fn fixture(name: &str) -> String {
    let path = format!("{}/tests/fixtures/{name}.rs", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}
