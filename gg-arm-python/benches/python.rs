//! Benchmarks of the Python guest (figures in BENCHMARKS.md): a trivial program's warm turn, the
//! first program of a cold process (this binary re-run as a child), memory per idle instance, and
//! pure-Python throughput against the machine's own `python3` on the same script.
//!
//! Run with `cargo bench -p gg-arm-python`; the last three print their figures before criterion's,
//! throughput (programs per second and turn latency with 1, 2, 8 and 64 sessions at once in one
//! process) after, each count followed by what the instance pool's idle slots keep resident.
//! `GG_BENCH_ALLOCATION=on-demand` runs it all without the instance pool (for
//! before/after in one run); `GG_BENCH_THROUGHPUT_ONLY=1` runs only the warm turn's parts and
//! the throughput (`GG_BENCH_SESSIONS=1,2` for those counts of sessions).

use std::process::Command;
use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::Criterion;
use gg_arm_python::PythonArm;
use gg_core::testing::MemoryTools;
use gg_core::{CompileCache, ProgramLanguage, RunOptions, Session, Status};

/// Set in the child process the cold-start benchmark spawns.
const CHILD: &str = "GG_PYTHON_BENCH_CHILD";

/// The pure-Python workload: integer loops, string building, a dict and a sort; prints the
/// seconds its own work took (perf_counter), so neither side counts interpreter start-up.
const WORKLOAD: &str = r#"
import time
t = time.perf_counter()
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)
total = fib(24)
words = {}
for i in range(200_000):
    key = "k" + str(i % 1000)
    words[key] = words.get(key, 0) + i
total += sum(sorted(words.values())[:10])
s = "".join(chr(97 + i % 26) for i in range(200_000)).upper().count("A")
print(time.perf_counter() - t)
"#;

fn options() -> RunOptions {
    RunOptions {
        library: false,
        cache: CompileCache::from_env(),
        ..RunOptions::default()
    }
}

fn session() -> Session {
    Session::new(Arc::new(PythonArm), Arc::new(MemoryTools::default()))
}

fn turn(c: &mut Criterion, rt: &tokio::runtime::Runtime) {
    let mut session = session();
    let options = options();
    rt.block_on(session.run("print('warm')", &options));
    c.bench_function("python/trivial program turn, warm (instantiate, run, outcome)", |b| {
        b.iter(|| {
            let o = rt.block_on(session.run("x = 1 + 1", &options));
            assert_eq!(o.status, Status::Completed);
        })
    });
}

fn cold(c: &mut Criterion) {
    let exe = std::env::current_exe().unwrap();
    let mut group = c.benchmark_group("python/first program in a cold process");
    group.sample_size(10);
    group.bench_function(
        "whole child process: start, load the compiled guest from the disk cache, run print(1)",
        |b| {
            b.iter(|| {
                let out = Command::new(&exe).env(CHILD, "1").output().unwrap();
                assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
            })
        },
    );
    group.finish();
}

/// The child: one program in a fresh process; prints (ms) the guest's load from the disk cache,
/// keyed as `gg` keys it (by the digest the build computed, not by hashing the component), then
/// the first turn, then the two together.
fn child() {
    let started = Instant::now();
    let rt = tokio::runtime::Runtime::new().unwrap();
    let artifact = PythonArm.guest().unwrap();
    gg_core::guest::shared_guest_with_digest("python", &artifact.bytes, artifact.digest, &CompileCache::from_env())
        .unwrap();
    let loaded = started.elapsed();
    let o = rt.block_on(session().run("print(1)", &options()));
    assert_eq!(o.status, Status::Completed, "{:?}", o.error);
    assert_eq!(
        gg_core::engine::compile_count(),
        0,
        "the child compiled: warm the cache first"
    );
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!(
        "{:.2} {:.2} {:.2}",
        ms(loaded),
        ms(started.elapsed() - loaded),
        ms(started.elapsed())
    );
}

/// The cold start's parts, as the child measures them from its own `main` (median of 10).
fn cold_parts() {
    let exe = std::env::current_exe().unwrap();
    let mut runs: Vec<Vec<f64>> = (0..10)
        .map(|_| {
            let out = Command::new(&exe).env(CHILD, "1").output().unwrap();
            assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
            String::from_utf8_lossy(&out.stdout)
                .split_whitespace()
                .map(|v| v.parse().unwrap())
                .collect()
        })
        .collect();
    runs.sort_by(|a, b| a[2].total_cmp(&b[2]));
    let m = &runs[runs.len() / 2];
    println!(
        "python/cold process, inside main: load the compiled guest from the disk cache {:.1} ms, first turn {:.1} ms, together {:.1} ms",
        m[0], m[1], m[2]
    );
}

/// Where a warm turn's time goes, from the outcome's own timing (mean of 200 turns).
fn turn_parts(rt: &tokio::runtime::Runtime) {
    let mut session = session();
    rt.block_on(session.run("print('warm')", &options()));
    let (mut instantiate, mut guest, mut wall) = (0.0, 0.0, 0.0);
    for _ in 0..200 {
        let o = rt.block_on(session.run("x = 1 + 1", &options()));
        instantiate += o.timing.instantiate_ms / 200.0;
        guest += o.timing.guest_ms / 200.0;
        wall += o.timing.wall_ms / 200.0;
    }
    println!(
        "python/warm trivial turn, parts: instantiate {instantiate:.3} ms, guest {guest:.3} ms, wall {wall:.3} ms ({} allocation)",
        allocation_name()
    );
}

