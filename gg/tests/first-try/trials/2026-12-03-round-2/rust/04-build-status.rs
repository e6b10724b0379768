fn main() -> Result<(), gg::ApiError> {
    let out = gg::shell::run("sh scripts/build.sh", None)?;
    match out.exit_code {
        Some(code) => println!("exit code: {}", code),
        None => println!("exit code: none (the build was killed)"),
    }
    let last = out
        .output
        .lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("");
    println!("last line: {}", last);
    Ok(())
}
