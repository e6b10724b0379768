//! The SDK from the model's side: one fixture per family (`tests/fixtures/natural/FAMILY.kt`,
//! the session family split by the ending it needs), written as a model writes it after reading
//! only `gg prompt kotlin` (options and record fields left out, named arguments for the ones
//! given). Each is compiled by kotlinc and run; together they call every operation.

use std::sync::Arc;

use gg_arm_kotlin::KotlinArm;
use gg_core::RunOptions;

const EARLIER: &str = "fun main() {\n    println(\"an earlier turn\")\n}\n";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_operation_in_its_natural_spelling() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/natural");
    let mut outcomes = Vec::new();
    for name in gg_core::testing::fixture_names(dir, "kt") {
        let source = std::fs::read_to_string(format!("{dir}/{name}.kt")).unwrap();
        let (outcome, report) =
            gg_core::testing::run_natural(Arc::new(KotlinArm), &source, "//", EARLIER, RunOptions::default()).await;
        insta::assert_snapshot!(name.clone(), report);
        outcomes.push((name, outcome));
    }
    gg_core::testing::assert_natural_coverage(outcomes.iter().map(|(n, o)| (n.as_str(), o)));
}
