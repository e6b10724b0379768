//! The surface test: every operation reachable from the Kotlin SDK, recorded with exactly the
//! arguments in `surface/every-operation.json`.

use std::sync::Arc;

use gg_arm_kotlin::KotlinArm;
use gg_core::testing::{MemoryTools, assert_surface};
use gg_core::wire::EndingKind;
use gg_core::{RunOptions, Session, Status};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_operation_is_called_with_the_surface_arguments() {
    let options = RunOptions {
        ending: EndingKind::Finish,
        library: true,
        ..RunOptions::default()
    };
    let mut s = Session::new(Arc::new(KotlinArm), Arc::new(MemoryTools::for_surface()));
    let earlier = s
        .run("fun main() {\n    println(\"an earlier turn\")\n}\n", &options)
        .await;
    assert_eq!(earlier.status, Status::Completed, "{:?}", earlier.error);
    let source = include_str!("../fixtures/every-operation.kt");
    let o = s.run(source, &options).await;
    assert_eq!(o.status, Status::Completed, "{:?}", o.error);
    assert_surface(&o);
}
