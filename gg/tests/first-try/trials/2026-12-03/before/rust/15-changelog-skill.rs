fn main() -> Result<(), gg::ApiError> {
    let entry = "Fixed the crash when saving an empty file";
    let skill = gg::skills::get("changelog")?;
    println!("skill changelog says:\n{}", skill.body);

    // Which file does the skill name? Default to CHANGELOG.md.
    let re = regex::Regex::new(r"[A-Za-z0-9_./-]*CHANGELOG[A-Za-z0-9_.-]*|[A-Za-z0-9_./-]*changelog[A-Za-z0-9_-]*\.md").unwrap();
    let path = re
        .find(&skill.body)
        .map(|m| m.as_str().trim_matches(|c| c == '`' || c == '.').to_string())
        .filter(|p| p.contains('.'))
        .unwrap_or_else(|| "CHANGELOG.md".to_string());

    let text = match gg::files::read_file(&path, None, None) {
        Ok(t) => t,
        Err(e) if e.code == gg::ErrorCode::NotFound => "# Changelog\n\n## Unreleased\n".to_string(),
        Err(e) => return Err(e),
    };
    let line = format!("- {}\n", entry);
    let mut out = String::new();
    let mut inserted = false;
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let mut i = 0;
    while i < lines.len() {
        let l = lines[i];
        out.push_str(l);
        if !inserted && l.starts_with("## ") && l.to_lowercase().contains("unreleased") {
            if !l.ends_with('\n') {
                out.push('\n');
            }
            // keep blank line directly after heading, then add the entry first in the list
            if i + 1 < lines.len() && lines[i + 1].trim().is_empty() {
                out.push_str(lines[i + 1]);
                i += 1;
            }
            out.push_str(&line);
            inserted = true;
        }
        i += 1;
    }
    if !inserted {
        // no Unreleased section: add one after the title line (or at the top)
        let mut new = String::new();
        let mut done = false;
        for l in text.split_inclusive('\n') {
            new.push_str(l);
            if !done && l.starts_with("# ") {
                new.push_str("\n## Unreleased\n\n");
                new.push_str(&line);
                done = true;
            }
        }
        if !done {
            new = format!("## Unreleased\n\n{}\n{}", line, text);
        }
        out = new;
    }
    gg::files::write_file(&path, &out)?;
    println!("added entry to {}", path);
    Ok(())
}
