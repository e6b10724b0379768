//! Benchmarks of the ECMAScript guest: the first program in a cold process (printed once: engine,
//! compiled guest from the cache, instantiate, run), the resident memory an idle instance adds
//! (printed once), a trivial program's whole turn warm (instantiate + run + outcome), and a
//! membrane round trip from JavaScript; then throughput: programs per second and turn latency with
//! 1, 2, 8 and 64 sessions at once in one process (printed).
//!
//! `GG_BENCH_ALLOCATION=on-demand` runs it all without the instance pool (for before/after in one
//! run); `GG_BENCH_THROUGHPUT_ONLY=1` prints only the throughput figures, `GG_BENCH_SESSIONS=1,2` for those counts.

use std::sync::Arc;
use std::time::Instant;

use criterion::{Criterion, criterion_group};
use gg_arm_typescript::JavaScript;
use gg_core::testing::MemoryTools;
use gg_core::turn::bench;
use gg_core::{CompileCache, ProgramLanguage, RunOptions, Session, Status, engine};

fn options() -> RunOptions {
    RunOptions {
        cache: CompileCache::at(concat!(env!("CARGO_TARGET_TMPDIR"), "/gg-compile-cache")),
        ..RunOptions::default()
    }
}

fn session() -> Session {
    Session::new(Arc::new(JavaScript), Arc::new(MemoryTools::default()))
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
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

/// The process's resident memory in KiB from /proc/self/status: total, anonymous, file-backed.
fn resident() -> [u64; 3] {
    let status = std::fs::read_to_string("/proc/self/status").expect("read /proc/self/status");
    ["VmRSS:", "RssAnon:", "RssFile:"].map(|key| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(key))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            .unwrap_or_else(|| panic!("/proc/self/status has no {key}"))
    })
}

/// What holding idle instances adds to the process's resident memory, per instance: each one is
/// the shared guest instantiated in a fresh store built as a program's, never called.
fn idle_memory() {
    const HELD: usize = 50;
    let rt = runtime();
    let _entered = rt.enter();
    let arm: Arc<dyn ProgramLanguage> = Arc::new(JavaScript);
    let cache = options().cache;
    // The compiled guest and the first instantiation's one-off allocations are not an instance's.
    drop(bench::idle_instances(&arm, 1, &cache).expect("instantiate the guest"));
    let before = resident();
    let held = bench::idle_instances(&arm, HELD, &cache).expect("instantiate the guest");
    let after = resident();
    let per = |i: usize| after[i].saturating_sub(before[i]) as f64 / 1024.0 / HELD as f64;
    eprintln!(
        "resident memory per idle instance ({HELD} held): {:.3} MiB (anonymous {:.3} MiB, file-backed {:.3} MiB)",
        per(0),
        per(1),
        per(2)
    );
    drop(held);
}

fn turn(c: &mut Criterion) {
    let rt = runtime();
    let mut s = session();
    let options = RunOptions {
        library: false,
        ..options()
    };
    let mut parts = Vec::new();
    c.bench_function("trivial program turn (warm)", |b| {
        b.iter(|| {
            let o = rt.block_on(s.run("console.log(1 + 1)", &options));
            assert_eq!(o.status, Status::Completed);
            parts.push((o.timing.instantiate_ms, o.timing.guest_ms));
        })
    });
    let median = |mut v: Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v.get(v.len() / 2).copied().unwrap_or(f64::NAN)
    };
    eprintln!(
        "trivial program turn (warm): instantiate {:.3} ms, guest {:.3} ms median ({} allocation)",
        median(parts.iter().map(|p| p.0).collect()),
        median(parts.iter().map(|p| p.1).collect()),
        allocation_name()
    );
}

fn round_trip(c: &mut Criterion) {
    const CALLS: u32 = 10_000;
    let rt = runtime();
    let mut s = session();
    let options = RunOptions {
        library: false,
        ..options()
    };
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

/// Programs per second and turn latency with many sessions at once, the way `gg serve` runs them.
fn throughput() {
    let rt = runtime();
    let arm: Arc<dyn ProgramLanguage> = Arc::new(JavaScript);
    let options = RunOptions {
        library: false,
        ..options()
    };
    for sessions in session_counts() {
        let t = rt
            .block_on(bench::throughput(
                &arm,
                || Arc::new(MemoryTools::default()),
                "console.log(1 + 1)",
                &options,
                sessions,
                4096 / sessions,
            ))
            .expect("every turn completes");
        eprintln!(
            "javascript throughput, {sessions:2} sessions: {:6.0} programs/s, turn p50 {:.3} ms, p99 {:.3} ms ({} programs, {} allocation)",
            t.per_second(),
            t.quantile_ms(0.5),
            t.quantile_ms(0.99),
            t.programs,
            allocation_name()
        );
    }
}

/// 1, 2, 8 and 64, or the counts `GG_BENCH_SESSIONS` lists (`1,2`).
fn session_counts() -> Vec<usize> {
    std::env::var("GG_BENCH_SESSIONS")
        .ok()
        .map(|v| v.split(',').filter_map(|n| n.trim().parse().ok()).collect())
        .unwrap_or_else(|| vec![1, 2, 8, 64])
}

/// Chooses the engine's allocation from `GG_BENCH_ALLOCATION` before anything makes the engine.
fn choose_allocation() {
    if std::env::var("GG_BENCH_ALLOCATION").is_ok_and(|v| v == "on-demand") {
        engine::set_allocation(engine::Allocation::OnDemand).expect("nothing made the engine yet");
    }
}

fn allocation_name() -> &'static str {
    match engine::allocation() {
        engine::Allocation::OnDemand => "on-demand",
        engine::Allocation::Pooled { .. } => "pooled",
    }
}

criterion_group!(benches, turn, round_trip);

fn main() {
    choose_allocation();
    if std::env::var_os("GG_BENCH_THROUGHPUT_ONLY").is_some() {
        return throughput();
    }
    cold_start();
    idle_memory();
    benches();
    criterion::Criterion::default().configure_from_args().final_summary();
    throughput();
}
