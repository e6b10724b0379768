use gg::tasks::TaskStatus;

fn main() -> Result<(), gg::ApiError> {
    let want = "Write the migration guide";
    let tasks = gg::tasks::list()?;
    let task = tasks
        .iter()
        .find(|t| t.title == want)
        .or_else(|| tasks.iter().find(|t| t.title.starts_with(want)))
        .expect("no task titled 'Write the migration guide'");
    gg::tasks::update(
        task.id,
        gg::tasks::TaskPatch {
            title: None,
            description: gg::TextEdit::Keep,
            status: Some(TaskStatus::InProgress),
        },
    )?;
    eprintln!("marked #{} as in progress", task.id);
    for t in gg::tasks::list()? {
        if t.status == TaskStatus::Pending {
            println!("{}", t.title);
        }
    }
    Ok(())
}
