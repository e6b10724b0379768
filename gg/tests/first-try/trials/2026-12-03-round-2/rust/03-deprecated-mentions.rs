use std::collections::BTreeMap;

fn main() -> Result<(), gg::ApiError> {
    // Case-insensitive without relying on regex flags.
    let pattern = "[Dd][Ee][Pp][Rr][Ee][Cc][Aa][Tt][Ee][Dd]";
    let matches = gg::files::search(pattern, Some("src"))?;
    let mut counts: BTreeMap<String, std::collections::BTreeSet<u32>> = BTreeMap::new();
    for m in matches {
        counts.entry(m.path.clone()).or_default().insert(m.line);
    }
    if counts.is_empty() {
        println!("No file under src mentions \"deprecated\".");
    }
    for (path, lines) in &counts {
        println!("{} {}", path, lines.len());
    }
    Ok(())
}
