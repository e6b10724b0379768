//! The surface test: every operation reachable from the C# SDK, recorded with exactly the
//! arguments in `surface/every-operation.json`.

use crate::common;

use std::sync::Arc;

use common::{MemoryTools, fixture, options, session};
use gg_core::wire::EndingKind;
use gg_core::{RunOptions, Status};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_operation_is_called_with_the_surface_arguments() {
    // The conditions of surface/README.md.
    let options = RunOptions {
        ending: EndingKind::Finish,
        library: true,
        ..options()
    };
    let mut s = session(Arc::new(MemoryTools::for_surface()));
    let earlier = s
        .run(
            "class P { static void Main() { System.Console.WriteLine(\"an earlier turn\"); } }",
            &options,
        )
        .await;
    assert_eq!(earlier.status, Status::Completed, "{:?}", earlier.error);

    let o = s.run(&fixture("every-operation"), &options).await;
    assert_eq!(o.status, Status::Completed, "{:?}", o.error);
    gg_core::testing::assert_surface(&o);
}
