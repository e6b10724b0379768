fn main() -> Result<(), gg::ApiError> {
    let id = gg::board::create_issue(gg::board::IssueInput {
        title: "Login button does nothing".to_string(),
        description: Some(
            "This happens on the settings page: clicking the Login button there does nothing."
                .to_string(),
        ),
        labels: vec!["bug".to_string()],
    })?;
    println!("{}", id);
    Ok(())
}
