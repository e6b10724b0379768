//! The surface test: every operation reachable from the `gg` crate, recorded with exactly the
//! arguments in `surface/every-operation.json`. (`Session::bound_operations` reaches only a shared
//! guest; the SDK's list is generated with its families, and the catalogue test holds the same
//! model against the host's table.)

use std::sync::Arc;

use crate::{MemoryTools, fixture, session};
use gg_core::wire::EndingKind;
use gg_core::{RunOptions, Status};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_operation_is_called_with_the_surface_arguments() {
    // The conditions of surface/README.md.
    let tools = MemoryTools::for_surface();
    let options = RunOptions {
        ending: EndingKind::Finish,
        library: true,
        ..RunOptions::default()
    };
    let mut s = session(Arc::new(tools));
    let earlier = s.run("fn main() { println!(\"an earlier turn\"); }", &options).await;
    assert_eq!(earlier.status, Status::Completed, "{:?}", earlier.error);

    let o = s.run(&fixture("every-operation"), &options).await;
    assert_eq!(o.status, Status::Completed, "{:?}", o.error);
    gg_core::testing::assert_surface(&o);
}
