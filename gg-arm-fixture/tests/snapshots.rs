//! Every fixture program, run for real on the fixture guest, snapshotted as the report a model reads.

mod common;

use std::time::Duration;

use gg_core::{CompileCache, Limits, RunOptions};

/// Options from the fixture's `# limit timeout SECS` and `# limit memory BYTES` lines.
fn options_for(source: &str) -> RunOptions {
    let mut limits = Limits::default();
    for line in source.lines() {
        let mut words = line.split_whitespace();
        if words.next() == Some("#") && words.next() == Some("limit") {
            match (words.next(), words.next()) {
                (Some("timeout"), Some(v)) => limits.timeout = Duration::from_secs_f64(v.parse().unwrap()),
                (Some("memory"), Some(v)) => limits.max_memory_bytes = v.parse().unwrap(),
                other => panic!("unknown limit line {other:?}"),
            }
        }
    }
    RunOptions { limits, cache: CompileCache::disabled(), ..RunOptions::default() }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fixtures() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures");
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.unwrap().file_name().into_string().ok())
        .filter_map(|n| n.strip_suffix(".ggfix").map(str::to_owned))
        .collect();
    names.sort();
    assert!(names.len() >= 10, "fixtures went missing: {names:?}");
    for name in names {
        let source = common::fixture(&name);
        let outcome = common::run(&source, &options_for(&source)).await;
        insta::assert_snapshot!(name.clone(), common::report(&source, &outcome));
    }
}
