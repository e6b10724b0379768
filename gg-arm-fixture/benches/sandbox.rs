//! Benchmarks of the spine and the membrane over the fixture guest (figures in BENCHMARKS.md):
//! a trivial program's whole turn, the membrane round trip for a small call and a 1 MiB string,
//! what epoch interruption costs a CPU-bound loop, and how far past its deadline a program is
//! stopped (the tests assert only that it is stopped, as a timeout).

use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use criterion::{Criterion, SamplingMode, criterion_group, criterion_main};
use gg_arm_fixture::FixtureArm;
use gg_core::{CompileCache, Limits, RunOptions, Session, Status, ToolApi, ToolCx, ToolResult};

/// Tools that accept a write and keep nothing: the membrane's cost without a disk's.
struct Sink;

#[async_trait]
impl ToolApi for Sink {
    async fn write_file(&self, _: &ToolCx, _path: String, contents: String) -> ToolResult<u64> {
        Ok(contents.len() as u64)
    }
}

fn options() -> RunOptions {
    RunOptions {
        library: false,
        cache: CompileCache::disabled(),
        ..RunOptions::default()
    }
}

fn turn(c: &mut Criterion) {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let mut session = Session::new(Arc::new(FixtureArm), Arc::new(Sink));
    let options = options();
    rt.block_on(session.run("log warm", &options));
    c.bench_function("turn/trivial program (prepare, instantiate, run, outcome)", |b| {
        b.iter(|| {
            let o = rt.block_on(session.run("log hi", &options));
            assert_eq!(o.status, Status::Completed);
        })
    });
}

/// Guest plus host time of `iters` calls made from one program (instantiation excluded).
fn calls(rt: &tokio::runtime::Runtime, session: &mut Session, program: String) -> Duration {
    let o = rt.block_on(session.run(&program, &options()));
    assert_eq!(o.status, Status::Completed, "{:?}", o.error);
    Duration::from_secs_f64((o.timing.guest_ms + o.timing.host_ms) / 1e3)
}

fn membrane(c: &mut Criterion) {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let mut session = Session::new(Arc::new(FixtureArm), Arc::new(Sink));
    rt.block_on(session.run("log warm", &options()));
    c.bench_function("membrane/round trip, small call (views.current)", |b| {
        b.iter_custom(|iters| calls(&rt, &mut session, format!("ping {iters}")))
    });
    c.bench_function("membrane/round trip, 1 MiB string (files.write_file)", |b| {
        b.iter_custom(|iters| calls(&rt, &mut session, format!("bigloop {iters} 1048576")))
    });
}

/// The same CPU-bound loop (50 million iterations) under gg's engine and under one without epochs.
fn epoch(c: &mut Criterion) {
    const LOOP: &str = r#"(module (func (export "spin") (param $n i32) (result i32)
        (local $acc i32)
        (loop $l
          (local.set $acc (i32.add (local.get $acc) (i32.mul (local.get $n) (i32.const 7))))
          (local.set $n (i32.sub (local.get $n) (i32.const 1)))
          (br_if $l (local.get $n)))
        (local.get $acc)))"#;
    let mut group = c.benchmark_group("epoch/cpu-bound loop of 5e7 iterations");
    group.sample_size(10);
    for (name, epochs) in [("with epoch interruption", true), ("without", false)] {
        let mut config = gg_core::engine::config();
        config.epoch_interruption(epochs);
        let engine = wasmtime::Engine::new(&config).unwrap();
        let module = wasmtime::Module::new(&engine, LOOP).unwrap();
        let mut store = wasmtime::Store::new(&engine, ());
        store.set_epoch_deadline(u64::MAX / 2);
        let instance = wasmtime::Instance::new(&mut store, &module, &[]).unwrap();
        let spin = instance.get_typed_func::<i32, i32>(&mut store, "spin").unwrap();
        group.bench_function(name, |b| b.iter(|| spin.call(&mut store, 50_000_000).unwrap()));
    }
    group.finish();
}

/// The time a program runs past a 200 ms budget before it is stopped (guest time less the
/// budget; the measured quantity is that overshoot, not the run): a runaway loop (the epoch
/// tick), sleeps in 50 ms hops (each returns to wasm), and one long sleep (a park raced against
/// the deadline).
fn stop(c: &mut Criterion) {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let mut session = Session::new(Arc::new(FixtureArm), Arc::new(Sink));
    rt.block_on(session.run("log warm", &options()));
    let budget = Duration::from_millis(200);
    let options = RunOptions {
        limits: Limits {
            timeout: budget,
            ..Limits::default()
        },
        ..options()
    };
    let mut group = c.benchmark_group("stop/past a 200 ms deadline");
    group
        .sampling_mode(SamplingMode::Flat)
        .sample_size(10)
        .warm_up_time(Duration::from_millis(200))
        .measurement_time(Duration::from_secs(1));
    for (name, program) in [
        ("runaway loop", "loop"),
        ("sleeps of 50 ms", "sleep-hops 100 50"),
        ("one long sleep", "sleep 60000"),
    ] {
        group.bench_function(name, |b| {
            b.iter_custom(|iters| {
                let mut past = Duration::ZERO;
                for _ in 0..iters {
                    let o = rt.block_on(session.run(program, &options));
                    assert_eq!(o.status, Status::Timeout, "{:?}", o.error);
                    past += Duration::from_secs_f64((o.timing.guest_ms / 1e3 - budget.as_secs_f64()).max(0.0));
                }
                past
            })
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30).measurement_time(Duration::from_secs(4)).warm_up_time(Duration::from_secs(1));
    targets = turn, membrane, epoch, stop
}
criterion_main!(benches);
