//! A compiler bomb leaves other sessions' programs compiling: `hostile-bomb-doubling-string.java` (the
//! compile server runs out of its heap on it) and `hello.java` prepared at once in two sessions; the
//! bomb is its own compile error and hello runs to completion, whichever the server took first.

use std::sync::Arc;

use gg_arm_java::JavaArm;
use gg_core::testing::MemoryTools;
use gg_core::{ErrorClass, RunOptions, Session, Status};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_compiler_bomb_leaves_another_sessions_program_compiling() {
    let bomb = include_str!("../fixtures/hostile-bomb-doubling-string.java");
    let hello = include_str!("../fixtures/hello.java");
    let options = RunOptions::default();
    let mut bombing = Session::new(Arc::new(JavaArm), Arc::new(MemoryTools::default()));
    let mut greeting = Session::new(Arc::new(JavaArm), Arc::new(MemoryTools::default()));
    let (bombed, greeted) = tokio::join!(bombing.run(bomb, &options), greeting.run(hello, &options));
    assert_eq!(bombed.status, Status::PrepareError, "{bombed:?}");
    assert_eq!(
        bombed.error.as_ref().map(|e| e.kind),
        Some(ErrorClass::Compile),
        "{bombed:?}"
    );
    assert_eq!(greeted.status, Status::Completed, "{greeted:?}");
}
