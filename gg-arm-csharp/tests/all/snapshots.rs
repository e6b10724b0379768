//! Every fixture program, compiled and run for real on the .NET runtime, snapshotted as the
//! report a model reads. A fixture split by `// --- turn ---` lines runs as the turns of one session.

use crate::common;

use std::sync::Arc;

use gg_arm_csharp::CSharpArm;
use gg_core::testing::{Fixtures, GROW_FILTER, MemoryTools};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fixtures() {
    let fixtures = Fixtures {
        arm: Arc::new(CSharpArm),
        dir: concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures"),
        ext: "cs",
        comment: "//",
        base: common::options(),
    };
    let tools = || Arc::new(MemoryTools::default());
    fixtures
        .snapshot_each(1, tools, |name, report| {
            insta::with_settings!({ filters => vec![GROW_FILTER] }, {
                insta::assert_snapshot!(name.to_owned(), report);
            });
        })
        .await;
}
