//! The surface test: every operation reachable from the C# SDK, recorded with exactly the
//! arguments in `surface/every-operation.json`.

use crate::common;

use std::sync::Arc;

use gg_arm_csharp::CSharpArm;
use gg_core::testing::check_surface;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_operation_is_called_with_the_surface_arguments() {
    let earlier = "class P { static void Main() { System.Console.WriteLine(\"an earlier turn\"); } }";
    check_surface(
        Arc::new(CSharpArm),
        common::options(),
        earlier,
        &common::fixture("every-operation"),
    )
    .await;
}
