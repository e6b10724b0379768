//! The code mask: one byte-level lexer telling Ruby code from string, regex, heredoc and comment bytes.
//!
//! Literals: `'…'`, `"…"` and backticks, `%q %Q % %w %W %i %I %r %s %x` with any delimiter (bracket
//! pairs nest), `/regex/` where a value is expected, `?c` characters, `:"symbols"`, heredocs
//! (`<<ID`, `<<-ID`, `<<~ID`, quoted identifiers; bodies begin on the next line, several may be
//! pending on one line), `# comments`, `=begin`/`=end` and everything after `__END__`. An
//! interpolation (`#{…}`) is lexed as nested code to find its end, and then the whole literal,
//! interpolations included, is string bytes. A source that does not lex (an unterminated literal,
//! heredoc or interpolation) has no mask.

/// `mask[i]` is true when byte `i` is code; `None` when the source does not lex cleanly.
pub fn mask(source: &str) -> Option<Vec<bool>> {
    let mut lexer = Lexer {
        b: source.as_bytes(),
        pos: 0,
        code: vec![true; source.len()],
        heredocs: Vec::new(),
    };
    lexer.code(false)?;
    lexer.heredocs.is_empty().then_some(lexer.code)
}

struct Heredoc {
    id: Vec<u8>,
    /// `<<-` or `<<~`: the terminator may be indented.
    indented: bool,
}

struct Lexer<'a> {
    b: &'a [u8],
    pos: usize,
    code: Vec<bool>,
    heredocs: Vec<Heredoc>,
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c >= 0x80
}

/// Words after which an expression (so a regex or a `%` literal) begins.
const VALUE_KEYWORDS: &[&[u8]] = &[
    b"if", b"unless", b"while", b"until", b"when", b"and", b"or", b"not", b"return", b"then", b"else", b"elsif", b"do",
    b"in", b"case", b"puts", b"print", b"p", b"yield", b"raise", b"break", b"next",
];

fn closing(open: u8) -> u8 {
    match open {
        b'(' => b')',
        b'[' => b']',
        b'{' => b'}',
        b'<' => b'>',
        c => c,
    }
}

