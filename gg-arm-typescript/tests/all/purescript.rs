//! The PureScript arm for real: purs 0.15.16 (`toolchains/purescript.sh`) against the core
//! packages and the generated SDK, esbuild's bundle on the ECMAScript guest, and every location
//! read back into `program.purs` through the source maps. Fixture programs in
//! `tests/fixtures/purescript/*.purs`, snapshotted as the report a model reads.

use std::sync::Arc;

use gg_arm_typescript::purescript::PureScript;
use gg_core::testing::{MemoryTools, report};
use gg_core::wire::EndingKind;
use gg_core::{ErrorClass, ProgramLanguage, RunOptions, Session, Skill, Status, ToolchainStatus};

fn session(tools: Arc<MemoryTools>) -> Session {
    Session::new(Arc::new(PureScript), tools)
}

fn options_for(source: &str) -> RunOptions {
    let options = crate::options();
    RunOptions {
        limits: gg_core::testing::limits_from(source, "--", options.limits),
        ..options
    }
}

fn fixture(name: &str) -> String {
    let path = format!("{}/tests/fixtures/purescript/{name}.purs", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// purs is a real toolchain: without it these tests cannot say anything, and say so.
fn require_purs() {
    if let ToolchainStatus::Missing { install } = PureScript.toolchain() {
        panic!("the PureScript toolchain is not installed: run `{install}`");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fixtures() {
    require_purs();
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/purescript");
    let names = gg_core::testing::fixture_names(dir, "purs");
    assert!(names.len() >= 12, "fixtures went missing: {names:?}");
    for name in names {
        let source = fixture(&name);
        let outcome = session(Arc::new(MemoryTools::default()))
            .run(&source, &options_for(&source))
            .await;
        assert!(
            outcome.timing.prepare_ms.is_some(),
            "{name}: a compiled arm reports its prepare time"
        );
        insta::assert_snapshot!(format!("purescript-{name}"), report(&source, &outcome));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_runtime_failure_is_located_at_the_purescript_line() {
    require_purs();
    let source = fixture("runtime-error");
    let o = session(Arc::new(MemoryTools::default()))
        .run(&source, &crate::options())
        .await;
    assert_eq!(o.status, Status::ProgramError);
    let e = o.error.unwrap();
    assert_eq!(e.kind, ErrorClass::Other);
    let loc = e.location.unwrap();
    assert_eq!((loc.file.as_str(), loc.line), ("program.purs", 11), "{}", e.message);
    assert!(!e.message.contains("program.js"), "{}", e.message);
    assert_eq!(o.logs, ["start"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_uncaught_api_error_is_the_api_failure_at_the_calling_line() {
    require_purs();
    let source = fixture("api-error-uncaught");
    let o = session(Arc::new(MemoryTools::default()))
        .run(&source, &crate::options())
        .await;
    assert_eq!(o.status, Status::ProgramError);
    let e = o.error.unwrap();
    assert_eq!(
        (e.kind, e.code.as_deref()),
        (ErrorClass::ApiFailure, Some("not-found")),
        "{}",
        e.message
    );
    let loc = e.location.unwrap();
    assert_eq!(loc.file, "program.purs", "{}", e.message);
    assert!([10, 15].contains(&loc.line), "{loc:?}: {}", e.message);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn type_errors_are_the_programs_located_less_an_added_header() {
    require_purs();
    let o = session(Arc::new(MemoryTools::default()))
        .run(
            "import Prelude\nimport Effect.Console (log)\nmain = log 5\n",
            &crate::options(),
        )
        .await;
    assert_eq!(o.status, Status::PrepareError);
    let e = o.error.unwrap();
    let loc = e.location.unwrap();
    assert_eq!(
        (loc.file.as_str(), loc.line, loc.column),
        ("program.purs", 3, 12),
        "{}",
        e.message
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_purescript_code_module_is_compiled_beside_the_program_as_lib() {
    require_purs();
    let tools = MemoryTools::default();
    tools.skills.lock().unwrap().insert(
        "notes".into(),
        Skill::new("Notes.").with_code(
            "purs",
            "module Lib.Notes where\n\nimport Data.String (toUpper)\n\n-- | Shouts.\nshout :: String -> String\nshout = toUpper\n",
        ),
    );
    let mut s = session(Arc::new(tools));
    let o = s
        .run(
            "import Prelude\nimport Effect.Console (log)\nimport Gg.Skills as Skills\nmain = Skills.read \"notes\" >>= \\_ -> log \"bound\"\n",
            &crate::options(),
        )
        .await;
    assert_eq!(o.status, Status::Completed, "{:?}", o.error);
    let o = s
        .run(
            "import Prelude\nimport Effect.Console (log)\nimport Lib.Notes (shout)\nmain = log (shout \"hi\")\n",
            &crate::options(),
        )
        .await;
    assert_eq!(o.status, Status::Completed, "{:?}", o.error);
    assert_eq!(o.logs, ["HI"]);
    let o = s
        .run(
            "import Prelude\nimport Effect.Console (log)\nimport Lib.Notes (shout)\nmain = log (shout 42)\n",
            &crate::options(),
        )
        .await;
    assert_eq!(
        o.status,
        Status::PrepareError,
        "the module's types are checked: {:?}",
        o.error
    );
    // A fresh session binds nothing: the warm compiler holds no module another session bound.
    let o = session(Arc::new(MemoryTools::default()))
        .run(
            "import Prelude\nimport Effect.Console (log)\nimport Lib.Notes (shout)\nmain = log (shout \"hi\")\n",
            &crate::options(),
        )
        .await;
    assert_eq!(o.status, Status::PrepareError, "{:?}", o.error);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_operation_is_called_from_purescript_with_the_surface_arguments() {
    require_purs();
    let tools = MemoryTools::default();
    tools.skills.lock().unwrap().insert(
        "greeting".into(),
        Skill::new("Greet by name.").with_code("py", "def greet\n"),
    );
    let mut s = session(Arc::new(tools));
    let options = RunOptions {
        ending: EndingKind::Finish,
        library: true,
        ..crate::options()
    };
    let earlier = s
        .run(
            "import Effect.Console (log)\nmain = log \"an earlier turn\"\n",
            &options,
        )
        .await;
    assert_eq!(earlier.status, Status::Completed, "{:?}", earlier.error);
    let source = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/surface/every-operation.purs"
    ))
    .unwrap();
    let o = s.run(&source, &options).await;
    assert_eq!(o.status, Status::Completed, "{:?}", o.error);
    gg_core::testing::assert_surface(&o);
    assert_eq!(
        o.logs,
        [
            "views.open_docs: not-found",
            "session.approve: unavailable",
            "session.request_changes: unavailable"
        ]
    );
}
