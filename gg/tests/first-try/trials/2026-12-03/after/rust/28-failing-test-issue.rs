use regex::Regex;

fn acceptable(name: &str) -> bool {
    let n = name.trim();
    !n.is_empty()
        && !n.starts_with('(')
        && !n.contains('=')
        && !n.chars().all(|c| c.is_ascii_digit())
        && !["test", "tests", "failed", "fail", "failure", "failures", "error", "errors"]
            .contains(&n.to_lowercase().as_str())
}

fn failing_test_name(output: &str) -> Option<String> {
    let patterns = [
        // cargo / unittest verbose: "test foo ... FAILED", "test_foo (mod.Class) ... FAIL"
        r"(?m)^\s*(?:test\s+)?(\S+)(?:\s+\([^)]*\))?\s*\.\.\.\s*(?:FAILED|FAIL|failed|ERROR)\b",
        // TAP: "not ok 3 - test name"
        r"(?m)^\s*not ok\s+\d+\s*(?:-\s*)?(.+?)\s*$",
        // "FAIL: test_name", "FAILED: test_name", "FAIL test_name", "FAILED tests/x.py::test_y - ..."
        r"(?m)^\s*(?:--- )?FAIL(?:ED)?:?\s+(\S+)",
        r"(?m)^\s*\[\s*FAIL(?:ED)?\s*\]\s+(\S+)",
        // "✗ name", "✘ name", "× name"
        r"(?m)^\s*[✗✘×❌]\s+(.+?)\s*$",
        // "test_name: FAIL", "test_name - failed"
        r"(?mi)^\s*(\S+?)\s*[:\-]\s*fail(?:ed|ure)?\b",
        // anything that looks like a test name on a line that says fail
        r"(?mi)^.*fail.*?\b(test[\w.:/-]*)",
    ];
    for p in patterns {
        let re = Regex::new(p).unwrap();
        for c in re.captures_iter(output) {
            let cand = c[1]
                .trim()
                .trim_end_matches(|ch: char| ch == ':' || ch == ',' || ch == '.')
                .to_string();
            if acceptable(&cand) {
                return Some(cand);
            }
        }
    }
    None
}

fn main() -> anyhow::Result<()> {
    let run = gg::shell::run("sh run-tests.sh", None)?;
    println!("exit code: {:?}", run.exit_code);
    println!("{}", run.output);

    let name = failing_test_name(&run.output)
        .ok_or_else(|| anyhow::anyhow!("could not find the failing test's name in the output"))?;

    let lines: Vec<&str> = run.output.trim_end().lines().collect();
    let last3 = lines[lines.len().saturating_sub(3)..].join("\n");

    let id = gg::board::create_issue(gg::board::IssueInput {
        title: format!("Test failing: {}", name),
        description: Some(last3),
        labels: vec!["ci".to_string()],
    })?;
    println!("filed issue {} for failing test {}", id, name);

    gg::session::finish(&format!(
        "Ran the tests: {} fails. Filed board issue {} (label ci) with the last lines of the output.",
        name, id
    ))?;
    Ok(())
}
