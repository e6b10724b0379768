fn main() -> Result<(), gg::ApiError> {
    let read = gg::files::read_file("templates/report.md", None, None)?;
    if read.truncated {
        panic!("template read was truncated");
    }
    let text = read
        .contents
        .replace("{{month}}", "December 2026")
        .replace("{{author}}", "Dana");
    gg::files::write_file("reports/2026-12.md", &text)?;
    println!("Wrote reports/2026-12.md:\n{}", text);
    Ok(())
}
