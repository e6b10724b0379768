//! kotlinc's words read back into the model's files: `FILE:LINE:COL: error: MESSAGE` lines located
//! in `program.kt` (or a code module's `lib/<name>.kt`, named by its key), bounded to the first
//! [`KEPT`], split syntax vs compile; a missing member of a gg record lists the record's fields.
//! Warnings never fail a program and are not read.
//!
//! **The syntax rule**: the failure is `Syntax` when any error is the parser's (K2 writes
//! `syntax error: …`, older messages `Expecting …`) or an unclosed comment or literal, and those
//! errors come first (K2 reports the resolution errors a broken parse causes before it); otherwise
//! `Compile`.

use gg_core::{Diagnostic, ProgramFault, SourceLocation};

use crate::compile::PROGRAM;

/// Diagnostics kept; the rest are counted.
pub const KEPT: usize = 8;

/// What kotlinc's output says about a failed compile.
#[derive(Debug, PartialEq, Eq)]
pub enum Verdict {
    Program {
        fault: ProgramFault,
        diagnostics: Vec<Diagnostic>,
        dropped: usize,
    },
    /// Nothing the program can be blamed for: the toolchain's own failure.
    Unknown,
}

/// A diagnostic's place as kotlinc prints it: file, line, column.
type Place<'a> = (&'a str, u32, u32);

/// The place (if any) and message of one `FILE:LINE:COL: error: MESSAGE` line, or a bare
/// `error: MESSAGE`.
fn parse_error(text: &str) -> Option<(Option<Place<'_>>, &str)> {
    if let Some(message) = text.strip_prefix("error: ") {
        return Some((None, message));
    }
    let at = text.find(": error: ")?;
    let message = &text[at + ": error: ".len()..];
    let mut parts = text[..at].rsplitn(3, ':');
    let column = parts.next()?.parse().ok()?;
    let line = parts.next()?.parse().ok()?;
    let file = parts.next()?;
    Some((Some((file, line, column)), message))
}

/// The model's name for a file kotlinc names (absolute or relative): the program, or a code
/// module (`lib/<name>.kt`, reported with its key).
fn own_file<'a>(file: &str, modules: &'a [(String, String)]) -> Option<(String, Option<&'a str>)> {
    let base = file.rsplit('/').next()?;
    if base == PROGRAM {
        return Some((PROGRAM.to_owned(), None));
    }
    let name = base.strip_suffix(".kt")?;
    let (_, key) = modules.iter().find(|(n, _)| n == name)?;
    Some((format!("lib/{name}.kt"), Some(key.as_str())))
}

/// The type an "unresolved reference 'x' on receiver of type 'T'" error names.
fn receiver_type(message: &str) -> Option<&str> {
    let (_, rest) = message.split_once("unresolved reference '")?;
    let (_, rest) = rest.split_once("' on receiver of type '")?;
    rest.split_once('\'').map(|(t, _)| t.trim_end_matches('?'))
}

/// The fields of the gg record `type_name`, from the Kotlin catalogue.
fn fields_hint(type_name: &str) -> Option<String> {
    use gg_core::ProgramLanguage;
    crate::KotlinArm.catalogue().fields_hint(type_name)
}

fn is_syntax(message: &str) -> bool {
    let m = message.to_ascii_lowercase();
    m.starts_with("syntax error")
        || m.starts_with("expecting")
        || m.contains("unclosed comment")
        || m.contains("unterminated")
        || m.contains("expecting '\"'")
}

/// Reads kotlinc's output after a failed compile. `modules` pairs each module's file name with its key.
pub fn read(output: &str, modules: &[(String, String)]) -> Verdict {
    read_with(output, modules, &|_, _, column| column)
}

