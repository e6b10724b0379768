use std::collections::BTreeMap;

fn main() -> Result<(), gg::ApiError> {
    let text = gg::files::read_file("notes/meeting.txt", None, None)?;
    let re = regex::Regex::new(r"ACTION\(([^)]*)\):\s*(.*)").unwrap();
    let mut by_person: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for line in text.lines() {
        for c in re.captures_iter(line) {
            let name = c[1].trim().to_string();
            let what = c[2].trim().to_string();
            by_person.entry(name).or_default().push(what);
        }
    }
    let mut out = String::new();
    for (name, actions) in &by_person {
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(&format!("## {}\n", name));
        for a in actions {
            out.push_str(&format!("- {}\n", a));
        }
    }
    gg::files::write_file("notes/actions.md", &out)?;
    for (name, actions) in &by_person {
        println!("{}: {}", name, actions.len());
    }
    Ok(())
}
