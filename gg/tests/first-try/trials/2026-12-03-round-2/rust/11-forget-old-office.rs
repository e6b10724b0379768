use std::collections::BTreeSet;

fn main() -> Result<(), gg::ApiError> {
    let mut names: BTreeSet<String> = [
        "old-office-keys",
        "old-office-parking",
        "old-office-wifi",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let keywords: Vec<String> = ["old-office", "old", "office", "Harbour", "Harbour Street", "old office"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    match gg::memories::search(&keywords) {
        Ok(hits) => {
            for h in hits {
                if h.name.starts_with("old-office-") {
                    names.insert(h.name);
                }
            }
        }
        Err(e) => eprintln!("memory search failed: {}", e),
    }
    for name in &names {
        match gg::memories::delete(name) {
            Ok(()) => println!("{}", name),
            Err(e) if e.code == gg::ErrorCode::NotFound => {
                eprintln!("{} was not there", name)
            }
            Err(e) => return Err(e),
        }
    }
    Ok(())
}
