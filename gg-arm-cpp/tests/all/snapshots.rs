//! Every fixture program, compiled by clang and run for real, snapshotted as the report a model
//! reads. A fixture split by `// --- turn ---` lines runs as the turns of one session.

use std::sync::Arc;

use gg_arm_cpp::CppArm;
use gg_core::testing::{MemoryTools, fixture_names, limits_from, report};
use gg_core::{Limits, RunOptions, Session};

const TURN: &str = "// --- turn ---";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fixtures() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures");
    let names: Vec<String> = fixture_names(dir, "cpp")
        .into_iter()
        .filter(|n| n != "every-operation")
        .collect();
    assert!(names.len() >= 18, "fixtures went missing: {names:?}");
    snapshot_all(dir, "", names).await;
}

/// Hostile programs (issue 28: stack bombs, aborts, bad imports, compiler bombs, garbage
/// sources): each outcome is the program's own, never gg's or the toolchain's, and says what
/// happened.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/hostile");
    let names = fixture_names(dir, "cpp");
    assert!(names.len() >= 6, "hostile fixtures went missing: {names:?}");
    snapshot_all(dir, "hostile-", names).await;
}

/// Runs each fixture of `dir` as the turns of one session; its snapshot is `PREFIX` + its name.
async fn snapshot_all(dir: &str, prefix: &str, names: Vec<String>) {
    for name in names {
        let source = std::fs::read_to_string(format!("{dir}/{name}.cpp")).unwrap();
        let options = RunOptions {
            limits: limits_from(&source, "//", Limits::default()),
            ..RunOptions::default()
        };
        let mut session = Session::new(Arc::new(CppArm), Arc::new(MemoryTools::default()));
        let mut reports = Vec::new();
        for turn in source.split(&format!("{TURN}\n")) {
            let outcome = session.run(turn, &options).await;
            reports.push(report(turn, &outcome));
        }
        insta::with_settings!({ filters => vec![
            (r"growing linear memory to \d+ bytes", "growing linear memory to [N] bytes"),
            (r"after \d+ chunks", "after [N] chunks"),
        ] }, {
            insta::assert_snapshot!(format!("{prefix}{name}"), reports.join(&format!("{TURN}\n")));
        });
    }
}
