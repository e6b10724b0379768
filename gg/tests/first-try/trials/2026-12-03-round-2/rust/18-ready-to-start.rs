use gg::tasks::TaskStatus;
use std::collections::HashMap;

fn main() -> Result<(), gg::ApiError> {
    let tasks = gg::tasks::list()?;
    let status: HashMap<u32, TaskStatus> = tasks.iter().map(|t| (t.id, t.status)).collect();
    let mut ready: Vec<&gg::tasks::Task> = tasks
        .iter()
        .filter(|t| t.status == TaskStatus::Pending)
        .filter(|t| {
            t.blocked_by
                .iter()
                .all(|b| status.get(b).map_or(true, |s| *s == TaskStatus::Done))
        })
        .collect();
    ready.sort_by_key(|t| t.id);
    for t in &ready {
        println!("{}", t.title);
    }
    if let Some(first) = ready.first() {
        gg::tasks::update(
            first.id,
            gg::tasks::TaskPatch {
                title: None,
                description: gg::TextEdit::Keep,
                status: Some(TaskStatus::InProgress),
            },
        )?;
        eprintln!("marked #{} {} as in progress", first.id, first.title);
    } else {
        println!("No task can be started now.");
    }
    Ok(())
}
