//! The PureScript arm's figures (BENCHMARKS.md): a 30-line program's prepare (purs on the warm
//! `purs ide server`, then esbuild) and its turn (instantiate + run) against a JavaScript program
//! doing the same work on the same guest (`benches/purescript/words.{purs,js}`). Prints medians
//! and ranges over `GG_BENCH_RUNS` runs (default 30), after one warm-up run of each;
//! `GG_BENCH_ONLY=purescript` (or `javascript`) runs one arm alone (for `perf stat`).
//!
//! `cargo bench -p gg-arm-typescript --features purescript --bench purescript`

use std::sync::Arc;

use gg_arm_typescript::JavaScript;
use gg_arm_typescript::purescript::PureScript;
use gg_core::testing::MemoryTools;
use gg_core::{CompileCache, ProgramLanguage, RunOptions, Session, Status};

fn options() -> RunOptions {
    RunOptions {
        cache: CompileCache::at(concat!(env!("CARGO_TARGET_TMPDIR"), "/gg-compile-cache")),
        ..RunOptions::default()
    }
}

fn source(ext: &str) -> String {
    std::fs::read_to_string(format!("{}/benches/purescript/words.{ext}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

fn median(mut v: Vec<f64>) -> (f64, f64, f64) {
    v.sort_by(f64::total_cmp);
    (v[v.len() / 2], v[0], v[v.len() - 1])
}

fn main() {
    if std::env::args().any(|a| a == "--list") {
        return;
    }
    let runs: usize = std::env::var("GG_BENCH_RUNS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(30);
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let arms: [(&str, Arc<dyn ProgramLanguage>, String); 2] = [
        ("purescript", Arc::new(PureScript), source("purs")),
        ("javascript", Arc::new(JavaScript), source("js")),
    ];
    let mut turns = Vec::new();
    for (name, arm, program) in arms {
        if std::env::var("GG_BENCH_ONLY").is_ok_and(|only| only != name) {
            continue;
        }
        let mut session = Session::new(arm, Arc::new(MemoryTools::default()));
        let warm = rt.block_on(session.run(&program, &options()));
        assert_eq!(warm.status, Status::Completed, "{name}: {:?}", warm.error);
        let (mut prepare, mut turn, mut instantiate) = (Vec::new(), Vec::new(), Vec::new());
        for i in 0..runs {
            // A different literal each time: nothing of the program is reused.
            let text = program.replace("the cat saw the dog", &format!("the cat saw the dog {i}"));
            let o = rt.block_on(session.run(&text, &options()));
            assert_eq!(o.status, Status::Completed, "{name}: {:?}", o.error);
            prepare.push(o.timing.prepare_ms.unwrap_or(0.0));
            turn.push(o.timing.instantiate_ms + o.timing.guest_ms);
            instantiate.push(o.timing.instantiate_ms);
        }
        let (p, p0, p1) = median(prepare);
        let (t, t0, t1) = median(turn);
        let (i, _, _) = median(instantiate);
        eprintln!(
            "{name}: prepare median {p:.1} ms ({p0:.1}–{p1:.1}); turn (instantiate + guest) median {t:.3} ms ({t0:.3}–{t1:.3}), instantiate median {i:.3} ms; {} source bytes",
            program.len()
        );
        turns.push(t);
    }
    if let [ps, js] = turns[..] {
        eprintln!("purescript turn / javascript turn: {:.2}×", ps / js);
    }
}
