//! Replays the `wire` fuzz target's corpus (`fuzz/corpus/wire/`) through the same checks on the
//! stable toolchain, so what the fuzzer once found stays fixed without cargo-fuzz.

#[cfg(not(feature = "testing"))]
#[test]
fn the_corpus_replay_needs_the_testing_feature() {
    panic!("the wire harness is test support: run `cargo test -p gg-core --features testing`");
}

#[cfg(feature = "testing")]
#[test]
fn every_input_of_the_wire_corpus_gets_a_result_or_an_api_error() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/corpus/wire");
    let mut inputs: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    inputs.sort();
    assert!(inputs.len() >= 32, "the corpus has a seed per operation at least");
    for input in inputs {
        let data = std::fs::read(&input).unwrap();
        if let Err(why) = gg_core::testing::wire_harness::run_lines(&data) {
            panic!("{}: {why}", input.display());
        }
    }
}
