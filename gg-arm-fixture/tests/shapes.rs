//! The guest shapes beside the shared component, over the fixture arm: a program's own component
//! through the compile cache, a compiler killed at its deadline, and a core module that reaches
//! the whole membrane through the wire, prints to its stdout and traps where DWARF says.

mod common;

use std::sync::Arc;
use std::time::{Duration, Instant};

use common::{MemoryTools, fixture, report, session};
use gg_core::engine;
use gg_core::wire::EndingKind;
use gg_core::{CompileCache, ErrorClass, RunBudget, RunOptions, Status};

/// The tests here count compiles, a process-wide figure: they run one at a time.
static SERIAL: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

fn options() -> RunOptions {
    RunOptions {
        cache: CompileCache::disabled(),
        ..RunOptions::default()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_program_of_its_own_is_compiled_once_and_its_compile_time_reported() {
    let _serial = SERIAL.lock().await;
    // A text no other test runs, so this process has not compiled it yet.
    let source = format!("compile component\nlog once {:?}\n", Instant::now());
    let mut s = session(Arc::new(MemoryTools::default()));
    let before = engine::compile_count();
    let first = s.run(&source, &options()).await;
    assert_eq!(first.status, Status::Completed, "{:?}", first.error);
    assert_eq!(first.logs.len(), 1);
    assert!(first.timing.compile_ms.is_some());
    let compiled = engine::compile_count() - before;
    let second = s.run(&source, &options()).await;
    assert_eq!(second.status, Status::Completed);
    assert!(second.timing.compile_ms.is_some());
    assert_eq!(compiled, 1, "the first run compiles its component");
    assert_eq!(
        engine::compile_count() - before,
        1,
        "a rerun of the same program compiles nothing"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rerun_of_a_compiled_core_program_is_a_cache_hit() {
    let _serial = SERIAL.lock().await;
    let source = format!(
        "compile core\nlog once {}\n",
        std::process::id() as u128 * 1_000_003 + line!() as u128
    );
    let mut s = session(Arc::new(MemoryTools::default()));
    let first = s.run(&source, &options()).await;
    assert_eq!(first.status, Status::Completed, "{:?}", first.error);
    let before = engine::compile_count();
    let second = s.run(&source, &options()).await;
    assert_eq!(second.status, Status::Completed);
    assert_eq!(
        engine::compile_count(),
        before,
        "the same program compiled again in another scratch directory is the same module"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_program_on_the_shared_guest_reports_no_compile_time() {
    let _serial = SERIAL.lock().await;
    let o = common::run("log shared", &options()).await;
    assert_eq!(o.timing.compile_ms, None);
}

/// `sleep 600` processes this test's "compiler" started that are still alive.
fn hanging_sleeps() -> usize {
    std::fs::read_dir("/proc")
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| {
            std::fs::read(e.path().join("cmdline")).is_ok_and(|c| c == b"sleep\x00600\x00")
                && std::fs::read_to_string(e.path().join("stat"))
                    .is_ok_and(|s| !s.rsplit(')').next().unwrap_or("").trim_start().starts_with('Z'))
        })
        .count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_compiler_that_hangs_is_killed_at_the_runs_deadline_and_blamed() {
    let _serial = SERIAL.lock().await;
    let started = Instant::now();
    let options = RunOptions {
        budget: RunBudget::lasting(Duration::from_millis(1500)),
        ..options()
    };
    let o = common::run("compile hang\n", &options).await;
    let took = started.elapsed();
    assert_eq!(o.status, Status::ToolchainError);
    let e = o.error.unwrap();
    assert_eq!(e.kind, ErrorClass::Toolchain);
    assert!(e.message.contains("fixture-compiler"), "{}", e.message);
    assert!(e.message.contains("sleep 600"), "names what ran: {}", e.message);
    assert!(e.message.contains("killed"), "{}", e.message);
    assert!(took < Duration::from_secs(20), "took {took:?}");
    assert_eq!(hanging_sleeps(), 0, "the compiler's process was left running");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_core_module_reaches_every_operation_through_the_wire_and_records_the_surface() {
    let _serial = SERIAL.lock().await;
    let tools = MemoryTools::for_surface();
    let mut s = session(Arc::new(tools));
    let options = RunOptions {
        ending: EndingKind::Finish,
        ..options()
    };
    s.run("log an earlier turn", &options).await;
    let source = fixture("membrane/every-operation-core");
    let o = s.run(&source, &options).await;
    assert_eq!(o.status, Status::Completed, "{:?}\n{}", o.error, o.stderr);
    gg_core::testing::assert_surface(&o);
    // The replies the program printed are the wire's JSON: results and errors alike.
    assert!(
        o.logs
            .iter()
            .any(|l| l.contains("\"status\":\"done\"") && l.starts_with("tasks.list {\"ok\":[")),
        "{:#?}",
        o.logs
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_core_modules_trap_is_located_in_the_program_through_dwarf() {
    let _serial = SERIAL.lock().await;
    let source = fixture("core-trap");
    let o = common::run(&source, &options()).await;
    assert_eq!(o.status, Status::Trap);
    let e = o.error.as_ref().unwrap();
    let at = e.location.as_ref().expect("located");
    assert_eq!((at.file.as_str(), at.line), ("program", 6), "{}", e.message);
    assert!(e.message.contains("frames outside the program struck"), "{}", e.message);
    assert_eq!(o.calls.len(), 1, "the call before the trap is kept");
    insta::assert_snapshot!(report(&source, &o));
}
