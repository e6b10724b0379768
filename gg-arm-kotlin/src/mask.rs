//! The code mask: one byte-level lexer telling Kotlin code from string, character and comment bytes.
//!
//! Comments (`//` to the end of the line; `/* … */`, which nest), string literals with escapes and
//! raw strings (`"""…"""`, no escapes, may end with extra quotes), both with templates: `$name`
//! is string text, but the expression of `${ … }` is code (with its own strings, comments and
//! braces, to any depth), and character literals (`'a'`, `'\n'`, `'\u0041'`). A source that does
//! not lex (an unterminated literal, template or comment) has no mask.

/// `mask[i]` is true when byte `i` is code; `None` when the source does not lex cleanly.
pub fn mask(source: &str) -> Option<Vec<bool>> {
    let mut l = Lexer {
        b: source.as_bytes(),
        i: 0,
        code: vec![true; source.len()],
    };
    l.code_until(None)?;
    Some(l.code)
}

struct Lexer<'a> {
    b: &'a [u8],
    i: usize,
    code: Vec<bool>,
}

impl Lexer<'_> {
    fn off(&mut self, from: usize, to: usize) {
        self.code[from..to].iter_mut().for_each(|c| *c = false);
    }

    /// Code until the end, or (inside a template) until the `}` closing it, which it consumes.
    fn code_until(&mut self, template: Option<()>) -> Option<()> {
        let mut depth = 0usize;
        while self.i < self.b.len() {
            let c = self.b[self.i];
            match c {
                b'/' if self.b.get(self.i + 1) == Some(&b'/') => {
                    let start = self.i;
                    while self.i < self.b.len() && self.b[self.i] != b'\n' {
                        self.i += 1;
                    }
                    self.off(start, self.i);
                }
                b'/' if self.b.get(self.i + 1) == Some(&b'*') => self.block_comment()?,
                b'"' => self.string()?,
                b'\'' => self.char_literal()?,
                b'{' => {
                    depth += 1;
                    self.i += 1;
                }
                b'}' => {
                    if depth == 0 && template.is_some() {
                        self.off(self.i, self.i + 1);
                        self.i += 1;
                        return Some(());
                    }
                    depth = depth.saturating_sub(1);
                    self.i += 1;
                }
                _ => self.i += 1,
            }
        }
        template.is_none().then_some(())
    }

    fn block_comment(&mut self) -> Option<()> {
        let start = self.i;
        let mut depth = 0usize;
        while self.i < self.b.len() {
            if self.b[self.i..].starts_with(b"/*") {
                depth += 1;
                self.i += 2;
            } else if self.b[self.i..].starts_with(b"*/") {
                depth -= 1;
                self.i += 2;
                if depth == 0 {
                    self.off(start, self.i);
                    return Some(());
                }
            } else {
                self.i += 1;
            }
        }
        None
    }

    /// A string or raw string from its opening quote; template expressions stay code.
    fn string(&mut self) -> Option<()> {
        let raw = self.b[self.i..].starts_with(b"\"\"\"");
        let mut start = self.i;
        self.i += if raw { 3 } else { 1 };
        loop {
            let c = *self.b.get(self.i)?;
            match c {
                b'\\' if !raw => self.i += 2,
                b'\n' if !raw => return None,
                b'$' if self.b.get(self.i + 1) == Some(&b'{') => {
                    self.i += 2;
                    self.off(start, self.i);
                    self.code_until(Some(()))?;
                    start = self.i;
                }
                b'"' if raw => {
                    if self.b[self.i..].starts_with(b"\"\"\"") {
                        // A raw string may end with more quotes than three: the last three close it.
                        let mut end = self.i + 3;
                        while self.b.get(end) == Some(&b'"') {
                            end += 1;
                        }
                        self.i = end;
                        self.off(start, end);
                        return Some(());
                    }
                    self.i += 1;
                }
                b'"' => {
                    self.i += 1;
                    self.off(start, self.i);
                    return Some(());
                }
                _ => self.i += 1,
            }
        }
    }

    fn char_literal(&mut self) -> Option<()> {
        let start = self.i;
        self.i += 1;
        loop {
            match *self.b.get(self.i)? {
                b'\\' => self.i += 2,
                b'\n' => return None,
                b'\'' => {
                    self.i += 1;
                    self.off(start, self.i);
                    return Some(());
                }
                _ => self.i += 1,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The source with every non-code byte replaced by `_` (newlines kept).
    fn shown(source: &str) -> String {
        let m = mask(source).expect("lexes");
        source
            .bytes()
            .zip(m)
            .map(|(b, code)| if code || b == b'\n' { b as char } else { '_' })
            .collect()
    }

    #[test]
    fn comments_nest() {
        assert_eq!(shown("a /* x /* y */ z */ b // c\nd"), "a _________________ b ____\nd");
        assert_eq!(mask("a /* x /* y */ b"), None);
    }

    #[test]
    fn templates_are_code_inside_strings() {
        assert_eq!(shown(r#"f("a $b ${c + "}" } d")"#), r#"f(________c + ___ ____)"#);
        assert_eq!(shown(r#""${ m.map { "${it}" } }" x"#), r#"___ m.map { ___it__ } __ x"#);
        assert_eq!(shown(r#""${ /* } */ 1 }""#), r#"___ _______ 1 __"#);
    }

    #[test]
    fn raw_strings_have_no_escapes_and_may_end_in_extra_quotes() {
        assert_eq!(shown("\"\"\"a\\\"\"\"b"), "________b");
        assert_eq!(shown("\"\"\"x\"\"\"\"\" y"), "_________ y");
        assert_eq!(shown("\"\"\"a\n${b}\n\"\"\" c"), "____\n__b_\n___ c");
    }

    #[test]
    fn characters_and_escapes() {
        assert_eq!(shown(r#"'"' + '\'' + "\"{" + x"#), r#"___ + ____ + _____ + x"#);
        assert_eq!(mask("\"abc\nd\""), None);
        assert_eq!(mask("\"${ a "), None);
    }
}
