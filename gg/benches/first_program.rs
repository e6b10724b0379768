//! The first program an arm runs in a process, after its warm-up has finished (the spec's warm-up
//! is fired alongside the first model request, so it has the model's reply time to itself).
//!
//! `GG_CACHE_DIR=DIR cargo bench -p gg --no-default-features --features arm-kotlin --profile dev
//! --bench first_program -- ARM FILE` prints how long the warm-up took and the first program's
//! timing; point `GG_CACHE_DIR` at a fresh directory to measure a machine's first program.

use std::sync::Arc;
use std::time::{Duration, Instant};

use gg::tools::WorkspaceTools;
use gg::workspace::Workspace;
use gg_core::{Registry, RunBudget, RunOptions, Session};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| a != "--bench").collect();
    let [id, file] = args.as_slice() else {
        eprintln!("usage: first_program ARM FILE");
        std::process::exit(64);
    };
    let source = std::fs::read_to_string(file).expect("the program file");
    let arm = Registry::global()
        .expect("the registry builds")
        .get(id)
        .expect("the arm is compiled in")
        .clone();
    let options = RunOptions {
        budget: RunBudget::lasting(Duration::from_secs(600)),
        ..RunOptions::default()
    };
    let started = Instant::now();
    gg_core::guest::warm_up(&arm, &options.cache)
        .join()
        .expect("the warm-up finishes");
    let warm_up = started.elapsed().as_secs_f64() * 1000.0;
    let workspace = Workspace::open(None, false).expect("a workspace");
    let tools = Arc::new(WorkspaceTools::open(workspace.root(), workspace.state()).expect("the tools"));
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    let outcome = runtime.block_on(async { Session::new(arm, tools).run(&source, &options).await });
    assert!(outcome.ok(), "the program runs: {outcome:?}");
    let t = &outcome.timing;
    println!(
        "{{\"arm\": \"{id}\", \"warm_up_ms\": {warm_up:.0}, \"prepare_ms\": {:.0}, \"compile_ms\": {:.0}, \"wall_ms\": {:.0}}}",
        t.prepare_ms.unwrap_or(0.0),
        t.compile_ms.unwrap_or(0.0),
        t.wall_ms
    );
}
