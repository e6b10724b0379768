//! The SDK from the model's side: one fixture per operation (`tests/fixtures/natural/OP.py`),
//! written as a model writes it after reading only `gg prompt python` (optional arguments left
//! out, no defaults passed), run for real on the Python guest and snapshotted as the report a
//! model reads.

use std::sync::Arc;

use gg_arm_python::PythonArm;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_operation_in_its_natural_spelling() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/natural");
    let names = gg_core::testing::fixture_names(dir, "py");
    let mut ops = gg_core::testing::every_operation();
    ops.sort();
    assert_eq!(names, ops, "one natural fixture per operation, named by its id");
    let mut outcomes = Vec::new();
    for name in &names {
        let source = std::fs::read_to_string(format!("{dir}/{name}.py")).unwrap();
        let (outcome, report) = gg_core::testing::run_natural(
            Arc::new(PythonArm),
            &source,
            "#",
            "print(\"an earlier turn\")\n",
            crate::options(),
        )
        .await;
        insta::assert_snapshot!(name.clone(), report);
        outcomes.push((name.clone(), outcome));
    }
    gg_core::testing::assert_natural_coverage(outcomes.iter().map(|(n, o)| (n.as_str(), o)));
}
