//! Test support: sessions on the Ruby arm over the in-memory tools, and fixture programs.
#![allow(dead_code)]

use std::sync::Arc;

use gg_arm_ruby::RubyArm;
#[allow(unused_imports)]
pub use gg_core::testing::{MemoryTools, report};
use gg_core::{CompileCache, Limits, RunOptions, SandboxOutcome, Session};

/// The line that splits a fixture into the turns of one session.
pub const TURN: &str = "# --- turn ---";

/// A session on the Ruby arm over `tools`.
pub fn session(tools: Arc<MemoryTools>) -> Session {
    Session::new(Arc::new(RubyArm), tools)
}

/// Options for a test: the compile cache from the environment, so the Cranelift compile of the
/// 30.6 MB guest is paid once per machine rather than once per test binary. Every program after
/// the one that takes the VM snapshot runs on the guest with that snapshot baked in (its build
/// waited for; `GG_TEST_BAKED=off`: the snapshot copied into each instance instead).
pub fn options() -> RunOptions {
    use gg_core::guest::core_module::{Specialise, set_specialise};
    static MODE: std::sync::Once = std::sync::Once::new();
    MODE.call_once(|| {
        set_specialise(match std::env::var("GG_TEST_BAKED").as_deref() {
            Ok("off") => Specialise::Off,
            _ => Specialise::Wait,
        })
    });
    RunOptions {
        cache: CompileCache::from_env(),
        ..RunOptions::default()
    }
}

/// Options from a fixture's `# limit timeout SECS` and `# limit memory BYTES` lines.
pub fn options_for(source: &str) -> RunOptions {
    RunOptions {
        limits: gg_core::testing::limits_from(source, "#", Limits::default()),
        ..options()
    }
}

/// Runs one program in a fresh session with fresh tools.
pub async fn run(source: &str) -> SandboxOutcome {
    session(Arc::new(MemoryTools::default()))
        .run(source, &options_for(source))
        .await
}

/// A fixture program from `tests/fixtures/NAME.rb`.
pub fn fixture(name: &str) -> String {
    let path = format!("{}/tests/fixtures/{name}.rb", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}