fn rss_kib() -> u64 {
    status_kib("VmRSS:")
}

/// A `/proc/self/status` figure in KiB (`VmRSS:`, `RssAnon:`).
fn status_kib(key: &str) -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status.lines().find(|l| l.starts_with(key)).unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

/// Resident memory added per live instance: N programs parked in `time.sleep` at once.
fn memory(rt: &tokio::runtime::Runtime) {
    const N: usize = 20;
    rt.block_on(session().run("print('warm')", &options()));
    std::thread::sleep(Duration::from_millis(200));
    let before = rss_kib();
    let handles: Vec<_> = (0..N)
        .map(|_| rt.spawn(async { session().run("import time\ntime.sleep(3)\n", &options()).await }))
        .collect();
    std::thread::sleep(Duration::from_millis(2000));
    let during = rss_kib();
    for h in handles {
        assert_eq!(rt.block_on(h).unwrap().status, Status::Completed);
    }
    println!(
        "python/memory per idle instance: {:.1} MiB resident ({N} instances parked in time.sleep: RSS {:.0} MiB -> {:.0} MiB)",
        (during - before) as f64 / 1024.0 / N as f64,
        before as f64 / 1024.0,
        during as f64 / 1024.0
    );
}

fn throughput(rt: &tokio::runtime::Runtime) {
    let mut guest = Vec::new();
    let mut session = session();
    for _ in 0..5 {
        let o = rt.block_on(session.run(WORKLOAD, &options()));
        assert_eq!(o.status, Status::Completed, "{:?}", o.error);
        guest.push(o.logs[0].parse::<f64>().unwrap());
    }
    let mut native = Vec::new();
    for _ in 0..5 {
        let out = Command::new("python3")
            .arg("-c")
            .arg(WORKLOAD)
            .output()
            .expect("python3 runs");
        native.push(String::from_utf8_lossy(&out.stdout).trim().parse::<f64>().unwrap());
    }
    let median = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    let (g, n) = (median(&mut guest), median(&mut native));
    let version = Command::new("python3").arg("--version").output().unwrap();
    println!(
        "python/pure-Python throughput: guest {:.0} ms, native {} {:.0} ms (median of 5): {:.2}x native time",
        g * 1e3,
        String::from_utf8_lossy(&version.stdout).trim(),
        n * 1e3,
        g / n
    );
}

/// Programs per second and turn latency with many sessions at once, the way `gg serve` runs them.
fn sessions_throughput(rt: &tokio::runtime::Runtime) {
    let arm: Arc<dyn ProgramLanguage> = Arc::new(PythonArm);
    let anon_before = status_kib("RssAnon:");
    for sessions in session_counts() {
        let t = rt
            .block_on(gg_core::turn::bench::throughput(
                &arm,
                || Arc::new(MemoryTools::default()),
                "x = 1 + 1",
                &options(),
                sessions,
                1024 / sessions,
            ))
            .expect("every turn completes");
        println!(
            "python throughput, {sessions:2} sessions: {:5.0} programs/s, turn p50 {:.3} ms, p99 {:.3} ms ({} programs, {} allocation)",
            t.per_second(),
            t.quantile_ms(0.5),
            t.quantile_ms(0.99),
            t.programs,
            allocation_name()
        );
        // What the pool's idle slots keep resident between programs (wasmtime's own count, and
        // the process's anonymous memory against before the first count).
        if let Some(pool) = gg_core::engine::engine().pooling_allocator_metrics() {
            println!(
                "python pool, idle after {sessions:2} sessions: {} memory slots keep {:.1} MiB, {} table slots {:.2} MiB; anonymous resident +{:.1} MiB",
                pool.unused_warm_memories(),
                pool.unused_memory_bytes_resident() as f64 / 1048576.0,
                pool.unused_warm_tables(),
                pool.unused_table_bytes_resident() as f64 / 1048576.0,
                (status_kib("RssAnon:") as f64 - anon_before as f64) / 1024.0,
            );
        }
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
        gg_core::engine::set_allocation(gg_core::engine::Allocation::OnDemand).expect("nothing made the engine yet");
    }
}

fn allocation_name() -> &'static str {
    match gg_core::engine::allocation() {
        gg_core::engine::Allocation::OnDemand => "on-demand",
        gg_core::engine::Allocation::Pooled { .. } => "pooled",
    }
}

fn main() {
    choose_allocation();
    if std::env::var_os(CHILD).is_some() {
        return child();
    }
    if std::env::var_os("GG_BENCH_COLD_ONLY").is_some() {
        return cold_parts();
    }
    let rt = tokio::runtime::Runtime::new().unwrap();
    if std::env::var_os("GG_BENCH_THROUGHPUT_ONLY").is_some() {
        turn_parts(&rt);
        return sessions_throughput(&rt);
    }
    memory(&rt);
    throughput(&rt);
    turn_parts(&rt);
    cold_parts();
    let mut c = Criterion::default().configure_from_args();
    turn(&mut c, &rt);
    cold(&mut c);
    c.final_summary();
    sessions_throughput(&rt);
}
