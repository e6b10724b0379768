use gg::board::IssueStatus;

fn main() -> Result<(), gg::ApiError> {
    let mut issues = gg::board::list_issues(None)?;
    issues.sort_by_key(|i| i.id);
    let open: Vec<&gg::board::Issue> = issues.iter().filter(|i| i.status == IssueStatus::Open).collect();
    let closed: Vec<&gg::board::Issue> = issues.iter().filter(|i| i.status == IssueStatus::Closed).collect();
    let mut text = String::from("## Open\n\n");
    for i in &open {
        text.push_str(&format!("- #{} {}\n", i.id, i.title));
    }
    text.push_str("\n## Closed\n\n");
    for i in &closed {
        text.push_str(&format!("- #{} {}\n", i.id, i.title));
    }
    gg::files::write_file("docs/board.md", &text)?;
    println!("{} open, {} closed", open.len(), closed.len());
    Ok(())
}
