//! The code mask: one byte-level lexer telling Rust code from string, character and comment bytes.
//!
//! Covers line and doc comments, block comments (which nest), string literals with their
//! prefixes (`b"…"`, `c"…"`), raw strings with any number of `#`s (`r#"…"#`, `br##"…"##`),
//! character and byte literals, and lifetimes and labels (`'a`, `'static`), which are code: a `'`
//! opens a character literal only when a closing `'` follows one character or one escape. A
//! source that does not lex (an unterminated string or block comment) has no mask.

/// `mask[i]` is true when byte `i` is code; `None` when the source does not lex cleanly.
pub fn mask(source: &str) -> Option<Vec<bool>> {
    let b = source.as_bytes();
    let mut code = vec![true; b.len()];
    let mut pos = 0;
    while pos < b.len() {
        let start = pos;
        match b[pos] {
            b'/' if b.get(pos + 1) == Some(&b'/') => {
                pos = b[pos..].iter().position(|&c| c == b'\n').map_or(b.len(), |n| pos + n);
            }
            b'/' if b.get(pos + 1) == Some(&b'*') => pos = block_comment(b, pos)?,
            b'"' => pos = string(b, pos + 1)?,
            b'\'' => match char_literal(b, pos) {
                Some(end) => pos = end,
                // A lifetime or a label: code.
                None => {
                    pos += 1;
                    continue;
                }
            },
            c if is_ident_start(c) => {
                // An identifier, or the prefix of a (raw) string or byte/char literal.
                let word_end = pos + b[pos..].iter().take_while(|&&c| is_ident(c)).count();
                let word = &b[pos..word_end];
                match (word, b.get(word_end)) {
                    (b"r" | b"br" | b"cr", Some(b'"' | b'#')) => match raw_string(b, word_end) {
                        Raw::String(end) => pos = end,
                        Raw::Unterminated => return None,
                        // `r#ident`: a raw identifier.
                        Raw::Identifier => {
                            pos = word_end;
                            continue;
                        }
                    },
                    (b"b" | b"c", Some(b'"')) => pos = string(b, word_end + 1)?,
                    (b"b", Some(b'\'')) => pos = char_literal(b, word_end)?,
                    _ => {
                        pos = word_end;
                        continue;
                    }
                }
            }
            _ => {
                pos += 1;
                continue;
            }
        }
        code[start..pos].iter_mut().for_each(|c| *c = false);
    }
    Some(code)
}

fn is_ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_' || c >= 0x80
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c >= 0x80
}

/// From the `/*` at `pos` to after its matching `*/`, nesting.
fn block_comment(b: &[u8], mut pos: usize) -> Option<usize> {
    let mut depth = 0usize;
    while pos < b.len() {
        if b[pos..].starts_with(b"/*") {
            depth += 1;
            pos += 2;
        } else if b[pos..].starts_with(b"*/") {
            depth -= 1;
            pos += 2;
            if depth == 0 {
                return Some(pos);
            }
        } else {
            pos += 1;
        }
    }
    None
}

/// From just after an opening `"` to after its closing one.
fn string(b: &[u8], mut pos: usize) -> Option<usize> {
    while pos < b.len() {
        match b[pos] {
            b'\\' => pos += 2,
            b'"' => return Some(pos + 1),
            _ => pos += 1,
        }
    }
    None
}

enum Raw {
    /// Ends before this byte.
    String(usize),
    Unterminated,
    /// No `"` after the `#`s: `r#ident`.
    Identifier,
}

/// From the `#`s or `"` after a raw prefix to after the closing `"` and as many `#`s.
fn raw_string(b: &[u8], pos: usize) -> Raw {
    let hashes = b[pos..].iter().take_while(|&&c| c == b'#').count();
    let quote = pos + hashes;
    if b.get(quote) != Some(&b'"') {
        return Raw::Identifier;
    }
    let mut close = Vec::with_capacity(hashes + 1);
    close.push(b'"');
    close.extend(std::iter::repeat_n(b'#', hashes));
    let body = quote + 1;
    b[body..]
        .windows(close.len())
        .position(|w| w == close)
        .map_or(Raw::Unterminated, |n| Raw::String(body + n + close.len()))
}

