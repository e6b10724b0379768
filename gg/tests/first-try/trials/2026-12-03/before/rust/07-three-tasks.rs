fn main() -> Result<(), gg::ApiError> {
    for title in ["Draft the report", "Review the draft", "Send the report"] {
        let task = gg::tasks::add(title, None)?;
        println!("{}: {}", title, task.id);
    }
    Ok(())
}
