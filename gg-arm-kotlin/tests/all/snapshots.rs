//! Every fixture program, compiled by kotlinc and run for real, snapshotted as the report a model
//! reads. A fixture split by `// --- turn ---` lines runs as the turns of one session.

use std::sync::Arc;

use gg_arm_kotlin::KotlinArm;
use gg_core::testing::{MemoryTools, fixture_names, limits_from, report};
use gg_core::{Limits, RunOptions, Session};

const TURN: &str = "// --- turn ---";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fixtures() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures");
    let names: Vec<String> = fixture_names(dir, "kt")
        .into_iter()
        .filter(|n| n != "every-operation")
        .collect();
    assert!(names.len() >= 12, "fixtures went missing: {names:?}");
    // `GG_FIXTURES=hostile-` runs only the fixtures whose names start so (while working on them).
    let only = std::env::var("GG_FIXTURES").unwrap_or_default();
    let names: Vec<String> = names.into_iter().filter(|n| n.starts_with(&only)).collect();
    for name in names {
        let source = std::fs::read_to_string(format!("{dir}/{name}.kt")).unwrap();
        let options = RunOptions {
            limits: limits_from(&source, "//", Limits::default()),
            ..RunOptions::default()
        };
        let mut session = Session::new(Arc::new(KotlinArm), Arc::new(MemoryTools::default()));
        let mut reports = Vec::new();
        for turn in source.split(&format!("{TURN}\n")) {
            let outcome = session.run(turn, &options).await;
            reports.push(report(turn, &outcome));
        }
        insta::with_settings!({ filters => vec![
            (r"growing linear memory to \d+ bytes", "growing linear memory to [N] bytes"),
            (r"after \d+ chunks", "after [N] chunks"),
        ] }, {
            insta::assert_snapshot!(name.clone(), reports.join(&format!("{TURN}\n")));
        });
    }
}
