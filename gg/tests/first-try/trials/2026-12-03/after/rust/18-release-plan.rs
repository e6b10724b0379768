use gg::tasks::{TaskInput, TaskStatus};

fn add(title: &str, blocked_by: Vec<u32>) -> Result<u32, gg::ApiError> {
    gg::tasks::add(TaskInput {
        id: None,
        title: title.to_string(),
        description: None,
        blocked_by,
    })
}

fn main() -> Result<(), gg::ApiError> {
    let notes = add("Write release notes", vec![])?;
    let build = add("Build packages", vec![])?;
    let test = add("Test packages", vec![build])?;
    let publish = add("Publish", vec![test, notes])?;
    let mine = [notes, build, test, publish];

    let all = gg::tasks::list()?;
    let is_done = |id: u32| {
        all.iter()
            .find(|t| t.id == id)
            .map(|t| t.status == TaskStatus::Done)
            .unwrap_or(true)
    };
    for t in &all {
        if !mine.contains(&t.id) || t.status == TaskStatus::Done {
            continue;
        }
        if t.blocked_by.iter().all(|&b| is_done(b)) {
            println!("{}", t.title);
        }
    }
    Ok(())
}
