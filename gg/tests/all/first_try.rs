//! The model-written programs of the latest first-try round keep doing what their tasks ask: each
//! program that passed its task's check when the round was measured (`ARM.results.txt` beside it)
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

/// The tasks run.py's printed report (`everyday/01-name: pass`, a line each) says passed.
fn passed(report: &str) -> Vec<String> {
    let mut names: Vec<String> = report
        .lines()
        .filter_map(|l| l.strip_suffix(": pass"))
        .filter_map(|l| l.rsplit('/').next())
        .map(str::to_owned)
        .collect();
    names.sort();
    names
}

/// Each arm's program extension: that of the files in its folder.
fn extension(programs: &Path) -> String {
    std::fs::read_dir(programs)
        .unwrap()
        .filter_map(|e| e.ok()?.path().extension()?.to_str().map(str::to_owned))
        .next()
        .unwrap_or_else(|| panic!("no programs in {}", programs.display()))
}

#[test]
fn the_latest_rounds_programs_still_do_what_their_tasks_ask() {
    let round = first_try().join(ROUND);
    // The report each arm's first run printed (`ARM.results.txt`), beside the arm's programs.
    let mut arms: Vec<(String, String)> = Vec::new();
    for entry in std::fs::read_dir(&round).unwrap() {
        let path = entry.unwrap().path();
        let Some(arm) = path
            .file_name()
            .and_then(|n| n.to_str())
            .and_then(|n| n.strip_suffix(".results.txt"))
        else {
            continue;
        };
        arms.push((arm.to_owned(), extension(&round.join(arm))));
    }
    arms.sort();
    assert_eq!(arms.len(), 8, "a report per arm in {}", round.display());
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
        let was = passed(&std::fs::read_to_string(round.join(format!("{arm}.results.txt"))).unwrap());
        let now = passed(&String::from_utf8_lossy(&out.stdout));
        assert!(!was.is_empty(), "{arm}: its report names no pass");
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
