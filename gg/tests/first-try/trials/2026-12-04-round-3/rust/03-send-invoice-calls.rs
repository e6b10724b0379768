// Print every call of `send_invoice` under src as path:line (definitions, comments and strings excluded).
fn read_all(path: &str) -> Result<String, Box<dyn std::error::Error>> {
    let r = gg::files::read_file(path, None, None)?;
    if r.truncated {
        return Ok(std::fs::read_to_string(path)?);
    }
    Ok(r.contents)
}

fn walk(dir: &str, out: &mut Vec<String>) -> Result<(), gg::ApiError> {
    for e in gg::files::list_dir(Some(dir))? {
        let p = format!("{}/{}", dir, e.name);
        match e.kind {
            gg::files::EntryKind::Directory => walk(&p, out)?,
            gg::files::EntryKind::File => out.push(p),
            _ => {}
        }
    }
    Ok(())
}

#[derive(Clone, Copy)]
enum St {
    Code,
    Comment,
    Str(char, bool),
}

// Blank out Python comments and string literals, keeping the line structure.
fn sanitize(src: &str) -> String {
    let chars: Vec<char> = src.chars().collect();
    let n = chars.len();
    let mut out = String::with_capacity(src.len());
    let mut st = St::Code;
    let mut i = 0;
    while i < n {
        let c = chars[i];
        match st {
            St::Code => {
                if c == '#' {
                    st = St::Comment;
                    out.push(' ');
                    i += 1;
                } else if c == '"' || c == '\'' {
                    if i + 2 < n && chars[i + 1] == c && chars[i + 2] == c {
                        st = St::Str(c, true);
                        out.push_str("   ");
                        i += 3;
                    } else {
                        st = St::Str(c, false);
                        out.push(' ');
                        i += 1;
                    }
                } else {
                    out.push(c);
                    i += 1;
                }
            }
            St::Comment => {
                if c == '\n' {
                    st = St::Code;
                    out.push('\n');
                } else {
                    out.push(' ');
                }
                i += 1;
            }
            St::Str(q, triple) => {
                if c == '\\' && i + 1 < n {
                    out.push(' ');
                    out.push(if chars[i + 1] == '\n' { '\n' } else { ' ' });
                    i += 2;
                } else if c == '\n' {
                    out.push('\n');
                    i += 1;
                    if !triple {
                        st = St::Code;
                    }
                } else if c == q {
                    if triple {
                        if i + 2 < n && chars[i + 1] == q && chars[i + 2] == q {
                            out.push_str("   ");
                            i += 3;
                            st = St::Code;
                        } else {
                            out.push(' ');
                            i += 1;
                        }
                    } else {
                        out.push(' ');
                        i += 1;
                        st = St::Code;
                    }
                } else {
                    out.push(' ');
                    i += 1;
                }
            }
        }
    }
    out
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let call = regex::Regex::new(r"\bsend_invoice\s*\(")?;
    let def_before = regex::Regex::new(r"\bdef\s*$")?;
    let mut files = Vec::new();
    walk("src", &mut files)?;
    files.sort();
    let mut hits: Vec<String> = Vec::new();
    for path in &files {
        if !path.ends_with(".py") {
            continue;
        }
        let text = match read_all(path) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("skipping {}: {}", path, e);
                continue;
            }
        };
        let clean = sanitize(&text);
        for (idx, line) in clean.lines().enumerate() {
            let is_call = call
                .find_iter(line)
                .any(|m| !def_before.is_match(&line[..m.start()]));
            if is_call {
                hits.push(format!("{}:{}", path, idx + 1));
            }
        }
    }
    if hits.is_empty() {
        eprintln!("no calls of send_invoice found under src");
    }
    for h in &hits {
        println!("{}", h);
    }
    Ok(())
}
