// Remove the line `DEBUG=1` from deploy/app.env, leaving every other line as it is.
fn read_all(path: &str) -> Result<String, Box<dyn std::error::Error>> {
    let r = gg::files::read_file(path, None, None)?;
    if r.truncated {
        return Ok(std::fs::read_to_string(path)?);
    }
    Ok(r.contents)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = "deploy/app.env";
    let text = read_all(path)?;
    let mut out = String::with_capacity(text.len());
    let mut removed = 0;
    for line in text.split_inclusive('\n') {
        let bare = line.trim_end_matches('\n').trim_end_matches('\r');
        if bare.trim() == "DEBUG=1" {
            removed += 1;
            continue;
        }
        out.push_str(line);
    }
    if removed == 0 {
        println!("no DEBUG=1 line in {}; nothing changed", path);
        return Ok(());
    }
    gg::files::write_file(path, &out)?;
    println!("removed {} DEBUG=1 line(s) from {}", removed, path);
    Ok(())
}
