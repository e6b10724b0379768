//! Test support: a runner over the fixture arm, and fixture programs from files.
#![allow(dead_code)]

use std::sync::Arc;

use gg_arm_fixture::FixtureArm;
#[allow(unused_imports)]
pub use gg_core::testing::{MemoryTools, report};
use gg_core::{RunOptions, SandboxOutcome, Session};

/// A session on the fixture arm over `tools`.
pub fn session(tools: Arc<MemoryTools>) -> Session {
    Session::new(Arc::new(FixtureArm), tools)
}

/// Runs one program in a fresh session with fresh tools.
pub async fn run(source: &str, options: &RunOptions) -> SandboxOutcome {
    session(Arc::new(MemoryTools::default())).run(source, options).await
}

/// A fixture program from `tests/fixtures/NAME.ggfix`.
pub fn fixture(name: &str) -> String {
    let path = format!("{}/tests/fixtures/{name}.ggfix", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}
