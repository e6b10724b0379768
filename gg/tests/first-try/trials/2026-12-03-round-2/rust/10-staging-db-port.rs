use regex::Regex;

fn main() -> Result<(), gg::ApiError> {
    let new_port = "6543";
    let m = gg::memories::read("staging-db")?;
    println!("before:\n{}", m.body);

    // Find the port the memory currently names.
    let patterns = [
        r"(?i)\bport\b\D{0,12}?(\d{2,5})\b",
        r"[A-Za-z0-9_.\-\]]+:(\d{2,5})\b",
        r"(?i)-p\s*(\d{2,5})\b",
    ];
    let mut old: Option<String> = None;
    for p in patterns {
        let re = Regex::new(p).unwrap();
        if let Some(c) = re.captures(&m.body) {
            old = Some(c[1].to_string());
            break;
        }
    }
    let old = match old {
        Some(o) => o,
        None => panic!("could not find a port in the staging-db memory"),
    };
    if old == new_port {
        println!("The memory already says port {}.", new_port);
        return Ok(());
    }
    let re_old = Regex::new(&format!(r"\b{}\b", regex::escape(&old))).unwrap();
    let body = re_old.replace_all(&m.body, new_port).to_string();
    gg::memories::write(&m.name, &m.description, &body, m.code.as_deref())?;
    println!("after (port {} -> {}):\n{}", old, new_port, body);
    Ok(())
}
