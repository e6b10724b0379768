fn main() -> Result<(), gg::ApiError> {
    let path = "notes/journal.txt";
    let whole = gg::files::read_file(path, None, None)?;
    let total = whole.total_lines;
    println!("{}", total);

    let last = if total == 0 {
        String::new()
    } else if !whole.truncated {
        whole.contents.lines().last().unwrap_or("").to_string()
    } else {
        let tail = gg::files::read_file(path, Some(total - 1), Some(1))?;
        tail.contents.lines().last().unwrap_or("").to_string()
    };
    println!("{}", last);
    Ok(())
}
