//! Every fixture program, run for real on the Python guest, snapshotted as the report a model
//! reads. A fixture split by `# --- turn ---` lines runs as the turns of one session.

use std::sync::Arc;

use gg_arm_python::PythonArm;
use gg_core::testing::{Fixtures, GROW_FILTER, MemoryTools};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fixtures() {
    let fixtures = Fixtures {
        arm: Arc::new(PythonArm),
        dir: concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures"),
        ext: "py",
        comment: "#",
        base: crate::options(),
    };
    let tools = || Arc::new(MemoryTools::default());
    fixtures
        .snapshot_each(14, tools, |name, report| {
            // The size a denied grow asked for depends on the baked heap, which no two bakes share.
            insta::with_settings!({ filters => vec![GROW_FILTER] }, {
                insta::assert_snapshot!(name.to_owned(), report);
            });
        })
        .await;
}
