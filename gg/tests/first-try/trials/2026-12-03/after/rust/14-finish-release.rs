use regex::Regex;

fn main() -> Result<(), gg::ApiError> {
    let text = gg::files::read_file("notes/status.txt", None, None)?.contents;

    let state_re = Regex::new(r#"(?im)^\s*(?:state|status)\s*[:=]\s*["']?([\w-]+)"#).unwrap();
    let version_re = Regex::new(r#"(?im)^\s*version\s*[:=]\s*["']?([^\s"']+)"#).unwrap();
    let any_version_re = Regex::new(r"\bv?\d+\.\d+(?:\.\d+)?(?:[-+][\w.]+)?\b").unwrap();

    let state = match state_re.captures(&text) {
        Some(c) => c[1].to_string(),
        // No "state:" key: take the first word of the file.
        None => text
            .split_whitespace()
            .next()
            .unwrap_or("")
            .trim_matches(|c: char| !c.is_alphanumeric())
            .to_string(),
    };

    if state.eq_ignore_ascii_case("ready") {
        let version = version_re
            .captures(&text)
            .map(|c| c[1].to_string())
            .or_else(|| any_version_re.find(&text).map(|m| m.as_str().to_string()))
            .unwrap_or_else(|| "unknown".to_string());
        let summary = format!("The release is ready: version {}.", version);
        gg::session::finish(&summary)?;
        println!("{}", summary);
    } else {
        println!("{}", text);
    }
    Ok(())
}
