//! Benchmarks of the ECMAScript guest: the first program in a cold process (printed once: engine,
//! compiled guest from the cache, instantiate, run), a trivial program's whole turn warm
//! (instantiate + run + outcome), and a membrane round trip from JavaScript.

use std::sync::Arc;
use std::time::Instant;

use criterion::{Criterion, criterion_group};
use gg_arm_typescript::JavaScript;
use gg_core::testing::MemoryTools;
use gg_core::{CompileCache, RunOptions, Session, Status};

fn options() -> RunOptions {
    RunOptions { cache: CompileCache::at(concat!(env!("CARGO_TARGET_TMPDIR"), "/gg-compile-cache")), ..RunOptions::default() }
}

fn session() -> Session {
    Session::new(Arc::new(JavaScript), Arc::new(MemoryTools::default()))
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap()
}

/// The first program of this process, before anything is warm (the compiled guest comes from the
/// cache a previous process wrote; run the bench twice to see the cached figure).
fn cold_start() {
    let rt = runtime();
    let started = Instant::now();
    let o = rt.block_on(session().run("console.log(1 + 1)", &options()));
    assert_eq!(o.status, Status::Completed);
    eprintln!(
        "first program in a cold process: {:.2} ms (instantiate {:.3} ms, guest {:.3} ms)",
        started.elapsed().as_secs_f64() * 1e3,
        o.timing.instantiate_ms,
        o.timing.guest_ms
    );
}

fn turn(c: &mut Criterion) {
    let rt = runtime();
    let mut s = session();
    let options = RunOptions { library: false, ..options() };
    c.bench_function("trivial program turn (warm)", |b| {
        b.iter(|| {
            let o = rt.block_on(s.run("console.log(1 + 1)", &options));
            assert_eq!(o.status, Status::Completed);
        })
    });
}

fn round_trip(c: &mut Criterion) {
    const CALLS: u32 = 10_000;
    let rt = runtime();
    let mut s = session();
    let options = RunOptions { library: false, ..options() };
    let program = format!("import {{ views }} from \"gg\";\nfor (let i = 0; i < {CALLS}; i++) views.current();\n");
    let mut per_call = Vec::new();
    c.bench_function("10000 membrane round trips from JavaScript (one program)", |b| {
        b.iter(|| {
            let o = rt.block_on(s.run(&program, &options));
            assert_eq!(o.status, Status::Completed);
            per_call.push((o.timing.guest_ms + o.timing.host_ms) * 1e3 / f64::from(CALLS));
        })
    });
    per_call.sort_by(f64::total_cmp);
    if let Some(median) = per_call.get(per_call.len() / 2) {
        eprintln!("membrane round trip from JavaScript: {median:.2} µs median (guest + host time per call)");
    }
}

criterion_group!(benches, turn, round_trip);

fn main() {
    cold_start();
    benches();
    criterion::Criterion::default().configure_from_args().final_summary();
}
