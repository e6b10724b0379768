//! A Rust program as a model writes one: list the workspace and read a file.
use std::collections::BTreeMap;

fn main() -> Result<(), gg::ApiError> {
    let entries = gg::files::list_dir(None)?;
    let mut by_kind: BTreeMap<String, usize> = BTreeMap::new();
    for entry in &entries {
        *by_kind.entry(format!("{:?}", entry.kind)).or_default() += 1;
    }
    println!("{} entries: {by_kind:?}", entries.len());
    let readme = gg::files::read_file("README.md", None, Some(5))?;
    println!("README.md has {} lines; the first: {}", readme.total_lines, readme.contents.lines().next().unwrap_or(""));
    Ok(())
}
