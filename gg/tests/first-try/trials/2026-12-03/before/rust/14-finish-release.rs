fn main() -> Result<(), gg::ApiError> {
    let text = gg::files::read_file("notes/status.txt", None, None)?;
    let mut state = String::new();
    let mut version = String::new();
    for line in text.lines() {
        if let Some(pos) = line.find(|c| c == ':' || c == '=') {
            let key = line[..pos].trim().to_lowercase();
            let value = line[pos + 1..].trim().to_string();
            if key == "state" || key == "status" {
                state = value;
            } else if key == "version" {
                version = value;
            }
        }
    }
    if state.eq_ignore_ascii_case("ready") {
        gg::session::finish(&format!("The release is ready: version {}.", version))?;
    } else {
        print!("{}", text);
        if !text.ends_with('\n') {
            println!();
        }
    }
    Ok(())
}
