// Remove the closed issues labelled `wontfix`; print the ids removed.
fn main() -> Result<(), Box<dyn std::error::Error>> {
    let closed = gg::board::list_issues(Some(gg::board::IssueStatus::Closed))?;
    let mut removed: Vec<u32> = Vec::new();
    for issue in closed {
        if issue.status != gg::board::IssueStatus::Closed {
            continue;
        }
        if issue.labels.iter().any(|l| l == "wontfix") {
            gg::board::remove_issue(issue.id)?;
            removed.push(issue.id);
        }
    }
    if removed.is_empty() {
        eprintln!("no closed wontfix issues");
    }
    for id in &removed {
        println!("{}", id);
    }
    Ok(())
}
