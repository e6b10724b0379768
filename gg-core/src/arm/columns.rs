//! Columns as a model reads them: 1-based counts of characters (Unicode scalar values) on the
//! line, whatever unit a toolchain counted in (UTF-8 bytes, UTF-16 units), and [`ByteColumns`],
//! the `LocationMap` for a guest that reports byte columns in texts it was handed unchanged.

use crate::program::language::{LocationMap, SourceLocation};

/// Line `line` (1-based) of `source`, without its `\n` (a `\r` before it stays: it is a column).
pub fn line_of(source: &str, line: u32) -> Option<&str> {
    source.split('\n').nth(line.checked_sub(1)? as usize)
}

/// The character column of 1-based UTF-8 byte column `byte_column` on `line_text`. A byte inside a
/// character counts as that character; a column past the line's end counts one per byte beyond.
pub fn from_byte_column(line_text: &str, byte_column: u32) -> u32 {
    let offset = byte_column.saturating_sub(1) as usize;
    if offset >= line_text.len() {
        return (line_text.chars().count() + (offset - line_text.len())) as u32 + 1;
    }
    let mut end = offset;
    while !line_text.is_char_boundary(end) {
        end -= 1;
    }
    line_text[..end].chars().count() as u32 + 1
}

/// The character column of 1-based UTF-16 column `utf16_column` on `line_text` (the unit of
/// JVM-family and JavaScript-family compilers and of source maps: a character outside the BMP
/// counts two).
pub fn from_utf16_column(line_text: &str, utf16_column: u32) -> u32 {
    let mut units = utf16_column.saturating_sub(1) as usize;
    let mut chars = 0u32;
    for c in line_text.chars() {
        if units == 0 {
            break;
        }
        units = units.saturating_sub(c.len_utf16());
        chars += 1;
    }
    chars + units as u32 + 1
}

/// The 1-based UTF-16 column of 1-based byte column `byte_column` on `line_text`.
pub fn utf16_from_byte_column(line_text: &str, byte_column: u32) -> u32 {
    let offset = (byte_column.saturating_sub(1) as usize).min(line_text.len());
    let mut end = offset;
    while !line_text.is_char_boundary(end) {
        end -= 1;
    }
    let beyond = byte_column.saturating_sub(1) as usize - offset;
    (line_text[..end].encode_utf16().count() + beyond) as u32 + 1
}

/// A `LocationMap` over texts the guest ran as written but located in UTF-8 bytes: every
/// location in one of them, and every `NAME:LINE:COLUMN` inside a message, gets its column in
/// characters. Nothing else changes.
#[derive(Debug, Clone, Default)]
pub struct ByteColumns {
    /// `(name the guest reports, text)`.
    files: Vec<(String, String)>,
}

impl ByteColumns {
    /// The map, or `None` when every text is ASCII (a byte is then a character).
    pub fn for_texts(files: Vec<(String, String)>) -> Option<Self> {
        files.iter().any(|(_, text)| !text.is_ascii()).then_some(Self { files })
    }

    fn column(&self, file: &str, line: u32, column: u32) -> Option<u32> {
        let (_, text) = self.files.iter().find(|(name, _)| name == file)?;
        Some(from_byte_column(line_of(text, line)?, column))
    }
}

impl LocationMap for ByteColumns {
    fn map(&self, location: &SourceLocation) -> Option<SourceLocation> {
        let column = self.column(&location.file, location.line, location.column)?;
        Some(SourceLocation {
            column,
            ..location.clone()
        })
    }

    fn rewrite(&self, text: &str) -> String {
        let mut text = text.to_owned();
        for (name, _) in &self.files {
            text = rewrite_columns(&text, name, |line, column| self.column(name, line, column));
        }
        text
    }
}

/// Every `NAME:LINE:COLUMN` in `text` with its column replaced by `column(line, column)` where
/// that answers; the rest of the text as it was.
pub fn rewrite_columns(text: &str, name: &str, column: impl Fn(u32, u32) -> Option<u32>) -> String {
    let needle = format!("{name}:");
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(&needle) {
        let after = &rest[at + needle.len()..];
        let (line, col, tail) = line_and_column(after);
        match (line, col) {
            (Some(l), Some(c)) => {
                out.push_str(&rest[..at]);
                let c = column(l, c).unwrap_or(c);
                out.push_str(&format!("{name}:{l}:{c}"));
                rest = tail;
            }
            _ => {
                out.push_str(&rest[..at + needle.len()]);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// A position written `LINE[:COLUMN]` at the start of `s`: the line, the column if one follows,
/// and the rest of `s` after what was read.
pub fn line_and_column(s: &str) -> (Option<u32>, Option<u32>, &str) {
    let (line, tail) = digits(s);
    match tail.strip_prefix(':').map(digits) {
        Some((Some(column), rest)) => (line, Some(column), rest),
        _ => (line, None, tail),
    }
}

fn digits(s: &str) -> (Option<u32>, &str) {
    let end = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    (s[..end].parse().ok(), &s[end..])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_is_read_with_or_without_its_column() {
        assert_eq!(line_and_column("12:7) at"), (Some(12), Some(7), ") at"));
        assert_eq!(line_and_column("12) at"), (Some(12), None, ") at"));
        assert_eq!(line_and_column("12:x"), (Some(12), None, ":x"));
        assert_eq!(line_and_column("x"), (None, None, "x"));
    }

    #[test]
    fn byte_and_utf16_columns_become_character_columns() {
        let line = "const é = \"😀\"; x";
        let x_bytes = line.find('x').unwrap() as u32 + 1;
        let x_utf16 = line[..line.find('x').unwrap()].encode_utf16().count() as u32 + 1;
        let x_chars = line[..line.find('x').unwrap()].chars().count() as u32 + 1;
        assert_eq!((x_bytes, x_utf16, x_chars), (20, 17, 16));
        assert_eq!(from_byte_column(line, x_bytes), x_chars);
        assert_eq!(from_utf16_column(line, x_utf16), x_chars);
        assert_eq!(utf16_from_byte_column(line, x_bytes), x_utf16);
        assert_eq!(from_byte_column(line, 1), 1);
        // Inside `é` counts as `é`; past the end, one per byte.
        assert_eq!(from_byte_column("é", 2), 1);
        assert_eq!(from_byte_column("é", 5), 4);
        assert_eq!(from_byte_column("abc", 4), 4);
    }

    #[test]
    fn a_byte_column_map_rewrites_locations_and_messages_in_named_texts_only() {
        assert!(ByteColumns::for_texts(vec![("program.js".into(), "ascii\n".into())]).is_none());
        let map = ByteColumns::for_texts(vec![
            ("program.js".into(), "a\nconst é = 1; throw 0;\n".into()),
            ("lib:notes".into(), "x\n".into()),
        ])
        .unwrap();
        let at = |file: &str, line, column| SourceLocation {
            file: file.into(),
            line,
            column,
        };
        assert_eq!(map.map(&at("program.js", 2, 15)), Some(at("program.js", 2, 14)));
        assert_eq!(map.map(&at("other.js", 2, 16)), None);
        assert_eq!(
            map.rewrite("Error\n    at f (program.js:2:15)\n    at g (lib:notes:1:1) program.js:x"),
            "Error\n    at f (program.js:2:14)\n    at g (lib:notes:1:1) program.js:x"
        );
    }
}
