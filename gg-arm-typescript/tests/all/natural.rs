//! The SDK from the model's side: one fixture per operation (`tests/fixtures/natural/OP.js`),
//! written as a model writes it after reading only `gg prompt javascript` (optional fields and
//! options left out, no defaults passed). Each runs for real on the JavaScript arm, snapshotted as
//! the report a model reads, and on the TypeScript arm (checked against `gg.d.ts`), whose report
//! must be the same: the programs are in the subset both languages share.

use std::sync::Arc;

use gg_arm_typescript::JavaScript;
use gg_arm_typescript::typescript::TypeScript;
use gg_core::{ProgramLanguage, ToolchainStatus};

const EARLIER: &str = "console.log(\"an earlier turn\");\n";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_operation_in_its_natural_spelling() {
    let tsc = match TypeScript.toolchain() {
        ToolchainStatus::Missing { install } => {
            eprintln!("the TypeScript half is skipped: the checker is not installed (run `{install}`)");
            false
        }
        _ => true,
    };
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/natural");
    let names = gg_core::testing::fixture_names(dir, "js");
    assert_eq!(
        names,
        {
            let mut ops = gg_core::testing::every_operation();
            ops.sort();
            ops
        },
        "one natural fixture per operation, named by its id"
    );
    let mut outcomes = Vec::new();
    for name in &names {
        let source = std::fs::read_to_string(format!("{dir}/{name}.js")).unwrap();
        let (outcome, report) =
            gg_core::testing::run_natural(Arc::new(JavaScript), &source, "//", EARLIER, crate::options()).await;
        insta::assert_snapshot!(name.clone(), report);
        if tsc {
            let (_, ts_report) =
                gg_core::testing::run_natural(Arc::new(TypeScript), &source, "//", EARLIER, crate::options()).await;
            assert_eq!(ts_report, report, "{name} reads differently as TypeScript");
        }
        outcomes.push((name.clone(), outcome));
    }
    gg_core::testing::assert_natural_coverage(outcomes.iter().map(|(n, o)| (n.as_str(), o)));
}
