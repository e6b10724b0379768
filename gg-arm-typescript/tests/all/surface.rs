//! The surface test: a JavaScript program calls every operation of the membrane once, and the
//! recorded `{operation, args}` list must equal `surface/every-operation.json`, under the
//! conditions `surface/README.md` names.

use std::sync::Arc;

use gg_core::wire::EndingKind;
use gg_core::{RunOptions, Skill, Status};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_operation_is_called_from_javascript_with_the_surface_arguments() {
    let tools = crate::MemoryTools::default();
    tools.skills.lock().unwrap().insert(
        "greeting".into(),
        Skill::new("Greet by name.").with_code("py", "def greet\n"),
    );
    let mut session = crate::session(Arc::new(tools));
    let options = RunOptions {
        ending: EndingKind::Finish,
        library: true,
        ..crate::options()
    };
    let earlier = session.run("console.log('an earlier turn')", &options).await;
    assert_eq!(earlier.status, Status::Completed, "{:?}", earlier.error);

    let source = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/surface/every-operation.js"
    ))
    .unwrap();
    let o = session.run(&source, &options).await;
    assert_eq!(o.status, Status::Completed, "{:?}", o.error);
    gg_core::testing::assert_surface(&o);
    // What the program tolerated: the fixture arm's docs name, and the endings this agent lacks.
    assert_eq!(
        o.logs,
        [
            "views.open_docs: not-found",
            "session.approve: unavailable",
            "session.request_changes: unavailable"
        ]
    );
}
