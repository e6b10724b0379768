fn main() -> Result<(), gg::ApiError> {
    let out = gg::shell::run("sh run-tests.sh", None)?;
    let mut output = out.stdout.clone();
    if !out.stderr.is_empty() {
        if !output.is_empty() && !output.ends_with('\n') {
            output.push('\n');
        }
        output.push_str(&out.stderr);
    }
    println!("exit code: {}", out.exit_code);
    println!("{}", output);

    let patterns = [
        r"(?m)^\s*FAIL(?:ED)?[:\s]+([A-Za-z0-9_:./\-\[\]]+)",
        r"(?m)test\s+([A-Za-z0-9_:]+)\s+\.\.\.\s+FAIL",
        r"(?m)([A-Za-z0-9_:./\-]+)\s*(?:\.\.\.|:|-)\s*FAIL(?:ED)?",
        r"(?m)([A-Za-z_][A-Za-z0-9_]*test[A-Za-z0-9_]*|test[A-Za-z0-9_]+)\b.*\b(?:fail|FAIL)",
    ];
    let mut name: Option<String> = None;
    for p in patterns {
        let re = regex::Regex::new(p).unwrap();
        if let Some(c) = re.captures(&output) {
            name = Some(c[1].trim_end_matches(':').to_string());
            break;
        }
    }
    let name = name.unwrap_or_else(|| "unknown test".to_string());

    let lines: Vec<&str> = output.lines().filter(|l| !l.trim().is_empty()).collect();
    let last3 = lines[lines.len().saturating_sub(3)..].join("\n");

    let issue = gg::board::create_issue(
        &format!("Test failing: {}", name),
        Some(last3.into()),
        Some(vec!["ci".into()]),
    )?;
    println!("filed issue {}", issue.id);
    gg::session::finish(&format!("The test {} fails; filed issue {} (label ci).", name, issue.id))?;
    Ok(())
}
