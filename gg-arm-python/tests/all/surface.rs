//! The surface test: every operation reachable from the gg package, recorded with exactly the
//! arguments in `surface/every-operation.json` (the fixture arm's record), and the guest's bound
//! operations held against the host's table.

use std::sync::Arc;

use crate::{MemoryTools, fixture, options, session};
use gg_core::program::membrane::OPERATIONS;
use gg_core::wire::EndingKind;
use gg_core::{RunOptions, Status};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_operation_is_called_with_the_surface_arguments() {
    // The conditions of surface/README.md.
    let tools = MemoryTools::for_surface();
    let options = RunOptions {
        ending: EndingKind::Finish,
        library: true,
        ..options()
    };
    let mut s = session(Arc::new(tools));
    let earlier = s.run("print('an earlier turn')", &options).await;
    assert_eq!(earlier.status, Status::Completed, "{:?}", earlier.error);

    let o = s.run(&fixture("every-operation"), &options).await;
    assert_eq!(o.status, Status::Completed, "{:?}", o.error);
    let recorded: serde_json::Value = o
        .calls
        .iter()
        .map(|c| serde_json::json!({ "operation": c.operation, "args": c.args }))
        .collect();
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../surface/every-operation.json");
    let expected: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert_eq!(
        recorded, expected,
        "the recorded arguments differ from surface/every-operation.json"
    );
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
