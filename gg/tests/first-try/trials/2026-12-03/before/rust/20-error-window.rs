fn main() -> Result<(), gg::ApiError> {
    let path = "logs/build.log";
    let text = gg::files::read_file(path, None, None)?;
    let n = match text.lines().position(|l| l.contains("ERROR")) {
        Some(i) => i + 1,
        None => {
            println!("no ERROR line found");
            return Ok(());
        }
    };
    println!("{}", n);
    let start = if n > 5 { n - 5 } else { 1 };
    let end = n + 5;
    gg::views::open_file(path, Some(start.try_into().unwrap()), Some(end.try_into().unwrap()))?;
    Ok(())
}
