fn main() -> Result<(), gg::ApiError> {
    let out = gg::shell::run("wc -w < notes/poem.txt", None)?;
    let n = out.stdout.split_whitespace().next().unwrap_or("").to_string();
    println!("{}", n);
    Ok(())
}
