// Print the owner of `billing`, from the memory `component-owners`.
fn clean(s: &str) -> String {
    s.trim()
        .trim_matches(|c: char| c == '`' || c == '*' || c == '"' || c == '\'' || c == '_')
        .trim()
        .to_string()
}

fn norm_key(s: &str) -> String {
    let paren = regex::Regex::new(r"\([^)]*\)").unwrap();
    let k = paren.replace_all(s, "");
    let mut k = clean(&k).to_lowercase();
    for prefix in ["the ", "src/", "component ", "part "] {
        if let Some(rest) = k.strip_prefix(prefix) {
            k = rest.trim().to_string();
        }
    }
    let k = k.trim_end_matches('/').trim();
    let k = k.strip_suffix(" component").unwrap_or(k);
    clean(k)
}

fn clean_owner(s: &str) -> String {
    let mut v = clean(s);
    for prefix in ["owned by ", "owner: ", "owner ", "is owned by ", "by "] {
        if v.to_lowercase().starts_with(prefix) {
            v = clean(&v[prefix.len()..]);
        }
    }
    v.trim_end_matches(|c: char| c == '.' || c == ',' || c == ';').trim().to_string()
}

fn strip_marker(line: &str) -> &str {
    let l = line.trim();
    let marker = regex::Regex::new(r"^(?:[-*+•]|\d+[.)])\s+").unwrap();
    match marker.find(l) {
        Some(m) => &l[m.end()..],
        None => l,
    }
}

fn owner_from_line(line: &str) -> Option<String> {
    let l = strip_marker(line);
    if l.is_empty() {
        return None;
    }
    // A table row: | billing | Ana |
    if l.contains('|') {
        let cells: Vec<&str> = l.split('|').map(|c| c.trim()).filter(|c| !c.is_empty()).collect();
        if cells.len() >= 2 && norm_key(cells[0]) == "billing" {
            return Some(clean_owner(cells[1]));
        }
        return None;
    }
    // "X owns billing"
    let owns = regex::Regex::new(r"(?i)^(.+?)\s+owns\s+(?:the\s+)?[`*]*billing[`*]*\b").unwrap();
    if let Some(c) = owns.captures(l) {
        return Some(clean_owner(&c[1]));
    }
    // "billing is owned by X"
    let owned = regex::Regex::new(r"(?i)^[`*]*billing[`*]*(?:\s*\([^)]*\))?\s+(?:is\s+)?owned\s+by\s+(.+)$").unwrap();
    if let Some(c) = owned.captures(l) {
        return Some(clean_owner(&c[1]));
    }
    for sep in [":", " — ", " – ", " -- ", " - ", "->", "→", "=>", "=", "\t", ","] {
        if let Some(pos) = l.find(sep) {
            let (k, v) = (&l[..pos], &l[pos + sep.len()..]);
            if norm_key(k) == "billing" && !v.trim().is_empty() {
                return Some(clean_owner(v));
            }
        }
    }
    None
}

fn owner_from_json(body: &str) -> Option<String> {
    let v: serde_json::Value = serde_json::from_str(body.trim()).ok()?;
    let obj = v.as_object()?;
    for (k, val) in obj {
        if norm_key(k) == "billing" {
            return match val {
                serde_json::Value::String(s) => Some(s.clone()),
                serde_json::Value::Object(o) => o
                    .get("owner")
                    .and_then(|x| x.as_str())
                    .map(|s| s.to_string())
                    .or_else(|| Some(val.to_string())),
                other => Some(other.to_string()),
            };
        }
    }
    None
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mem = gg::memories::read("component-owners")?;
    let body = mem.body;
    if let Some(o) = owner_from_json(&body) {
        println!("{}", o);
        return Ok(());
    }
    for line in body.lines() {
        if let Some(o) = owner_from_line(line) {
            if !o.is_empty() {
                println!("{}", o);
                return Ok(());
            }
        }
    }
    // A heading `billing` followed by an `Owner: X` line.
    let lines: Vec<&str> = body.lines().collect();
    for (i, line) in lines.iter().enumerate() {
        let t = line.trim();
        if t.starts_with('#') && norm_key(t.trim_start_matches('#')) == "billing" {
            for next in &lines[i + 1..] {
                let n = strip_marker(next);
                if n.starts_with('#') {
                    break;
                }
                if let Some(pos) = n.find(':') {
                    if n[..pos].to_lowercase().contains("owner") {
                        println!("{}", clean_owner(&n[pos + 1..]));
                        return Ok(());
                    }
                }
            }
        }
    }
    // Could not parse it: show the lines that mention billing.
    let word = regex::Regex::new(r"(?i)\bbilling\b")?;
    let mentions: Vec<&str> = body.lines().filter(|l| word.is_match(l)).collect();
    if mentions.is_empty() {
        eprintln!("component-owners does not mention billing; its text:\n{}", body);
        return Err("no owner of billing found in component-owners".into());
    }
    eprintln!("could not parse the owner exactly; the lines about billing:");
    for m in mentions {
        println!("{}", m.trim());
    }
    Ok(())
}
