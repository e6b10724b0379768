//! The TypeScript arm for real: the native TypeScript 7 checker against the SDK's declarations,
//! oxc's stripping, and every location the guest reports read back into `program.ts`. Fixture
//! programs in `tests/fixtures/typescript/*.ts`, snapshotted as the report a model reads.

use std::sync::Arc;

use gg_arm_typescript::typescript::TypeScript;
use gg_core::testing::{MemoryTools, report};
use gg_core::wire::EndingKind;
use gg_core::{ErrorClass, ProgramLanguage, RunOptions, Session, Skill, Status, ToolchainStatus};

fn session(tools: Arc<MemoryTools>) -> Session {
    Session::new(Arc::new(TypeScript), tools)
}

fn options_for(source: &str) -> RunOptions {
    let options = crate::options();
    RunOptions {
        limits: gg_core::testing::limits_from(source, "//", options.limits),
        ..options
    }
}

/// The checker is a real toolchain: without it these tests cannot say anything, and say so.
fn require_tsc() {
    if let ToolchainStatus::Missing { install } = TypeScript.toolchain() {
        panic!("the TypeScript compiler is not installed: run `{install}`");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fixtures() {
    require_tsc();
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/typescript");
    let names = gg_core::testing::fixture_names(dir, "ts");
    assert!(names.len() >= 8, "fixtures went missing: {names:?}");
    for name in names {
        let source = std::fs::read_to_string(format!("{dir}/{name}.ts")).unwrap();
        let outcome = session(Arc::new(MemoryTools::default()))
            .run(&source, &options_for(&source))
            .await;
        assert!(
            outcome.timing.prepare_ms.is_some(),
            "{name}: a checked arm reports its prepare time"
        );
        insta::assert_snapshot!(format!("typescript-{name}"), report(&source, &outcome));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_runtime_failure_is_located_in_the_typescript_source() {
    require_tsc();
    let source = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/typescript/throw-located.ts"
    ))
    .unwrap();
    let o = session(Arc::new(MemoryTools::default()))
        .run(&source, &crate::options())
        .await;
    assert_eq!(o.status, Status::ProgramError);
    let e = o.error.unwrap();
    assert_eq!(e.kind, ErrorClass::Other);
    let loc = e.location.unwrap();
    assert_eq!((loc.file.as_str(), loc.line), ("program.ts", 10), "{}", e.message);
    assert!(
        e.message.contains("program.ts:10:"),
        "frames are in the TypeScript's coordinates: {}",
        e.message
    );
    assert!(!e.message.contains("program.js"), "{}", e.message);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn errors_in_the_program_are_the_programs_and_located() {
    require_tsc();
    let o = session(Arc::new(MemoryTools::default()))
        .run("const n: number = \"one\";\n", &crate::options())
        .await;
    assert_eq!(o.status, Status::PrepareError);
    let e = o.error.unwrap();
    assert_eq!(e.kind, ErrorClass::Compile);
    let loc = e.location.unwrap();
    assert_eq!((loc.file.as_str(), loc.line, loc.column), ("program.ts", 1, 7));
    assert!(
        o.calls.is_empty() && o.logs.is_empty(),
        "a program that does not check never runs"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_typescript_code_module_is_checked_stripped_and_reached_as_lib() {
    require_tsc();
    let tools = MemoryTools::default();
    tools.skills.lock().unwrap().insert(
        "notes".into(),
        Skill::new("Notes.").with_code(
            "ts",
            "export function shout(text: string): string {\n  return text.toUpperCase();\n}\n",
        ),
    );
    let mut s = session(Arc::new(tools));
    let o = s
        .run(
            "import { skills } from \"gg\";\nskills.read(\"notes\");\n",
            &crate::options(),
        )
        .await;
    assert_eq!(o.status, Status::Completed, "{:?}", o.error);
    let o = s
        .run(
            "import { shout } from \"lib:notes\";\nconsole.log(shout(\"hi\"));\n",
            &crate::options(),
        )
        .await;
    assert_eq!(o.status, Status::Completed, "{:?}", o.error);
    assert_eq!(o.logs, ["HI"]);
    let o = s
        .run("import { shout } from \"lib:notes\";\nshout(42);\n", &crate::options())
        .await;
    assert_eq!(
        o.status,
        Status::PrepareError,
        "the module's types are checked: {:?}",
        o.error
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_operation_is_called_from_typescript_with_the_surface_arguments() {
    require_tsc();
    let tools = MemoryTools::for_surface();
    let mut s = session(Arc::new(tools));
    let options = RunOptions {
        ending: EndingKind::Finish,
        library: true,
        ..crate::options()
    };
    let earlier = s.run("console.log('an earlier turn');\n", &options).await;
    assert_eq!(earlier.status, Status::Completed, "{:?}", earlier.error);
    let source = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/surface/every-operation.ts"
    ))
    .unwrap();
    let o = s.run(&source, &options).await;
    assert_eq!(o.status, Status::Completed, "{:?}", o.error);
    gg_core::testing::assert_surface(&o);
}
