fn main() -> Result<(), gg::ApiError> {
    let mem = gg::memories::get("release-checklist")?;
    let mut added = 0;
    for line in mem.body.lines() {
        let mut item = line.trim();
        if item.is_empty() || item.starts_with('#') {
            continue;
        }
        // strip list markers such as "- ", "* ", "1. ", "[ ] "
        for prefix in ["- [ ] ", "- [x] ", "* [ ] ", "[ ] ", "- ", "* ", "+ "] {
            if let Some(rest) = item.strip_prefix(prefix) {
                item = rest.trim();
                break;
            }
        }
        if let Some(pos) = item.find(|c: char| !c.is_ascii_digit()) {
            if pos > 0 && (item[pos..].starts_with(". ") || item[pos..].starts_with(") ")) {
                item = item[pos + 2..].trim();
            }
        }
        if item.is_empty() {
            continue;
        }
        gg::tasks::add(item, None)?;
        added += 1;
    }
    println!("{}", added);
    Ok(())
}
