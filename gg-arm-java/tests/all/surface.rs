//! The surface test: every operation reachable from the Java SDK, recorded with exactly the
//! arguments in `surface/every-operation.json`.

use std::sync::Arc;

use gg_arm_java::JavaArm;
use gg_core::RunOptions;
use gg_core::testing::check_surface;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_operation_is_called_with_the_surface_arguments() {
    let earlier = "public class Main {\n    public static void main(String[] args) {\n        System.out.println(\"an earlier turn\");\n    }\n}\n";
    let program = include_str!("../fixtures/every-operation.java");
    check_surface(Arc::new(JavaArm), RunOptions::default(), earlier, program).await;
}
