//! The SDK from the model's side: one fixture per operation (`tests/fixtures/natural/OP.rb`),
//! written as a model writes it after reading only `gg prompt ruby` (optional arguments and
//! fields left out, no defaults passed), run for real on the Ruby guest and snapshotted as the
//! report a model reads.

use crate::common;

use std::sync::Arc;

use gg_arm_ruby::RubyArm;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_operation_in_its_natural_spelling() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/natural");
    let names = gg_core::testing::fixture_names(dir, "rb");
    let mut ops = gg_core::testing::every_operation();
    ops.sort();
    assert_eq!(names, ops, "one natural fixture per operation, named by its id");
    let mut outcomes = Vec::new();
    for name in &names {
        let source = std::fs::read_to_string(format!("{dir}/{name}.rb")).unwrap();
        let (outcome, report) = gg_core::testing::run_natural(
            Arc::new(RubyArm),
            &source,
            "#",
            "puts \"an earlier turn\"\n",
            common::options(),
        )
        .await;
        insta::assert_snapshot!(name.clone(), report);
        outcomes.push((name.clone(), outcome));
    }
    gg_core::testing::assert_natural_coverage(outcomes.iter().map(|(n, o)| (n.as_str(), o)));
}
