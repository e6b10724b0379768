fn main() -> Result<(), gg::ApiError> {
    gg::files::write_file("out/greeting.txt", "Hello from the agent\n")?;
    println!("wrote out/greeting.txt");
    Ok(())
}
