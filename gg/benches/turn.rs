//! A warm turn through gg-core directly (`Session::run` in process, the default workspace tools),
//! the baseline `gg serve`'s protocol cost is measured against (`tests/serve/client.py --bench`).
//!
//! `cargo bench -p gg --features arm-fixture --profile dev --bench turn -- N` prints, per arm, the
//! median time of `Session::run` measured around the call and the outcome's own `wall_ms`,
//! `prepare_ms` (a compiled arm compiles the program again each turn), `instantiate_ms` and
//! `guest_ms`.

use std::sync::Arc;
use std::time::{Duration, Instant};

use gg::tools::WorkspaceTools;
use gg::workspace::Workspace;
use gg_core::{Registry, RunBudget, RunOptions, Session};

/// The programs `client.py --bench` sends, by arm, and Java's hello (its start-up sizes TeaVM's heap).
const PROGRAMS: &[(&str, &str)] = &[
    ("fixture", "log hi\n"),
    ("javascript", "console.log(\"hi\")"),
    (
        "java",
        "public class Main { public static void main(String[] a) { System.out.println(\"hi\"); } }",
    ),
];

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

fn main() {
    let n: usize = std::env::args().skip(1).find_map(|a| a.parse().ok()).unwrap_or(200);
    let registry = Registry::global().expect("the registry builds");
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    for (id, source) in PROGRAMS {
        let Ok(arm) = registry.get(id) else {
            println!("{{\"arm\": \"{id}\", \"skipped\": \"not compiled in\"}}");
            continue;
        };
        let workspace = Workspace::open(None, false).expect("a workspace");
        let tools = Arc::new(WorkspaceTools::open(workspace.root(), workspace.state()).expect("the tools"));
        let options = RunOptions {
            budget: RunBudget::lasting(Duration::from_secs(600)),
            ..RunOptions::default()
        };
        let (around, wall, parts) = runtime.block_on(async {
            let mut session = Session::new(arm.clone(), tools);
            let warm = session.run(source, &options).await;
            assert!(warm.ok(), "the {id} program runs: {warm:?}");
            let (mut around, mut wall) = (Vec::new(), Vec::new());
            let mut parts: [Vec<f64>; 3] = Default::default();
            for _ in 0..n {
                let start = Instant::now();
                let outcome = session.run(source, &options).await;
                around.push(start.elapsed().as_secs_f64() * 1000.0);
                let t = &outcome.timing;
                wall.push(t.wall_ms);
                parts[0].push(t.prepare_ms.unwrap_or(0.0));
                parts[1].push(t.instantiate_ms);
                parts[2].push(t.guest_ms);
            }
            (around, wall, parts)
        });
        let [prepare, instantiate, guest] = parts.map(median);
        println!(
            "{{\"calls\": {n}, \"arm\": \"{id}\", \"run_ms_median\": {:.3}, \"wall_ms_median\": {:.3}, \
             \"prepare_ms_median\": {prepare:.3}, \"instantiate_ms_median\": {instantiate:.3}, \
             \"guest_ms_median\": {guest:.3}}}",
            median(around),
            median(wall)
        );
    }
}