impl Lexer<'_> {
    fn peek(&self, ahead: usize) -> Option<u8> {
        self.b.get(self.pos + ahead).copied()
    }

    fn not_code(&mut self, from: usize, to: usize) {
        for c in &mut self.code[from..to.min(self.b.len())] {
            *c = false;
        }
    }

    fn at_line_start(&self) -> bool {
        self.pos == 0 || self.b[self.pos - 1] == b'\n'
    }

    /// Code until the end of the source, or (`in_braces`) until the `}` closing an interpolation,
    /// which is left unconsumed.
    fn code(&mut self, in_braces: bool) -> Option<()> {
        let mut depth = 0usize;
        let mut value_expected = true;
        // The identifier just read, when the last token was one (for `puts /x/` and `%w[]`).
        let mut last_ident: Option<(usize, usize)> = None;
        while let Some(c) = self.peek(0) {
            let start = self.pos;
            let ident_before = last_ident.take();
            let spaced = start > 0 && matches!(self.b[start - 1], b' ' | b'\t');
            let next = self.peek(1);
            let space_after = next.is_none_or(|n| n.is_ascii_whitespace());
            // After a plain identifier, a space before and none after reads as an argument.
            let argument = ident_before.is_some() && spaced && !space_after;
            match c {
                b'\n' => {
                    self.pos += 1;
                    value_expected = true;
                    if !self.heredocs.is_empty() {
                        self.heredoc_bodies()?;
                    }
                    if self.b[self.pos..].starts_with(b"=begin") && self.embedded_doc()? {
                        continue;
                    }
                    if self.b[self.pos..].starts_with(b"__END__")
                        && matches!(self.b.get(self.pos + 7), None | Some(b'\n' | b'\r'))
                    {
                        let (from, to) = (self.pos, self.b.len());
                        self.not_code(from, to);
                        self.pos = to;
                    }
                }
                b'=' if start == 0 && self.b.starts_with(b"=begin") => {
                    self.embedded_doc()?;
                }
                b'_' if start == 0 && self.b.starts_with(b"__END__\n") => {
                    let to = self.b.len();
                    self.not_code(0, to);
                    self.pos = to;
                }
                b'#' => {
                    let end = self.b[start..]
                        .iter()
                        .position(|&x| x == b'\n')
                        .map_or(self.b.len(), |i| start + i);
                    self.not_code(start, end);
                    self.pos = end;
                }
                b'\'' => {
                    self.pos += 1;
                    self.literal(b'\'', b'\'', false)?;
                    self.not_code(start, self.pos);
                    value_expected = false;
                }
                b'"' | b'`' => {
                    self.pos += 1;
                    self.literal(c, c, true)?;
                    self.not_code(start, self.pos);
                    value_expected = false;
                }
                b'/' if value_expected || argument => {
                    self.pos += 1;
                    self.literal(b'/', b'/', true)?;
                    while self.peek(0).is_some_and(|f| f.is_ascii_alphabetic()) {
                        self.pos += 1;
                    }
                    self.not_code(start, self.pos);
                    value_expected = false;
                }
                b'%' if (value_expected || argument) && self.percent_literal()? => {
                    self.not_code(start, self.pos);
                    value_expected = false;
                }
                b'?' if value_expected
                    && next.is_some_and(|n| !n.is_ascii_whitespace())
                    && !self.peek(2).is_some_and(is_ident) =>
                {
                    // A character literal: `?a`, `?"`, `?\n`.
                    self.pos += if next == Some(b'\\') { 3 } else { 2 };
                    self.not_code(start, self.pos);
                    value_expected = false;
                }
                b':' if matches!(next, Some(b'"' | b'\'')) => {
                    let q = next.unwrap_or(b'"');
                    self.pos += 2;
                    self.literal(q, q, q == b'"')?;
                    self.not_code(start + 1, self.pos);
                    value_expected = false;
                }
                b'<' if next == Some(b'<') && (value_expected || argument) && self.heredoc_start()? => {
                    value_expected = false;
                }
                b'$' => {
                    // `$'`, `$"`, `$/` and the like are variables, not literals.
                    self.pos += if next.is_some_and(|n| !is_ident(n)) { 2 } else { 1 };
                    while self.peek(0).is_some_and(is_ident) {
                        self.pos += 1;
                    }
                    value_expected = false;
                }
                b'{' => {
                    depth += 1;
                    self.pos += 1;
                    value_expected = true;
                }
                b'}' => {
                    if depth == 0 {
                        return if in_braces { Some(()) } else { None };
                    }
                    depth -= 1;
                    self.pos += 1;
                    value_expected = false;
                }
                b')' | b']' => {
                    self.pos += 1;
                    value_expected = false;
                }
                c if c.is_ascii_digit() => {
                    while self
                        .peek(0)
                        .is_some_and(|d| is_ident(d) || d == b'.' && self.peek(1).is_some_and(|e| e.is_ascii_digit()))
                    {
                        self.pos += 1;
                    }
                    value_expected = false;
                }
                c if is_ident(c) || c == b'@' => {
                    while self.peek(0).is_some_and(|d| is_ident(d) || d == b'@') {
                        self.pos += 1;
                    }
                    if matches!(self.peek(0), Some(b'?' | b'!')) && self.peek(1) != Some(b'=') {
                        self.pos += 1;
                    }
                    let word = &self.b[start..self.pos];
                    let after_dot = start > 0 && self.b[start - 1] == b'.';
                    if VALUE_KEYWORDS.contains(&word) && !after_dot {
                        value_expected = true;
                    } else {
                        value_expected = false;
                        if !word[0].is_ascii_uppercase() {
                            last_ident = Some((start, self.pos));
                        }
                    }
                    // `key:` in a hash or keyword argument expects a value.
                    if self.peek(0) == Some(b':') && self.peek(1) != Some(b':') {
                        self.pos += 1;
                        value_expected = true;
                    }
                }
                b' ' | b'\t' | b'\r' => {
                    self.pos += 1;
                    last_ident = ident_before;
                }
                _ => {
                    // Operators and punctuation: a value follows them.
                    self.pos += 1;
                    value_expected = !matches!(c, b'.') || next.is_some_and(|n| !is_ident(n));
                    if c == b'.' {
                        value_expected = false;
                    }
                }
            }
        }
        if in_braces { None } else { Some(()) }
    }

    /// The body of a literal whose opening is consumed, through its closing delimiter; bracket
    /// delimiters nest. `interpolates`: `#{…}` is lexed as code.
    fn literal(&mut self, open: u8, close: u8, interpolates: bool) -> Option<()> {
        let mut depth = 0usize;
        loop {
            let c = self.peek(0)?;
            self.pos += 1;
            match c {
                b'\\' => {
                    self.peek(0)?;
                    self.pos += 1;
                }
                b'#' if interpolates && self.peek(0) == Some(b'{') => {
                    self.pos += 1;
                    self.code(true)?;
                    self.pos += 1; // the closing `}`
                }
                c if c == close && depth == 0 => return Some(()),
                c if c == close => depth -= 1,
                c if c == open && open != close => depth += 1,
                _ => {}
            }
        }
    }

    /// A `%` literal at `pos`, consumed whole; `false` (nothing consumed) when `%` is an operator.
    fn percent_literal(&mut self) -> Option<bool> {
        let (kind, delim_at) = match self.peek(1) {
            Some(k @ (b'q' | b'Q' | b'w' | b'W' | b'i' | b'I' | b'r' | b's' | b'x')) => (k, 2),
            _ => (b'Q', 1),
        };
        let Some(open) = self.peek(delim_at) else {
            return Some(false);
        };
        if open.is_ascii_alphanumeric() || open.is_ascii_whitespace() || (delim_at == 1 && open == b'=') {
            return Some(false);
        }
        self.pos += delim_at + 1;
        let interpolates = matches!(kind, b'Q' | b'W' | b'I' | b'r' | b'x');
        self.literal(open, closing(open), interpolates)?;
        if kind == b'r' {
            while self.peek(0).is_some_and(|f| f.is_ascii_alphabetic()) {
                self.pos += 1;
            }
        }
        Some(true)
    }

    /// A heredoc's opening at `pos` (`<<ID`, `<<-ID`, `<<~'ID'`…), queued for the next line;
    /// `false` (nothing consumed) when `<<` is an operator.
    fn heredoc_start(&mut self) -> Option<bool> {
        let start = self.pos;
        let mut at = start + 2;
        let indented = matches!(self.b.get(at), Some(b'-' | b'~'));
        if indented {
            at += 1;
        }
        let quote = match self.b.get(at) {
            Some(&q @ (b'\'' | b'"' | b'`')) => {
                at += 1;
                Some(q)
            }
            _ => None,
        };
        let id_start = at;
        while self.b.get(at).copied().is_some_and(is_ident) {
            at += 1;
        }
        if at == id_start || (quote.is_none() && !indented && !self.b[id_start].is_ascii_uppercase()) {
            return Some(false);
        }
        let id = self.b[id_start..at].to_vec();
        if let Some(q) = quote {
            if self.b.get(at) != Some(&q) {
                return None;
            }
            at += 1;
        }
        self.not_code(start, at);
        self.pos = at;
        self.heredocs.push(Heredoc { id, indented });
        Some(true)
    }

    /// The bodies of the heredocs opened on the line just ended, in order; each ends at its
    /// terminator line, which is string bytes too.
    fn heredoc_bodies(&mut self) -> Option<()> {
        for h in std::mem::take(&mut self.heredocs) {
            let body = self.pos;
            loop {
                if self.pos >= self.b.len() {
                    return None;
                }
                let end = self.b[self.pos..]
                    .iter()
                    .position(|&x| x == b'\n')
                    .map_or(self.b.len(), |i| self.pos + i);
                let line = &self.b[self.pos..end];
                let line = line.strip_suffix(b"\r").unwrap_or(line);
                let line = if h.indented { line.trim_ascii_start() } else { line };
                self.pos = (end + 1).min(self.b.len());
                if line == h.id.as_slice() {
                    self.not_code(body, end);
                    break;
                }
            }
        }
        Some(())
    }

    /// `=begin` … `=end` at line starts, at `pos`; `false` when `=begin` is not a whole word.
    fn embedded_doc(&mut self) -> Option<bool> {
        let start = self.pos;
        if self.b.get(start + 6).is_some_and(|&c| !c.is_ascii_whitespace()) || !self.at_line_start() {
            return Some(false);
        }
        let mut at = start;
        loop {
            let end = self.b[at..]
                .iter()
                .position(|&x| x == b'\n')
                .map_or(self.b.len(), |i| at + i);
            let line = &self.b[at..end];
            if at != start && line.starts_with(b"=end") && line.get(4).is_none_or(|c| c.is_ascii_whitespace()) {
                self.not_code(start, end);
                self.pos = end;
                return Some(true);
            }
            if end >= self.b.len() {
                return None;
            }
            at = end + 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::mask;

    /// The code runs of `source`, each as text.
    fn runs(source: &str) -> Option<Vec<&str>> {
        let m = mask(source)?;
        let mut out = Vec::new();
        let mut start = None;
        for (i, &c) in m.iter().chain([false].iter()).enumerate() {
            match (c, start) {
                (true, None) => start = Some(i),
                (false, Some(s)) => {
                    out.push(&source[s..i]);
                    start = None;
                }
                _ => {}
            }
        }
        Some(out)
    }

    fn check(source: &str, want: &[&str]) {
        let got: Vec<String> = runs(source)
            .unwrap_or_else(|| panic!("{source:?} did not lex"))
            .into_iter()
            .map(str::trim)
            .filter(|r| !r.is_empty())
            .map(str::to_owned)
            .collect();
        assert_eq!(got, want, "{source:?}");
    }

    #[test]
    fn strings_and_comments() {
        check("x = 'a # b' # c\ny = \"d\"", &["x =", "y ="]);
        check("s = 'it\\'s' + \"q\\\"q\"", &["s =", "+"]);
    }

    #[test]
    fn interpolation_is_string_bytes_and_nests_quotes_and_braces() {
        check("puts \"a #{h[\"k\"] + {x: 1}.size} b\"; y", &["puts", "; y"]);
        check("s = \"#{\"#{1}\"}\" + z", &["s =", "+ z"]);
        check("'#{not interpolated' + w", &["+ w"]);
    }

    #[test]
    fn percent_literals_with_any_delimiter() {
        check("a = %w[x y] + %i(p q)", &["a =", "+"]);
        check("b = %q{a {nested} b} if c", &["b =", "if c"]);
        check("d = %Q|#{e}| ; f = %(x)", &["d =", "; f ="]);
        check("g = 10 % 3; h = x %y", &["g = 10 % 3; h = x %y"]);
    }

    #[test]
    fn regex_literals_where_a_value_is_expected() {
        check("r = /a\\/b # not a comment/i", &["r ="]);
        check("n = a / b / c", &["n = a / b / c"]);
        check("puts /x#{y}/ if z =~ /q/", &["puts", "if z =~"]);
        check("s.split(/,\\s*/)", &["s.split(", ")"]);
    }

    #[test]
    fn heredocs_begin_on_the_next_line_and_may_be_pending_together() {
        check("t = <<~EOS\n  def x\n  EOS\ny = 1", &["t =", "y = 1"]);
        check("f(<<-A, <<B)\n  one\n  A\ntwo\nB\nz", &["f(", ",", ")", "z"]);
        check("q = <<~'RAW'.strip\n  #{not code}\nRAW\n", &["q =", ".strip"]);
        check("a << b\nc <<= 1", &["a << b\nc <<= 1"]);
    }

    #[test]
    fn symbols_characters_globals_and_the_end_marker() {
        check("h = { a: 1, :\"b c\" => ?x }", &["h = { a: 1, :", "=>", "}"]);
        check("x = $' + $\"", &["x = $' + $\""]);
        check("go\n__END__\nquote ' here", &["go"]);
        check("=begin\nold ' doc\n=end\nrun", &["run"]);
        check("t = a ? b : c", &["t = a ? b : c"]);
    }

    #[test]
    fn a_source_that_does_not_lex_has_no_mask() {
        for bad in [
            "x = 'open",
            "\"#{1\"",
            "%w[a b",
            "t = <<~EOS\nnever closed\n",
            "=begin\nno end",
            "}",
        ] {
            assert_eq!(mask(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn the_empty_source_and_code_alone() {
        assert_eq!(mask(""), Some(vec![]));
        check("def f(a, b) = a + b", &["def f(a, b) = a + b"]);
    }
}
