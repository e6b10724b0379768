//! Every fixture program, compiled by the real rustc and run for real, snapshotted as the report
//! a model reads. A fixture split by `// --- turn ---` lines runs as the turns of one session.

use std::sync::Arc;

use crate::{MemoryTools, TURN};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fixtures() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures");
    let names: Vec<String> = gg_core::testing::fixture_names(dir, "rs")
        .into_iter()
        .filter(|n| n != "every-operation")
        .collect();
    assert!(names.len() >= 10, "fixtures went missing: {names:?}");
    snapshot_all(dir, "", names).await;
}

/// Hostile programs (issue 28: stack bombs, aborts, garbage sources): each outcome is the
/// program's own, never gg's or the toolchain's, and says what happened.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/hostile");
    let names = gg_core::testing::fixture_names(dir, "rs");
    assert!(names.len() >= 4, "hostile fixtures went missing: {names:?}");
    snapshot_all(dir, "hostile-", names).await;
}

/// Runs each fixture of `dir` as the turns of one session; its snapshot is `PREFIX` + its name.
async fn snapshot_all(dir: &str, prefix: &str, names: Vec<String>) {
    for name in names {
        let source = std::fs::read_to_string(format!("{dir}/{name}.rs")).unwrap();
        let tools = Arc::new(MemoryTools::default());
        tools
            .files
            .lock()
            .unwrap()
            .insert("notes.txt".into(), "alpha\nbeta\n".into());
        let mut session = crate::session(tools);
        let mut reports = Vec::new();
        for turn in source.split(&format!("{TURN}\n")) {
            let outcome = session.run(turn, &crate::options_for(&source)).await;
            reports.push(crate::report(turn, &outcome));
        }
        insta::with_settings!({ filters => vec![
            (r"growing linear memory to \d+ bytes", "growing linear memory to [N] bytes"),
            (r"/[^\s:]*/gg-scratch/gg-[0-9]+-[0-9]+-[0-9a-f]+", "[SCRATCH]"),
        ] }, {
            insta::assert_snapshot!(format!("{prefix}{name}"), reports.join(&format!("{TURN}\n")));
        });
    }
}
