//! The membrane over the fixture guest: every operation reachable and recorded with its exact
//! arguments, the grant, the run's budget and its carve-outs, bounds, endings, the library, views,
//! skills and code modules.

use crate::common;

use std::sync::Arc;
use std::time::{Duration, Instant};

use common::{MemoryTools, fixture, report, session};
use gg_core::program::membrane::{OPERATIONS, code_name};
use gg_core::wire::{EndingKind, ErrorCode};
use gg_core::{CompileCache, Limits, RunBudget, RunOptions, Status};

fn options() -> RunOptions {
    RunOptions {
        cache: CompileCache::disabled(),
        ending: EndingKind::Finish,
        ..RunOptions::default()
    }
}

fn tools_with_skill() -> Arc<MemoryTools> {
    let tools = MemoryTools::for_surface();
    Arc::new(tools)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_operation_is_reachable_and_recorded_with_its_arguments() {
    let source = fixture("membrane/every-operation");
    let mut s = session(tools_with_skill());
    s.run("log an earlier turn", &options()).await;
    let o = s.run(&source, &options()).await;
    assert_eq!(o.status, Status::Completed, "{:?}", o.error);
    let called: Vec<&str> = o.calls.iter().map(|c| c.operation).collect();
    let all: Vec<&str> = OPERATIONS.iter().map(|o| o.id).collect();
    let mut sorted_called = called.clone();
    sorted_called.sort();
    let mut sorted_all = all.clone();
    sorted_all.sort();
    assert_eq!(sorted_called, sorted_all, "the fixture must call every operation once");
    insta::assert_snapshot!(report(&source, &o));
    // Every arm's surface test calls every operation with these same arguments.
    if std::env::var_os("GG_WRITE_SURFACE").is_some() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../surface/every-operation.json");
        let text = serde_json::to_string_pretty(&gg_core::testing::surface_record(&o)).unwrap();
        std::fs::write(path, text + "\n").unwrap();
    }
    gg_core::testing::assert_surface(&o);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_guest_binds_exactly_the_hosts_operations() {
    let mut s = session(Arc::new(MemoryTools::default()));
    let mut bound = s.bound_operations(&options()).await.unwrap();
    bound.sort();
    let mut host: Vec<String> = OPERATIONS.iter().map(|o| o.id.to_owned()).collect();
    host.sort();
    assert_eq!(bound, host);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_ungranted_call_is_refused_naming_the_operation_and_the_program_carries_on() {
    let grant = ["files.read_file".to_owned()].into_iter().collect();
    let o = session(Arc::new(MemoryTools::default()))
        .run(
            "op files.write_file {\"path\":\"a\",\"contents\":\"b\"}\nop files.read_file {\"path\":\"a\"}\ngrant",
            &RunOptions {
                grant: Some(grant),
                ..options()
            },
        )
        .await;
    assert_eq!(o.status, Status::Completed);
    assert_eq!(
        o.logs[0],
        "files.write_file err unavailable: files.write_file is not granted to this agent"
    );
    assert_eq!(o.logs[1], "files.read_file err not-found: a does not exist");
    assert_eq!(o.logs[2], "grant: files.read_file");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tool_slower_than_the_budget_left_is_cut_off_at_the_budget() {
    let options = RunOptions {
        budget: RunBudget::lasting(Duration::from_secs(1)),
        ..options()
    };
    let started = Instant::now();
    let o = session(Arc::new(MemoryTools::default()))
        .run(
            "op shell.run {\"command\":\"sleep 30\"}\nop files.list_dir {}\nop views.current {}",
            &options,
        )
        .await;
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "the run outlived its budget: {:?}",
        started.elapsed()
    );
    assert_eq!(
        o.logs[0],
        "shell.run err limit-exceeded: the run's wall-clock budget ran out while shell.run was running"
    );
    assert!(
        o.logs[1].starts_with("files.list_dir err limit-exceeded: the run's wall-clock budget is spent"),
        "{}",
        o.logs[1]
    );
    assert!(
        o.logs[2].starts_with("views.current ok"),
        "a carve-out was refused: {}",
        o.logs[2]
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_shell_timeout_is_clamped_to_the_budget_left_and_bad_numbers_refused() {
    let tools = Arc::new(MemoryTools::default());
    let options = RunOptions {
        budget: RunBudget::lasting(Duration::from_secs(5)),
        ..options()
    };
    let o = session(tools.clone())
        .run(
            "op shell.run {\"command\":\"a\",\"timeout_secs\":3600}\nop shell.run {\"command\":\"b\",\"timeout_secs\":-1}\nop shell.run {\"command\":\"c\",\"timeout_secs\":1e308}",
            &options,
        )
        .await;
    let timeouts = tools.shell_timeouts.lock().unwrap().clone();
    assert_eq!(timeouts.len(), 2, "the negative timeout reached the tool");
    assert!(timeouts.iter().all(|t| *t <= Duration::from_secs(5)), "{timeouts:?}");
    assert!(
        o.logs[1].starts_with("shell.run err invalid-argument: timeout_secs must be a finite number"),
        "{}",
        o.logs[1]
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ten_megabytes_cross_the_membrane_both_ways() {
    let o = session(Arc::new(MemoryTools::default()))
        .run("big 10485760", &options())
        .await;
    assert_eq!(o.logs, ["wrote 10485760 bytes, read 10485760 bytes"]);
    // The record keeps the call, not a second copy of 10 MB.
    let contents = o.calls[0].args["contents"].as_str().unwrap();
    assert!(
        contents.len() < 5000 && contents.ends_with("(10485760 bytes in all)"),
        "{}",
        &contents[contents.len() - 40..]
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn invalid_input_at_the_boundary_is_an_invalid_argument() {
    let huge: Vec<String> = (0..10_001).map(|i| format!("k{i}")).collect();
    let program = format!(
        "op memories.search {{\"keywords\":{}}}\nop files.read_file {{\"path\":\"a\\u0000b\"}}\nop files.read_file {{\"path\":\"{}\"}}",
        serde_json::to_string(&huge).unwrap(),
        "p".repeat(5000)
    );
    let o = session(Arc::new(MemoryTools::default()))
        .run(&program, &options())
        .await;
    assert_eq!(o.status, Status::Completed);
    assert_eq!(
        o.logs[0],
        "memories.search err invalid-argument: keywords has 10001 items; at most 10000 are accepted"
    );
    assert_eq!(
        o.logs[1],
        "files.read_file err invalid-argument: path contains a NUL character"
    );
    assert_eq!(
        o.logs[2],
        "files.read_file err invalid-argument: path is 5000 bytes; at most 4096 are accepted"
    );
    // A wrong type never reaches the host: the guest's own boundary refuses it.
    let o = session(Arc::new(MemoryTools::default()))
        .run("op files.read_file {\"path\":7}", &options())
        .await;
    assert_eq!(o.status, Status::ProgramError);
    assert!(o.calls.is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_million_log_lines_are_bounded_with_the_count_right() {
    let o = session(Arc::new(MemoryTools::default()))
        .run("repeat 1000000 log x", &options())
        .await;
    assert_eq!(o.status, Status::Completed);
    assert_eq!(o.logs.len(), gg_core::program::capture::LOG_MAX_LINES);
    assert_eq!(
        o.logs_dropped,
        1_000_000 - gg_core::program::capture::LOG_MAX_LINES as u64
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn call_ids_are_in_order_and_a_flood_keeps_head_and_tail() {
    let o = session(Arc::new(MemoryTools::default()))
        .run("repeat 3000 op views.current {}", &options())
        .await;
    use gg_core::program::membrane::{CallRecord, RECORD_HEAD, RECORD_TAIL};
    let _: Option<&CallRecord> = o.calls.first();
    assert_eq!(o.calls.len(), RECORD_HEAD + RECORD_TAIL);
    assert_eq!(o.calls_dropped, 3000 - (RECORD_HEAD + RECORD_TAIL) as u64);
    assert_eq!(o.calls[0].id, "program:1:views.current");
    assert_eq!(
        o.calls[RECORD_HEAD - 1].id,
        format!("program:{RECORD_HEAD}:views.current")
    );
    assert_eq!(
        o.calls[RECORD_HEAD].id,
        format!("program:{}:views.current", 3000 - RECORD_TAIL + 1)
    );
    assert_eq!(o.calls.last().unwrap().id, "program:3000:views.current");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn endings_last_call_wins_and_a_failure_revokes_it() {
    let mut s = session(Arc::new(MemoryTools::default()));
    let o = s
        .run(
            "op session.finish {\"summary\":\"first\"}\nop session.finish {\"summary\":\"second\"}",
            &options(),
        )
        .await;
    assert_eq!(
        serde_json::to_string(&o.ending).unwrap(),
        r#"{"kind":"finish","summary":"second"}"#
    );
    let o = s
        .run(
            "op session.finish {\"summary\":\"done\"}\nfail then it broke",
            &options(),
        )
        .await;
    assert_eq!(o.status, Status::ProgramError);
    assert!(o.ending.is_none());
    let o = s.run("op session.approve {}", &options()).await;
    assert_eq!(
        o.logs[0],
        "session.approve err unavailable: this agent ends with session.finish"
    );
    // An ending is never refused for a spent budget.
    let spent = RunOptions {
        budget: RunBudget::lasting(Duration::ZERO),
        ..options()
    };
    let o = s.run("op session.finish {\"summary\":\"late\"}", &spent).await;
    assert!(o.ending.is_some());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_library_keeps_every_program_and_allows_one_rerun_a_turn() {
    let mut s = session(Arc::new(MemoryTools::default()));
    s.run("log one", &options()).await;
    s.run("fail two", &options()).await;
    let o = s
        .run(
            "op programs.history {}\nop programs.get {\"turn\":1}\nop programs.get {\"turn\":9}\nop programs.rerun {\"source\":\"log again\"}\nop programs.rerun {\"source\":\"log twice\"}",
            &options(),
        )
        .await;
    assert_eq!(
        o.logs,
        [
            r#"programs.history ok [{"turn":1,"lines":1,"chars":7,"ok":true,"error":null},{"turn":2,"lines":1,"chars":8,"ok":false,"error":"program_error: two"}]"#,
            r#"programs.get ok "log one""#,
            "programs.get err not-found: no program at turn 9; the library holds turns 1–2",
            "programs.rerun ok null",
            "programs.rerun err limit-exceeded: one rerun a turn: a rerun is already queued",
        ]
    );
    assert_eq!(o.rerun.as_deref(), Some("log again"));
    let o = s
        .run("op programs.rerun {\"source\":\"log again\"}\ntrap", &options())
        .await;
    assert_eq!(o.rerun, None, "a failure revokes the rerun");
    let off = RunOptions {
        library: false,
        ..options()
    };
    let o = s.run("op programs.history {}", &off).await;
    assert_eq!(
        o.logs[0],
        "programs.history err unavailable: this run keeps no program library"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn left_out_labels_and_descriptions_come_from_the_first_line() {
    let tools = Arc::new(MemoryTools::default());
    let mut s = session(tools.clone());
    let long = "x".repeat(70);
    let program = [
        r#"op views.open_text {"body":"\n  Plan for today  \n1. test"}"#.to_owned(),
        r#"op views.open_text {"body":"Plan for today\nanother plan"}"#.to_owned(),
        r#"op views.open_text {"body":"labelled","label":"Plan for today"}"#.to_owned(),
        format!(r#"op views.open_text {{"body":"{long}"}}"#),
        r#"op views.open_text {"body":" \n"}"#.to_owned(),
        r#"op memories.write {"name":"build","body":"\n run make\nthen test"}"#.to_owned(),
        r#"op memories.write {"name":"deploy","body":"b","description":"how to deploy"}"#.to_owned(),
    ]
    .join("\n");
    let o = s.run(&program, &options()).await;
    assert_eq!(o.status, Status::Completed, "{:?}", o.error);
    let views: Vec<(&str, &str)> = o.views.iter().map(|v| (v.selector.as_str(), v.body.as_str())).collect();
    assert_eq!(
        views,
        [
            // an explicit label shown again replaces: the first unlabelled text's default was it
            ("Plan for today", "labelled"),
            ("Plan for today (2)", "Plan for today\nanother plan"),
            (&long[..60], long.as_str()),
            ("text", " \n"),
        ]
    );
    let memories = tools.memories.lock().unwrap();
    assert_eq!(memories["build"].description, "run make");
    assert_eq!(memories["deploy"].description, "how to deploy");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn views_persist_across_turns_until_closed() {
    let tools = Arc::new(MemoryTools::default());
    tools
        .files
        .lock()
        .unwrap()
        .insert("a.txt".into(), "one\ntwo\nthree".into());
    let mut s = session(tools);
    let o = s.run("op views.open_file {\"path\":\"a.txt\",\"offset\":1,\"limit\":1}\nop views.open_text {\"label\":\"t\",\"body\":\"hello\"}", &options()).await;
    assert_eq!(o.views.len(), 2);
    assert_eq!(o.views[0].body, "two");
    let o = s
        .run(
            "op views.current {}\nop views.open_docs {\"name\":\"no.such\"}",
            &options(),
        )
        .await;
    assert_eq!(o.views.len(), 2, "views outlive the program that opened them");
    assert_eq!(
        o.logs[0],
        r#"views.current ok [{"kind":"File","selector":"a.txt","offset":1,"limit":1},{"kind":"Text","selector":"t","offset":null,"limit":null}]"#
    );
    assert_eq!(
        o.logs[1],
        "views.open_docs err not-found: `no.such` is not in the Fixture catalogue nor exported by a bound code module; docs.search finds names"
    );
    let o = s.run("op views.close {\"selector\":\"*\"}", &options()).await;
    assert_eq!(o.logs[0], "views.close ok 2");
    assert!(o.views.is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_skill_is_pinned_once_and_its_code_binds_from_the_next_program() {
    let tools = MemoryTools::for_surface();
    tools.skills.lock().unwrap().insert(
        "greeting".into(),
        gg_core::Skill::new("Greet by name.")
            .with_code("py", "def greet\n")
            .with_code("ggfix", "log greet\n"),
    );
    let mut s = session(Arc::new(tools));
    let o = s
        .run("op skills.read {\"name\":\"greeting\"}\nmodules", &options())
        .await;
    assert_eq!(o.pinned_skills.len(), 1);
    assert_eq!(o.logs.len(), 1, "the module bound in the same program: {:?}", o.logs);
    let o = s
        .run("op skills.read {\"name\":\"greeting\"}\nmodules", &options())
        .await;
    assert!(o.pinned_skills.is_empty(), "pinned twice");
    assert_eq!(
        o.logs[1], "module greeting: 10 bytes",
        "the fixture's own code, not the Python"
    );
    let o = s.run("op memories.write {\"name\":\"Tools\",\"description\":\"d\",\"body\":\"b\",\"code\":\"def x\"}\nop memories.delete {\"name\":\"greeting\"}", &options()).await;
    assert!(o.logs[1].starts_with("memories.delete err not-found"));
    let o = s.run("modules", &options()).await;
    assert_eq!(o.logs, ["module greeting: 10 bytes", "module tools: 5 bytes"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_skills_code_in_another_language_binds_nothing() {
    // The surface skill's code is Python: on the fixture arm it is no module at all.
    let mut s = session(tools_with_skill());
    s.run("op skills.read {\"name\":\"greeting\"}", &options()).await;
    let o = s.run("modules", &options()).await;
    assert_eq!(o.status, Status::Completed, "{:?}", o.error);
    assert!(o.logs.is_empty(), "{:?}", o.logs);
    assert!(o.module_errors.is_empty(), "{:?}", o.module_errors);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_module_that_fails_its_check_is_reported_and_kept_out_of_scope() {
    let mut s = session(Arc::new(MemoryTools::default()));
    let write = |name: &str, code: &str| {
        let args = serde_json::json!({"name": name, "description": "d", "body": "b", "code": code});
        format!("op memories.write {args}")
    };
    let o = s
        .run(
            &format!(
                "{}\n{}",
                write("good", "log fine"),
                write("broken", "log a\ncompile-error no such command")
            ),
            &options(),
        )
        .await;
    assert_eq!(o.status, Status::Completed, "{:?}", o.error);
    for _ in 0..2 {
        let o = s.run("modules", &options()).await;
        assert_eq!(
            o.status,
            Status::Completed,
            "the program does not import it: {:?}",
            o.error
        );
        assert_eq!(o.logs, ["module good: 8 bytes"]);
        assert_eq!(
            o.module_errors.len(),
            1,
            "reported while it stays bound: {:?}",
            o.module_errors
        );
        let e = &o.module_errors[0];
        assert_eq!(e.name, "broken");
        assert!(e.message.contains("no such command"), "{}", e.message);
        let at = e.location.as_ref().unwrap();
        assert_eq!((at.file.as_str(), at.line, at.column), ("lib/broken.ggfix", 2, 1));
    }
    // Rewritten, it is checked again and binds.
    s.run(&write("broken", "log mended"), &options()).await;
    let o = s.run("modules", &options()).await;
    assert_eq!(o.logs, ["module broken: 10 bytes", "module good: 8 bytes"]);
    assert!(o.module_errors.is_empty());
}

#[test]
fn error_codes_have_their_wire_names() {
    assert_eq!(code_name(ErrorCode::LimitExceeded), "limit-exceeded");
    assert_eq!(code_name(ErrorCode::InvalidArgument), "invalid-argument");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn host_time_is_the_time_spent_in_bridged_calls() {
    let o = session(Arc::new(MemoryTools::default()))
        .run(
            "op shell.run {\"command\":\"sleep 0.3\"}",
            &RunOptions {
                limits: Limits::default(),
                ..options()
            },
        )
        .await;
    assert!(o.timing.host_ms >= 300.0, "{}", o.timing.host_ms);
}

/// Tools whose every call panics: gg's own fault, reported, and the session goes on.
struct PanickingTools;

#[async_trait::async_trait]
impl gg_core::ToolApi for PanickingTools {
    async fn list_tasks(&self, _: &gg_core::ToolCx) -> gg_core::ToolResult<Vec<gg_core::wire::Task>> {
        panic!("the embedder's tool fell over")
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_panicking_tool_is_ggs_fault_and_the_session_survives_it() {
    let mut s = gg_core::Session::new(Arc::new(gg_arm_fixture::FixtureArm), Arc::new(PanickingTools));
    s.run("log one", &options()).await;
    let o = s.run("log two\nop tasks.list {}", &options()).await;
    assert_eq!(o.status, Status::InternalError);
    assert!(o.error.unwrap().message.contains("the embedder's tool fell over"));
    assert_eq!(o.logs, ["two"], "what the program did before the fault is kept");
    let o = s.run("log three", &options()).await;
    assert_eq!(o.status, Status::Completed);
    assert_eq!(o.turn, 3);
    assert_eq!(s.state().library.entries().len(), 3);
}
