//! The Python arm's integration tests, one binary (wasmtime's `tests/all`), and their support:
//! sessions on the Python arm over the in-memory tools, and fixture programs.

mod catalogue;
mod guest;
mod natural;
mod snapshots;
mod surface;
mod workspace;

use std::sync::Arc;
use std::time::Duration;

use gg_arm_python::PythonArm;
#[allow(unused_imports)]
pub use gg_core::testing::{MemoryTools, report};
use gg_core::{CompileCache, Limits, RunOptions, SandboxOutcome, Session};

/// The line that splits a fixture into the turns of one session.
pub const TURN: &str = "# --- turn ---";

/// A session on the Python arm over `tools`.
pub fn session(tools: Arc<MemoryTools>) -> Session {
    Session::new(Arc::new(PythonArm), tools)
}

/// Options for a test: the compile cache from the environment, so the ~12 s Cranelift compile of
/// the Python guest is paid once per machine rather than once per test binary.
pub fn options() -> RunOptions {
    RunOptions {
        cache: CompileCache::from_env(),
        ..RunOptions::default()
    }
}

/// Options from a fixture's `# limit timeout SECS` and `# limit memory BYTES` lines.
pub fn options_for(source: &str) -> RunOptions {
    let mut limits = Limits::default();
    for line in source.lines() {
        let mut words = line.split_whitespace();
        if words.next() == Some("#") && words.next() == Some("limit") {
            match (words.next(), words.next()) {
                (Some("timeout"), Some(v)) => limits.timeout = Duration::from_secs_f64(v.parse().unwrap()),
                (Some("memory"), Some(v)) => limits.max_memory_bytes = v.parse().unwrap(),
                other => panic!("unknown limit line {other:?}"),
            }
        }
    }
    RunOptions { limits, ..options() }
}

/// Runs one program in a fresh session with fresh tools.
pub async fn run(source: &str) -> SandboxOutcome {
    session(Arc::new(MemoryTools::default()))
        .run(source, &options_for(source))
        .await
}

/// A fixture program from `tests/fixtures/NAME.py`.
pub fn fixture(name: &str) -> String {
    let path = format!("{}/tests/fixtures/{name}.py", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}
