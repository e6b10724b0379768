fn main() -> Result<(), gg::ApiError> {
    let tasks = gg::tasks::list()?;
    let mut found = false;
    for t in tasks {
        if t.title == "Water the plants" && !t.done {
            gg::tasks::complete(t.id)?;
            found = true;
        }
    }
    if !found {
        eprintln!("no open task titled 'Water the plants' found");
    }
    for t in gg::tasks::list()? {
        if !t.done {
            println!("{}", t.title);
        }
    }
    Ok(())
}
