fn main() -> Result<(), gg::ApiError> {
    let path = "config/app.ini";
    let text = gg::files::read_file(path, None, None)?;
    let mut out = String::with_capacity(text.len());
    let mut port_done = false;
    let mut level_done = false;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_start();
        let is_comment = trimmed.starts_with('#') || trimmed.starts_with(';');
        let key = trimmed.split(|c| c == '=' || c == ':').next().unwrap_or("").trim().to_lowercase();
        if !is_comment && key == "port" && line.contains("8080") {
            out.push_str(&line.replacen("8080", "9090", 1));
            port_done = true;
        } else if !is_comment && key.contains("level") && line.contains("info") {
            // replace only the value part (after the separator)
            if let Some(pos) = line.find(|c| c == '=' || c == ':') {
                let (k, v) = line.split_at(pos);
                out.push_str(k);
                out.push_str(&v.replacen("info", "debug", 1));
            } else {
                out.push_str(&line.replacen("info", "debug", 1));
            }
            level_done = true;
        } else {
            out.push_str(line);
        }
    }
    gg::files::write_file(path, &out)?;
    println!("port changed: {}, log level changed: {}", port_done, level_done);
    Ok(())
}
