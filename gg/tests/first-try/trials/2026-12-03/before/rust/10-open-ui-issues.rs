fn main() -> Result<(), gg::ApiError> {
    let issues = gg::board::list_issues()?;
    for i in issues {
        let state = format!("{:?}", i.state).to_lowercase();
        let is_open = state.contains("open");
        if is_open && i.labels.iter().any(|l| l == "ui") {
            println!("{}", i.title);
        }
    }
    Ok(())
}
