//! Every fixture program, run for real on the Ruby guest, snapshotted as the report a model reads.
//! A fixture split by `# --- turn ---` lines runs as the turns of one session.

use crate::common;

use std::sync::Arc;

use gg_arm_ruby::RubyArm;
use gg_core::guest::core_module::{Specialise, specialise, specialised_runs};
use gg_core::testing::{Fixtures, GROW_FILTER, MemoryTools};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fixtures() {
    let fixtures = Fixtures {
        arm: Arc::new(RubyArm),
        dir: concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures"),
        ext: "rb",
        comment: "#",
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
    if specialise() == Specialise::Wait {
        assert!(specialised_runs() > 0, "the fixtures ran on the baked guest");
    }
}
