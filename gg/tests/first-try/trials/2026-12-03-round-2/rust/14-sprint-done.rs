use gg::tasks::TaskStatus;

fn main() -> Result<(), gg::ApiError> {
    let want = "[S12] Write the retro notes";
    let tasks = gg::tasks::list()?;
    let task = tasks
        .iter()
        .find(|t| t.title == want)
        .or_else(|| tasks.iter().find(|t| t.title.starts_with(want)))
        .expect("no task titled '[S12] Write the retro notes'");
    gg::tasks::complete(task.id)?;

    let sprint: Vec<gg::tasks::Task> = gg::tasks::list()?
        .into_iter()
        .filter(|t| t.title.starts_with("[S12]"))
        .collect();
    let not_done: Vec<&gg::tasks::Task> = sprint
        .iter()
        .filter(|t| t.status != TaskStatus::Done)
        .collect();
    if not_done.is_empty() {
        let summary = format!(
            "Sprint 12 is complete: all {} of its tasks are done.",
            sprint.len()
        );
        gg::session::finish(&summary)?;
        println!("{}", summary);
    } else {
        for t in not_done {
            println!("{}", t.title);
        }
    }
    Ok(())
}
