// Relabel `frontend` as `web` on every issue, open or closed; print how many were relabelled.
fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut count = 0u32;
    for issue in gg::board::list_issues(None)? {
        if !issue.labels.iter().any(|l| l == "frontend") {
            continue;
        }
        let mut labels: Vec<String> = Vec::new();
        for l in &issue.labels {
            let nl = if l == "frontend" { "web".to_string() } else { l.clone() };
            if !labels.contains(&nl) {
                labels.push(nl);
            }
        }
        gg::board::update_issue(
            issue.id,
            gg::board::IssuePatch {
                title: None,
                description: gg::TextEdit::Keep,
                labels: Some(labels.clone()),
                status: None,
            },
        )?;
        eprintln!("#{}: {:?} -> {:?}", issue.id, issue.labels, labels);
        count += 1;
    }
    println!("{}", count);
    Ok(())
}
