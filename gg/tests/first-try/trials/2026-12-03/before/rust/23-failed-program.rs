fn main() -> Result<(), gg::ApiError> {
    let programs = gg::programs::list()?;
    let failed = programs.iter().find(|p| p.error.is_some());
    match failed {
        Some(p) => {
            println!("turn: {}", p.turn);
            println!("failure: {}", p.error.as_deref().unwrap_or(""));
            gg::files::write_file("failed-program.txt", &p.source)?;
            println!("saved its source to failed-program.txt");
        }
        None => println!("no failed program found"),
    }
    Ok(())
}
