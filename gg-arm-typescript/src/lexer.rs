//! The code mask of ECMAScript source: which bytes are code rather than the inside of a string, a
//! template literal's text (its `${…}` substitutions are code again, nested to any depth), a
//! regular-expression literal or a comment. `None` when the source does not lex cleanly.

use gg_core::CodeMask;

#[derive(Clone, Copy, PartialEq)]
enum Brace {
    /// A `{` in code.
    Code,
    /// The `${` of a template substitution: its `}` resumes the template's text.
    Substitution,
}

/// Words after which a `/` starts a regular expression rather than dividing.
const REGEX_AFTER_WORD: &[&str] = &[
    "return",
    "typeof",
    "instanceof",
    "in",
    "of",
    "new",
    "delete",
    "void",
    "throw",
    "case",
    "do",
    "else",
    "yield",
    "await",
];

pub fn code_mask(source: &str) -> Option<CodeMask> {
    let b = source.as_bytes();
    let mut code = vec![true; b.len()];
    let mut braces: Vec<Brace> = Vec::new();
    // Whether a `/` here would start a regular expression (no value precedes it).
    let mut regex_ok = true;
    let mut i = 0;
    let mark = |from: usize, to: usize, code: &mut Vec<bool>| code[from..to].iter_mut().for_each(|c| *c = false);
    while i < b.len() {
        let c = b[i];
        match c {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                let end = source[i..].find('\n').map_or(b.len(), |n| i + n);
                mark(i, end, &mut code);
                i = end;
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                let end = source[i + 2..].find("*/").map(|n| i + 2 + n + 2)?;
                mark(i, end, &mut code);
                i = end;
            }
            b'/' if regex_ok => {
                let end = regex_end(b, i)?;
                mark(i, end, &mut code);
                i = end;
                regex_ok = false;
            }
            b'\'' | b'"' => {
                let end = string_end(b, i, c)?;
                mark(i, end, &mut code);
                i = end;
                regex_ok = false;
            }
            b'`' => {
                let end = template_text(b, i + 1)?;
                mark(i, end.0, &mut code);
                i = end.0;
                if end.1 {
                    braces.push(Brace::Substitution);
                    regex_ok = true;
                } else {
                    regex_ok = false;
                }
            }
            b'{' => {
                braces.push(Brace::Code);
                regex_ok = true;
                i += 1;
            }
            b'}' => match braces.pop() {
                Some(Brace::Substitution) => {
                    // Back in the template's text after `}`.
                    let end = template_text(b, i + 1)?;
                    mark(i, end.0, &mut code);
                    i = end.0;
                    if end.1 {
                        braces.push(Brace::Substitution);
                        regex_ok = true;
                    } else {
                        regex_ok = false;
                    }
                }
                Some(Brace::Code) => {
                    regex_ok = true;
                    i += 1;
                }
                None => return None,
            },
            c if c.is_ascii_alphanumeric() || c == b'_' || c == b'$' || c >= 0x80 => {
                let start = i;
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] == b'$' || b[i] >= 0x80) {
                    i += 1;
                }
                let word = &source[start..i];
                regex_ok = REGEX_AFTER_WORD.contains(&word);
            }
            b')' | b']' => {
                regex_ok = false;
                i += 1;
            }
            c if c.is_ascii_whitespace() => i += 1,
            _ => {
                // Punctuators and operators: `++`/`--` leave a value behind them.
                regex_ok = !((c == b'+' || c == b'-') && b.get(i + 1) == Some(&c));
                i += if regex_ok { 1 } else { 2 };
            }
        }
    }
    if !braces.is_empty() && braces.contains(&Brace::Substitution) {
        return None;
    }
    Some(CodeMask { code })
}

/// The end (exclusive) of a quoted string starting at `start`.
fn string_end(b: &[u8], start: usize, quote: u8) -> Option<usize> {
    let mut i = start + 1;
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

/// Scans template text from `i`: the end (exclusive) of the text run, and whether it stopped at a
/// `${` (true) or at the closing backtick (false).
fn template_text(b: &[u8], mut i: usize) -> Option<(usize, bool)> {
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b'`' => return Some((i + 1, false)),
            b'$' if b.get(i + 1) == Some(&b'{') => return Some((i + 2, true)),
            _ => i += 1,
        }
    }
    None
}

/// The end (exclusive) of a regular-expression literal starting at `start`, flags included.
fn regex_end(b: &[u8], start: usize) -> Option<usize> {
    let mut i = start + 1;
    let mut class = false;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b'\n' => return None,
            b'[' => {
                class = true;
                i += 1;
            }
            b']' => {
                class = false;
                i += 1;
            }
            b'/' if !class => {
                i += 1;
                while i < b.len() && b[i].is_ascii_alphabetic() {
                    i += 1;
                }
                return Some(i);
            }
            _ => i += 1,
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::code_mask;

    /// The code bytes of `source`, others as `_`.
    fn shown(source: &str) -> String {
        let mask = code_mask(source).expect("lexes");
        source
            .char_indices()
            .map(|(i, c)| if mask.is_code(i) { c } else { '_' })
            .collect()
    }

    #[test]
    fn strings_comments_and_regexes_are_not_code() {
        assert_eq!(shown("a = 'x{' + \"y}\"; // c\nb"), "a = ____ + ____; ____\nb");
        assert_eq!(shown("/* x */ f(/a}b/g, 1 / 2 / 3)"), "_______ f(______, 1 / 2 / 3)");
        assert_eq!(shown("return /x/.test(s)"), "return ___.test(s)");
        assert_eq!(shown("i++ / 2"), "i++ / 2");
    }

    #[test]
    fn template_substitutions_are_code_to_any_depth() {
        assert_eq!(shown("`a${b + `c${d}e`}f` + g"), "____b + ____d______ + g");
        assert_eq!(shown("`${ {k: 1}.k }`"), "___ {k: 1}.k __");
    }

    #[test]
    fn an_unterminated_literal_does_not_lex() {
        assert!(code_mask("'abc").is_none());
        assert!(code_mask("`a${b").is_none());
        assert!(code_mask("/* x").is_none());
        assert!(code_mask("}").is_none());
    }
}
