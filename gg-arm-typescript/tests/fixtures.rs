//! Every fixture program (`tests/fixtures/*.js`), run for real on the ECMAScript guest and
//! snapshotted as the report a model reads. A `// limit timeout SECS` or `// limit memory BYTES`
//! line sets that program's ceiling.

mod common;

use std::time::Duration;

use gg_core::RunOptions;

fn options_for(source: &str) -> RunOptions {
    let mut options = common::options();
    for line in source.lines() {
        let mut words = line.split_whitespace();
        if words.next() == Some("//") && words.next() == Some("limit") {
            match (words.next(), words.next()) {
                (Some("timeout"), Some(v)) => options.limits.timeout = Duration::from_secs_f64(v.parse().unwrap()),
                (Some("memory"), Some(v)) => options.limits.max_memory_bytes = v.parse().unwrap(),
                other => panic!("unknown limit line {other:?}"),
            }
        }
    }
    options
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fixtures() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures");
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.unwrap().file_name().into_string().ok())
        .filter_map(|n| n.strip_suffix(".js").map(str::to_owned))
        .collect();
    names.sort();
    assert!(names.len() >= 18, "fixtures went missing: {names:?}");
    for name in names {
        let source = common::fixture(&name);
        let outcome = common::run(&source, &options_for(&source)).await;
        insta::assert_snapshot!(name.clone(), common::report(&source, &outcome));
    }
}
