//! Benchmarks of the Rust arm's preparation (figures in BENCHMARKS.md): a 30-line program through
//! `prepare` (rustc: front end, codegen and the wasm-component-ld link that makes the component),
//! the same component through wasmtime's Winch compile (the arm's `program_compiler`), and a whole
//! warm turn. The SDK and library set it links are built with `-Zshare-generics=y` (build/main.rs),
//! so the program reuses their generic instances.
//!
//! Run with `cargo bench -p gg-arm-rust`. Each prepared source differs by a comment, so the arm's
//! cache of compiled programs never answers.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use criterion::Criterion;
use gg_arm_rust::RustArm;
use gg_core::testing::MemoryTools;
use gg_core::{CompileCache, PrepareCx, ProgramGuest, ProgramLanguage, RunOptions, Session, Status};

/// Thirty lines a model might write: a struct, serde_json, a loop, two operations.
const PROGRAM: &str = r#"use serde::Serialize;

#[derive(Serialize)]
struct Line {
    number: usize,
    text: String,
    words: usize,
}

fn summarise(text: &str) -> Vec<Line> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| Line {
            number: i + 1,
            text: l.to_owned(),
            words: l.split_whitespace().count(),
        })
        .collect()
}

fn main() -> Result<(), gg::ApiError> {
    gg::files::write_file("notes.txt", "alpha beta\n\ngamma\n")?;
    let notes = gg::files::read_file("notes.txt", None, None)?;
    let lines = summarise(&notes.contents);
    let total: usize = lines.iter().map(|l| l.words).sum();
    println!("{}", serde_json::to_string(&lines).unwrap());
    println!("{total} words in {} lines", lines.len());
    Ok(())
}
"#;

static SALT: AtomicU64 = AtomicU64::new(0);

fn fresh() -> String {
    format!("{PROGRAM}// {}\n", SALT.fetch_add(1, Ordering::Relaxed))
}

fn main() {
    let mut c = Criterion::default().sample_size(20).configure_from_args();
    let arm = RustArm;
    c.bench_function("rust/prepare (rustc + component link), 30 lines", |b| {
        b.iter(|| {
            arm.prepare(&PrepareCx::for_tests(), &fresh(), &[])
                .expect("the bench program compiles")
        })
    });
    let ProgramGuest::Component(component) = arm.prepare(&PrepareCx::for_tests(), &fresh(), &[]).unwrap().guest else {
        panic!("the Rust arm prepares a component of the program's own")
    };
    eprintln!("component: {} bytes", component.len());
    c.bench_function("rust/wasmtime compile of the component (Winch)", |b| {
        b.iter(|| {
            gg_core::engine::compile_component(arm.program_compiler(), &component, None, &CompileCache::disabled())
                .unwrap()
        })
    });
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let options = RunOptions {
        library: false,
        cache: CompileCache::disabled(),
        ..RunOptions::default()
    };
    c.bench_function("rust/whole turn (prepare, compile, run), 30 lines", |b| {
        b.iter(|| {
            runtime.block_on(async {
                let mut s = Session::new(Arc::new(RustArm), Arc::new(MemoryTools::default()));
                let o = s.run(&fresh(), &options).await;
                assert_eq!(o.status, Status::Completed, "{:?}", o.error);
            })
        })
    });
    c.final_summary();
}
