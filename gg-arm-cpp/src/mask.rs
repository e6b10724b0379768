//! The code mask: one byte-level lexer telling C++ code from string, character and comment bytes.
//!
//! Comments (`//` to the end of the line, a backslash-newline continuing it; `/* … */`), string
//! and character literals with their prefixes (`u8`, `u`, `U`, `L`) and escapes, raw strings
//! (`R"delim(…)delim"`, any prefix), and digit separators (`1'000'000`, `0x'FF` never opens a
//! character literal: a `'` inside a number is the number's). A source that does not lex (an
//! unterminated literal or comment, a raw string whose delimiter never closes) has no mask.

/// `mask[i]` is true when byte `i` is code; `None` when the source does not lex cleanly.
pub fn mask(source: &str) -> Option<Vec<bool>> {
    let b = source.as_bytes();
    let mut code = vec![true; b.len()];
    let mut i = 0;
    let off = |from: usize, to: usize, code: &mut Vec<bool>| code[from..to].iter_mut().for_each(|c| *c = false);
    while i < b.len() {
        let c = b[i];
        match c {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                let start = i;
                while i < b.len() && b[i] != b'\n' {
                    // A backslash before the newline continues the comment.
                    if b[i] == b'\\' && b.get(i + 1) == Some(&b'\n') {
                        i += 1;
                    }
                    i += 1;
                }
                off(start, i, &mut code);
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                let start = i;
                let end = source[i + 2..].find("*/")? + i + 4;
                i = end;
                off(start, end, &mut code);
            }
            b'0'..=b'9' => i = number(b, i),
            b'.' if b.get(i + 1).is_some_and(u8::is_ascii_digit) => i = number(b, i),
            c if is_ident(c) => {
                let start = i;
                while i < b.len() && is_ident(b[i]) {
                    i += 1;
                }
                let word = &source[start..i];
                match b.get(i) {
                    Some(b'"') if matches!(word, "R" | "u8R" | "uR" | "UR" | "LR") => {
                        i = raw_string(source, i)?;
                        off(start, i, &mut code);
                    }
                    Some(q @ (b'"' | b'\'')) if matches!(word, "u8" | "u" | "U" | "L") => {
                        i = quoted(b, i, *q)?;
                        off(start, i, &mut code);
                    }
                    _ => {}
                }
            }
            b'"' | b'\'' => {
                let start = i;
                i = quoted(b, i, c)?;
                off(start, i, &mut code);
            }
            _ => i += 1,
        }
    }
    Some(code)
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c >= 0x80
}

/// A pp-number from `i`: digits, letters, `.`, digit separators, and an exponent's sign.
fn number(b: &[u8], mut i: usize) -> usize {
    i += 1;
    while i < b.len() {
        match b[i] {
            c if is_ident(c) || c == b'.' => i += 1,
            b'\'' if b.get(i + 1).is_some_and(|&c| is_ident(c)) => i += 1,
            b'+' | b'-' if matches!(b[i - 1], b'e' | b'E' | b'p' | b'P') => i += 1,
            _ => break,
        }
    }
    i
}

/// A `"…"` or `'…'` literal opening at `i`; returns the index after its close.
fn quoted(b: &[u8], mut i: usize, quote: u8) -> Option<usize> {
    i += 1;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b'\n' => return None,
            c if c == quote => return Some(i + 1),
            _ => i += 1,
        }
    }
    None
}

/// A raw string whose `"` is at `i`: `"delim( … )delim"`.
fn raw_string(source: &str, i: usize) -> Option<usize> {
    let open = source[i + 1..].find('(')? + i + 1;
    let delim = &source[i + 1..open];
    if delim.len() > 16 || delim.contains(|c: char| c.is_whitespace() || c == ')' || c == '\\') {
        return None;
    }
    let close = format!("){delim}\"");
    Some(source[open + 1..].find(&close)? + open + 1 + close.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The code bytes of `source`, others replaced by `_`.
    fn shown(source: &str) -> String {
        let m = mask(source).expect("lexes");
        source.char_indices().map(|(i, c)| if m[i] { c } else { '_' }).collect()
    }

    #[test]
    fn comments_and_strings() {
        assert_eq!(shown("a // b\nc"), "a ____\nc");
        assert_eq!(shown("a /* b\n */ c"), "a ________ c");
        assert_eq!(shown(r#"f("x\"y", 'z')"#), "f(______, ___)");
        assert_eq!(shown("// a \\\nb\nc"), "________\nc");
        assert_eq!(shown(r#"s = u8"é"; c = L'x';"#), "s = _____; c = ____;");
    }

    #[test]
    fn raw_strings_hold_anything() {
        assert_eq!(shown(r#"R"(a " // b)" x"#), "_____________ x");
        assert_eq!(shown(r#"R"x(a )" )x" y"#), "____________ y");
        assert_eq!(shown("u8R\"(\n)\" z"), "________ z");
    }

    #[test]
    fn digit_separators_are_code() {
        assert_eq!(
            shown("int n = 1'000'000; char c = 'a';"),
            "int n = 1'000'000; char c = ___;"
        );
        assert_eq!(shown("0x'FF + 1.5e-3'f"), "0x'FF + 1.5e-3'f");
        assert_eq!(shown("x = 0b1010'1010 + '\\''"), "x = 0b1010'1010 + ____");
    }

    #[test]
    fn what_does_not_lex_has_no_mask() {
        for source in ["\"open", "'a", "/* never", "R\"x(never)y\"", "\"a\nb\""] {
            assert!(mask(source).is_none(), "{source:?}");
        }
    }
}
