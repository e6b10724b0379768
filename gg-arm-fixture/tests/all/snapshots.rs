//! Every fixture program, run for real on the fixture guest, snapshotted as the report a model reads.

use crate::common;

use gg_core::{CompileCache, Limits, RunOptions};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fixtures() {
    let _alone = crate::COMPILES.lock().await;
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures");
    let names = gg_core::testing::fixture_names(dir, "ggfix");
    assert!(names.len() >= 10, "fixtures went missing: {names:?}");
    for name in names {
        let source = common::fixture(&name);
        let limits = gg_core::testing::limits_from(&source, "#", Limits::default());
        let options = RunOptions {
            limits,
            cache: CompileCache::disabled(),
            ..RunOptions::default()
        };
        let outcome = common::run(&source, &options).await;
        insta::assert_snapshot!(name.clone(), common::report(&source, &outcome));
    }
}
