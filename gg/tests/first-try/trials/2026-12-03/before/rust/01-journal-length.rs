fn main() -> Result<(), gg::ApiError> {
    let text = gg::files::read_file("notes/journal.txt", None, None)?;
    let lines: Vec<&str> = text.lines().collect();
    println!("{}", lines.len());
    match lines.last() {
        Some(last) => println!("{}", last),
        None => println!(""),
    }
    Ok(())
}
