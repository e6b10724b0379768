// Set `Stop the nightly job from timing out` back to pending, with a new description.
fn main() -> Result<(), Box<dyn std::error::Error>> {
    let title = "Stop the nightly job from timing out";
    let tasks = gg::tasks::list()?;
    let task = tasks
        .iter()
        .find(|t| t.title.trim() == title)
        .ok_or_else(|| format!("no task titled {:?}", title))?;
    gg::tasks::update(
        task.id,
        gg::tasks::TaskPatch {
            title: None,
            description: gg::TextEdit::Set("still times out on Sundays".to_string()),
            status: Some(gg::tasks::TaskStatus::Pending),
        },
    )?;
    println!("task {} ({}) is pending again: still times out on Sundays", task.id, title);
    Ok(())
}
