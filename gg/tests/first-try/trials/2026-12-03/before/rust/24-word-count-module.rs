fn main() -> Result<(), gg::ApiError> {
    let code = r#"/// Returns how many words `text` has (runs of non-whitespace).
pub fn word_count(text: &str) -> usize {
    text.split_whitespace().count()
}
"#;
    gg::memories::save(
        "textstats",
        "Helpers for counting words: `lib::textstats::word_count(text)` returns the number of words in a text.",
        Some("helpers for counting words".into()),
        Some(code.into()),
    )?;
    println!("saved memory textstats");

    let second = r#"fn main() -> Result<(), gg::ApiError> {
    let text = gg::files::read_file("notes/poem.txt", None, None)?;
    println!("{}", lib::textstats::word_count(&text));
    Ok(())
}
"#;
    gg::programs::run_next(second)?;
    Ok(())
}