/// [`read`], each column kotlinc gives (UTF-16 units on the compiled line) turned into the
/// character column in the model's text by `column(file, line, column)`.
pub fn read_with(output: &str, modules: &[(String, String)], column: &dyn Fn(&str, u32, u32) -> u32) -> Verdict {
    let mut found: Vec<Diagnostic> = Vec::new();
    let mut first: Option<String> = None;
    for text in output.lines() {
        let Some((place, message)) = parse_error(text) else {
            continue;
        };
        let (location, module) = match place.and_then(|(f, l, c)| own_file(f, modules).map(|o| (o, l, c))) {
            Some(((file, module), line, utf16)) => (
                Some(SourceLocation {
                    column: column(&file, line, utf16).max(1),
                    file,
                    line,
                }),
                module,
            ),
            None if place.is_some() => continue,
            None => (None, None),
        };
        // A bare `error:` is the program's only when it is about the program (`no main`...); the
        // compiler's own failures have no location and say `exception:`.
        if first.is_none() {
            first = Some(message.to_owned());
        }
        let mut message = match module {
            Some(key) => format!("in code module `{key}`: {message}"),
            None => message.to_owned(),
        };
        if let Some(hint) = receiver_type(&message).and_then(fields_hint) {
            message = format!("{message} ({hint})");
        }
        found.push(Diagnostic { message, location });
    }
    let Some(first) = first else {
        return Verdict::Unknown;
    };
    if found.iter().all(|d| d.location.is_none()) {
        return Verdict::Unknown;
    }
    let _ = first;
    // Stable: the parser's errors first, each group in kotlinc's order.
    found.sort_by_key(|d| !is_syntax(&d.message));
    let fault = if found.first().is_some_and(|d| is_syntax(&d.message)) {
        ProgramFault::Syntax
    } else {
        ProgramFault::Compile
    };
    let dropped = found.len().saturating_sub(KEPT);
    found.truncate(KEPT);
    Verdict::Program {
        fault,
        diagnostics: found,
        dropped,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(line: u32, column: u32) -> Option<SourceLocation> {
        Some(SourceLocation {
            file: PROGRAM.into(),
            line,
            column,
        })
    }

    #[test]
    fn a_missing_field_of_a_gg_record_lists_the_fields() {
        let out = "/tmp/x/program.kt:4:15: error: unresolved reference 'text' on receiver of type 'FileRead'.\n";
        let Verdict::Program { diagnostics, .. } = read(out, &[]) else {
            panic!()
        };
        assert_eq!(
            diagnostics[0].message,
            "unresolved reference 'text' on receiver of type 'FileRead'. \
             (FileRead's fields: contents, firstLine, lastLine, totalLines, truncated)"
        );
        // A type that is not a gg record gets kotlinc's words alone.
        let out = "/tmp/x/program.kt:4:15: error: unresolved reference 'nope' on receiver of type 'String'.\n";
        let Verdict::Program { diagnostics, .. } = read(out, &[]) else {
            panic!()
        };
        assert_eq!(
            diagnostics[0].message,
            "unresolved reference 'nope' on receiver of type 'String'."
        );
    }

    #[test]
    fn errors_are_located_and_warnings_skipped() {
        let out = "warning: the argument '-Xwasm' is deprecated\n\
                   ../../scratch/gg-1-0-0/program.kt:3:14: error: initializer type mismatch: expected 'Int', actual 'String'.\n\
                   \x20 val x: Int = \"s\"\n\
                   \x20            ^\n\
                   /tmp/x/program.kt:4:3: warning: variable 'y' is never used.\n\
                   /tmp/x/program.kt:5:3: error: unresolved reference 'exitProces'.\n";
        assert_eq!(
            read(out, &[]),
            Verdict::Program {
                fault: ProgramFault::Compile,
                diagnostics: vec![
                    Diagnostic {
                        message: "initializer type mismatch: expected 'Int', actual 'String'.".into(),
                        location: at(3, 14)
                    },
                    Diagnostic {
                        message: "unresolved reference 'exitProces'.".into(),
                        location: at(5, 3)
                    },
                ],
                dropped: 0,
            }
        );
    }

    #[test]
    fn a_parser_error_first_is_syntax_and_the_rest_are_counted() {
        let mut out = String::new();
        for i in 0..10 {
            out.push_str(&format!(
                "program.kt:{}:1: error: unresolved reference 'x{i}'.\n",
                i + 3
            ));
        }
        out.push_str("program.kt:2:1: error: syntax error: Expecting '}'.\n");
        let Verdict::Program {
            fault,
            diagnostics,
            dropped,
        } = read(&out, &[])
        else {
            panic!("a program fault");
        };
        assert_eq!((fault, diagnostics.len(), dropped), (ProgramFault::Syntax, KEPT, 3));
        assert_eq!(diagnostics[0].location.as_ref().map(|l| l.line), Some(2));
    }

    #[test]
    fn a_module_error_names_its_key_and_a_crash_is_the_toolchains() {
        let modules = [("my_notes".to_owned(), "My Notes".to_owned())];
        let Verdict::Program { diagnostics, .. } = read("/s/lib/my_notes.kt:1:20: error: boom\n", &modules) else {
            panic!("a program fault");
        };
        assert_eq!(diagnostics[0].message, "in code module `My Notes`: boom");
        assert_eq!(diagnostics[0].location.as_ref().unwrap().file, "lib/my_notes.kt");
        assert_eq!(
            read("exception: java.lang.IllegalStateException: x\n", &[]),
            Verdict::Unknown
        );
        assert_eq!(read("error: could not find the klib\n", &[]), Verdict::Unknown);
    }
}
