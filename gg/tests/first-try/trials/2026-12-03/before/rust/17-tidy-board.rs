fn main() -> Result<(), gg::ApiError> {
    let issues = gg::board::list_issues()?;
    let mut closed = Vec::new();
    let mut reopened = Vec::new();
    for i in &issues {
        let state = format!("{:?}", i.state).to_lowercase();
        let is_open = state.contains("open");
        if is_open && i.labels.iter().any(|l| l == "done-in-1.4") {
            gg::board::close_issue(i.id.clone())?;
            gg::board::remove_label(i.id.clone(), "done-in-1.4")?;
            closed.push(format!("{}", i.id));
        } else if !is_open && i.labels.iter().any(|l| l == "regression") {
            gg::board::reopen_issue(i.id.clone())?;
            reopened.push(format!("{}", i.id));
        }
    }
    println!("closed: {}", closed.join(", "));
    println!("reopened: {}", reopened.join(", "));
    Ok(())
}
