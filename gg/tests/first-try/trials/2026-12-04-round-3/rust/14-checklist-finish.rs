// If every item of release/checklist.md is ticked, finish; otherwise print the unticked items.
fn main() -> Result<(), Box<dyn std::error::Error>> {
    let r = gg::files::read_file("release/checklist.md", None, None)?;
    let text = if r.truncated {
        std::fs::read_to_string("release/checklist.md")?
    } else {
        r.contents
    };
    let item = regex::Regex::new(r"^\s*(?:[-*+]|\d+[.)])\s+\[(.?)\]\s*(.*)$")?;
    let mut total = 0u32;
    let mut open: Vec<String> = Vec::new();
    for line in text.lines() {
        if let Some(c) = item.captures(line.trim_end()) {
            total += 1;
            let mark = &c[1];
            if mark != "x" && mark != "X" {
                open.push(c[2].trim().to_string());
            }
        }
    }
    if total == 0 {
        println!("release/checklist.md has no checklist items");
        return Ok(());
    }
    if open.is_empty() {
        let summary = format!(
            "The release checklist (release/checklist.md) is complete: all {} items are ticked.",
            total
        );
        println!("{}", summary);
        gg::session::finish(&summary)?;
    } else {
        for o in &open {
            println!("{}", o);
        }
    }
    Ok(())
}
