fn main() -> Result<(), gg::ApiError> {
    let entries = gg::files::list_dir(Some("logs"))?;
    let mut best: Option<(String, u64)> = None;
    for e in entries {
        if e.kind != gg::files::EntryKind::File {
            continue;
        }
        let path = format!("logs/{}", e.name);
        let read = gg::files::read_file(&path, None, None)?;
        let n: u64 = if read.truncated {
            read.total_lines as u64
        } else {
            read.contents.lines().count() as u64
        };
        println!("{}: {} lines", e.name, n);
        match &best {
            Some((_, m)) if *m >= n => {}
            _ => best = Some((e.name.clone(), n)),
        }
    }
    match best {
        Some((name, n)) => println!("Longest: {} with {} lines", name, n),
        None => println!("No log files in logs/"),
    }
    Ok(())
}
