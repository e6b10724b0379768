// List the files directly in `uploads` that are empty (0 bytes).
fn main() -> Result<(), Box<dyn std::error::Error>> {
    let entries = gg::files::list_dir(Some("uploads"))?;
    let mut empty: Vec<String> = Vec::new();
    for e in entries {
        if e.kind != gg::files::EntryKind::File {
            continue;
        }
        let path = format!("uploads/{}", e.name);
        let is_empty = match std::fs::metadata(&path) {
            Ok(m) => m.len() == 0,
            Err(_) => match gg::files::read_file(&path, None, None) {
                Ok(r) => r.contents.is_empty(),
                Err(err) => {
                    eprintln!("could not check {}: {}", path, err);
                    false
                }
            },
        };
        if is_empty {
            empty.push(e.name.clone());
        }
    }
    empty.sort();
    if empty.is_empty() {
        eprintln!("no empty files directly in uploads");
    }
    for name in &empty {
        println!("{}", name);
    }
    Ok(())
}
