//! `gg prompt ARM` for every language arm compiled in: each prints its paragraph of the system
//! prompt and its whole SDK, every spelling resolved (no `{op:…}` left), snapshotted as the model
//! reads it; the test-only fixture arm has none.

use std::process::Command;

// Links gg's arms, so the registry this test reads holds what the binary holds.
use gg as _;

#[test]
fn every_language_arm_prints_its_prompt_segment() {
    let ids = gg_core::Registry::global().unwrap().ids();
    assert!(!ids.is_empty(), "no arm is compiled in");
    for id in ids {
        let o = Command::new(env!("CARGO_BIN_EXE_gg"))
            .args(["prompt", id])
            .output()
            .expect("gg runs");
        let text = String::from_utf8_lossy(&o.stdout);
        if id == "fixture" {
            assert_eq!(o.status.code(), Some(2), "the fixture arm has no segment: {text}");
            continue;
        }
        assert_eq!(
            o.status.code(),
            Some(0),
            "gg prompt {id}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        assert!(text.starts_with("Write your reply as "), "gg prompt {id}: {text}");
        assert!(
            !text.contains("{op:") && !text.contains("{type:"),
            "gg prompt {id}: {text}"
        );
    }
}

/// What a model reads for each arm, whole: the paragraph, the SDK rendered from the catalogue, the
/// libraries. A change to any arm's SDK, its catalogue or its notation shows here for review.
#[test]
fn each_arms_prompt_is_what_the_model_reads() {
    for id in gg_core::Registry::global().unwrap().ids() {
        if id == "fixture" {
            continue;
        }
        let o = Command::new(env!("CARGO_BIN_EXE_gg"))
            .args(["prompt", id])
            .output()
            .expect("gg runs");
        assert_eq!(o.status.code(), Some(0), "gg prompt {id}");
        insta::assert_snapshot!(format!("prompt_{id}"), String::from_utf8_lossy(&o.stdout));
    }
}
