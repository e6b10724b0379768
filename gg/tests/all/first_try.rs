//! The model-written programs of the latest first-try round keep doing what their tasks ask: each
//! program that passed its task's check when the round was measured (`ARM.results.json` beside it)
//! passes it still, run by `gg/tests/first-try/run.py` on this build (issue 25: "keep the programs
//! as fixtures that must keep running").

use std::path::{Path, PathBuf};
use std::process::Command;

/// The round whose programs are held to their first results, and its task list.
const ROUND: &str = "trials/2026-12-04-round-3";
const TASKS: &str = "round-3";

fn first_try() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/first-try")
}

/// The tasks `results` (run.py's JSON) says passed.
fn passed(results: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(results).unwrap_or_else(|e| panic!("{}: {e}", results.display()));
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    let mut names: Vec<String> = json["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["pass"] == true)
        .map(|r| r["task"].as_str().unwrap().to_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn the_latest_rounds_programs_still_do_what_their_tasks_ask() {
    let round = first_try().join(ROUND);
    let mut arms: Vec<(String, String)> = Vec::new();
    for entry in std::fs::read_dir(&round).unwrap() {
        let path = entry.unwrap().path();
        let Some(arm) = path
            .file_name()
            .and_then(|n| n.to_str())
            .and_then(|n| n.strip_suffix(".results.json"))
        else {
            continue;
        };
        let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        arms.push((arm.to_owned(), json["ext"].as_str().unwrap().to_owned()));
    }
    arms.sort();
    assert_eq!(arms.len(), 8, "a results file per arm in {}", round.display());
    let mut regressions = Vec::new();
    for (arm, ext) in &arms {
        // run.py writes its results beside the programs: run a copy, so the kept results stay.
        let scratch = tempfile::tempdir().unwrap();
        let programs = scratch.path().join(arm);
        std::fs::create_dir(&programs).unwrap();
        for entry in std::fs::read_dir(round.join(arm)).unwrap() {
            let from = entry.unwrap().path();
            std::fs::copy(&from, programs.join(from.file_name().unwrap())).unwrap();
        }
        let out = Command::new("python3")
            .arg(first_try().join("run.py"))
            .args([env!("CARGO_BIN_EXE_gg"), arm, ext])
            .arg(&programs)
            .arg("--tasks")
            .arg(first_try().join(TASKS))
            // The compiled arms' compile counts against the run's budget: a loaded machine must
            // not fail a program that fits gg's default on an idle one.
            .args(["--timeout-secs", "120"])
            .output()
            .expect("python3 runs run.py");
        let was = passed(&round.join(format!("{arm}.results.json")));
        let now = passed(&scratch.path().join(format!("{arm}.results.json")));
        let lost: Vec<&String> = was.iter().filter(|t| !now.contains(t)).collect();
        println!("{arm}: {} of {} kept their pass", was.len() - lost.len(), was.len());
        if !lost.is_empty() {
            regressions.push(format!("{arm}: {lost:?}\n{}", String::from_utf8_lossy(&out.stdout)));
        }
    }
    assert!(
        regressions.is_empty(),
        "programs that passed no longer do:\n{}",
        regressions.join("\n")
    );
}
