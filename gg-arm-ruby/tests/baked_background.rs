//! The baked guest as a process gets it by default (`Specialise::Background`): no program waits
//! for it, a process's first program never starts its build, and once a later one has, programs
//! move onto it when it is ready. (Its own test binary: the policy is process-wide.)

mod common;

use std::sync::Arc;
use std::time::{Duration, Instant};

use common::{MemoryTools, session};
use gg_core::guest::core_module::{Specialise, set_specialise, specialised_runs};
use gg_core::{CompileCache, RunOptions, Status};

/// Far past a build here (a compile of the baked guest, ~30 s in a dev build under load).
const GUARD: Duration = Duration::from_secs(300);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn programs_move_onto_the_baked_guest_once_it_is_built() {
    set_specialise(Specialise::Background);
    let options = RunOptions {
        cache: CompileCache::from_env(),
        ..RunOptions::default()
    };
    let mut s = session(Arc::new(MemoryTools::default()));
    for _ in 0..2 {
        let o = s.run("puts 1 + 1", &options).await;
        assert_eq!(o.status, Status::Completed, "{:?}", o.error);
        assert_eq!(o.logs, ["2"]);
        assert_eq!(
            specialised_runs(),
            0,
            "the first programs run on the guest with the snapshot copied in"
        );
    }
    let started = Instant::now();
    while specialised_runs() == 0 {
        assert!(started.elapsed() < GUARD, "the baked guest was never ready");
        let o = s.run("puts 1 + 1", &options).await;
        assert_eq!(o.status, Status::Completed, "{:?}", o.error);
        assert_eq!(o.logs, ["2"]);
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let o = s.run("puts 1 + 1", &options).await;
    assert_eq!(o.logs, ["2"]);
    assert!(specialised_runs() >= 2, "programs stay on the baked guest");
}
