// Save the memory `durations` (Rust code: format_hms), then rerun a program that uses it
// to write reports/times.txt, fastest runner first.
const MODULE_CODE: &str = r#"/// Format a number of seconds as hours, minutes and seconds: 3725 -> "1:02:05".
/// The minutes and seconds always have two digits; the hours are not padded.
pub fn format_hms(seconds: u64) -> String {
    let h = seconds / 3600;
    let m = (seconds % 3600) / 60;
    let s = seconds % 60;
    format!("{}:{:02}:{:02}", h, m, s)
}
"#;

const SECOND_PROGRAM: &str = r#"fn main() -> Result<(), Box<dyn std::error::Error>> {
    let r = gg::files::read_file("data/runs.csv", None, None)?;
    let text = if r.truncated {
        std::fs::read_to_string("data/runs.csv")?
    } else {
        r.contents
    };
    let mut lines = text.lines().filter(|l| !l.trim().is_empty());
    let header: Vec<String> = lines
        .next()
        .ok_or("data/runs.csv is empty")?
        .split(',')
        .map(|h| h.trim().trim_matches('"').to_lowercase())
        .collect();
    let runner_i = header.iter().position(|h| h == "runner").unwrap_or(0);
    let secs_i = header.iter().position(|h| h == "seconds").unwrap_or(1);
    let mut runs: Vec<(String, u64)> = Vec::new();
    for line in lines {
        let f: Vec<&str> = line.split(',').map(|x| x.trim().trim_matches('"')).collect();
        let name = f.get(runner_i).ok_or("a row without a runner")?.to_string();
        let raw = f.get(secs_i).ok_or("a row without seconds")?;
        let secs: u64 = match raw.parse::<u64>() {
            Ok(n) => n,
            Err(_) => raw.parse::<f64>()?.round() as u64,
        };
        runs.push((name, secs));
    }
    runs.sort_by_key(|r| r.1);
    let mut out = String::new();
    for (name, secs) in &runs {
        out.push_str(&format!("{} {}\n", name, lib::durations::format_hms(*secs)));
    }
    gg::files::write_file("reports/times.txt", &out)?;
    println!("wrote reports/times.txt:");
    print!("{}", out);
    Ok(())
}
"#;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let body = "Helpers for showing lengths of time.\n\n\
                Code: `lib::durations::format_hms(seconds: u64) -> String` formats a number of \
                seconds as H:MM:SS, e.g. 3725 -> 1:02:05 (minutes and seconds always two digits).\n";
    gg::memories::write(
        "durations",
        body,
        Some("Helpers for showing lengths of time"),
        Some(MODULE_CODE),
    )?;
    gg::programs::rerun(SECOND_PROGRAM)?;
    println!("saved the memory `durations`; the program that writes reports/times.txt runs next");
    Ok(())
}
