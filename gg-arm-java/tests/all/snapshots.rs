//! Every fixture program, compiled by javac and TeaVM and run for real, snapshotted as the report a model
//! reads. A fixture split by `// --- turn ---` lines runs as the turns of one session.

use std::sync::Arc;

use gg_arm_java::JavaArm;
use gg_core::RunOptions;
use gg_core::testing::{Fixtures, GROW_FILTER, MemoryTools};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fixtures() {
    let fixtures = Fixtures {
        arm: Arc::new(JavaArm),
        dir: concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures"),
        ext: "java",
        comment: "//",
        base: RunOptions::default(),
    };
    let tools = || Arc::new(MemoryTools::default());
    fixtures
        .snapshot_each(12, tools, |name, report| {
            insta::with_settings!({ filters => vec![GROW_FILTER, (r"after \d+ chunks", "after [N] chunks")] }, {
                insta::assert_snapshot!(name.to_owned(), report);
            });
        })
        .await;
}
