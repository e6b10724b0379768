fn main() -> anyhow::Result<()> {
    let path = "logs/build.log";
    let chunk: u32 = 200;
    let mut offset: u32 = 0;
    let mut found: Option<u32> = None; // 1-based line number

    loop {
        let r = gg::files::read_file(path, Some(offset), Some(chunk))?;
        let lines: Vec<&str> = r.contents.lines().collect();
        if let Some(i) = lines.iter().position(|l| l.contains("ERROR")) {
            found = Some(offset + i as u32 + 1);
            break;
        }
        if lines.is_empty() {
            break;
        }
        offset += lines.len() as u32;
        if offset >= r.total_lines {
            break;
        }
    }

    let n = found.ok_or_else(|| anyhow::anyhow!("no line with ERROR in {}", path))?;
    println!("{}", n);
    // Line n is at 0-based offset n-1; five lines before it starts at n-6.
    let start = n.saturating_sub(6);
    gg::views::open_file(path, Some(start), Some(11))?;
    Ok(())
}
