//! Every fixture program (`tests/fixtures/*.js`), run for real on the ECMAScript guest and
//! snapshotted as the report a model reads. A `// limit timeout SECS` or `// limit memory BYTES`
//! line sets that program's ceiling.

use gg_core::RunOptions;

fn options_for(source: &str) -> RunOptions {
    let options = crate::options();
    RunOptions {
        limits: gg_core::testing::limits_from(source, "//", options.limits),
        ..options
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fixtures() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures");
    let names = gg_core::testing::fixture_names(dir, "js");
    assert!(names.len() >= 18, "fixtures went missing: {names:?}");
    for name in names {
        let source = crate::fixture(&name);
        let outcome = crate::run(&source, &options_for(&source)).await;
        insta::assert_snapshot!(name.clone(), crate::report(&source, &outcome));
    }
}
