fn main() -> Result<(), gg::ApiError> {
    let code = r#"/// How many words `text` has (runs of non-whitespace characters).
pub fn word_count(text: &str) -> usize {
    text.split_whitespace().count()
}
"#;
    gg::memories::write(
        "textstats",
        "Helpers for counting words",
        "Text statistics helpers. `lib::textstats::word_count(text)` returns how many words a text has.",
        Some(code),
    )?;

    let second = r#"use lib::textstats;

fn main() -> Result<(), gg::ApiError> {
    let text = gg::files::read_file("notes/poem.txt", None, None)?.contents;
    println!("{}", textstats::word_count(&text));
    Ok(())
}
"#;
    gg::programs::rerun(second)?;
    println!("saved memory textstats; the word count of notes/poem.txt follows from the next program");
    Ok(())
}
