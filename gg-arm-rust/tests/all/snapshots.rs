//! Every fixture program, compiled by the real rustc and run for real, snapshotted as the report
//! a model reads. A fixture split by `// --- turn ---` lines runs as the turns of one session.

use std::sync::Arc;

use gg_arm_rust::RustArm;
use gg_core::RunOptions;
use gg_core::testing::{Fixtures, GROW_FILTER, MemoryTools};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fixtures() {
    snapshot_all(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures"), "", 10).await;
}

/// Hostile programs (issue 28: stack bombs, aborts, garbage sources): each outcome is the
/// program's own, never gg's or the toolchain's, and says what happened.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile() {
    snapshot_all(
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/hostile"),
        "hostile-",
        4,
    )
    .await;
}

/// Runs each fixture of `dir` as the turns of one session over tools holding `notes.txt`; its
/// snapshot is `PREFIX` + its name.
async fn snapshot_all(dir: &str, prefix: &str, at_least: usize) {
    let fixtures = Fixtures {
        arm: Arc::new(RustArm),
        dir,
        ext: "rs",
        comment: "//",
        base: RunOptions::default(),
    };
    let tools = || {
        let tools = MemoryTools::default();
        tools
            .files
            .lock()
            .unwrap()
            .insert("notes.txt".into(), "alpha\nbeta\n".into());
        Arc::new(tools)
    };
    fixtures
        .snapshot_each(at_least, tools, |name, report| {
            insta::with_settings!({ filters => vec![
                GROW_FILTER,
                (r"/[^\s:]*/gg-scratch/gg-[0-9]+-[0-9]+-[0-9a-f]+", "[SCRATCH]"),
            ] }, {
                insta::assert_snapshot!(format!("{prefix}{name}"), report);
            });
        })
        .await;
}
