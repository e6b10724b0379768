//! Test support: sessions on the C# arm over the in-memory tools, and fixture programs.
#![allow(dead_code)]

use std::sync::Arc;

use gg_arm_csharp::CSharpArm;
#[allow(unused_imports)]
pub use gg_core::testing::{MemoryTools, report};
use gg_core::{CompileCache, Limits, RunOptions, SandboxOutcome, Session};

/// The line that splits a fixture into the turns of one session.
pub const TURN: &str = "// --- turn ---";

/// A session on the C# arm over `tools`.
pub fn session(tools: Arc<MemoryTools>) -> Session {
    Session::new(Arc::new(CSharpArm), tools)
}

/// Options for a test: the compile cache from the environment, so the Cranelift compile of the
/// runtime is paid once per machine rather than once per test binary.
pub fn options() -> RunOptions {
    RunOptions {
        cache: CompileCache::from_env(),
        ..RunOptions::default()
    }
}

/// Options from a fixture's `// limit timeout SECS` and `// limit memory BYTES` lines.
pub fn options_for(source: &str) -> RunOptions {
    RunOptions {
        limits: gg_core::testing::limits_from(source, "//", Limits::default()),
        ..options()
    }
}

/// Runs one program in a fresh session with fresh tools.
pub async fn run(source: &str) -> SandboxOutcome {
    session(Arc::new(MemoryTools::default()))
        .run(source, &options_for(source))
        .await
}

/// A fixture program from `tests/fixtures/NAME.cs`.
pub fn fixture(name: &str) -> String {
    let path = format!("{}/tests/fixtures/{name}.cs", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}
