use gg::tasks::TaskStatus;

fn main() -> anyhow::Result<()> {
    let wanted = "Water the plants";
    let tasks = gg::tasks::list()?;
    let task = tasks
        .iter()
        .find(|t| t.title == wanted)
        .or_else(|| {
            tasks
                .iter()
                .find(|t| t.title.trim().eq_ignore_ascii_case(wanted))
        })
        .ok_or_else(|| anyhow::anyhow!("no task titled {:?}", wanted))?;
    gg::tasks::complete(task.id)?;

    for t in gg::tasks::list()? {
        if t.status != TaskStatus::Done {
            println!("{}", t.title);
        }
    }
    Ok(())
}
