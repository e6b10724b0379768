//! The Ruby arm's figures (BENCHMARKS.md): a warm trivial turn, the membrane round trip from Ruby,
//! the first program of the process (from the snapshot on disk, once one exists), a program under a
//! reach no snapshot exists for (which initialises the VM and takes one), and the memory an idle
//! instance holds.
//! Printed, not asserted: `cargo test -p gg-arm-ruby --test all figures:: -- --ignored --nocapture`
//! (`GG_BENCH_ALLOCATION=on-demand`: a fresh mapping per instance instead of the instance pool;
//! `GG_BENCH_BAKED=off`: warm programs get the snapshot copied into each instance instead of
//! running on the guest with it baked in).

use crate::common;

use std::sync::Arc;

use common::{MemoryTools, options, session};
use gg_core::Status;
use gg_core::guest::core_module::{Specialise, set_specialise, specialised_runs};

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "timing figures: run by hand for BENCHMARKS.md"]
async fn figures() {
    if std::env::var("GG_BENCH_ALLOCATION").is_ok_and(|v| v == "on-demand") {
        gg_core::engine::set_allocation(gg_core::engine::Allocation::OnDemand).expect("nothing made the engine yet");
    }
    println!("allocation: {:?}", gg_core::engine::allocation());
    let options = options();
    let baked = !std::env::var("GG_BENCH_BAKED").is_ok_and(|v| v == "off");
    // The first program as a process's first: on the snapshot copied in, no baked guest waited for.
    set_specialise(Specialise::Off);
    let mut s = session(Arc::new(MemoryTools::default()));
    let first = s.run("x = 1 + 1", &options).await;
    assert_eq!(first.status, Status::Completed);
    println!(
        "first program of the process: wall {:.2} ms, guest {:.2} ms, compile/load {:?} ms",
        first.timing.wall_ms, first.timing.guest_ms, first.timing.compile_ms
    );
    if baked {
        set_specialise(Specialise::Wait);
        let t = std::time::Instant::now();
        assert_eq!(s.run("x = 1 + 1", &options).await.status, Status::Completed);
        assert_eq!(specialised_runs(), 1, "the baked guest was built or loaded");
        println!(
            "the baked guest built or loaded from the compile cache (with one program): {:.0} ms",
            t.elapsed().as_secs_f64() * 1e3
        );
    }
    println!("warm programs on the baked guest: {baked}");
    let (mut wall, mut guest, mut inst) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..50 {
        let o = s.run("x = 1 + 1", &options).await;
        assert_eq!(o.status, Status::Completed);
        wall.push(o.timing.wall_ms);
        guest.push(o.timing.guest_ms);
        inst.push(o.timing.instantiate_ms);
    }
    println!(
        "trivial turn, warm (median of 50): wall {:.3} ms, instantiate {:.3} ms, guest {:.3} ms",
        median(wall),
        median(inst),
        median(guest)
    );
    let dir = tempfile::tempdir().unwrap();
    let fresh = gg_core::RunOptions {
        reach: gg_core::program::store::GuestReach::Confined {
            root: dir.path().to_owned(),
            env: vec![],
            tmp: None,
        },
        ..options.clone()
    };
    let init = s.run("x = 1 + 1", &fresh).await;
    assert_eq!(init.status, Status::Completed);
    println!(
        "a reach with no snapshot yet (initialise, snapshot, write it): wall {:.2} ms, guest {:.2} ms",
        init.timing.wall_ms, init.timing.guest_ms
    );
    let calls = 2000;
    let empty = s
        .run("t = Process.clock_gettime(Process::CLOCK_MONOTONIC)", &options)
        .await;
    assert_eq!(empty.status, Status::Completed);
    let o = s
        .run(
            &format!(
                "t = Process.clock_gettime(Process::CLOCK_MONOTONIC)\n{calls}.times {{ Gg::Views.current }}\nputs (Process.clock_gettime(Process::CLOCK_MONOTONIC) - t) * 1e6 / {calls}"
            ),
            &options,
        )
        .await;
    assert_eq!(o.status, Status::Completed, "{:?}", o.error);
    println!(
        "membrane round trip from Ruby (Gg::Views.current): {} µs per call",
        o.logs[0]
    );
    let o = s
        .run(
            &format!(
                "Gg::Files.write_file(\"a.txt\", \"x\")\nt = Process.clock_gettime(Process::CLOCK_MONOTONIC)\n{calls}.times {{ Gg::Files.read_file(\"a.txt\", limit: 1) }}\nputs (Process.clock_gettime(Process::CLOCK_MONOTONIC) - t) * 1e6 / {calls}"
            ),
            &options,
        )
        .await;
    assert_eq!(o.status, Status::Completed, "{:?}", o.error);
    println!(
        "membrane round trip with arguments (Gg::Files.read_file(path, limit: 1), in-memory tools): {} µs per call",
        o.logs[0]
    );
}

fn rss_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "timing figures: run by hand for BENCHMARKS.md"]
async fn memory_per_idle_instance() {
    const N: usize = 10;
    let o = session(Arc::new(MemoryTools::default()))
        .run("puts 1", &options())
        .await;
    assert_eq!(o.status, Status::Completed);
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    let before = rss_kib();
    let handles: Vec<_> = (0..N)
        .map(|_| {
            tokio::spawn(async {
                session(Arc::new(MemoryTools::default()))
                    .run("sleep 3", &options())
                    .await
            })
        })
        .collect();
    tokio::time::sleep(std::time::Duration::from_millis(2000)).await;
    let during = rss_kib();
    for h in handles {
        assert_eq!(h.await.unwrap().status, Status::Completed);
    }
    println!(
        "memory per idle instance: {:.1} MiB resident ({N} parked in sleep: RSS {:.0} -> {:.0} MiB)",
        (during - before) as f64 / 1024.0 / N as f64,
        before as f64 / 1024.0,
        during as f64 / 1024.0
    );
}
