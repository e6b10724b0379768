//! The SDK from the model's side: one fixture per family (`tests/fixtures/natural/FAMILY.cpp`,
//! the session family split by the ending it needs), written as a model writes it after reading
//! only `gg prompt cpp` (options left to their `std::nullopt`, records by designated
//! initialisers naming only what they set). Each is compiled by clang and run; together they call
//! every operation.

use std::sync::Arc;

use gg_arm_cpp::CppArm;
use gg_core::RunOptions;

const EARLIER: &str = "#include <iostream>\nint main() { std::cout << \"an earlier turn\\n\"; }\n";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_operation_in_its_natural_spelling() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/natural");
    let mut outcomes = Vec::new();
    for name in gg_core::testing::fixture_names(dir, "cpp") {
        let source = std::fs::read_to_string(format!("{dir}/{name}.cpp")).unwrap();
        let (outcome, report) =
            gg_core::testing::run_natural(Arc::new(CppArm), &source, "//", EARLIER, RunOptions::default()).await;
        insta::assert_snapshot!(name.clone(), report);
        outcomes.push((name, outcome));
    }
    gg_core::testing::assert_natural_coverage(outcomes.iter().map(|(n, o)| (n.as_str(), o)));
}
