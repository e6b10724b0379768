// Replace every mention of db-old.internal with db.internal in the files under config; print the files changed.
fn walk(dir: &str, out: &mut Vec<String>) -> Result<(), gg::ApiError> {
    for e in gg::files::list_dir(Some(dir))? {
        let p = format!("{}/{}", dir, e.name);
        match e.kind {
            gg::files::EntryKind::Directory => walk(&p, out)?,
            gg::files::EntryKind::File => out.push(p),
            _ => {}
        }
    }
    Ok(())
}

fn host_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '-' || c == '_'
}

// Replace the host name where it stands alone (not inside a longer host name such as
// `mydb-old.internal` or `db-old.internal.example.com`).
fn replace_host(text: &str, old: &str, new: &str) -> (String, usize) {
    let mut out = String::with_capacity(text.len());
    let mut count = 0;
    let mut rest_start = 0;
    let mut search_from = 0;
    while let Some(rel) = text[search_from..].find(old) {
        let start = search_from + rel;
        let end = start + old.len();
        let before = text[..start].chars().next_back();
        let after: Vec<char> = text[end..].chars().take(2).collect();
        let ok_before = match before {
            Some(c) => !(host_char(c) || c == '.'),
            None => true,
        };
        let ok_after = match after.first() {
            None => true,
            Some(&c) if host_char(c) => false,
            Some(&'.') => !after.get(1).map(|c| host_char(*c)).unwrap_or(false),
            Some(_) => true,
        };
        if ok_before && ok_after {
            out.push_str(&text[rest_start..start]);
            out.push_str(new);
            rest_start = end;
            count += 1;
        }
        search_from = end;
    }
    out.push_str(&text[rest_start..]);
    (out, count)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let old = "db-old.internal";
    let new = "db.internal";
    let mut files = Vec::new();
    walk("config", &mut files)?;
    files.sort();
    let mut changed: Vec<String> = Vec::new();
    for path in &files {
        let text = match gg::files::read_file(path, None, None) {
            Ok(r) if !r.truncated => r.contents,
            Ok(_) => match std::fs::read_to_string(path) {
                Ok(t) => t,
                Err(e) => {
                    eprintln!("skipping {}: {}", path, e);
                    continue;
                }
            },
            Err(e) => {
                eprintln!("skipping {}: {}", path, e);
                continue;
            }
        };
        if !text.contains(old) {
            continue;
        }
        let (new_text, n) = replace_host(&text, old, new);
        if n == 0 {
            eprintln!("{}: mentions {} only inside a longer name; left as it is", path, old);
            continue;
        }
        gg::files::write_file(path, &new_text)?;
        eprintln!("{}: {} mention(s) replaced", path, n);
        changed.push(path.clone());
    }
    if changed.is_empty() {
        eprintln!("no file under config names {}", old);
    }
    for p in &changed {
        println!("{}", p);
    }
    Ok(())
}
