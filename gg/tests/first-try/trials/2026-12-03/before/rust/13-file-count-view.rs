fn main() -> Result<(), gg::ApiError> {
    let entries = gg::files::list_dir(".")?;
    let count = entries.iter().filter(|e| !e.is_dir).count();
    println!("{}", count);
    gg::views::open_text("file count", &count.to_string())?;
    Ok(())
}
