use regex::Regex;

fn main() -> Result<(), gg::ApiError> {
    let memory = gg::memories::read("release-checklist")?;
    // Strip list markers such as "- ", "* ", "1. ", "- [ ] ".
    let marker = Regex::new(r"^\s*(?:[-*+]\s+)?(?:\[[ xX]?\]\s*)?(?:\d+[.)]\s+)?").unwrap();
    let mut added = 0u32;
    for line in memory.body.lines() {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let title = marker.replace(trimmed, "").trim().to_string();
        if title.is_empty() {
            continue;
        }
        let id = gg::tasks::add(gg::tasks::TaskInput {
            id: None,
            title: title.clone(),
            description: None,
            blocked_by: Vec::new(),
        })?;
        eprintln!("added task {}: {}", id, title);
        added += 1;
    }
    println!("{}", added);
    Ok(())
}
