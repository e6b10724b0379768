//! Every fixture program, run for real on the Ruby guest, snapshotted as the report a model reads.
//! A fixture split by `# --- turn ---` lines runs as the turns of one session.

use crate::common;

use std::sync::Arc;

use common::{MemoryTools, TURN};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fixtures() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures");
    let names: Vec<String> = gg_core::testing::fixture_names(dir, "rb")
        .into_iter()
        .filter(|n| n != "every-operation")
        .collect();
    assert!(!names.is_empty(), "fixtures went missing");
    snapshot_all(dir, "", names).await;
    if gg_core::guest::core_module::specialise() == gg_core::guest::core_module::Specialise::Wait {
        assert!(
            gg_core::guest::core_module::specialised_runs() > 0,
            "the fixtures ran on the baked guest"
        );
    }
}

/// Hostile programs (issue 28's sweep from the spec: exits, floods, deadlines, stacks, bad values
/// into the SDK, tampering, threads, signals): each outcome is the program's own, never gg's, and
/// says what happened.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/hostile");
    let names = gg_core::testing::fixture_names(dir, "rb");
    assert!(names.len() >= 20, "hostile fixtures went missing: {names:?}");
    snapshot_all(dir, "hostile-", names).await;
}

/// Runs each fixture of `dir` as the turns of one session; its snapshot is `PREFIX` + its name.
async fn snapshot_all(dir: &str, prefix: &str, names: Vec<String>) {
    for name in names {
        let path = format!("{dir}/{name}.rb");
        let source = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let mut session = common::session(Arc::new(MemoryTools::default()));
        let mut reports = Vec::new();
        for turn in source.split(&format!("{TURN}\n")) {
            let outcome = session.run(turn, &common::options_for(&source)).await;
            reports.push(common::report(turn, &outcome));
        }
        insta::with_settings!({ filters => vec![(r"growing linear memory to \d+ bytes", "growing linear memory to [N] bytes")] }, {
            insta::assert_snapshot!(format!("{prefix}{name}"), reports.join(&format!("{TURN}\n")));
        });
    }
}
