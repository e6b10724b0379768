use regex::Regex;

fn main() -> Result<(), gg::ApiError> {
    let path = "src/reader.py";
    let read = gg::files::read_file(path, None, None)?;
    let lines: Vec<&str> = read.contents.lines().collect();
    let def_start = Regex::new(r"^\s*(async\s+)?def\s+parse_header\b").unwrap();
    let any_def = Regex::new(r"^\s*(async\s+)?def\s").unwrap();
    let start = lines
        .iter()
        .position(|l| def_start.is_match(l))
        .expect("no `def parse_header` in src/reader.py");
    let end = lines
        .iter()
        .enumerate()
        .skip(start + 1)
        .find(|(_, l)| any_def.is_match(l))
        .map(|(i, _)| i)
        .unwrap_or(lines.len());
    let limit = (end - start) as u32;
    let shown = gg::views::open_file(path, Some(start as u32), Some(limit))?;
    println!(
        "Opened {} lines {}-{} (parse_header)",
        path,
        start + 1,
        end
    );
    eprintln!("view reports lines {}..{}", shown.first_line, shown.last_line);
    Ok(())
}
