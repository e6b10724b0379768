//! Programs on the guest with the VM snapshot baked into its data segments (`bake.rs`): each one
//! starts from the snapshot, as a restored one does, and draws its own random numbers.

mod common;

use std::sync::Arc;

use common::{MemoryTools, options, session};
use gg_core::Status;
use gg_core::guest::core_module::{Specialise, specialise, specialised_runs};

/// The tests here count the process's programs on the baked guest: one at a time.
static ONE_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_program_on_the_baked_guest_draws_its_own_randomness() {
    let _one = ONE_AT_A_TIME.lock().await;
    let options = options();
    let mut s = session(Arc::new(MemoryTools::default()));
    let program = common::fixture("baked/random");
    // The first program may be the one that takes the snapshot.
    let first = s.run(&program, &options).await;
    assert_eq!(first.status, Status::Completed, "{:?}", first.error);
    let before = specialised_runs();
    let mut draws = vec![first.logs];
    for _ in 0..3 {
        let o = s.run(&program, &options).await;
        assert_eq!(o.status, Status::Completed, "{:?}", o.error);
        assert_eq!(o.logs.len(), 3, "{:?}", o.logs);
        assert_eq!(o.logs[2], "fresh", "a program sees no state of the one before");
        draws.push(o.logs);
    }
    if specialise() == Specialise::Wait {
        assert_eq!(specialised_runs(), before + 3, "each program ran on the baked guest");
    } else {
        println!("GG_TEST_BAKED=off: the programs ran on the snapshot copied in, not the baked guest");
    }
    let mut seen: Vec<&String> = draws.iter().flat_map(|d| &d[..2]).collect();
    seen.sort();
    seen.dedup();
    assert_eq!(seen.len(), 2 * draws.len(), "every draw differs: {draws:?}");
}

/// A memory limit below the initialised VM's memory: the baked guest's instance is refused at its
/// creation, the copied one at the growth that restores the snapshot; the same out of memory.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_limit_below_the_snapshot_is_out_of_memory() {
    let _one = ONE_AT_A_TIME.lock().await;
    let mut options = options();
    let mut s = session(Arc::new(MemoryTools::default()));
    assert_eq!(s.run("puts 1", &options).await.status, Status::Completed);
    options.limits.max_memory_bytes = 48 << 20;
    let o = s.run("puts 1", &options).await;
    assert_eq!(o.status, Status::OutOfMemory, "{}", common::report("puts 1", &o));
}

/// A process that starts its snapshots over (more reaches than it keeps) reads the full reach's
/// again from disk and stays on the baked guest it has, neither loading nor building another.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_snapshot_read_again_keeps_its_baked_guest() {
    let _one = ONE_AT_A_TIME.lock().await;
    let options = options();
    let mut s = session(Arc::new(MemoryTools::default()));
    for _ in 0..2 {
        assert_eq!(s.run("puts 1", &options).await.status, Status::Completed);
    }
    let (loads, compiles, runs) = (
        gg_core::engine::cache_load_count(),
        gg_core::engine::compile_count(),
        specialised_runs(),
    );
    // More confined reaches than the process keeps snapshots for (8).
    let dirs: Vec<_> = (0..9).map(|_| tempfile::tempdir().unwrap()).collect();
    for dir in &dirs {
        let confined = gg_core::RunOptions {
            reach: gg_core::program::store::GuestReach::Confined {
                root: dir.path().to_owned(),
                env: vec![],
                tmp: None,
            },
            ..options.clone()
        };
        assert_eq!(s.run("puts 1", &confined).await.status, Status::Completed);
    }
    let o = s.run("puts 1", &options).await;
    assert_eq!(o.status, Status::Completed, "{:?}", o.error);
    if specialise() == Specialise::Wait {
        assert_eq!(
            specialised_runs(),
            runs + 1,
            "the full reach's program ran on the baked guest"
        );
    }
    assert_eq!(
        (gg_core::engine::cache_load_count(), gg_core::engine::compile_count()),
        (loads, compiles),
        "no guest was loaded or compiled again"
    );
}
