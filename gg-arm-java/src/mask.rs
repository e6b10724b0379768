//! The code mask: one byte-level lexer telling Java code from string, text-block, character and
//! comment bytes (`//` to the end of the line, which a `\n` or a lone `\r` ends as javac ends
//! lines; `/* … */`, which do not nest; `"…"` and `'…'` with escapes; `"""…"""` text blocks). A
//! source that does not lex (an unterminated literal or comment) has no mask.

/// `mask[i]` is true when byte `i` is code; `None` when the source does not lex cleanly.
pub fn mask(source: &str) -> Option<Vec<bool>> {
    let b = source.as_bytes();
    let mut code = vec![true; b.len()];
    let mut i = 0;
    while i < b.len() {
        let start = i;
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' && b[i] != b'\r' {
                    i += 1;
                }
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i += 2;
                loop {
                    if i + 1 >= b.len() {
                        return None;
                    }
                    if b[i] == b'*' && b[i + 1] == b'/' {
                        i += 2;
                        break;
                    }
                    i += 1;
                }
            }
            b'"' if source[i..].starts_with("\"\"\"") => {
                i += 3;
                loop {
                    if i >= b.len() {
                        return None;
                    }
                    if b[i] == b'\\' {
                        i += 2;
                        continue;
                    }
                    if source[i..].starts_with("\"\"\"") {
                        i += 3;
                        break;
                    }
                    i += 1;
                }
            }
            q @ (b'"' | b'\'') => {
                i += 1;
                loop {
                    match b.get(i) {
                        None | Some(b'\n' | b'\r') => return None,
                        Some(b'\\') => i += 2,
                        Some(&c) if c == q => {
                            i += 1;
                            break;
                        }
                        Some(_) => i += 1,
                    }
                }
            }
            _ => {
                i += 1;
                continue;
            }
        }
        code[start..i.min(b.len())].iter_mut().for_each(|c| *c = false);
    }
    Some(code)
}

/// The name of the first top-level `public` class, record, enum or interface, which javac wants
/// the file to be named after.
pub fn public_type(source: &str) -> Option<String> {
    let code = mask(source)?;
    let b = source.as_bytes();
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_' || c == b'$';
    let mut depth = 0usize;
    let mut words: Vec<&str> = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if !code[i] {
            i += 1;
            continue;
        }
        match b[i] {
            b'{' => {
                depth += 1;
                words.clear();
            }
            b'}' => {
                depth = depth.saturating_sub(1);
                words.clear();
            }
            b';' => words.clear(),
            c if depth == 0 && ident(c) => {
                let s = i;
                while i < b.len() && code[i] && ident(b[i]) {
                    i += 1;
                }
                let w = &source[s..i];
                if let Some(&kind) = words.last()
                    && ["class", "record", "enum", "interface"].contains(&kind)
                    && words.contains(&"public")
                {
                    return Some(w.to_owned());
                }
                words.push(w);
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_and_comments_are_not_code() {
        let src = "int a = 1; // x\nString s = \"{\\\"\"; char c = '}'; /* { */ String t = \"\"\"\n  }\n  \"\"\";";
        let m = mask(src).unwrap();
        let code: String = src
            .bytes()
            .zip(&m)
            .filter(|(_, c)| **c)
            .map(|(b, _)| b as char)
            .collect();
        assert_eq!(code, "int a = 1; \nString s = ; char c = ;  String t = ;");
        assert_eq!(mask("String s = \"open"), None);
        assert_eq!(mask("/* open"), None);
    }

    #[test]
    fn the_public_type_is_found_at_top_level() {
        let src = "import gg.*;\n// public class Comment {}\nclass Helper { public class Inner {} }\npublic final class Main {\n}\n";
        assert_eq!(public_type(src).as_deref(), Some("Main"));
        assert_eq!(public_type("record P(int x) {}\nclass A {}").as_deref(), None);
        assert_eq!(public_type("public record P(int x) {}").as_deref(), Some("P"));
    }
}
