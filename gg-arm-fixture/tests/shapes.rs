//! The guest shapes beside the shared component, over the fixture arm: a program's own component
//! through the compile cache, a compiler killed at its deadline, and a core module that reaches
//! the whole membrane through the wire, prints to its stdout and traps where DWARF says.

mod common;

use std::sync::Arc;
use std::time::{Duration, Instant};

use common::{MemoryTools, fixture, report, session};
use gg_arm_fixture::FixtureArm;
use gg_core::engine::{self, Compiler};
use gg_core::wire::{CodeModule, EndingKind};
use gg_core::{
    Catalogue, Checker, CompileCache, CoreModuleHost, ErrorClass, GuestArtifact, PrepareCx, PrepareError, Prepared,
    ProgramLanguage, RunBudget, RunOptions, Session, Status, ToolchainStatus,
};

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
async fn a_compiler_that_hangs_is_killed_at_the_runs_deadline_as_a_timeout() {
    let _serial = SERIAL.lock().await;
    let started = Instant::now();
    let options = RunOptions {
        budget: RunBudget::lasting(Duration::from_millis(1500)),
        ..options()
    };
    let o = common::run("compile hang\n", &options).await;
    let took = started.elapsed();
    assert_eq!(o.status, Status::Timeout);
    let e = o.error.unwrap();
    assert_eq!(e.kind, ErrorClass::Timeout);
    assert_eq!(
        e.message,
        "preparation did not finish within the run's budget: fixture-compiler was stopped"
    );
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

/// The fixture arm with its per-program guests compiled by Winch instead of Cranelift.
struct WinchFixture;

impl ProgramLanguage for WinchFixture {
    fn id(&self) -> &'static str {
        "fixture-winch"
    }
    fn display_name(&self) -> &'static str {
        "Fixture (Winch)"
    }
    fn extensions(&self) -> &'static [&'static str] {
        &[]
    }
    fn checker(&self) -> Option<Checker> {
        FixtureArm.checker()
    }
    fn toolchain(&self) -> ToolchainStatus {
        FixtureArm.toolchain()
    }
    fn prepare(&self, cx: &PrepareCx, source: &str, modules: &[CodeModule]) -> Result<Prepared, PrepareError> {
        FixtureArm.prepare(cx, source, modules)
    }
    fn guest(&self) -> Option<GuestArtifact> {
        FixtureArm.guest()
    }
    fn program_compiler(&self) -> Compiler {
        Compiler::Winch
    }
    fn core_host(&self) -> Option<&dyn CoreModuleHost> {
        FixtureArm.core_host()
    }
    fn stdout_is_feedback(&self) -> bool {
        true
    }
    fn catalogue(&self) -> &Catalogue {
        FixtureArm.catalogue()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_program_compiled_by_winch_ends_as_it_does_under_cranelift() {
    let _serial = SERIAL.lock().await;
    for name in [
        "core-hello",
        "core-trap",
        "core-exit",
        "core-return",
        "core-raise",
        "core-grow",
        "core-loop",
        "core-recurse",
        "component-own",
    ] {
        let source = fixture(name);
        let options = RunOptions {
            limits: gg_core::testing::limits_from(&source, "#", gg_core::Limits::default()),
            ..options()
        };
        let tools = || Arc::new(MemoryTools::default());
        let cranelift = Session::new(Arc::new(FixtureArm), tools()).run(&source, &options).await;
        let winch = Session::new(Arc::new(WinchFixture), tools())
            .run(&source, &options)
            .await;
        assert_eq!(winch.status, cranelift.status, "{name}: {:?}", winch.error);
        assert_eq!(winch.exit_status, cranelift.exit_status, "{name}");
        assert_eq!(winch.logs, cranelift.logs, "{name}");
        assert_eq!(
            winch.error.as_ref().map(|e| (e.kind, e.location.clone())),
            cranelift.error.as_ref().map(|e| (e.kind, e.location.clone())),
            "{name}: {:?}",
            winch.error
        );
        assert_eq!(winch.calls.len(), cranelift.calls.len(), "{name}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_programs_own_component_is_held_to_the_hosts_operation_table() {
    let _serial = SERIAL.lock().await;
    let mut s = session(Arc::new(MemoryTools::default()));
    let mut bound = s
        .bound_operations_of("compile component\nlog surface\n", &options())
        .await
        .expect("the component answers bound-operations");
    bound.sort();
    let mut host: Vec<&str> = gg_core::program::membrane::OPERATIONS.iter().map(|o| o.id).collect();
    host.sort();
    assert_eq!(bound, host);
}

/// An arm whose every program is one core module, compiled beforehand.
struct PrebuiltCore(Vec<u8>);

impl ProgramLanguage for PrebuiltCore {
    fn id(&self) -> &'static str {
        "prebuilt-core"
    }
    fn display_name(&self) -> &'static str {
        "a prebuilt core module"
    }
    fn extensions(&self) -> &'static [&'static str] {
        &[]
    }
    fn checker(&self) -> Option<Checker> {
        None
    }
    fn toolchain(&self) -> ToolchainStatus {
        ToolchainStatus::NotNeeded
    }
    fn prepare(&self, _: &PrepareCx, _: &str, _: &[CodeModule]) -> Result<Prepared, PrepareError> {
        Ok(Prepared {
            source: String::new(),
            guest: gg_core::ProgramGuest::CoreModule(self.0.clone()),
            locations: None,
            modules: None,
        })
    }
    fn guest(&self) -> Option<GuestArtifact> {
        None
    }
    fn stdout_is_feedback(&self) -> bool {
        true
    }
    fn catalogue(&self) -> &Catalogue {
        FixtureArm.catalogue()
    }
}

