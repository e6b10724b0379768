//! The TypeScript check of a small program, cold and warm in one run: printed once, where a cold
//! check's time goes (`tsc --version` alone, and tsc's own `--extendedDiagnostics` phases of one
//! check); then criterion medians of the check as a cold process (`run_cold`: scratch directory,
//! files, `tsc -p`) and on the warm checker (`run_warm`: the same files into its workspace, one
//! snapshot, the diagnostics requests).

use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group};
use gg_arm_typescript::typescript::checker::{self, tsc_path};
use gg_arm_typescript::typescript::declarations;
use gg_core::PrepareCx;
use gg_core::toolchain::{Scratch, ToolCommand};

/// The arm's `type-error.ts` fixture: an import from `gg`, three lines, one type error.
const PROGRAM: &str = include_str!("../tests/fixtures/typescript/type-error.ts");

/// Where a cold check's time goes: the process alone, then tsc's own phases.
fn breakdown() {
    let scratch = Scratch::new(std::env::temp_dir().join("gg-bench")).unwrap();
    let dir = scratch.path();
    std::fs::write(dir.join(checker::PROGRAM_FILE), PROGRAM).unwrap();
    std::fs::write(dir.join(checker::SDK_FILE), declarations()).unwrap();
    std::fs::write(dir.join("tsconfig.json"), checker::tsconfig().to_string()).unwrap();
    let deadline = || Instant::now() + Duration::from_secs(30);
    let mut starts: Vec<f64> = (0..20)
        .map(|_| {
            let t = Instant::now();
            ToolCommand::new("tsc", tsc_path(), &scratch, deadline())
                .arg("--version")
                .run()
                .unwrap();
            t.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    starts.sort_by(f64::total_cmp);
    eprintln!(
        "tsc --version, a process start and nothing else: median {:.1} ms",
        starts[10]
    );
    let out = ToolCommand::new("tsc", tsc_path(), &scratch, deadline())
        .args(["-p", ".", "--extendedDiagnostics"])
        .current_dir(dir)
        .run()
        .unwrap();
    let phases: Vec<&str> = out
        .stdout
        .text
        .lines()
        .filter(|l| {
            [
                "Files:",
                "Lines:",
                "Parse time:",
                "Bind time:",
                "Check time:",
                "Total time:",
            ]
            .iter()
            .any(|k| l.starts_with(k))
        })
        .collect();
    eprintln!("one cold check, tsc --extendedDiagnostics: {}", phases.join("; "));
}

fn checks(c: &mut Criterion) {
    let mut g = c.benchmark_group("typescript_check");
    g.sample_size(20).measurement_time(Duration::from_secs(5));
    g.bench_function("cold_process", |b| {
        b.iter(|| checker::run_cold(&PrepareCx::for_tests(), PROGRAM, &[], declarations()).unwrap())
    });
    // The first warm check starts the checker; criterion's warm-up pays for it.
    g.bench_function("warm_checker", |b| {
        b.iter(|| {
            checker::run_warm(&PrepareCx::for_tests(), PROGRAM, &[], declarations())
                .expect("a warm checker")
                .unwrap()
        })
    });
    g.finish();
}

criterion_group!(benches, checks);

fn main() {
    breakdown();
    benches();
    Criterion::default().configure_from_args().final_summary();
}
