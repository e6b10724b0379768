//! clang's and wasm-ld's words read back into the model's files: errors located in `program.cpp`
//! or a code module (`lib/<name>.hpp`, named by its key), an error inside a library header placed
//! at the program's line that instantiated it, bounded to the first [`KEPT`], split syntax vs
//! compile. Each error keeps clang's notes under it (a macro's origin, the candidates tried), and a
//! missing member of a gg record lists the record's fields. Warnings never fail a program and are
//! not read.
//!
//! **The syntax rule**: the failure is `Syntax` when its first error is the parser's or the
//! lexer's (the message begins `expected` — `expected ';' after expression`, `expected
//! expression`, `expected '}'` — or names an unterminated literal or comment, an extraneous or
//! unmatched brace, or an invalid preprocessing directive) and its notes do not say it came out of
//! a macro's expansion (`r.stdout`: a clash with <cstdio>'s `stdout`); any other first error is
//! `Compile`.

use std::fmt::Write;

use gg_core::{Diagnostic, ProgramFault, SourceLocation};

use crate::compile::PROGRAM;

/// Diagnostics kept; the rest are counted.
pub const KEPT: usize = 8;
/// clang's notes kept under each error; the rest are counted.
pub const KEPT_NOTES: usize = 4;

/// What clang's output says about a failed compile.
#[derive(Debug, PartialEq, Eq)]
pub enum Verdict {
    Program {
        fault: ProgramFault,
        diagnostics: Vec<Diagnostic>,
        dropped: usize,
    },
    /// The link found no `main`.
    NoMain,
    /// Nothing the program can be blamed for: the toolchain's own failure.
    Unknown,
}

/// One `FILE:LINE:COL: SEVERITY: MESSAGE` line.
struct Line<'a> {
    file: &'a str,
    line: u32,
    column: u32,
    severity: &'a str,
    message: &'a str,
}

fn parse_line(text: &str) -> Option<Line<'_>> {
    for severity in ["fatal error", "error", "warning", "note"] {
        let marker = format!(": {severity}: ");
        let Some(at) = text.find(&marker) else { continue };
        let place = &text[..at];
        let message = &text[at + marker.len()..];
        let mut parts = place.rsplitn(3, ':');
        let column = parts.next()?.parse().ok()?;
        let line = parts.next()?.parse().ok()?;
        let file = parts.next()?;
        return Some(Line {
            file,
            line,
            column,
            severity,
            message,
        });
    }
    None
}

/// Whether a file clang names is one the model wrote: the program, or a module header (its key).
fn own_file<'a>(file: &'a str, modules: &'a [(String, String)]) -> Option<(String, Option<&'a str>)> {
    let file = file.trim_start_matches("./");
    if file == PROGRAM {
        return Some((PROGRAM.to_owned(), None));
    }
    let name = file.strip_prefix("lib/")?.strip_suffix(".hpp")?;
    let key = modules.iter().find(|(n, _)| n == name).map(|(_, k)| k.as_str());
    Some((file.to_owned(), Some(key.unwrap_or(name))))
}

