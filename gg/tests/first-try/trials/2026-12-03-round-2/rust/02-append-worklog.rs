fn main() -> Result<(), gg::ApiError> {
    let path = "notes/worklog.md";
    let entry = "- 2026-12-03: reviewed the payments design";
    let read = gg::files::read_file(path, None, None)?;
    if read.truncated {
        panic!("worklog read was truncated; not rewriting it");
    }
    let mut text = read.contents;
    if !text.is_empty() && !text.ends_with('\n') {
        text.push('\n');
    }
    text.push_str(entry);
    text.push('\n');
    gg::files::write_file(path, &text)?;
    println!("Appended to {}:\n{}", path, entry);
    Ok(())
}
