//! The SDK from the model's side: one fixture per family (`tests/fixtures/natural/FAMILY.java`,
//! the session family split by the ending it needs), written as a model writes it after reading
//! only `gg prompt java` (trailing options left out, `null` for a record field left out). Each is
//! compiled by javac and TeaVM and run; together they call every operation.

use std::sync::Arc;

use gg_arm_java::JavaArm;
use gg_core::RunOptions;

const EARLIER: &str = "public class Main {\n    public static void main(String[] args) {\n        System.out.println(\"an earlier turn\");\n    }\n}\n";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_operation_in_its_natural_spelling() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/natural");
    let mut outcomes = Vec::new();
    for name in gg_core::testing::fixture_names(dir, "java") {
        let source = std::fs::read_to_string(format!("{dir}/{name}.java")).unwrap();
        let (outcome, report) =
            gg_core::testing::run_natural(Arc::new(JavaArm), &source, "//", EARLIER, RunOptions::default()).await;
        insta::assert_snapshot!(name.clone(), report);
        outcomes.push((name, outcome));
    }
    gg_core::testing::assert_natural_coverage(outcomes.iter().map(|(n, o)| (n.as_str(), o)));
}
