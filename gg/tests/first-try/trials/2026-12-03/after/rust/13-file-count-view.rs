use gg::files::EntryKind;

fn main() -> Result<(), gg::ApiError> {
    let entries = gg::files::list_dir(None)?;
    let count = entries.iter().filter(|e| e.kind == EntryKind::File).count();
    gg::views::open_text("file count", &count.to_string())?;
    println!("{}", count);
    Ok(())
}
