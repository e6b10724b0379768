//! The driver's words read back into the model's files: javac's errors (`D` lines, with javac's
//! diagnostic code), TeaVM's (`T` lines: a class-library method TeaVM does not have, located by
//! line), and a program with no single `main` (`NOMAIN`, `MAINS`), located in `program.java` or
//! a code module's `lib/<key>.java` (its message naming the module), columns in characters
//! (javac counts UTF-16 units), bounded to the first [`KEPT`], split syntax vs compile.
//!
//! **The syntax rule**: the failure is `Syntax` when javac's first error is the lexer's or the
//! parser's (its code is `compiler.err.expected…`, `illegal.start…`, `premature.eof`,
//! `unclosed…`, `not.stmt`, `illegal.char`, …): javac attributes nothing once its parser failed,
//! so every error that follows is the parser's too. Otherwise `Compile`.

use gg_core::arm::columns;
use gg_core::{Diagnostic, ProgramFault, SourceLocation};

use crate::compile::PROGRAM;

/// A file javac was handed, as the model knows it.
#[derive(Debug, Clone)]
pub struct Written {
    /// The path's tail javac and TeaVM name it by (`Main.java`, `lib/notes.java`).
    pub tail: String,
    /// The model's name for it (`program.java`, `lib/notes.java`).
    pub file: String,
    /// The model's text.
    pub text: String,
    /// Characters gg wrote before the model's text on line 1.
    pub shift: u32,
    /// The code module's key, for a module.
    pub module: Option<String>,
}

impl Written {
    /// The program, written as `tail`.
    pub fn program(tail: &str, text: &str) -> Self {
        Self {
            tail: tail.to_owned(),
            file: PROGRAM.into(),
            text: text.to_owned(),
            shift: 0,
            module: None,
        }
    }

    /// A code module, as `crate::modules::wrap` wrote it.
    pub fn module(key: &str, text: &str, shift: u32) -> Self {
        let file = crate::modules::file_of(key);
        Self {
            tail: file.clone(),
            file,
            text: text.to_owned(),
            shift,
            module: Some(key.to_owned()),
        }
    }

    fn names(&self, path: &str) -> bool {
        path == self.tail || path.ends_with(&format!("/{}", self.tail))
    }

    /// The model's location of javac's (line, UTF-16 column).
    fn locate(&self, line: u32, column: u32) -> SourceLocation {
        let column = if line == 1 {
            column.saturating_sub(self.shift)
        } else {
            column
        };
        let column =
            crate::locations::java_line(&self.text, line).map_or(column, |l| columns::from_utf16_column(l, column));
        SourceLocation {
            file: self.file.clone(),
            line,
            column: column.max(1),
        }
    }

    fn message(&self, message: String) -> String {
        match &self.module {
            Some(key) => format!("in code module `{key}`: {message}"),
            None => message,
        }
    }
}

/// Diagnostics kept; the rest are counted.
pub const KEPT: usize = 8;

/// What the driver's output says about a failed compile.
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

/// javac's lexer and parser codes (after `compiler.err.`).
const SYNTAX: &[&str] = &[
    "expected",
    "illegal.start",
    "premature.eof",
    "unclosed",
    "not.stmt",
    "illegal.char",
    "illegal.esc.char",
    "illegal.line.end.in.char.lit",
    "empty.char.lit",
    "malformed",
    "orphaned",
    "else.without.if",
    "catch.without.try",
    "finally.without.try",
    "invalid.meth.decl.ret.type.req",
    "illegal.unicode.esc",
    "int.number.too.large",
    "dot.class.expected",
    "variable.not.allowed",
    "class.not.allowed",
];

fn is_syntax(code: &str) -> bool {
    let c = code.strip_prefix("compiler.err.").unwrap_or(code);
    SYNTAX.iter().any(|s| c.starts_with(s))
}

/// javac's message on one line: its continuation lines (`symbol: …`, `location: …`) after `; `.
fn one_line(message: &str) -> String {
    message
        .replace("\\n", "\n")
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join("; ")
        .replace("\\\\", "\\")
}

/// The type a "cannot find symbol" names as the symbol's place (`location: variable r of type
/// FileRead`).
fn missing_symbol_type<'a>(code: &str, message: &'a str) -> Option<&'a str> {
    if !code.contains("cant.resolve") {
        return None;
    }
    let (_, rest) = message.split_once("location: ")?;
    let (_, ty) = rest.split_once(" of type ")?;
    Some(ty.split(';').next().unwrap_or(ty).trim())
}

/// The accessors of the gg record `type_name`, from the Java catalogue.
fn fields_hint(type_name: &str) -> Option<String> {
    use gg_core::ProgramLanguage;
    let (name, fields) = crate::JavaArm.catalogue().record_fields(type_name)?;
    let accessors: Vec<String> = fields.iter().map(|f| format!("{f}()")).collect();
    Some(format!("{name}'s accessors: {}", accessors.join(", ")))
}

