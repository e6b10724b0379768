fn main() -> Result<(), gg::ApiError> {
    gg::memories::save(
        "staging-server",
        "The staging server is staging.example.internal, reachable over SSH on port 2222 (ssh -p 2222 staging.example.internal).",
        Some("Staging server host and SSH port".into()),
        None,
    )?;
    println!("saved memory staging-server");
    Ok(())
}
