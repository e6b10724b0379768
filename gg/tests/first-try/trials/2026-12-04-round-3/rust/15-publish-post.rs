// Publish `Ledger 3.0: Faster Imports & Offline Mode`, dated 2026-12-04, as the skill `posts` says.
fn read_all(path: &str) -> Result<String, Box<dyn std::error::Error>> {
    let r = gg::files::read_file(path, None, None)?;
    if r.truncated {
        return Ok(std::fs::read_to_string(path)?);
    }
    Ok(r.contents)
}

// Lower-case, each run of characters other than a-z and 0-9 becomes one `-`, no `-` at the ends.
fn slug(title: &str) -> String {
    let mut out = String::new();
    let mut pending_dash = false;
    for c in title.to_lowercase().chars() {
        if c.is_ascii_lowercase() || c.is_ascii_digit() {
            if pending_dash && !out.is_empty() {
                out.push('-');
            }
            pending_dash = false;
            out.push(c);
        } else {
            pending_dash = true;
        }
    }
    out
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let title = "Ledger 3.0: Faster Imports & Offline Mode";
    let date = "2026-12-04";
    let s = slug(title);
    let text = read_all("drafts/ledger-3.txt")?;

    let mut post = format!("# {}\n\n{}", title, text);
    if !post.ends_with('\n') {
        post.push('\n');
    }
    let post_path = format!("posts/{}-{}.md", date, s);
    gg::files::write_file(&post_path, &post)?;

    let index = read_all("posts/index.txt")?;
    let entry = format!("{} {}", date, s);
    if !index.lines().any(|l| l.trim() == entry) {
        let new_index = format!("{}\n{}", entry, index);
        gg::files::write_file("posts/index.txt", &new_index)?;
    }

    println!("published {}-{}", date, s);
    Ok(())
}
