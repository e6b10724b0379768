use regex::Regex;

fn is_heading(line: &str) -> bool {
    line.trim_start().starts_with('#')
}

fn heading_level(line: &str) -> usize {
    line.trim_start().chars().take_while(|c| *c == '#').count()
}

fn is_bullet(line: &str) -> bool {
    let t = line.trim_start();
    t.starts_with("- ") || t.starts_with("* ") || t.starts_with("+ ")
}

// Where to put the entry below heading `h`: before the first bullet of the list that follows it,
// or right after the heading if no list follows.
fn position_after_heading(lines: &[String], h: usize) -> usize {
    let mut p = h + 1;
    while p < lines.len() && lines[p].trim().is_empty() {
        p += 1;
    }
    if p < lines.len() && is_bullet(&lines[p]) {
        p
    } else {
        h + 1
    }
}

fn find_changelog_path(skill: &str) -> anyhow::Result<String> {
    let re = Regex::new(r"[\w./-]*(?i:changelog|changes|history)[\w./-]*").unwrap();
    for m in re.find_iter(skill) {
        let cand = m.as_str().trim_matches(|c: char| c == '.' || c == '/' || c == '-');
        if cand.contains('.') && !cand.starts_with("http") {
            return Ok(cand.to_string());
        }
    }
    for e in gg::files::list_dir(None)? {
        if e.kind == gg::files::EntryKind::File && e.name.to_lowercase().starts_with("changelog") {
            return Ok(e.name);
        }
    }
    Ok("CHANGELOG.md".to_string())
}

fn main() -> anyhow::Result<()> {
    let change = "Fixed the crash when saving an empty file";
    let skill = gg::skills::read("changelog")?;
    println!("skill `changelog`:\n{}\n", skill);
    let skill_lc = skill.to_lowercase();

    let path = find_changelog_path(&skill)?;
    let text = match gg::files::read_file(&path, None, None) {
        Ok(r) => r.contents,
        Err(e) if e.code == gg::ErrorCode::NotFound => String::new(),
        Err(e) => return Err(e.into()),
    };

    // Bullet style: the one the skill shows, else "-".
    let bullet = if Regex::new(r"(?m)(?:^|`)\s*\* ").unwrap().is_match(&skill)
        && !Regex::new(r"(?m)(?:^|`)\s*- ").unwrap().is_match(&skill)
    {
        "*"
    } else {
        "-"
    };
    let entry = format!("{} {}\n", bullet, change);

    let mut lines: Vec<String> = text.split_inclusive('\n').map(|s| s.to_string()).collect();
    if let Some(last) = lines.last_mut() {
        if !last.ends_with('\n') {
            last.push('\n');
        }
    }

    let unreleased = lines
        .iter()
        .position(|l| is_heading(l) && l.to_lowercase().contains("unreleased"));

    let insert_at = if let Some(u) = unreleased {
        let level = heading_level(&lines[u]);
        let end = (u + 1..lines.len())
            .find(|&i| is_heading(&lines[i]) && heading_level(&lines[i]) <= level)
            .unwrap_or(lines.len());
        let fixed = (u + 1..end).find(|&i| {
            is_heading(&lines[i]) && lines[i].trim_start_matches('#').trim().eq_ignore_ascii_case("fixed")
        });
        match fixed {
            Some(f) => position_after_heading(&lines, f),
            None => position_after_heading(&lines, u),
        }
    } else if skill_lc.contains("append")
        || skill_lc.contains("at the end")
        || skill_lc.contains("bottom")
        || skill_lc.contains("oldest first")
    {
        lines.len()
    } else {
        // Newest first: below the title, if there is one, else at the very top.
        match lines.iter().position(|l| heading_level(l) == 1) {
            Some(t) if t < 3 => position_after_heading(&lines, t),
            _ => 0,
        }
    };

    lines.insert(insert_at, entry.clone());
    let new_text: String = lines.concat();
    gg::files::write_file(&path, &new_text)?;
    println!("added {:?} to {} at line {}", entry.trim_end(), path, insert_at + 1);
    Ok(())
}
