fn main() -> Result<(), gg::ApiError> {
    let hits = gg::files::search("TODO", Some("src"))?;
    for m in hits {
        println!("{}:{}: {}", m.path, m.line, m.text.trim());
    }
    Ok(())
}
