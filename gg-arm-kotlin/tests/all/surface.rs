//! The surface test: every operation reachable from the Kotlin SDK, recorded with exactly the
//! arguments in `surface/every-operation.json`.

use std::sync::Arc;

use gg_arm_kotlin::KotlinArm;
use gg_core::RunOptions;
use gg_core::testing::check_surface;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_operation_is_called_with_the_surface_arguments() {
    let earlier = "fun main() {\n    println(\"an earlier turn\")\n}\n";
    let program = include_str!("../fixtures/every-operation.kt");
    check_surface(Arc::new(KotlinArm), RunOptions::default(), earlier, program).await;
}
