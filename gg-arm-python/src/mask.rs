//! The code mask: one byte-level lexer telling Python code from string and comment bytes.
//!
//! Strings are read with their prefixes (`r b u f t` and their pairs), single- and triple-quoted;
//! an f-string's (or t-string's) replacement fields are lexed as nested code, so a 3.12-style
//! nested quote (`f"{d["k"]}"`) cannot lose the scan its place, and then the whole literal,
//! substitutions included, is string bytes. A source that does not lex (an unterminated string,
//! a lone `}` in an f-string) has no mask.

/// `mask[i]` is true when byte `i` is code; `None` when the source does not lex cleanly.
pub fn mask(source: &str) -> Option<Vec<bool>> {
    let mut lexer = Lexer {
        b: source.as_bytes(),
        pos: 0,
        code: vec![true; source.len()],
    };
    lexer.code(Until::End)?;
    Some(lexer.code)
}

/// Where a run of code stops.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Until {
    /// The end of the source.
    End,
    /// The `}` closing an f-string's replacement field (or the `:`/`!` before its format spec).
    FieldEnd,
}

struct Lexer<'a> {
    b: &'a [u8],
    pos: usize,
    code: Vec<bool>,
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c >= 0x80
}

/// Whether `word` is a string prefix; returns (raw, formatted).
fn prefix(word: &[u8]) -> Option<(bool, bool)> {
    let lower: Vec<u8> = word.to_ascii_lowercase();
    let ok = matches!(
        lower.as_slice(),
        b"r" | b"u" | b"b" | b"br" | b"rb" | b"f" | b"fr" | b"rf" | b"t" | b"tr" | b"rt"
    );
    ok.then(|| (lower.contains(&b'r'), lower.contains(&b'f') || lower.contains(&b't')))
}

impl Lexer<'_> {
    fn peek(&self, ahead: usize) -> Option<u8> {
        self.b.get(self.pos + ahead).copied()
    }

    fn not_code(&mut self, from: usize, to: usize) {
        self.code[from..to].iter_mut().for_each(|c| *c = false);
    }

    /// Code up to `until`. For a replacement field it stops on (without consuming) the `}`, `!`
    /// or `:` that ends the expression at bracket depth 0.
    fn code(&mut self, until: Until) -> Option<()> {
        let mut depth = 0usize;
        while let Some(c) = self.peek(0) {
            match c {
                b'#' => {
                    let start = self.pos;
                    while self.peek(0).is_some_and(|c| c != b'\n') {
                        self.pos += 1;
                    }
                    self.not_code(start, self.pos);
                }
                b'\'' | b'"' => self.string(self.pos, false, false)?,
                c if is_ident(c) => {
                    let start = self.pos;
                    while self.peek(0).is_some_and(is_ident) {
                        self.pos += 1;
                    }
                    if let (Some(b'\'' | b'"'), Some((raw, formatted))) =
                        (self.peek(0), prefix(&self.b[start..self.pos]))
                    {
                        self.string(start, raw, formatted)?;
                    }
                }
                b'(' | b'[' | b'{' => {
                    depth += 1;
                    self.pos += 1;
                }
                b')' | b']' | b'}' if depth > 0 => {
                    depth -= 1;
                    self.pos += 1;
                }
                b'}' if until == Until::FieldEnd => return Some(()),
                b'!' if until == Until::FieldEnd && depth == 0 && self.peek(1) != Some(b'=') => return Some(()),
                b':' if until == Until::FieldEnd && depth == 0 => return Some(()),
                _ => self.pos += 1,
            }
        }
        (until == Until::End).then_some(())
    }

    /// A string literal whose prefix starts at `start` and whose quote is at `self.pos`.
    fn string(&mut self, start: usize, raw: bool, formatted: bool) -> Option<()> {
        let quote = self.peek(0)?;
        let triple = self.peek(1) == Some(quote) && self.peek(2) == Some(quote);
        self.pos += if triple { 3 } else { 1 };
        loop {
            let c = self.peek(0)?;
            match c {
                b'\\' => {
                    match self.peek(1) {
                        // `\N{NAME}` is one escape, braces and all, outside a raw string.
                        Some(b'N') if formatted && !raw && self.peek(2) == Some(b'{') => {
                            while self.peek(0)? != b'}' {
                                self.pos += 1;
                            }
                            self.pos += 1;
                        }
                        // A brace after a backslash still opens or closes a field.
                        Some(b'{' | b'}') if formatted => self.pos += 1,
                        Some(_) => self.pos += 2,
                        None => return None,
                    }
                }
                b'\n' if !triple => return None,
                c if c == quote => {
                    if !triple {
                        self.pos += 1;
                        break;
                    }
                    if self.peek(1) == Some(quote) && self.peek(2) == Some(quote) {
                        self.pos += 3;
                        break;
                    }
                    self.pos += 1;
                }
                b'{' if formatted => {
                    if self.peek(1) == Some(b'{') {
                        self.pos += 2;
                    } else {
                        self.pos += 1;
                        self.field()?;
                    }
                }
                b'}' if formatted => {
                    if self.peek(1) == Some(b'}') {
                        self.pos += 2;
                    } else {
                        return None;
                    }
                }
                _ => self.pos += 1,
            }
        }
        self.not_code(start, self.pos);
        Some(())
    }

    /// A replacement field after its `{`: the expression, a `!` conversion, a `:` format spec
    /// (whose own `{…}` fields nest), then the closing `}`.
    fn field(&mut self) -> Option<()> {
        self.code(Until::FieldEnd)?;
        if self.peek(0)? == b'!' {
            self.pos += 1;
            while self.peek(0).is_some_and(is_ident) {
                self.pos += 1;
            }
        }
        if self.peek(0)? == b':' {
            self.pos += 1;
            loop {
                match self.peek(0)? {
                    b'{' => {
                        self.pos += 1;
                        self.field()?;
                    }
                    b'}' => break,
                    b'\\' => self.pos += 2,
                    _ => self.pos += 1,
                }
            }
        }
        (self.peek(0)? == b'}').then(|| self.pos += 1)
    }
}

