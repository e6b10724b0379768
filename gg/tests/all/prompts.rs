//! `gg prompt ARM` for every language arm compiled in: each prints its paragraph of the system
//! prompt and its whole SDK, every spelling resolved (no `{op:…}` left), snapshotted as the model
//! reads it; the test-only fixture arm has none. With the run settings (a narrowed grant, a review
//! ending, the confined reach) the listing leaves out what the agent cannot call, and the closing
//! paragraph says so, alike in every arm.

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

/// The settings of the two agents snapshotted: one granted a few operations, confined (the shell
/// is not granted, so the text is the same on a machine that cannot confine it); one a reviewer.
const AGENTS: &[(&str, &[&str])] = &[
    (
        "narrow",
        &[
            "--grant",
            "files.read_file,files.list_dir,tasks.add,tasks.list,docs.search,session.finish",
            "--confined",
        ],
    ),
    ("review", &["--ending", "review"]),
];

/// The arms whose agent prompts are snapshotted (those compiled in).
const AGENT_ARMS: &[&str] = &["python", "rust", "ruby", "typescript"];

#[test]
fn an_agents_prompt_leaves_out_what_it_cannot_call_and_says_how_it_ends() {
    let ids = gg_core::Registry::global().unwrap().ids();
    for id in AGENT_ARMS.iter().filter(|a| ids.contains(a)) {
        for (name, flags) in AGENTS {
            let o = Command::new(env!("CARGO_BIN_EXE_gg"))
                .args(["prompt", id])
                .args(*flags)
                .output()
                .expect("gg runs");
            assert_eq!(
                o.status.code(),
                Some(0),
                "gg prompt {id} {flags:?}: {}",
                String::from_utf8_lossy(&o.stderr)
            );
            insta::assert_snapshot!(format!("prompt_{id}_{name}"), String::from_utf8_lossy(&o.stdout));
        }
    }
}

#[test]
fn the_default_prompt_says_the_agent_finishes_and_its_file_api_starts_in_the_workspace() {
    let o = Command::new(env!("CARGO_BIN_EXE_gg"))
        .args(["prompt", "fixture"])
        .output()
        .expect("gg runs");
    assert_eq!(o.status.code(), Some(2), "the fixture arm has no segment");
    for id in gg_core::Registry::global().unwrap().ids() {
        if id == "fixture" {
            continue;
        }
        let o = Command::new(env!("CARGO_BIN_EXE_gg"))
            .args(["prompt", id])
            .output()
            .expect("gg runs");
        let text = String::from_utf8_lossy(&o.stdout);
        let last = text.trim_end().lines().last().unwrap_or_default().to_owned();
        assert!(last.starts_with("You end the session with "), "gg prompt {id}: {last}");
        assert!(
            last.contains("the working directory is the workspace"),
            "gg prompt {id}: {last}"
        );
        assert!(
            !text.contains("request_changes") && !text.contains("requestChanges"),
            "gg prompt {id}"
        );
    }
}
