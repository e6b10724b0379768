use serde_json::Value;

fn find_key<'a>(v: &'a Value, key: &str) -> Option<&'a Value> {
    match v {
        Value::Object(map) => {
            if let Some(found) = map.get(key) {
                return Some(found);
            }
            map.values().find_map(|child| find_key(child, key))
        }
        Value::Array(items) => items.iter().find_map(|child| find_key(child, key)),
        _ => None,
    }
}

fn main() -> anyhow::Result<()> {
    let path = "config/settings.json";
    let text = match gg::files::read_file(path, None, None) {
        Ok(r) => r.contents,
        Err(e) if e.code == gg::ErrorCode::NotFound => {
            let example = gg::files::read_file("config/settings.example.json", None, None)?.contents;
            gg::files::write_file(path, &example)?;
            eprintln!("created {} from config/settings.example.json", path);
            example
        }
        Err(e) => return Err(e.into()),
    };

    let json: Value = serde_json::from_str(&text)?;
    let retries = find_key(&json, "retries")
        .ok_or_else(|| anyhow::anyhow!("no `retries` setting in {}", path))?;
    match retries {
        Value::String(s) => println!("{}", s),
        other => println!("{}", other),
    }
    Ok(())
}
