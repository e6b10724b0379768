fn main() -> Result<(), gg::ApiError> {
    gg::memories::write(
        "staging-server",
        "Staging server address and how to reach it (SSH on port 2222)",
        "The staging server is staging.example.internal, reachable over SSH on port 2222.\n\
         Connect with: ssh -p 2222 staging.example.internal\n",
        None,
    )?;
    println!("saved memory staging-server");
    Ok(())
}
