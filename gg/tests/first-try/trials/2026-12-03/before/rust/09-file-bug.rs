fn main() -> Result<(), gg::ApiError> {
    let issue = gg::board::create_issue(
        "Login button does nothing",
        Some("Clicking the login button does nothing. This happens on the settings page.".into()),
        Some(vec!["bug".into()]),
    )?;
    println!("{}", issue.id);
    Ok(())
}
