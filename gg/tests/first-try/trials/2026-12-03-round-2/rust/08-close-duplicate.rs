use gg::board::{IssuePatch, IssueStatus};

fn main() -> Result<(), gg::ApiError> {
    let issues = gg::board::list_issues(None)?;
    let issue = issues
        .iter()
        .find(|i| i.id == 7)
        .expect("issue #7 is not on the board");
    let mut labels = issue.labels.clone();
    if !labels.iter().any(|l| l == "duplicate") {
        labels.push("duplicate".to_string());
    }
    let description = match &issue.description {
        Some(d) if !d.is_empty() => format!("Duplicate of #3.\n{}", d),
        _ => "Duplicate of #3.".to_string(),
    };
    gg::board::update_issue(
        7,
        IssuePatch {
            title: None,
            description: gg::TextEdit::Set(description),
            labels: Some(labels),
            status: Some(IssueStatus::Closed),
        },
    )?;
    for i in gg::board::list_issues(None)? {
        if i.id == 7 {
            println!("{:?}", i);
        }
    }
    Ok(())
}
