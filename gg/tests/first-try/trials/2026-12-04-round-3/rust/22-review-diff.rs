// Review change.diff: request changes for each added line with `print(` or `TODO`, else approve.
fn parse_count(s: &str) -> u32 {
    // "8,6" -> 6, "8" -> 1
    match s.split_once(',') {
        Some((_, n)) => n.parse().unwrap_or(0),
        None => 1,
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let r = gg::files::read_file("change.diff", None, None)?;
    let diff = if r.truncated {
        std::fs::read_to_string("change.diff")?
    } else {
        r.contents
    };
    let hunk = regex::Regex::new(r"^@@ -(\d+(?:,\d+)?) \+(\d+(?:,\d+)?) @@")?;
    let mut file = String::new();
    let mut old_left = 0u32;
    let mut new_left = 0u32;
    let mut items: Vec<String> = Vec::new();
    for raw in diff.lines() {
        let line = raw.strip_suffix('\r').unwrap_or(raw);
        if old_left > 0 || new_left > 0 {
            // Inside a hunk.
            if let Some(added) = line.strip_prefix('+') {
                new_left = new_left.saturating_sub(1);
                if added.contains("print(") || added.contains("TODO") {
                    items.push(format!("{}: {}", file, added.trim()));
                }
            } else if line.starts_with('-') {
                old_left = old_left.saturating_sub(1);
            } else if line.starts_with('\\') {
                // "\ No newline at end of file"
            } else {
                old_left = old_left.saturating_sub(1);
                new_left = new_left.saturating_sub(1);
            }
            continue;
        }
        if let Some(c) = hunk.captures(line) {
            old_left = parse_count(&c[1]);
            new_left = parse_count(&c[2]);
            continue;
        }
        if let Some(p) = line.strip_prefix("+++ ") {
            let p = p.split('\t').next().unwrap_or(p).trim();
            file = p.strip_prefix("b/").unwrap_or(p).to_string();
        } else if let Some(rest) = line.strip_prefix("diff --git ") {
            if let Some(pos) = rest.rfind(" b/") {
                file = rest[pos + 3..].to_string();
            }
        }
    }
    if items.is_empty() {
        println!("no added line calls print( or holds a TODO: approving");
        gg::session::approve()?;
    } else {
        for i in &items {
            println!("{}", i);
        }
        gg::session::request_changes(&items)?;
    }
    Ok(())
}
