// Change only the [project] version in pyproject.toml from 1.4.2 to 1.5.0.
fn read_all(path: &str) -> Result<String, Box<dyn std::error::Error>> {
    let r = gg::files::read_file(path, None, None)?;
    if r.truncated {
        return Ok(std::fs::read_to_string(path)?);
    }
    Ok(r.contents)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = "pyproject.toml";
    let text = read_all(path)?;
    let section = regex::Regex::new(r"^\s*\[\s*([^\[\]]+?)\s*\]\s*(#.*)?$")?;
    let version = regex::Regex::new(r#"^(\s*version\s*=\s*["'])1\.4\.2(["'].*)$"#)?;
    let mut current = String::new();
    let mut changed = 0;
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        let ending_len = if line.ends_with("\r\n") {
            2
        } else if line.ends_with('\n') {
            1
        } else {
            0
        };
        let bare = &line[..line.len() - ending_len];
        let ending = &line[line.len() - ending_len..];
        if let Some(c) = section.captures(bare) {
            current = c[1].trim().to_string();
            out.push_str(line);
            continue;
        }
        if current == "project" && changed == 0 {
            if let Some(c) = version.captures(bare) {
                out.push_str(&format!("{}1.5.0{}{}", &c[1], &c[2], ending));
                changed += 1;
                continue;
            }
        }
        out.push_str(line);
    }
    if changed == 0 {
        return Err("no `version = \"1.4.2\"` line in the [project] table".into());
    }
    gg::files::write_file(path, &out)?;
    println!("pyproject.toml: project version 1.4.2 -> 1.5.0");
    Ok(())
}
