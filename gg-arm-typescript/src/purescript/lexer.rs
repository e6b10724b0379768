//! The code mask of PureScript source: which bytes are code rather than a comment (`-- …`,
//! nested `{- … -}`), a string (`"…"`, `"""…"""`) or a character literal. `None` when the source
//! does not lex cleanly (an unclosed string or comment).

use gg_core::CodeMask;

/// Characters an operator is made of: `-->` is an operator, not a comment.
fn symbol(c: u8) -> bool {
    b":!#$%&*+./<=>?@\\^|-~".contains(&c)
}

pub fn code_mask(source: &str) -> Option<CodeMask> {
    let b = source.as_bytes();
    let mut code = vec![true; b.len()];
    let mut i = 0;
    while i < b.len() {
        let start = i;
        if b[i] == b'-' && b.get(i + 1) == Some(&b'-') && (i == 0 || !symbol(b[i - 1])) {
            let mut j = i;
            while j < b.len() && b[j] == b'-' {
                j += 1;
            }
            if j < b.len() && symbol(b[j]) {
                i = j;
                continue;
            }
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if b[i] == b'{' && b.get(i + 1) == Some(&b'-') {
            let mut depth = 0;
            loop {
                if i + 1 >= b.len() {
                    return None;
                }
                if b[i] == b'{' && b[i + 1] == b'-' {
                    depth += 1;
                    i += 2;
                } else if b[i] == b'-' && b[i + 1] == b'}' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if source[i..].starts_with("\"\"\"") {
            let end = source[i + 3..].find("\"\"\"")?;
            i += 3 + end + 3;
            while i < b.len() && b[i] == b'"' {
                i += 1;
            }
        } else if b[i] == b'"' {
            i += 1;
            loop {
                match b.get(i)? {
                    b'\\' => i += 2,
                    b'"' => {
                        i += 1;
                        break;
                    }
                    _ => i += 1,
                }
            }
        } else if b[i] == b'\''
            && (i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_' || b[i - 1] == b'\''))
        {
            // A character literal: 'a', '\n', '\x41'; a prime after a name is the name's.
            i += 1;
            loop {
                match b.get(i)? {
                    b'\\' => i += 2,
                    b'\'' => {
                        i += 1;
                        break;
                    }
                    b'\n' => return None,
                    _ => i += 1,
                }
            }
        } else {
            i += 1;
            continue;
        }
        code[start..i.min(b.len())].iter_mut().for_each(|c| *c = false);
    }
    Some(CodeMask { code })
}

#[cfg(test)]
mod tests {
    use super::code_mask;

    fn masked(s: &str) -> String {
        let m = code_mask(s).unwrap();
        s.char_indices()
            .map(|(i, c)| if m.is_code(i) { c } else { '_' })
            .collect()
    }

    #[test]
    fn comments_strings_and_chars_are_not_code() {
        assert_eq!(masked("x = 1 -- note\ny"), "x = 1 _______\ny");
        assert_eq!(masked("a {- b {- c -} d -} e"), "a _________________ e");
        assert_eq!(masked("s = \"a\\\"b\" <> t"), "s = ______ <> t");
        assert_eq!(masked("c = 'x' ; x' = x'"), "c = ___ ; x' = x'");
        assert_eq!(masked("f = a --> b"), "f = a --> b");
        assert_eq!(masked("r = \"\"\"raw \" \"\"\" ok"), "r = ____________ ok");
        assert!(code_mask("s = \"open").is_none());
    }
}
