fn main() -> Result<(), gg::ApiError> {
    let manifest = gg::files::read_file("manifest.txt", None, None)?;
    let mut parts: Vec<String> = Vec::new();
    let mut missing: Vec<String> = Vec::new();
    for line in manifest.contents.lines() {
        let path = line.trim();
        if path.is_empty() {
            continue;
        }
        match gg::files::read_file(path, None, None) {
            Ok(r) => {
                if r.truncated {
                    panic!("{} read was truncated", path);
                }
                parts.push(r.contents.trim_end_matches(|c| c == '\n' || c == '\r').to_string());
            }
            Err(e) if e.code == gg::ErrorCode::NotFound => {
                missing.push(path.to_string());
                let id = gg::board::create_issue(gg::board::IssueInput {
                    title: format!("Missing part: {}", path),
                    description: None,
                    labels: vec!["docs".to_string()],
                })?;
                println!("missing {}: filed issue #{}", path, id);
            }
            Err(e) => return Err(e),
        }
    }
    let mut guide = parts.join("\n\n");
    guide.push('\n');
    if gg::files::write_file("dist/guide.md", &guide).is_err() {
        gg::shell::run("mkdir -p dist", None)?;
        gg::files::write_file("dist/guide.md", &guide)?;
    }
    let summary = if missing.is_empty() {
        format!("Built dist/guide.md from {} parts.", parts.len())
    } else {
        format!(
            "Built dist/guide.md from {} parts; {} listed part(s) missing ({}), filed as board issues.",
            parts.len(),
            missing.len(),
            missing.join(", ")
        )
    };
    gg::session::finish(&summary)?;
    println!("{}", summary);
    Ok(())
}
