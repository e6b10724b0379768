//! Where a Java program's uncaught exception points: the SDK's runner reports the line of the
//! innermost frame of TeaVM's stack trace in `program.java` or a code module's `lib/<key>.java`
//! (TeaVM keeps lines, not columns); the column becomes the line's first non-blank character, in
//! characters. A line is a line as javac counts it: ended by `\n`, `\r\n` or a lone `\r`.

use gg_core::wire::CodeModule;
use gg_core::{LocationMap, SourceLocation};

use crate::compile::PROGRAM;

/// Line `line` (1-based) of `text`, lines ended as the Java language ends them (`\n`, `\r\n`, or a
/// lone `\r`, which javac and TeaVM's line numbers count too), without its ending.
pub fn java_line(text: &str, line: u32) -> Option<&str> {
    let mut at = 0;
    for _ in 1..line.max(1) {
        let rest = &text[at..];
        let end = rest.find(['\n', '\r'])?;
        at += end + if rest[end..].starts_with("\r\n") { 2 } else { 1 };
    }
    let rest = text.get(at..).filter(|_| line > 0)?;
    Some(&rest[..rest.find(['\n', '\r']).unwrap_or(rest.len())])
}

/// The program's text and its code modules' (`lib/<key>.java`, text).
pub struct JavaLines {
    pub source: String,
    pub modules: Vec<(String, String)>,
}

impl JavaLines {
    pub fn new(source: &str, modules: &[CodeModule]) -> Self {
        Self {
            source: source.to_owned(),
            modules: modules
                .iter()
                .map(|m| (crate::modules::file_of(&m.key), m.source.clone()))
                .collect(),
        }
    }

    fn text(&self, file: &str) -> Option<&str> {
        if file == PROGRAM {
            return Some(&self.source);
        }
        self.modules.iter().find(|(f, _)| f == file).map(|(_, t)| t.as_str())
    }
}

impl LocationMap for JavaLines {
    fn map(&self, location: &SourceLocation) -> Option<SourceLocation> {
        let line = java_line(self.text(&location.file)?, location.line)?;
        let column = if location.column <= 1 {
            line.chars()
                .position(|c| !c.is_whitespace())
                .map_or(1, |p| p as u32 + 1)
        } else {
            location.column
        };
        Some(SourceLocation {
            column,
            ..location.clone()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_column_is_the_lines_first_character() {
        let lines = JavaLines {
            source: "class A {\n\t  int é = 1 / 0;\n}\n".into(),
            modules: vec![],
        };
        let at = |file: &str, line| SourceLocation {
            file: file.into(),
            line,
            column: 1,
        };
        assert_eq!(lines.map(&at(PROGRAM, 2)).map(|l| l.column), Some(4));
        assert_eq!(lines.map(&at(PROGRAM, 9)), None);
        assert_eq!(lines.map(&at("lib/x.java", 1)), None);
    }

    #[test]
    fn a_line_ends_as_javac_ends_it() {
        let text = "a\rb\r\nc\nd";
        let lines: Vec<_> = (0..=5).map(|n| java_line(text, n)).collect();
        assert_eq!(lines, [None, Some("a"), Some("b"), Some("c"), Some("d"), None]);
    }
}