#[cfg(test)]
mod tests {
    use super::mask;

    /// The maximal runs of string and comment bytes, in order.
    fn runs(source: &str) -> Option<Vec<&str>> {
        let m = mask(source)?;
        let mut out = Vec::new();
        let mut i = 0;
        while i < m.len() {
            if m[i] {
                i += 1;
                continue;
            }
            let start = i;
            while i < m.len() && !m[i] {
                i += 1;
            }
            out.push(&source[start..i]);
        }
        Some(out)
    }

    fn check(source: &str, want: &[&str]) {
        assert_eq!(runs(source).as_deref(), Some(want), "source: {source:?}");
    }

    #[test]
    fn plain_strings_and_comments() {
        check("x = 'a' + \"b\"  # c\ny = 1", &["'a'", "\"b\"", "# c"]);
        check("s = \"a # b\"; t = 1", &["\"a # b\""]);
        check("# it's \"quoted\"\ndef h(): pass", &["# it's \"quoted\""]);
    }

    #[test]
    fn a_def_inside_a_docstring_is_not_code() {
        let src = "def f():\n    \"\"\"Example:\n\ndef g(): 'x' \"y\"\n\"\"\"\n    return 1\n";
        check(src, &["\"\"\"Example:\n\ndef g(): 'x' \"y\"\n\"\"\""]);
    }

    #[test]
    fn triple_quoted_strings_hold_lone_quotes() {
        check("a = '''it's \"x\" ''' ; b", &["'''it's \"x\" '''"]);
        check("a = \"\"\"x\"\"y\"\"\" ; b", &["\"\"\"x\"\"y\"\"\""]);
        check("a = '''x''''' ; b", &["'''x'''''"]);
    }

    #[test]
    fn prefixes_are_part_of_the_string_and_identifiers_are_not_prefixes() {
        check("a = rb'x' + Br\"y\" + u'z'", &["rb'x'", "Br\"y\"", "u'z'"]);
        check("br = 1; rb = br; f = rf", &[]);
        check("café = 'x'", &["'x'"]);
        check("x = t'{a}' + bf'y'", &["t'{a}'", "'y'"]);
    }

    #[test]
    fn raw_strings_and_escapes() {
        check(r#"a = r"\"" ; b"#, &[r#"r"\"""#]);
        check(r"a = r'\\' ; b", &[r"r'\\'"]);
        check("a = 'x\\'y' ; b", &["'x\\'y'"]);
        check("a = 'x\\\ny' ; b", &["'x\\\ny'"]);
    }

    #[test]
    fn f_strings_with_nested_quotes_are_string_bytes_throughout() {
        check(
            "x = f\"{d[\"key\"]}\" + 'y'  # z\nw",
            &["f\"{d[\"key\"]}\"", "'y'", "# z"],
        );
        check("x = f'{f\"{a}\"}' ; y", &["f'{f\"{a}\"}'"]);
        check("x = f'{{not a field}}' ; y", &["f'{{not a field}}'"]);
        check("x = f'{v:{w}.{p}}' ; y", &["f'{v:{w}.{p}}'"]);
        check("x = f'{a!r:>10}' + f'{a!=b}' ; y", &["f'{a!r:>10}'", "f'{a!=b}'"]);
        check("x = f'{\"}\"}' ; y", &["f'{\"}\"}'"]);
        check("x = f'\\N{BULLET} {a}' ; y", &["f'\\N{BULLET} {a}'"]);
        check("x = f'{ {1: 2}[1] }' ; y", &["f'{ {1: 2}[1] }'"]);
        check("x = rf'\\{a}' ; y", &["rf'\\{a}'"]);
    }

    #[test]
    fn triple_quoted_f_strings_span_lines_with_comments_in_fields() {
        let src = "x = f\"\"\"{\n  a  # note: '\n}\"\"\"\ny = 2";
        check(src, &["f\"\"\"{\n  a  # note: '\n}\"\"\""]);
    }

    #[test]
    fn a_source_that_does_not_lex_has_no_mask() {
        for bad in [
            "x = 'abc",
            "x = \"\"\"abc",
            "x = 'a\nb'",
            "x = f'{a'",
            "x = f'a } b'",
            "x = 'a\\",
            "x = f'{a:{b'",
        ] {
            assert_eq!(mask(bad), None, "{bad:?} lexed");
        }
    }

    #[test]
    fn the_empty_source_and_code_alone() {
        check("", &[]);
        check("def f(x):\n    return x[1:2]\n", &[]);
        assert_eq!(mask("a = 1").unwrap(), vec![true; 5]);
    }
}
