use regex::Regex;

// Replace, in the line matched by `re`, the value captured between groups `pre` and `post`
// by `new_value`, using edit_file on the whole line so nothing else changes.
fn change_line(path: &str, re: &Regex, new_value: &str) -> anyhow::Result<()> {
    let text = gg::files::read_file(path, None, None)?.contents;
    let caps = re
        .captures(&text)
        .ok_or_else(|| anyhow::anyhow!("no line matching {} in {}", re.as_str(), path))?;
    let whole = caps.get(0).unwrap();
    let old_line = whole.as_str().to_string();
    let new_line = format!("{}{}{}", &caps["pre"], new_value, &caps["post"]);
    match gg::files::edit_file(path, &old_line, &new_line) {
        Ok(_) => {}
        Err(e) if e.code == gg::ErrorCode::Conflict => {
            // The line text occurs more than once: rewrite just this occurrence by position.
            let mut out = String::with_capacity(text.len() + 8);
            out.push_str(&text[..whole.start()]);
            out.push_str(&new_line);
            out.push_str(&text[whole.end()..]);
            gg::files::write_file(path, &out)?;
        }
        Err(e) => return Err(e.into()),
    }
    println!("{:?} -> {:?}", old_line, new_line);
    Ok(())
}

fn main() -> anyhow::Result<()> {
    let path = "config/app.ini";
    let port_re =
        Regex::new(r#"(?mi)^(?P<pre>[ \t]*[\w.-]*port[ \t]*[=:][ \t]*"?)8080(?P<post>[^\d\n][^\n]*|)$"#)
            .unwrap();
    let level_re = Regex::new(
        r#"(?mi)^(?P<pre>[ \t]*[\w.-]*level[ \t]*[=:][ \t]*"?)info(?P<post>[^\w\n][^\n]*|)$"#,
    )
    .unwrap();
    change_line(path, &port_re, "9090")?;
    change_line(path, &level_re, "debug")?;
    Ok(())
}
