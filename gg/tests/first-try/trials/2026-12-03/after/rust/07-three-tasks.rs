fn main() -> Result<(), gg::ApiError> {
    for title in ["Draft the report", "Review the draft", "Send the report"] {
        let id = gg::tasks::add(gg::tasks::TaskInput {
            id: None,
            title: title.to_string(),
            description: None,
            blocked_by: Vec::new(),
        })?;
        println!("{}: {}", title, id);
    }
    Ok(())
}
