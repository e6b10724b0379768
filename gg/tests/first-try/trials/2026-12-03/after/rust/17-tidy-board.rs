use gg::board::{IssuePatch, IssueStatus};
use gg::TextEdit;

fn main() -> Result<(), gg::ApiError> {
    // Take note of the closed regression issues before closing anything, so that an issue
    // closed in the first step is not reopened in the second.
    let to_reopen: Vec<u32> = gg::board::list_issues(Some(IssueStatus::Closed))?
        .into_iter()
        .filter(|i| i.status == IssueStatus::Closed && i.labels.iter().any(|l| l == "regression"))
        .map(|i| i.id)
        .collect();

    let mut closed = Vec::new();
    for issue in gg::board::list_issues(Some(IssueStatus::Open))? {
        if issue.status != IssueStatus::Open || !issue.labels.iter().any(|l| l == "done-in-1.4") {
            continue;
        }
        let labels: Vec<String> = issue
            .labels
            .iter()
            .filter(|l| l.as_str() != "done-in-1.4")
            .cloned()
            .collect();
        gg::board::update_issue(
            issue.id,
            IssuePatch {
                title: None,
                description: TextEdit::Keep,
                labels: Some(labels),
                status: Some(IssueStatus::Closed),
            },
        )?;
        closed.push(issue.id);
    }

    let mut reopened = Vec::new();
    for id in to_reopen {
        gg::board::update_issue(
            id,
            IssuePatch {
                title: None,
                description: TextEdit::Keep,
                labels: None,
                status: Some(IssueStatus::Open),
            },
        )?;
        reopened.push(id);
    }

    let fmt = |v: &[u32]| v.iter().map(|i| i.to_string()).collect::<Vec<_>>().join(", ");
    println!("closed: {}", fmt(&closed));
    println!("reopened: {}", fmt(&reopened));
    Ok(())
}
