//! The surface test: every operation reachable from the gg package, recorded with exactly the
//! arguments in `surface/every-operation.json` (the fixture arm's record), and the guest's bound
//! operations held against the host's table.

use std::sync::Arc;

use crate::{MemoryTools, fixture, options, session};
use gg_arm_python::PythonArm;
use gg_core::program::membrane::OPERATIONS;
use gg_core::testing::check_surface;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_operation_is_called_with_the_surface_arguments() {
    check_surface(
        Arc::new(PythonArm),
        options(),
        "print('an earlier turn')",
        &fixture("every-operation"),
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_guest_binds_exactly_the_hosts_operations() {
    let mut bound = session(Arc::new(MemoryTools::default()))
        .bound_operations(&options())
        .await
        .unwrap();
    bound.sort();
    let mut host: Vec<String> = OPERATIONS.iter().map(|o| o.id.to_owned()).collect();
    host.sort();
    assert_eq!(bound, host);
}
