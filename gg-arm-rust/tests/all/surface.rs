//! The surface test: every operation reachable from the `gg` crate, recorded with exactly the
//! arguments in `surface/every-operation.json`. (`Session::bound_operations` reaches only a shared
//! guest; the SDK's list is generated with its families, and the catalogue test holds the same
//! model against the host's table.)

use std::sync::Arc;

use gg_arm_rust::RustArm;
use gg_core::RunOptions;
use gg_core::testing::check_surface;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_operation_is_called_with_the_surface_arguments() {
    let earlier = "fn main() { println!(\"an earlier turn\"); }";
    let program = include_str!("../fixtures/every-operation.rs");
    check_surface(Arc::new(RustArm), RunOptions::default(), earlier, program).await;
}
