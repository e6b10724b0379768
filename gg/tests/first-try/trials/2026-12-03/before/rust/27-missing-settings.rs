fn find<'a>(v: &'a serde_json::Value, key: &str) -> Option<&'a serde_json::Value> {
    match v {
        serde_json::Value::Object(map) => {
            if let Some(x) = map.get(key) {
                return Some(x);
            }
            map.values().find_map(|x| find(x, key))
        }
        serde_json::Value::Array(a) => a.iter().find_map(|x| find(x, key)),
        _ => None,
    }
}

fn main() -> Result<(), gg::ApiError> {
    let text = match gg::files::read_file("config/settings.json", None, None) {
        Ok(t) => t,
        Err(e) if e.code == gg::ErrorCode::NotFound => {
            let example = gg::files::read_file("config/settings.example.json", None, None)?;
            gg::files::write_file("config/settings.json", &example)?;
            eprintln!("created config/settings.json from config/settings.example.json");
            example
        }
        Err(e) => return Err(e),
    };
    let v: serde_json::Value = serde_json::from_str(&text).expect("settings.json is not valid JSON");
    match find(&v, "retries") {
        Some(r) => println!("{}", r),
        None => println!("no retries setting found"),
    }
    Ok(())
}
