//! The surface test: every operation reachable from the Ruby SDK, recorded with exactly the
//! arguments in `surface/every-operation.json`.

use crate::common;

use std::sync::Arc;

use gg_arm_ruby::RubyArm;
use gg_core::testing::check_surface;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_operation_is_called_with_the_surface_arguments() {
    let program = common::fixture("every-operation");
    check_surface(Arc::new(RubyArm), common::options(), "puts 'an earlier turn'", &program).await;
}
