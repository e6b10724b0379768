fn walk(dir: &str, files: &mut Vec<String>) -> Result<(), gg::ApiError> {
    let entries = gg::files::list_dir(dir)?;
    for e in entries {
        let path = format!("{}/{}", dir.trim_end_matches('/'), e.name);
        if e.is_dir {
            walk(&path, files)?;
        } else {
            files.push(path);
        }
    }
    Ok(())
}

fn main() -> Result<(), gg::ApiError> {
    let mut files = Vec::new();
    walk("src", &mut files)?;
    files.sort();
    for path in files {
        let text = match gg::files::read_file(&path, None, None) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("could not read {}: {:?}", path, e);
                continue;
            }
        };
        for (i, line) in text.lines().enumerate() {
            if line.contains("TODO") {
                println!("{}:{}: {}", path, i + 1, line.trim());
            }
        }
    }
    Ok(())
}
