// Find every task waiting, directly or not, for `Get the security sign-off`; print and mark them.
use std::collections::BTreeSet;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let tasks = gg::tasks::list()?;
    let root = tasks
        .iter()
        .find(|t| t.title.trim() == "Get the security sign-off")
        .ok_or("no task titled `Get the security sign-off`")?
        .id;
    let mut waiting: BTreeSet<u32> = BTreeSet::new();
    let mut frontier: Vec<u32> = vec![root];
    while let Some(id) = frontier.pop() {
        for t in &tasks {
            if t.id != root && t.blocked_by.contains(&id) && waiting.insert(t.id) {
                frontier.push(t.id);
            }
        }
    }
    for t in &tasks {
        if waiting.contains(&t.id) {
            gg::tasks::update(
                t.id,
                gg::tasks::TaskPatch {
                    title: None,
                    description: gg::TextEdit::Set(
                        "delayed: waits for the security sign-off".to_string(),
                    ),
                    status: None,
                },
            )?;
            println!("{}", t.title);
        }
    }
    if waiting.is_empty() {
        eprintln!("no task waits for the security sign-off");
    }
    Ok(())
}
