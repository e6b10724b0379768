fn main() -> Result<(), gg::ApiError> {
    let issues = gg::board::list_issues(Some(gg::board::IssueStatus::Open))?;
    for i in issues {
        if i.status == gg::board::IssueStatus::Open && i.labels.is_empty() {
            println!("#{} {}", i.id, i.title);
        }
    }
    Ok(())
}
