fn main() -> Result<(), gg::ApiError> {
    let entries = gg::files::list_dir("docs")?;
    for e in entries {
        let kind = if e.is_dir { "folder" } else { "file" };
        println!("{} ({})", e.name, kind);
    }
    Ok(())
}