/// Reads clang's stderr after a failed compile and link. `modules` pairs each module's header
/// name with its key.
pub fn read(stderr: &str, modules: &[(String, String)]) -> Verdict {
    let lines: Vec<&str> = stderr.lines().collect();
    let mut found: Vec<Diagnostic> = Vec::new();
    let mut first_message: Option<String> = None;
    // The first error came out of a macro's expansion (`r.stdout`, where `stdout` is <cstdio>'s):
    // a name clash, not a syntax error, whatever the parser said.
    let mut macro_first = false;
    for (i, text) in lines.iter().enumerate() {
        let Some(l) = parse_line(text) else { continue };
        if l.severity != "error" && l.severity != "fatal error" {
            continue;
        }
        if first_message.is_none() {
            first_message = Some(l.message.to_owned());
        }
        // clang's notes under the error: where a macro came from, which overloads it tried, and
        // for an error inside a library header the program's line that led there.
        let notes: Vec<Line<'_>> = lines[i + 1..]
            .iter()
            .map_while(|t| parse_line(t).filter(|n| n.severity == "note"))
            .collect();
        let (location, module) = match own_file(l.file, modules) {
            Some((file, module)) => (
                Some(SourceLocation {
                    file,
                    line: l.line,
                    column: l.column.max(1),
                }),
                module,
            ),
            // Inside a library header: the program's line that instantiated or called it is in the
            // notes that follow, before the next error.
            None => {
                let place = notes
                    .iter()
                    .filter_map(|n| own_file(n.file, modules).map(|(f, m)| (f, m, n.line, n.column)))
                    .last();
                match place {
                    Some((file, module, line, column)) => (
                        Some(SourceLocation {
                            file,
                            line,
                            column: column.max(1),
                        }),
                        module,
                    ),
                    None => (None, None),
                }
            }
        };
        let mut message = match module {
            Some(key) => format!("in code module `{key}`: {}", l.message),
            None => l.message.to_owned(),
        };
        if let Some(hint) = missing_member_type(l.message).and_then(fields_hint) {
            let _ = write!(message, " ({hint})");
        }
        if found.is_empty() && notes.iter().any(|n| n.message.starts_with("expanded from macro")) {
            macro_first = true;
        }
        for n in notes.iter().take(KEPT_NOTES) {
            let place = match own_file(n.file, modules) {
                Some((file, _)) => format!("{file}:{}:{}", n.line, n.column),
                None => n.file.rsplit('/').next().unwrap_or(n.file).to_owned(),
            };
            let _ = write!(message, "\n  note: {} ({place})", n.message);
        }
        if notes.len() > KEPT_NOTES {
            let _ = write!(message, "\n  … {} more notes", notes.len() - KEPT_NOTES);
        }
        found.push(Diagnostic { message, location });
    }
    if found.is_empty() {
        // The linker's words: `wasm-ld: error: ... undefined symbol: NAME`.
        let linker: Vec<&str> = lines
            .iter()
            .filter(|t| t.contains("wasm-ld"))
            .filter_map(|t| t.split_once(": error: ").map(|(_, m)| m))
            .collect();
        if linker.iter().any(|m| {
            m.contains("undefined symbol: __main_argc_argv")
                || m.contains("undefined symbol: main")
                || m.contains("undefined symbol: __original_main")
        }) {
            return Verdict::NoMain;
        }
        if linker.is_empty() {
            return Verdict::Unknown;
        }
        found = linker
            .iter()
            .map(|m| Diagnostic {
                message: format!(
                    "link: {}",
                    m.split_once(": ")
                        .filter(|(p, _)| p.ends_with(".o"))
                        .map_or(*m, |(_, r)| r)
                ),
                location: None,
            })
            .collect();
    }
    let fault = match first_message {
        Some(m) if is_syntax(&m) && !macro_first => ProgramFault::Syntax,
        _ => ProgramFault::Compile,
    };
    let dropped = found.len().saturating_sub(KEPT);
    found.truncate(KEPT);
    Verdict::Program {
        fault,
        diagnostics: found,
        dropped,
    }
}

/// The class a "no member named 'x' in 'T'" error names.
fn missing_member_type(message: &str) -> Option<&str> {
    let (_, rest) = message.strip_prefix("no member named '")?.split_once("' in '")?;
    rest.split_once('\'').map(|(t, _)| t)
}

/// The fields of the gg record `type_name`, from the C++ catalogue.
fn fields_hint(type_name: &str) -> Option<String> {
    use gg_core::ProgramLanguage;
    crate::CppArm.catalogue().fields_hint(type_name)
}

