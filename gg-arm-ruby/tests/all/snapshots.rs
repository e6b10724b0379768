//! Every fixture program, run for real on the Ruby guest, snapshotted as the report a model reads.
//! A fixture split by `# --- turn ---` lines runs as the turns of one session.

use crate::common;

use std::sync::Arc;

use gg_arm_ruby::RubyArm;
use gg_core::guest::core_module::{Specialise, specialise, specialised_runs};
use gg_core::testing::{Fixtures, GROW_FILTER, MemoryTools};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fixtures() {
    snapshot_all(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures"), "", 1).await;
    if specialise() == Specialise::Wait {
        assert!(specialised_runs() > 0, "the fixtures ran on the baked guest");
    }
}

/// Hostile programs (issue 28's sweep from the spec: exits, floods, deadlines, stacks, bad values
/// into the SDK, tampering, threads, signals): each outcome is the program's own, never gg's, and
/// says what happened.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile() {
    snapshot_all(
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/hostile"),
        "hostile-",
        20,
    )
    .await;
}

/// Runs each fixture of `dir` as the turns of one session; its snapshot is `PREFIX` + its name.
async fn snapshot_all(dir: &str, prefix: &str, at_least: usize) {
    let fixtures = Fixtures {
        arm: Arc::new(RubyArm),
        dir,
        ext: "rb",
        comment: "#",
        base: common::options(),
    };
    let tools = || Arc::new(MemoryTools::default());
    fixtures
        .snapshot_each(at_least, tools, |name, report| {
            insta::with_settings!({ filters => vec![GROW_FILTER] }, {
                insta::assert_snapshot!(format!("{prefix}{name}"), report);
            });
        })
        .await;
}
