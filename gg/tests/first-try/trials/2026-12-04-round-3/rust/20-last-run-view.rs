// Show next turn logs/server.log from its last `=== start` line to the end.
fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = "logs/server.log";
    let r = gg::files::read_file(path, None, None)?;
    let text = if r.truncated {
        std::fs::read_to_string(path)?
    } else {
        r.contents.clone()
    };
    let lines: Vec<&str> = text.lines().collect();
    let start = lines
        .iter()
        .rposition(|l| l.starts_with("=== start"))
        .ok_or("no `=== start` line in logs/server.log")?;
    let total = std::cmp::max(lines.len(), r.total_lines as usize);
    let limit = (total - start) as u32;
    let shown = gg::views::open_file(path, Some(start as u32), Some(limit))?;
    println!(
        "opened {} from line {} ({}) to the end: lines {}-{} of {}{}",
        path,
        start + 1,
        lines[start],
        shown.first_line,
        shown.last_line,
        shown.total_lines,
        if shown.truncated { " (view truncated)" } else { "" }
    );
    Ok(())
}