/// From the `'` at `pos` to after the closing `'` of a character literal; `None` when this `'`
/// opens a lifetime or label instead.
fn char_literal(b: &[u8], pos: usize) -> Option<usize> {
    let first = *b.get(pos + 1)?;
    if first == b'\\' {
        // An escape: `'\n'`, `'\''`, `'\x41'`, `'\u{1F600}'`.
        let close = b[pos + 3..].iter().position(|&c| c == b'\'' || c == b'\n')? + pos + 3;
        return (b[close] == b'\'').then_some(close + 1);
    }
    // One character (up to four UTF-8 bytes) then `'`.
    let len = match first {
        0x00..=0x7f => 1,
        0xc0..=0xdf => 2,
        0xe0..=0xef => 3,
        _ => 4,
    };
    (first != b'\'' && b.get(pos + 1 + len) == Some(&b'\'')).then_some(pos + 2 + len)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The runs of non-code text, in order.
    fn runs(source: &str) -> Option<Vec<&str>> {
        let code = mask(source)?;
        let mut out = Vec::new();
        let mut i = 0;
        while i < code.len() {
            if code[i] {
                i += 1;
                continue;
            }
            let start = i;
            while i < code.len() && !code[i] {
                i += 1;
            }
            out.push(&source[start..i]);
        }
        Some(out)
    }

    fn check(source: &str, want: &[&str]) {
        assert_eq!(runs(source).as_deref(), Some(want), "{source}");
    }

    #[test]
    fn comments_and_strings() {
        check("let a = \"x // y\"; // note\nlet b = 1;", &["\"x // y\"", "// note"]);
        check("/// doc\nfn f() {}", &["/// doc"]);
        check(r#"let s = "a \" b";"#, &[r#""a \" b""#]);
    }

    #[test]
    fn block_comments_nest() {
        check("a /* x /* y */ fn z() */ b", &["/* x /* y */ fn z() */"]);
        check("/**/x", &["/**/"]);
    }

    #[test]
    fn raw_strings_hold_quotes_and_hashes() {
        check(r####"let r = r#"say "hi""#;"####, &[r####"r#"say "hi""#"####]);
        check(r####"let r = br##"a "# b"##;"####, &[r####"br##"a "# b"##"####]);
        check(r#"let r = r"C:\dir\";"#, &[r#"r"C:\dir\""#]);
        check("let r#type = 1;", &[]);
    }

    #[test]
    fn char_literals_and_lifetimes() {
        check("fn f<'a>(x: &'a str) -> char { 'x' }", &["'x'"]);
        check("let q = '\\''; let n = '\\n';", &["'\\''", "'\\n'"]);
        check("let e = 'é'; let u = '\\u{1F600}';", &["'é'", "'\\u{1F600}'"]);
        check("'outer: loop { break 'outer; }", &[]);
        check("let s: &'static str = \"x\";", &["\"x\""]);
        check("let b = b'a'; let bs = b\"ab\";", &["b'a'", "b\"ab\""]);
        check("impl<'a> T<'a> for &'a u8 {}", &[]);
    }

    #[test]
    fn identifiers_ending_in_prefix_letters_are_code() {
        check("let br = 1; let c = br; let r = \"s\";", &["\"s\""]);
        check("letter(\"x\")", &["\"x\""]);
    }

    #[test]
    fn a_source_that_does_not_lex_has_no_mask() {
        assert_eq!(mask("let s = \"open;"), None);
        assert_eq!(mask("/* /* */"), None);
        assert_eq!(mask("let r = r#\"x\";"), None);
    }

    #[test]
    fn the_empty_source_and_code_alone() {
        assert_eq!(mask(""), Some(vec![]));
        check("fn main() {}", &[]);
    }
}
