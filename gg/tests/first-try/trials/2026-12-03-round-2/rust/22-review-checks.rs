use regex::Regex;

fn main() -> Result<(), gg::ApiError> {
    let out = gg::shell::run("sh check.sh", None)?;
    println!("check.sh exit code: {:?}", out.exit_code);
    println!("{}", out.output);

    let marker = Regex::new(r"(?i)^\s*(\[\s*fail(ed)?\s*\]|fail(ed|ure)?\b|not ok\b|✗|✘|❌)").unwrap();
    let loose = Regex::new(r"(?i)\b(fail|failed|failing|failure)\b").unwrap();
    let zero = Regex::new(r"(?i)\b0\s+(checks?\s+)?(fail|failed|failures)\b").unwrap();

    let lines: Vec<&str> = out.output.lines().map(|l| l.trim_end()).filter(|l| !l.trim().is_empty()).collect();
    let mut items: Vec<String> = lines
        .iter()
        .filter(|l| marker.is_match(l))
        .map(|l| l.trim().to_string())
        .collect();
    if items.is_empty() {
        items = lines
            .iter()
            .filter(|l| loose.is_match(l) && !zero.is_match(l))
            .map(|l| l.trim().to_string())
            .collect();
    }

    let passed = out.exit_code == Some(0) && items.is_empty();
    if passed {
        gg::session::approve()?;
        println!("All checks passed: approved.");
    } else {
        if items.is_empty() {
            let tail: Vec<&str> = lines.iter().rev().take(5).rev().cloned().collect();
            items.push(format!(
                "check.sh failed (exit code {:?}): {}",
                out.exit_code,
                tail.join(" / ")
            ));
        }
        gg::session::request_changes(&items)?;
        println!("Requested changes:");
        for i in &items {
            println!("- {}", i);
        }
    }
    Ok(())
}
