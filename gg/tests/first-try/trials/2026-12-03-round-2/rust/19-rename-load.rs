// Rename the Python identifier `load` to `read_settings` in code only:
// not in comments, not in strings, not as an attribute (`json.load`), not inside other names.
fn rename(src: &str, old: &str, new: &str) -> (String, usize) {
    let chars: Vec<char> = src.chars().collect();
    let mut out = String::with_capacity(src.len() + 64);
    let mut count = 0;
    let mut i = 0;
    let n = chars.len();
    let mut last_sig: Option<char> = None; // last non-whitespace char emitted in code
    while i < n {
        let c = chars[i];
        if c == '#' {
            while i < n && chars[i] != '\n' {
                out.push(chars[i]);
                i += 1;
            }
            continue;
        }
        if c == '"' || c == '\'' {
            let triple = i + 2 < n && chars[i + 1] == c && chars[i + 2] == c;
            if triple {
                out.push(c);
                out.push(c);
                out.push(c);
                i += 3;
                while i < n {
                    if chars[i] == '\\' && i + 1 < n {
                        out.push(chars[i]);
                        out.push(chars[i + 1]);
                        i += 2;
                        continue;
                    }
                    if chars[i] == c && i + 2 < n && chars[i + 1] == c && chars[i + 2] == c {
                        out.push(c);
                        out.push(c);
                        out.push(c);
                        i += 3;
                        break;
                    }
                    out.push(chars[i]);
                    i += 1;
                }
            } else {
                out.push(c);
                i += 1;
                while i < n {
                    if chars[i] == '\\' && i + 1 < n {
                        out.push(chars[i]);
                        out.push(chars[i + 1]);
                        i += 2;
                        continue;
                    }
                    let d = chars[i];
                    out.push(d);
                    i += 1;
                    if d == c || d == '\n' {
                        break;
                    }
                }
            }
            last_sig = Some(c);
            continue;
        }
        if c.is_alphabetic() || c == '_' {
            let start = i;
            while i < n && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            let ident: String = chars[start..i].iter().collect();
            if ident == old && last_sig != Some('.') {
                out.push_str(new);
                count += 1;
            } else {
                out.push_str(&ident);
            }
            last_sig = Some('a');
            continue;
        }
        if c.is_ascii_digit() {
            while i < n && (chars[i].is_alphanumeric() || chars[i] == '_' || chars[i] == '.') {
                out.push(chars[i]);
                i += 1;
            }
            last_sig = Some('0');
            continue;
        }
        out.push(c);
        if !c.is_whitespace() {
            last_sig = Some(c);
        }
        i += 1;
    }
    (out, count)
}

fn main() -> Result<(), gg::ApiError> {
    let path = "src/settings.py";
    let read = gg::files::read_file(path, None, None)?;
    if read.truncated {
        panic!("{} read was truncated", path);
    }
    let (text, count) = rename(&read.contents, "load", "read_settings");
    if count == 0 {
        println!("No uses of `load` found; nothing changed.");
        return Ok(());
    }
    gg::files::write_file(path, &text)?;
    println!("Renamed {} occurrences of `load` to `read_settings` in {}:", count, path);
    for (no, line) in text.lines().enumerate() {
        if line.contains("read_settings") {
            println!("{:>3}: {}", no + 1, line);
        }
    }
    Ok(())
}
