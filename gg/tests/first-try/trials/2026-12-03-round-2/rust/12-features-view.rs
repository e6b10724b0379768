fn main() -> anyhow::Result<()> {
    let read = gg::files::read_file("config/app.json", None, None)?;
    let text = read.contents;
    let json: serde_json::Value = serde_json::from_str(&text)?;
    let features = json
        .get("features")
        .and_then(|f| f.as_object())
        .ok_or_else(|| anyhow::anyhow!("config/app.json has no features object"))?;
    let mut on: Vec<&String> = features
        .iter()
        .filter(|(_, v)| v.as_bool() == Some(true))
        .map(|(k, _)| k)
        .collect();
    // Keep the order they appear in the file.
    on.sort_by_key(|k| text.find(&format!("\"{}\"", k)).unwrap_or(usize::MAX));
    let body = on.iter().map(|s| s.as_str()).collect::<Vec<_>>().join("\n");
    gg::views::open_text("features on", &body)?;
    println!("features on:\n{}", body);
    Ok(())
}
