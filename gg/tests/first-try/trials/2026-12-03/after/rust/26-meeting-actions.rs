use regex::Regex;

fn main() -> anyhow::Result<()> {
    let text = gg::files::read_file("notes/meeting.txt", None, None)?.contents;
    let re = Regex::new(r"ACTION\(\s*([^)]+?)\s*\)\s*:\s*([^\n]*)").unwrap();

    // person -> actions, people kept in first-seen order, then sorted.
    let mut people: Vec<(String, Vec<String>)> = Vec::new();
    for c in re.captures_iter(&text) {
        let name = c[1].trim().to_string();
        let what = c[2].trim().to_string();
        match people.iter_mut().find(|(n, _)| *n == name) {
            Some((_, list)) => list.push(what),
            None => people.push((name, vec![what])),
        }
    }
    people.sort_by(|a, b| {
        a.0.to_lowercase()
            .cmp(&b.0.to_lowercase())
            .then_with(|| a.0.cmp(&b.0))
    });

    let mut out = String::new();
    for (i, (name, actions)) in people.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(&format!("## {}\n", name));
        for a in actions {
            out.push_str(&format!("- {}\n", a));
        }
    }
    gg::files::write_file("notes/actions.md", &out)?;

    for (name, actions) in &people {
        println!("{}: {}", name, actions.len());
    }
    Ok(())
}
