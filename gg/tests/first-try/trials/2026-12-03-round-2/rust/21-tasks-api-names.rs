fn collect(query: &str, module: Option<&str>) -> Result<Vec<gg::docs::DocHit>, gg::ApiError> {
    let mut hits = Vec::new();
    let mut offset = 0u32;
    loop {
        let page = gg::docs::search(query, module, Some(offset), None)?;
        let got = page.hits.len() as u32;
        hits.extend(page.hits);
        if got == 0 || offset + got >= page.total {
            break;
        }
        offset += got;
    }
    Ok(hits)
}

fn is_operation(h: &gg::docs::DocHit) -> bool {
    let last = h
        .name
        .rsplit(|c| c == ':' || c == '.')
        .next()
        .unwrap_or(&h.name);
    let sig = h.signature.trim_start();
    sig.starts_with("fn ")
        || sig.starts_with("pub fn ")
        || sig.contains("fn ")
        || last.chars().next().map_or(false, |c| c.is_lowercase())
}

fn main() -> Result<(), gg::ApiError> {
    let mut hits: Vec<gg::docs::DocHit> = Vec::new();
    for (q, m) in [("task", Some("tasks")), ("task", Some("gg::tasks")), ("", Some("tasks"))] {
        match collect(q, m) {
            Ok(h) if !h.is_empty() => {
                hits = h;
                break;
            }
            Ok(_) => {}
            Err(e) => eprintln!("docs search {:?} in {:?} failed: {}", q, m, e),
        }
    }
    if hits.is_empty() {
        hits = collect("task", None)?;
    }
    let mut names: Vec<String> = Vec::new();
    for h in &hits {
        let in_tasks = h.module == "tasks" || h.module.ends_with("::tasks") || h.module.ends_with(".tasks");
        if in_tasks && is_operation(h) && !names.contains(&h.name) {
            names.push(h.name.clone());
        }
    }
    for h in &hits {
        eprintln!("hit: {} [{}] {}", h.name, h.module, h.signature);
    }
    let mut text = names.join("\n");
    text.push('\n');
    gg::files::write_file("docs/tasks-api.txt", &text)?;
    println!("Wrote docs/tasks-api.txt:\n{}", text);
    Ok(())
}
