fn main() -> Result<(), gg::ApiError> {
    let notes = gg::tasks::add("Write release notes", None)?;
    let build = gg::tasks::add("Build packages", None)?;
    let test = gg::tasks::add("Test packages", Some(vec![build.id.clone()]))?;
    let _publish = gg::tasks::add("Publish", Some(vec![test.id.clone(), notes.id.clone()]))?;

    let all = gg::tasks::list()?;
    for t in &all {
        if t.done {
            continue;
        }
        let ready = t.depends_on.iter().all(|d| {
            all.iter().find(|o| &o.id == d).map(|o| o.done).unwrap_or(true)
        });
        if ready {
            println!("{}", t.title);
        }
    }
    Ok(())
}