/// The syntax rule of this module's docs.
pub fn is_syntax(message: &str) -> bool {
    message.starts_with("expected ")
        || message.starts_with("unterminated ")
        || message.starts_with("missing terminating ")
        || message.starts_with("extraneous closing brace")
        || message.starts_with("extraneous ')'")
        || message.starts_with("invalid preprocessing directive")
        || message.contains("unmatched")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn diag(message: &str, file: &str, line: u32, column: u32) -> Diagnostic {
        Diagnostic {
            message: message.into(),
            location: Some(SourceLocation {
                file: file.into(),
                line,
                column,
            }),
        }
    }

    #[test]
    fn a_parse_error_is_syntax_and_located() {
        let stderr = "program.cpp:3:14: error: expected ';' after expression\n\
                      program.cpp:2:5: warning: unused variable 'x'\n1 error generated.\n";
        assert_eq!(
            read(stderr, &[]),
            Verdict::Program {
                fault: ProgramFault::Syntax,
                diagnostics: vec![diag("expected ';' after expression", "program.cpp", 3, 14)],
                dropped: 0
            }
        );
    }

    #[test]
    fn a_type_error_is_compile_and_header_errors_land_on_the_programs_line() {
        let stderr = "program.cpp:4:7: error: use of undeclared identifier 'y'\n\
            /opt/gg-cpp/llvm-22.1.8-r1/include/c++/v1/__memory/allocator.h:9:3: error: no matching constructor\n\
            /opt/gg-cpp/llvm-22.1.8-r1/include/c++/v1/vector:1:1: note: in instantiation of member function here\n\
            program.cpp:6:10: note: in instantiation of function template specialization requested here\n\
            2 errors generated.\n";
        let Verdict::Program { fault, diagnostics, .. } = read(stderr, &[]) else {
            panic!()
        };
        assert_eq!(fault, ProgramFault::Compile);
        // The notes stay under the error: a header by its file name, the program's at its place.
        assert_eq!(
            diagnostics[1],
            diag(
                "no matching constructor\n  note: in instantiation of member function here (vector)\n  \
                 note: in instantiation of function template specialization requested here (program.cpp:6:10)",
                "program.cpp",
                6,
                10
            )
        );
    }

    #[test]
    fn a_macro_clash_is_compile_with_its_note_and_a_missing_field_lists_the_fields() {
        let stderr = "program.cpp:6:28: error: expected unqualified-id\n\
            /opt/gg-wasi-sysroot/include/wasm32-wasip1/stdio.h:66:16: note: expanded from macro 'stdout'\n\
            program.cpp:6:18: error: no member named 'text' in 'gg::FileRead'\n\
            2 errors generated.\n";
        let Verdict::Program { fault, diagnostics, .. } = read(stderr, &[]) else {
            panic!()
        };
        assert_eq!(fault, ProgramFault::Compile);
        assert_eq!(
            diagnostics[0].message,
            "expected unqualified-id\n  note: expanded from macro 'stdout' (stdio.h)"
        );
        assert_eq!(
            diagnostics[1].message,
            "no member named 'text' in 'gg::FileRead' (FileRead's fields: contents, first_line, last_line, total_lines, truncated)"
        );
    }

    #[test]
    fn module_errors_name_the_module_and_the_list_is_bounded() {
        let mut stderr = String::from("./lib/my_notes.hpp:2:1: error: unknown type name 'strin'\n");
        for i in 0..12 {
            stderr.push_str(&format!(
                "program.cpp:{}:1: error: use of undeclared identifier 'z'\n",
                i + 1
            ));
        }
        let Verdict::Program {
            diagnostics, dropped, ..
        } = read(&stderr, &[("my_notes".into(), "My Notes".into())])
        else {
            panic!()
        };
        assert_eq!(
            diagnostics[0],
            diag(
                "in code module `My Notes`: unknown type name 'strin'",
                "lib/my_notes.hpp",
                2,
                1
            )
        );
        assert_eq!((diagnostics.len(), dropped), (KEPT, 13 - KEPT));
    }

    #[test]
    fn link_errors() {
        let no_main = "wasm-ld-22: warning: x\nwasm-ld: error: crt1-command.o: undefined symbol: __main_argc_argv\n";
        assert_eq!(read(no_main, &[]), Verdict::NoMain);
        let undefined =
            "wasm-ld: error: /tmp/program-1.o: undefined symbol: helper()\nclang++: error: linker command failed\n";
        let Verdict::Program { fault, diagnostics, .. } = read(undefined, &[]) else {
            panic!()
        };
        assert_eq!(fault, ProgramFault::Compile);
        assert_eq!(diagnostics[0].message, "link: undefined symbol: helper()");
        assert_eq!(read("Segmentation fault\n", &[]), Verdict::Unknown);
    }

    #[test]
    fn the_syntax_rule() {
        for m in [
            "expected ';' after expression",
            "expected expression",
            "missing terminating '\"' character",
        ] {
            assert!(is_syntax(m), "{m}");
        }
        for m in [
            "use of undeclared identifier 'x'",
            "no matching function for call to 'f'",
        ] {
            assert!(!is_syntax(m), "{m}");
        }
    }
}