/// Reads the driver's output after exit `code`; `written` are the files javac was handed.
pub fn read(code: i32, output: &str, written: &[Written]) -> Verdict {
    let mut found: Vec<(Diagnostic, bool)> = Vec::new();
    let find = |file: &str| written.iter().find(|w| w.names(file));
    for text in output.lines() {
        let fields: Vec<&str> = text.split('\t').collect();
        match fields.as_slice() {
            ["D", file, line, column, code, message] => {
                let mut message = one_line(message);
                if let Some(hint) = missing_symbol_type(code, &message).and_then(fields_hint) {
                    message = format!("{message} ({hint})");
                }
                let place = find(file).zip(line.parse::<u32>().ok().filter(|l| *l > 0));
                let (message, location) = match place {
                    Some((w, line)) => (w.message(message), Some(w.locate(line, column.parse().unwrap_or(1)))),
                    None => (message, None),
                };
                found.push((Diagnostic { message, location }, is_syntax(code)));
            }
            ["T", file, line, message] => {
                // TeaVM's reflection support stops at its own natives, which it names.
                let message = if message.contains("org.teavm.classlib.impl.reflection.") {
                    "not in TeaVM's Java class library: reflection on methods and fields (`getMethod`, \
                     `getDeclaredFields`, `invoke`); call the method directly"
                        .to_owned()
                } else {
                    format!("not in TeaVM's Java class library: {}", one_line(message))
                };
                let place = find(file).zip(line.parse::<u32>().ok().filter(|l| *l > 0));
                let (message, location) = match place {
                    Some((w, line)) => (
                        w.message(message),
                        Some(SourceLocation {
                            file: w.file.clone(),
                            line,
                            column: 1,
                        }),
                    ),
                    None => (message, None),
                };
                found.push((Diagnostic { message, location }, false));
            }
            ["NOMAIN"] => found.push((
                Diagnostic {
                    message: "unsupported: a Java program here is one compilation unit with a class holding \
                              `public static void main(String[] args)`, and this one has none"
                        .into(),
                    location: None,
                },
                false,
            )),
            ["MAINS", names] => found.push((
                Diagnostic {
                    message: format!(
                        "unsupported: several classes have a `main` ({names}); keep one, or make exactly one of \
                         them a public top-level class"
                    ),
                    location: None,
                },
                false,
            )),
            _ => {}
        }
    }
    // TeaVM refusing what the program reaches (exit 2: a method its class library lacks, or
    // reflection it cannot compile) is the program's even where TeaVM names no line of it.
    if found.is_empty() || (code != 3 && code != 2 && found.iter().all(|(d, _)| d.location.is_none())) {
        return Verdict::Unknown;
    }
    // The same message at the same place once (TeaVM names one missing native per call site).
    let mut seen: Vec<Diagnostic> = Vec::new();
    found.retain(|(d, _)| {
        let new = !seen.contains(d);
        if new {
            seen.push(d.clone());
        }
        new
    });
    let fault = if code == 3 || (code == 2 && found.iter().all(|(d, _)| d.location.is_none())) {
        ProgramFault::Unsupported
    } else if found[0].1 {
        ProgramFault::Syntax
    } else {
        ProgramFault::Compile
    };
    let dropped = found.len().saturating_sub(KEPT);
    let diagnostics = found.into_iter().take(KEPT).map(|(d, _)| d).collect();
    Verdict::Program {
        fault,
        diagnostics,
        dropped,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn javac_errors_are_located_and_split() {
        let out = "D\t/s/src/Main.java\t3\t17\tcompiler.err.prob.found.req\tincompatible types: String cannot be converted to int\n\
                   D\t/s/src/Main.java\t5\t9\tcompiler.err.cant.resolve.location\tcannot find symbol\\n  symbol:   variable y\\n  location: class Main\n";
        let Verdict::Program {
            fault,
            diagnostics,
            dropped,
        } = read(1, out, &[Written::program("Main.java", "")])
        else {
            panic!("a program fault");
        };
        assert_eq!((fault, dropped), (ProgramFault::Compile, 0));
        assert_eq!(
            diagnostics[1].message,
            "cannot find symbol; symbol:   variable y; location: class Main"
        );
        assert_eq!(
            diagnostics[0].location,
            Some(SourceLocation {
                file: PROGRAM.into(),
                line: 3,
                column: 17
            })
        );
    }

    #[test]
    fn a_parser_error_is_syntax_and_the_rest_are_counted() {
        let mut out = String::new();
        for i in 0..11 {
            out.push_str(&format!(
                "D\tProgram.java\t{}\t1\tcompiler.err.expected\t';' expected\n",
                i + 1
            ));
        }
        let Verdict::Program {
            fault,
            diagnostics,
            dropped,
        } = read(1, &out, &[Written::program("Program.java", "")])
        else {
            panic!("a program fault");
        };
        assert_eq!((fault, diagnostics.len(), dropped), (ProgramFault::Syntax, KEPT, 3));
    }

    #[test]
    fn no_main_is_unsupported_and_a_crash_is_the_toolchains() {
        assert!(matches!(
            read(3, "NOMAIN\n", &[]),
            Verdict::Program {
                fault: ProgramFault::Unsupported,
                ..
            }
        ));
        assert_eq!(
            read(70, "java.lang.NullPointerException\n\tat x\n", &[]),
            Verdict::Unknown
        );
    }
}
