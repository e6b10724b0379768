fn walk(dir: &str, out: &mut Vec<String>) -> Result<(), gg::ApiError> {
    for e in gg::files::list_dir(Some(dir))? {
        let path = format!("{}/{}", dir, e.name);
        match e.kind {
            gg::files::EntryKind::Directory => walk(&path, out)?,
            _ => out.push(path),
        }
    }
    Ok(())
}

fn main() -> Result<(), gg::ApiError> {
    let mut files = Vec::new();
    walk("projects", &mut files)?;
    files.sort();
    for f in files {
        println!("{}", f);
    }
    Ok(())
}
