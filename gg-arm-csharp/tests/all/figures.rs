//! The C# arm's figures (BENCHMARKS.md): the first program of the process (the runtime module
//! compiled by Cranelift or loaded from the compile cache, the SDK assembly built or found), then a
//! 30-line program warm, split into preparation (mcs) and the run (the runtime started, the
//! assemblies added, `Main`).
//! Printed, not asserted: `cargo test -p gg-arm-csharp --test all figures:: -- --ignored --nocapture`
//! (`GG_CACHE_DIR=$(mktemp -d)` for a process with an empty disk cache: the runtime compiled by Cranelift and the SDK built).

use crate::common;

use std::sync::Arc;

use common::{MemoryTools, options, session};
use gg_core::Status;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "timing figures: run by hand for BENCHMARKS.md"]
async fn figures() {
    let options = options();
    let program = common::fixture("thirty-lines");
    let mut s = session(Arc::new(MemoryTools::default()));
    let t = std::time::Instant::now();
    let first = s.run(&program, &options).await;
    assert_eq!(first.status, Status::Completed, "{:?}", first.error);
    println!(
        "first program of the process: {:.0} ms in all (prepare {:?} ms, compile/load {:?} ms, instantiate {:.1} ms, guest {:.1} ms)",
        t.elapsed().as_secs_f64() * 1e3,
        first.timing.prepare_ms,
        first.timing.compile_ms,
        first.timing.instantiate_ms,
        first.timing.guest_ms
    );
    let (mut wall, mut prepare, mut guest, mut inst) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for _ in 0..15 {
        let o = s.run(&program, &options).await;
        assert_eq!(o.status, Status::Completed);
        wall.push(o.timing.wall_ms);
        prepare.push(o.timing.prepare_ms.unwrap_or(0.0));
        guest.push(o.timing.guest_ms);
        inst.push(o.timing.instantiate_ms);
    }
    println!(
        "30-line program, warm (median of 15): wall {:.0} ms = prepare (mcs) {:.0} ms + instantiate {:.1} ms + guest {:.0} ms",
        median(wall),
        median(prepare),
        median(inst),
        median(guest)
    );
}
