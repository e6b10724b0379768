//! Every fixture program, compiled and run for real on the .NET runtime, snapshotted as the
//! report a model reads. A fixture split by `// --- turn ---` lines runs as the turns of one session.

use crate::common;

use std::sync::Arc;

use common::{MemoryTools, TURN};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fixtures() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures");
    let names: Vec<String> = gg_core::testing::fixture_names(dir, "cs")
        .into_iter()
        .filter(|n| n != "every-operation")
        .collect();
    assert!(!names.is_empty(), "fixtures went missing");
    for name in names {
        let source = common::fixture(&name);
        let mut session = common::session(Arc::new(MemoryTools::default()));
        let mut reports = Vec::new();
        for turn in source.split(&format!("{TURN}\n")) {
            let outcome = session.run(turn, &common::options_for(&source)).await;
            reports.push(common::report(turn, &outcome));
        }
        insta::with_settings!({ filters => vec![(r"growing linear memory to \d+ bytes", "growing linear memory to [N] bytes")] }, {
            insta::assert_snapshot!(name.clone(), reports.join(&format!("{TURN}\n")));
        });
    }
}
