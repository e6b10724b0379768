//! The ECMAScript guest's guarantees, each asserted exactly: the bound operations, the guest's own
//! deadline and the membrane time it does not count, the recursion ceiling, memory, reseeding,
//! one SDK instance, code modules, and the arm's contract with gg-core.

use std::sync::Arc;

use gg_arm_typescript::JavaScript;
use gg_core::program::membrane::OPERATIONS;
use gg_core::{ErrorClass, ProgramLanguage, Skill, Status};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_guest_binds_exactly_the_hosts_operations() {
    let mut s = crate::session(Arc::new(crate::MemoryTools::default()));
    let bound = s.bound_operations(&crate::options()).await.unwrap();
    let mut host: Vec<String> = OPERATIONS.iter().map(|o| o.id.to_owned()).collect();
    host.sort();
    assert_eq!(bound, host);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_runaway_loop_is_stopped_by_the_guest_naming_the_function_and_filed_as_a_timeout() {
    let source = "function spin() {\n  for (;;) {}\n}\nspin();\n";
    // gg's deadline 1.5 s; the guest's own (GG_SANDBOX_DEADLINE_MS) 1.0 s.
    let o = crate::run(source, &crate::limited(1.5, 256 << 20)).await;
    assert_eq!(o.status, Status::Timeout);
    let e = o.error.unwrap();
    assert_eq!(e.kind, ErrorClass::Timeout);
    assert!(
        e.message
            .starts_with("InternalError: interrupted\n    at spin (program.js:"),
        "{}",
        e.message
    );
    assert!(e.message.ends_with("the program ran past its execution time limit of 1.5 s and was stopped (time parked in tool calls is not counted)"), "{}", e.message);
    assert!(
        o.stderr
            .starts_with("InternalError: interrupted\n    at spin (program.js:"),
        "{}",
        o.stderr
    );
    // Stopped by the guest (at 1.0 s), before gg's epoch deadline (1.5 s).
    assert!(
        o.timing.guest_ms >= 1000.0 && o.timing.guest_ms < 1400.0,
        "guest {} ms",
        o.timing.guest_ms
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn time_parked_in_a_membrane_call_is_not_the_guests() {
    let source = "import { shell } from \"gg\";\nshell.run(\"sleep 1.2\");\nconsole.log(\"woke\");\n";
    let o = crate::run(source, &crate::limited(1.5, 256 << 20)).await;
    assert_eq!(o.status, Status::Completed, "{:?}", o.error);
    assert_eq!(o.logs, ["woke"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_recursion_reaches_the_engines_ceiling_near_900_frames_and_is_catchable() {
    let source = "let depth = 0;\nfunction probe(n) { depth = n; return probe(n + 1) + 1; }\ntry { probe(0); } catch (e) { console.log(`${e.name}: ${e.message}`); console.log(depth); }\n";
    let o = crate::run(source, &crate::options()).await;
    assert_eq!(o.status, Status::Completed, "{:?}", o.error);
    assert_eq!(o.logs[0], "RangeError: Maximum call stack size exceeded");
    let depth: u32 = o.logs[1].parse().unwrap();
    assert!((800..=1100).contains(&depth), "depth {depth}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_memory_bomb_is_out_of_memory_and_the_next_program_is_whole() {
    let mut s = crate::session(Arc::new(crate::MemoryTools::default()));
    let options = crate::limited(30.0, 32 << 20);
    let o = s
        .run(
            "const a = [];\nfor (;;) a.push(new Array(1 << 16).fill(a.length));\n",
            &options,
        )
        .await;
    assert_eq!(o.status, Status::OutOfMemory);
    let e = o.error.unwrap();
    assert!(
        e.message.starts_with("the program reached its memory limit of 32 MiB"),
        "{}",
        e.message
    );
    assert!(
        e.message.contains("the program reported: InternalError: out of memory"),
        "{}",
        e.message
    );
    let o = s.run("console.log('fresh')", &options).await;
    assert_eq!((o.status, o.logs), (Status::Completed, vec!["fresh".to_owned()]));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn math_random_and_crypto_are_reseeded_per_instance() {
    let source = "console.log(Math.random(), crypto.randomUUID())";
    let a = crate::run(source, &crate::options()).await;
    let b = crate::run(source, &crate::options()).await;
    assert_eq!(a.logs.len(), 1);
    assert_ne!(a.logs, b.logs);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_instances_of_the_pre_initialised_guest_draw_different_sequences() {
    // The snapshot holds one engine for every instance; only `run`'s reseed tells them apart.
    let source = "console.log(JSON.stringify(Array.from({ length: 8 }, () => Math.random())));\n\
                  console.log(crypto.getRandomValues(new Uint32Array(4)).join(\",\"));\n";
    let mut s = crate::session(Arc::new(crate::MemoryTools::default()));
    let a = s.run(source, &crate::options()).await;
    let b = s.run(source, &crate::options()).await;
    assert_eq!(
        (a.status, b.status),
        (Status::Completed, Status::Completed),
        "{:?} {:?}",
        a.error,
        b.error
    );
    let sequence = |logs: &[String]| -> Vec<f64> { serde_json::from_str(&logs[0]).unwrap() };
    let (x, y) = (sequence(&a.logs), sequence(&b.logs));
    assert!(x.iter().chain(&y).all(|v| (0.0..1.0).contains(v)), "{x:?} {y:?}");
    // Not the same sequence, nor one shifted by a draw: no value of one appears in the other.
    assert!(x.iter().all(|v| !y.contains(v)), "{x:?} {y:?}");
    assert_ne!(a.logs[1], b.logs[1]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn performance_counts_from_the_run_not_from_the_snapshot() {
    let source = "const t = performance.now();\n\
                  console.log(t >= 0 && t < 1000, performance.now() >= t);\n\
                  console.log(Math.abs(performance.timeOrigin + performance.now() - Date.now()) < 100);\n";
    let o = crate::run(source, &crate::options()).await;
    assert_eq!(o.status, Status::Completed, "{:?}", o.error);
    assert_eq!(o.logs, ["true true", "true"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_code_module_is_reached_as_lib_and_the_sdk_is_one_instance() {
    let tools = crate::MemoryTools::default();
    tools.skills.lock().unwrap().insert(
        "greeting_tools".into(),
        Skill::new("Greets.").with_code("js", "import { ApiError } from \"gg:files\";\nexport const Err = ApiError;\nexport function greet(name) { return `hi ${name}`; }\n"),
    );
    let mut s = crate::session(Arc::new(tools));
    s.run(
        "import { skills } from \"gg\";\nskills.read(\"greeting_tools\");",
        &crate::options(),
    )
    .await;
    let o = s
        .run(
            "import { greet, Err } from \"lib:greetingTools\";\nimport { ApiError, files } from \"gg\";\nconsole.log(greet(\"Ada\"), Err === ApiError);\ntry { files.readFile(\"nope\"); } catch (e) { console.log(e instanceof Err); }\n",
            &crate::options(),
        )
        .await;
    assert_eq!(o.status, Status::Completed, "{:?}", o.error);
    assert_eq!(o.logs, ["hi Ada true", "true"]);
    let o = s.run("import { x } from \"lib:nothing\";", &crate::options()).await;
    assert_eq!(
        o.error.unwrap().message,
        "Error: cannot import `lib:nothing`: no code module `nothing` (loaded this turn: lib:greetingTools)"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_code_module_whose_body_raises_binds_empty_and_the_program_carries_on() {
    let tools = crate::MemoryTools::default();
    tools.memories.lock().unwrap().insert(
        "broken".into(),
        gg_core::wire::Memory {
            name: "broken".into(),
            description: "d".into(),
            body: "b".into(),
            code: Some("export const ready = true;\nthrow new Error(\"the module body failed\");\n".into()),
        },
    );
    let mut s = crate::session(Arc::new(tools));
    s.run("import { memories } from \"gg\";\nconst m = memories.read(\"broken\");\nmemories.write(m.name, m.body, { description: m.description, code: m.code });", &crate::options()).await;
    let o = s
        .run(
            "import * as broken from \"lib:broken\";\nconsole.log(Object.keys(broken).length);\n",
            &crate::options(),
        )
        .await;
    assert_eq!(o.status, Status::Completed, "{:?}", o.error);
    assert_eq!(o.logs, ["0"]);
    assert_eq!(o.module_errors.len(), 1);
    assert_eq!(o.module_errors[0].name, "broken");
    assert_eq!(
        o.module_errors[0].message,
        "Error: the module body failed\n    at <anonymous> (lib:broken:2:11)"
    );
}

#[test]
fn the_arm_runs_the_text_unchanged_with_no_checker() {
    let arm = JavaScript;
    assert_eq!(
        (arm.id(), arm.extensions(), arm.module_extensions()),
        ("javascript", &["js", "mjs"][..], &["js"][..])
    );
    assert!(arm.checker().is_none());
    assert!(arm.guest_stops_itself());
    let p = arm
        .prepare(&gg_core::PrepareCx::for_tests(), "const a = 1;\n", &[])
        .unwrap();
    assert_eq!(p.source, "const a = 1;\n");
    assert!(p.guest == gg_core::ProgramGuest::Shared && p.locations.is_none());
    assert_eq!(
        (arm.binding_name("my_notes"), arm.lib_access("myNotes")),
        ("myNotes".to_owned(), "lib:myNotes".to_owned())
    );
}

#[test]
fn the_catalogue_has_one_camel_case_function_per_operation() {
    let c = JavaScript.catalogue();
    let ops: Vec<&str> = c.functions.iter().map(|f| f.operation.as_str()).collect();
    let host: Vec<&str> = OPERATIONS.iter().map(|o| o.id).collect();
    assert_eq!(ops, host);
    let read = c.functions.iter().find(|f| f.qualified == "files.readFile").unwrap();
    assert_eq!(
        read.signature,
        "files.readFile(path: string, options?: { offset?: number | null; limit?: number | null }): FileRead"
    );
    assert_eq!(read.throws, ["ApiError"]);
    assert!(c.types.iter().any(|t| t.name == "TaskStatus" && t.members.len() == 3));
    assert!(gg_arm_typescript::DECLARATIONS.contains("declare module \"gg:files\""));
}

/// The session's next program reuses the instance slot the last one had: nothing the last one
/// left in the engine's globals, a prototype or the heap is there (the memory is reset to the
/// guest's image between programs, pooled or not).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_next_program_finds_nothing_the_last_one_left() {
    let mut s = crate::session(Arc::new(crate::MemoryTools::default()));
    for _ in 0..3 {
        let o = s.run(&crate::fixture("state/leave"), &crate::options()).await;
        assert_eq!(o.logs, ["string number 1048576"], "{:?}", o.error);
        let o = s.run(&crate::fixture("state/find"), &crate::options()).await;
        assert_eq!(o.logs, ["undefined undefined undefined"], "{:?}", o.error);
    }
}
