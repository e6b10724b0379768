//! The Cranelift engine's instance pool, made small for this process: a program that finds every
//! slot taken waits for one and completes; a memory ceiling above the default is the program's,
//! not the pool's.

mod common;

use std::sync::Arc;
use std::time::Duration;

use common::{MemoryTools, session};
use gg_core::engine::{self, Allocation};
use gg_core::{CompileCache, ErrorClass, Limits, RunOptions, Status};

/// Room for one fixture program at a time (a component of several core instances).
const SLOTS: u32 = 6;

fn small_pool() {
    engine::set_allocation(Allocation::Pooled { slots: SLOTS }).expect("this process chooses its pool first");
}

fn options(memory: u64) -> RunOptions {
    RunOptions {
        limits: Limits {
            timeout: Duration::from_secs(30),
            max_memory_bytes: memory,
        },
        cache: CompileCache::disabled(),
        ..RunOptions::default()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn programs_beyond_the_pools_slots_wait_for_one_and_complete() {
    small_pool();
    let waits = engine::pool_waits();
    let runs: Vec<_> = (0..8)
        .map(|i| {
            tokio::spawn(async move {
                let mut s = session(Arc::new(MemoryTools::default()));
                s.run(&format!("sleep 50\nlog program {i}"), &options(256 << 20)).await
            })
        })
        .collect();
    for (i, run) in runs.into_iter().enumerate() {
        let o = run.await.unwrap();
        assert_eq!(o.status, Status::Completed, "{:?}", o.error);
        assert_eq!(o.logs, [format!("program {i}")]);
    }
    assert!(engine::pool_waits() > waits, "no program found the pool full");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_ceiling_above_the_default_is_reached_in_full_under_the_pool() {
    small_pool();
    let mut s = session(Arc::new(MemoryTools::default()));
    let o = s.run("grow", &options(512 << 20)).await;
    assert_eq!(o.status, Status::OutOfMemory);
    let e = o.error.unwrap();
    assert_eq!(e.kind, ErrorClass::OutOfMemory);
    assert!(
        e.message.starts_with("the program reached its memory limit of 512 MiB"),
        "{}",
        e.message
    );
    // The guest held 1 MiB chunks until the limiter refused: all but its own start-up's memory.
    let held: u64 = e
        .message
        .split("failed after ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no count of chunks held: {}", e.message));
    assert!((500..512).contains(&held), "held {held} MiB of 512");
    let o = s.run("log fresh store", &options(512 << 20)).await;
    assert_eq!((o.status, o.logs), (Status::Completed, vec!["fresh store".to_owned()]));
}
