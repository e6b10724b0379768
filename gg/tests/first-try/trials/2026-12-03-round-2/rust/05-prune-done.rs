fn main() -> Result<(), gg::ApiError> {
    let tasks = gg::tasks::list()?;
    for t in &tasks {
        if t.status == gg::tasks::TaskStatus::Done {
            match gg::tasks::remove(t.id) {
                Ok(()) => println!("removed #{} {}", t.id, t.title),
                Err(e) => println!("could not remove #{} {}: {}", t.id, t.title, e),
            }
        }
    }
    let left = gg::tasks::list()?;
    println!("{} tasks left", left.len());
    Ok(())
}
