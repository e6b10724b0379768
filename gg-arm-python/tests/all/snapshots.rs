//! Every fixture program, run for real on the Python guest, snapshotted as the report a model
//! reads. A fixture split by `# --- turn ---` lines runs as the turns of one session.

use std::sync::Arc;

use crate::{MemoryTools, TURN};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fixtures() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures");
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.unwrap().file_name().into_string().ok())
        .filter_map(|n| n.strip_suffix(".py").map(str::to_owned))
        .filter(|n| n != "every-operation")
        .collect();
    names.sort();
    assert!(names.len() >= 14, "fixtures went missing: {names:?}");
    for name in names {
        let source = crate::fixture(&name);
        let mut session = crate::session(Arc::new(MemoryTools::default()));
        let mut reports = Vec::new();
        for turn in source.split(&format!("{TURN}\n")) {
            let outcome = session.run(turn, &crate::options_for(&source)).await;
            reports.push(crate::report(turn, &outcome));
        }
        // The size a denied grow asked for depends on the baked heap, which no two bakes share.
        insta::with_settings!({ filters => vec![(r"growing linear memory to \d+ bytes", "growing linear memory to [N] bytes")] }, {
            insta::assert_snapshot!(name.clone(), reports.join(&format!("{TURN}\n")));
        });
    }
}
