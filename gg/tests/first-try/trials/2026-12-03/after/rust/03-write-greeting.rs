fn main() -> Result<(), gg::ApiError> {
    let path = "out/greeting.txt";
    let text = "Hello from the agent\n";
    match gg::files::write_file(path, text) {
        Ok(n) => println!("wrote {} bytes to {}", n, path),
        Err(e) => {
            eprintln!("first write failed ({}); creating the folder and retrying", e);
            gg::shell::run("mkdir -p out", None)?;
            let n = gg::files::write_file(path, text)?;
            println!("wrote {} bytes to {}", n, path);
        }
    }
    Ok(())
}
