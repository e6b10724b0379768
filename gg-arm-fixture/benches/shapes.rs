//! Benchmarks of the guest shapes (figures in BENCHMARKS.md): wasmtime's compile of a per-program
//! guest with Cranelift and with Winch, and the code each makes running a CPU-heavy kernel; the
//! wire's round trip against the component's; a core module's whole turn and instantiation.

use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use gg_arm_fixture::FixtureArm;
use gg_core::testing::MemoryTools;
use gg_core::{CompileCache, PrepareCx, Prepared, ProgramGuest, ProgramLanguage, RunOptions, Session, Status};

fn options() -> RunOptions {
    RunOptions {
        library: false,
        cache: CompileCache::disabled(),
        ..RunOptions::default()
    }
}

/// An engine like gg's with the given compiler. Winch (wasmtime 50, x86-64) has no GC and only
/// experimental exceptions, so those proposals are off for it, as in gg's Winch engine.
fn engine(strategy: wasmtime::Strategy) -> wasmtime::Engine {
    let mut config = gg_core::engine::config();
    config.strategy(strategy);
    if matches!(strategy, wasmtime::Strategy::Winch) {
        config
            .wasm_gc(false)
            .wasm_exceptions(false)
            .wasm_function_references(false);
    }
    wasmtime::Engine::new(&config).unwrap()
}

const COMPILERS: [(&str, wasmtime::Strategy); 2] = [
    ("cranelift", wasmtime::Strategy::Cranelift),
    ("winch", wasmtime::Strategy::Winch),
];

/// The fixture's C core module for a program, compiled by clang as the arm prepares it.
fn core_module(program: &str) -> Vec<u8> {
    match FixtureArm.prepare(&PrepareCx::for_tests(), program, &[]) {
        Ok(Prepared {
            guest: ProgramGuest::CoreModule(bytes),
            ..
        }) => bytes,
        other => panic!("the fixture did not compile a core module: {other:?}"),
    }
}

/// A CPU-heavy kernel in C (a sieve of Eratosthenes over 2 million), compiled by clang at -O1
/// to a bare core module exporting `sieve`.
fn sieve_module() -> Vec<u8> {
    let dir = tempfile::tempdir().unwrap();
    let c = dir.path().join("sieve.c");
    std::fs::write(
        &c,
        "static unsigned char composite[2000001];\n\
         int sieve(int n) { int count = 0;\n\
           for (int i = 0; i <= n; i++) composite[i] = 0;\n\
           for (int i = 2; i <= n; i++) { if (composite[i]) continue; count++;\n\
             for (long long j = (long long)i * i; j <= n; j += i) composite[j] = 1; }\n\
           return count; }\n",
    )
    .unwrap();
    let out = dir.path().join("sieve.wasm");
    let status = std::process::Command::new("clang-19")
        .args([
            "--target=wasm32-wasi",
            "--sysroot=/opt/gg-wasi-sysroot",
            "-O1",
            "-nostartfiles",
            "-Wl,--no-entry",
            "-Wl,--export=sieve",
        ])
        .arg(&c)
        .arg("-o")
        .arg(&out)
        .status()
        .unwrap();
    assert!(status.success());
    std::fs::read(out).unwrap()
}

fn compile(c: &mut Criterion) {
    let component = gg_arm_fixture::COMPONENT;
    let core = core_module("compile core\nlog hi\nop files.list_dir {}\n");
    let mut group = c.benchmark_group("compile");
    group.sample_size(10);
    for (name, strategy) in COMPILERS {
        let engine = engine(strategy);
        group.bench_function(
            format!("fixture component ({} KB, Rust)/{name}", component.len() / 1000),
            |b| b.iter(|| wasmtime::component::Component::new(&engine, component).unwrap()),
        );
        group.bench_function(format!("C core module ({} KB)/{name}", core.len() / 1000), |b| {
            b.iter(|| wasmtime::Module::new(&engine, &core).unwrap())
        });
    }
    group.finish();

    let sieve = sieve_module();
    let mut group = c.benchmark_group("run/sieve of 2e6 (compile once, then run)");
    group.sample_size(10);
    for (name, strategy) in COMPILERS {
        let engine = engine(strategy);
        let started = Instant::now();
        let module = wasmtime::Module::new(&engine, &sieve).unwrap();
        eprintln!("sieve compiled by {name} in {:?}", started.elapsed());
        let mut store = wasmtime::Store::new(&engine, ());
        store.set_epoch_deadline(u64::MAX / 2);
        let instance = wasmtime::Instance::new(&mut store, &module, &[]).unwrap();
        let run = instance.get_typed_func::<i32, i32>(&mut store, "sieve").unwrap();
        assert_eq!(run.call(&mut store, 2_000_000).unwrap(), 148_933);
        group.bench_function(name, |b| b.iter(|| run.call(&mut store, 2_000_000).unwrap()));
    }
    group.finish();
}

/// Guest plus host time of one program's calls (instantiation excluded).
fn calls(rt: &tokio::runtime::Runtime, session: &mut Session, program: String) -> Duration {
    let o = rt.block_on(session.run(&program, &options()));
    assert_eq!(o.status, Status::Completed, "{:?}", o.error);
    Duration::from_secs_f64((o.timing.guest_ms + o.timing.host_ms) / 1e3)
}

fn wire(c: &mut Criterion) {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let mut session = Session::new(Arc::new(FixtureArm), Arc::new(MemoryTools::default()));
    rt.block_on(session.run("log warm", &options()));
    let mut group = c.benchmark_group("round trip of views.current");
    group.bench_function("component (typed lowering)", |b| {
        b.iter_custom(|iters| calls(&rt, &mut session, format!("ping {iters}")))
    });
    // One compiled program pings a fixed count; criterion's iterations are scaled from it.
    const N: u64 = 20_000;
    let program = format!("compile core\nping {N}\n");
    rt.block_on(session.run(&program, &options()));
    group.bench_function("core module (the wire, JSON)", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            let mut done = 0;
            while done < iters {
                total += calls(&rt, &mut session, program.clone());
                done += N;
            }
            total.mul_f64(iters as f64 / done as f64)
        })
    });
    group.finish();

    let mut group = c.benchmark_group("turn");
    let hello = "compile core\nlog hi\n";
    rt.block_on(session.run(hello, &options()));
    group.bench_function("core module, cached (prepare by clang excluded)", |b| {
        let bytes = core_module(hello);
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                let arm: Arc<dyn ProgramLanguage> = Arc::new(FixtureArm);
                let started = Instant::now();
                let (guest, _) = gg_core::guest::program_guest(
                    &arm,
                    gg_core::GuestKind::CoreModule,
                    bytes.clone(),
                    &CompileCache::disabled(),
                )
                .unwrap();
                total += started.elapsed();
                drop(guest);
            }
            total
        })
    });
    let o = rt.block_on(session.run(hello, &options()));
    eprintln!(
        "a core module's turn: prepare {:?} ms (clang), compile {:?} ms (cache hit), instantiate {} ms",
        o.timing.prepare_ms, o.timing.compile_ms, o.timing.instantiate_ms
    );
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).measurement_time(Duration::from_secs(3)).warm_up_time(Duration::from_secs(1));
    targets = compile, wire
}
criterion_main!(benches);
