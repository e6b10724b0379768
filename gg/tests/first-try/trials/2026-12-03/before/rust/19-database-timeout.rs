fn main() -> Result<(), gg::ApiError> {
    let path = "config/server.conf";
    let text = gg::files::read_file(path, None, None)?;
    let mut out = String::with_capacity(text.len());
    let mut section = String::new();
    let mut changed = 0;
    let num = regex::Regex::new(r"\b30\b").unwrap();
    for line in text.split_inclusive('\n') {
        let t = line.trim();
        if t.starts_with('[') && t.contains(']') {
            // INI-style section header
            section = t.trim_start_matches('[').split(']').next().unwrap_or("").trim().to_lowercase();
        } else if t.ends_with('{') {
            // block-style section: "database {"
            section = t.trim_end_matches('{').trim().to_lowercase();
        } else if t == "}" || t == "};" {
            section.clear();
        }
        let key = t.split(|c: char| c == '=' || c == ':' || c.is_whitespace()).next().unwrap_or("");
        let in_db = section.contains("database") || section == "db";
        let dotted_db = key.to_lowercase().starts_with("database.") || key.to_lowercase().starts_with("db.");
        if (in_db || dotted_db) && key.to_lowercase().contains("timeout") && num.is_match(line) && !t.starts_with('#') {
            out.push_str(&num.replace(line, "60"));
            changed += 1;
        } else {
            out.push_str(line);
        }
    }
    if changed == 0 {
        println!("no database timeout of 30 found; file left unchanged");
        return Ok(());
    }
    gg::files::write_file(path, &out)?;
    println!("changed {} line(s)", changed);
    Ok(())
}
