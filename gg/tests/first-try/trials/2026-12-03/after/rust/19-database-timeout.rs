use regex::Regex;

fn is_db_name(name: &str) -> bool {
    let n = name.trim().trim_matches('"').to_lowercase();
    n.contains("database") || n == "db" || n.starts_with("db.") || n.ends_with(".db")
}

fn main() -> anyhow::Result<()> {
    let path = "config/server.conf";
    let text = gg::files::read_file(path, None, None)?.contents;

    let ini_header = Regex::new(r"^\s*\[\s*([^\]]+?)\s*\]\s*$").unwrap();
    let block_header = Regex::new(r#"^\s*"?([A-Za-z_][\w.-]*)"?\s*(?:[=:]\s*)?\{\s*$"#).unwrap();
    let block_end = Regex::new(r"^\s*\}").unwrap();
    let yaml_header = Regex::new(r"^([A-Za-z_][\w.-]*)\s*:\s*$").unwrap();
    let timeout_line =
        Regex::new(r#"(?i)^(?P<pre>\s*(?P<key>[\w.-]*timeout[\w.-]*)\s*[=:]?\s*"?)30(?P<post>\D.*|)$"#)
            .unwrap();

    // Walk the lines (keeping their byte offsets), tracking which section we are in.
    let mut ini_section: Option<String> = None;
    let mut blocks: Vec<String> = Vec::new();
    let mut section_start: usize = 0; // byte offset of the current database section's header line
    let mut pos: usize = 0;
    let mut target: Option<(usize, usize, usize, String)> = None; // (context start, line start, line end, new line)

    for raw in text.split_inclusive('\n') {
        let line_start = pos;
        pos += raw.len();
        let line = raw.trim_end_matches('\n').trim_end_matches('\r');
        let line_end = line_start + line.len();

        if let Some(c) = ini_header.captures(line) {
            ini_section = Some(c[1].to_string());
            blocks.clear();
            section_start = line_start;
            continue;
        }
        if let Some(c) = block_header.captures(line) {
            blocks.push(c[1].to_string());
            if is_db_name(&c[1]) {
                section_start = line_start;
            }
            continue;
        }
        if block_end.is_match(line) {
            blocks.pop();
            continue;
        }
        if let Some(c) = yaml_header.captures(line) {
            ini_section = Some(c[1].to_string());
            section_start = line_start;
            continue;
        }

        if let Some(c) = timeout_line.captures(line) {
            let in_db = ini_section.as_deref().map(is_db_name).unwrap_or(false)
                || blocks.iter().any(|b| is_db_name(b));
            let key = c["key"].to_lowercase();
            let dotted_db = key.contains("database") || key.starts_with("db.") || key.starts_with("db_");
            if in_db || dotted_db {
                let new_line = format!("{}60{}", &c["pre"], &c["post"]);
                let ctx = if in_db { section_start } else { line_start };
                target = Some((ctx, line_start, line_end, new_line));
                break;
            }
        }
    }

    let (ctx, line_start, line_end, new_line) =
        target.ok_or_else(|| anyhow::anyhow!("no database timeout of 30 found in {}", path))?;

    // Edit only that stretch of the file: from the section header down to the timeout line.
    let old = &text[ctx..line_end];
    let new = format!("{}{}", &text[ctx..line_start], new_line);
    match gg::files::edit_file(path, old, &new) {
        Ok(_) => {}
        Err(e) => {
            eprintln!("edit_file failed ({}); rewriting the file with only that line changed", e);
            let mut out = String::with_capacity(text.len() + 2);
            out.push_str(&text[..line_start]);
            out.push_str(&new_line);
            out.push_str(&text[line_end..]);
            gg::files::write_file(path, &out)?;
        }
    }
    println!("{:?} -> {:?}", &text[line_start..line_end], new_line);
    Ok(())
}