/// `tests/fixtures/kotlin/hello.kt` compiled by kotlinc-wasm for WASI, in two steps (a klib, then
/// the module), as toolchains/kotlin.sh installs it.
fn kotlin_module() -> Vec<u8> {
    use gg_core::toolchain::{Scratch, ToolCommand};
    let home = std::path::Path::new("/opt/gg-kotlin/node_modules/kotlin-compiler");
    let kotlinc = home.join("bin/kotlinc-wasm");
    assert!(kotlinc.exists(), "kotlinc-wasm is missing: run toolchains/kotlin.sh");
    let stdlib = home.join("lib/kotlin-stdlib-wasm-wasi.klib");
    let scratch = Scratch::new(std::env::temp_dir().join("gg-kotlin-test")).unwrap();
    let dir = scratch.path().to_owned();
    std::fs::copy(
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/kotlin/hello.kt"),
        dir.join("hello.kt"),
    )
    .unwrap();
    let deadline = Instant::now() + Duration::from_secs(300);
    let step = |args: &[String]| {
        let out = ToolCommand::new("kotlinc-wasm", &kotlinc, &scratch, deadline)
            .env("JAVA_HOME", std::env::var("JAVA_HOME").unwrap_or_default())
            .current_dir(&dir)
            .args(args)
            .run()
            .expect("kotlinc-wasm runs");
        assert!(out.status.success(), "kotlinc-wasm failed: {}", out.stderr.text);
    };
    let common = |out: &str| {
        vec![
            "-Xwasm".to_owned(),
            "-Xwasm-target=wasm-wasi".to_owned(),
            "-libraries".to_owned(),
            stdlib.display().to_string(),
            "-ir-output-dir".to_owned(),
            dir.join(out).display().to_string(),
            "-ir-output-name".to_owned(),
            "hello".to_owned(),
        ]
    };
    let mut klib = common("klib");
    klib.extend(["-Xir-produce-klib-file".to_owned(), "hello.kt".to_owned()]);
    step(&klib);
    let mut module = common("wasm");
    module.extend([
        "-Xir-produce-js".to_owned(),
        "-Xir-dce".to_owned(),
        format!("-Xinclude={}", dir.join("klib/hello.klib").display()),
    ]);
    step(&module);
    std::fs::read(dir.join("wasm/hello.wasm")).expect("kotlinc-wasm wrote hello.wasm")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_kotlin_wasm_module_reaches_the_wire_and_its_gc_heap_is_held_by_the_memory_cap() {
    let _serial = SERIAL.lock().await;
    let bytes = tokio::task::spawn_blocking(kotlin_module).await.unwrap();
    let arm = Arc::new(PrebuiltCore(bytes));
    let options = RunOptions {
        limits: gg_core::Limits {
            max_memory_bytes: 64 << 20,
            ..gg_core::Limits::default()
        },
        ..options()
    };
    let o = Session::new(arm, Arc::new(MemoryTools::default()))
        .run("", &options)
        .await;
    // The program ends filling the GC heap: wasmtime backs it with a memory the limiter sees.
    assert_eq!(o.status, Status::OutOfMemory, "{:?}\n{}", o.error, o.stderr);
    assert_eq!(o.logs[0], "hello from kotlin");
    assert!(o.logs[1].starts_with("{\"ok\":"), "{:?}", o.logs);
    assert_eq!(o.logs[2], "item 0, item 1, item 2");
    assert_eq!(o.calls.len(), 1);
    assert_eq!(o.calls[0].operation, "files.write_file");
}
