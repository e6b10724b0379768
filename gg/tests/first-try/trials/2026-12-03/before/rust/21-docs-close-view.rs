fn main() -> Result<(), gg::ApiError> {
    let hits = gg::docs::search("close view")?;
    let hit = hits
        .iter()
        .find(|h| h.name.to_lowercase().contains("close") && h.name.to_lowercase().contains("view"))
        .or_else(|| hits.iter().find(|h| h.name.to_lowercase().contains("close")))
        .or(hits.first());
    match hit {
        Some(h) => {
            println!("{}", h.signature);
            gg::views::open_docs(&h.name)?;
        }
        None => println!("nothing found in the docs for closing a view"),
    }
    Ok(())
}
