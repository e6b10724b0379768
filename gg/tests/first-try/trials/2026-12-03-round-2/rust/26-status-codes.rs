use regex::Regex;
use std::collections::HashMap;

fn main() -> Result<(), gg::ApiError> {
    let read = gg::files::read_file("logs/access.log", None, None)?;
    if read.truncated {
        panic!("logs/access.log read was truncated");
    }
    let re = Regex::new(r#""[^"]*"\s+(\d{3})\b"#).unwrap();
    let mut counts: HashMap<u32, u64> = HashMap::new();
    let mut total: u64 = 0;
    for line in read.contents.lines() {
        if line.trim().is_empty() {
            continue;
        }
        match re.captures(line) {
            Some(c) => {
                let code: u32 = c[1].parse().unwrap();
                *counts.entry(code).or_insert(0) += 1;
                total += 1;
            }
            None => eprintln!("skipped a line without a status: {}", line),
        }
    }
    let mut rows: Vec<(u32, u64)> = counts.into_iter().collect();
    rows.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let mut text = String::new();
    for (code, n) in &rows {
        text.push_str(&format!("{} {}\n", code, n));
    }
    if gg::files::write_file("reports/status.txt", &text).is_err() {
        gg::shell::run("mkdir -p reports", None)?;
        gg::files::write_file("reports/status.txt", &text)?;
    }
    let server: u64 = rows.iter().filter(|(c, _)| *c >= 500).map(|(_, n)| n).sum();
    let share = if total == 0 { 0.0 } else { server as f64 * 100.0 / total as f64 };
    println!("{:.1}% of {} requests were server errors (5xx)", share, total);
    Ok(())
}
