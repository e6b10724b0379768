use gg::board::IssueStatus;

fn main() -> Result<(), gg::ApiError> {
    let issues = gg::board::list_issues(Some(IssueStatus::Open))?;
    for issue in issues {
        if issue.status == IssueStatus::Open && issue.labels.iter().any(|l| l == "ui") {
            println!("{}", issue.title);
        }
    }
    Ok(())
}
