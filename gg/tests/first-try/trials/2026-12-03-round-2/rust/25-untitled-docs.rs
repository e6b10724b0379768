use std::fs;
use std::path::Path;

fn walk(dir: &Path, rel: &str, out: &mut Vec<String>) -> std::io::Result<()> {
    for entry in fs::read_dir(dir)? {
        let entry = entry?;
        let name = entry.file_name().to_string_lossy().to_string();
        let rel_path = format!("{}/{}", rel, name);
        let ft = entry.file_type()?;
        let path = entry.path();
        if ft.is_dir() {
            walk(&path, &rel_path, out)?;
        } else if name.ends_with(".md") {
            let bytes = fs::read(&path)?;
            let text = String::from_utf8_lossy(&bytes);
            let titled = text.lines().any(|l| l.starts_with("# "));
            if !titled {
                out.push(rel_path);
            }
        }
    }
    Ok(())
}

fn main() -> std::io::Result<()> {
    let mut untitled = Vec::new();
    walk(Path::new("docs"), "docs", &mut untitled)?;
    untitled.sort();
    let mut text = untitled.join("\n");
    if !text.is_empty() {
        text.push('\n');
    }
    fs::write("docs/untitled.txt", &text)?;
    println!("Wrote docs/untitled.txt ({} files):\n{}", untitled.len(), text);
    Ok(())
}
