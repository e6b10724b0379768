//! purs's JSON errors (`purs compile --json-errors`, and `purs ide`'s rebuild answers, which
//! carry the same objects) as the program's diagnostics: each located in the model's own file,
//! less the lines gg added before its text, a parse error a syntax fault, the rest compile
//! faults, and bounded in number and length.

use gg_core::{Diagnostic, PrepareError, ProgramFault, SourceLocation};
use serde_json::Value;

/// Diagnostics kept per program; the rest are counted.
pub const MAX_DIAGNOSTICS: usize = 10;
/// Characters kept of one message.
const MAX_MESSAGE: usize = 2_000;

/// How a purs source path is named to the model, and the lines gg added before its text.
pub trait Files {
    fn model_file(&self, path: &str) -> Option<(String, u32)>;
}

/// `errors` (purs's error objects) as the program's error; `None` when there are none.
pub fn program_error(errors: &[Value], files: &dyn Files) -> Option<PrepareError> {
    if errors.is_empty() {
        return None;
    }
    let syntax = errors
        .iter()
        .all(|e| e.get("errorCode").and_then(Value::as_str) == Some("ErrorParsingModule"));
    let mut diagnostics: Vec<Diagnostic> = errors.iter().map(|e| diagnostic(e, files)).collect();
    let dropped = diagnostics.len().saturating_sub(MAX_DIAGNOSTICS);
    diagnostics.truncate(MAX_DIAGNOSTICS);
    Some(PrepareError::Program {
        fault: if syntax {
            ProgramFault::Syntax
        } else {
            ProgramFault::Compile
        },
        diagnostics,
        dropped,
    })
}

fn diagnostic(e: &Value, files: &dyn Files) -> Diagnostic {
    let text = e
        .get("message")
        .and_then(Value::as_str)
        .unwrap_or("purs rejected the program");
    let code = e.get("errorCode").and_then(Value::as_str).unwrap_or("");
    let mut message = tidy(text);
    if code == "ModuleNotFound" {
        // purs's advice is about its command line, which the model does not write.
        let first = message.lines().next().unwrap_or_default().to_owned();
        message = format!(
            "{first}\n  A program may import the core packages' modules (the prompt lists them), `Gg`, `Gg.<Family>`, and `Lib.<Key>` for a code module in scope."
        );
    }
    if !code.is_empty() {
        message = format!("{code}: {message}");
    }
    if message.chars().count() > MAX_MESSAGE {
        message = message.chars().take(MAX_MESSAGE).collect::<String>() + " …";
    }
    let path = e.get("filename").and_then(Value::as_str).unwrap_or("");
    let location = files.model_file(path).and_then(|(file, offset)| {
        let p = e.get("position")?;
        let line = p.get("startLine")?.as_u64()? as u32;
        let column = p.get("startColumn")?.as_u64()? as u32;
        Some(SourceLocation {
            file,
            line: line.saturating_sub(offset).max(1),
            column,
        })
    });
    Diagnostic { message, location }
}

/// purs's message, its blank lines and indentation kept short: the first line, then each
/// further line with its leading spaces cut to two.
fn tidy(text: &str) -> String {
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let mut out = String::new();
    for (i, l) in lines.iter().enumerate() {
        if i > 0 {
            out.push('\n');
            let indent = l.len() - l.trim_start().len();
            out.push_str(&" ".repeat(indent.min(4)));
        }
        out.push_str(l.trim());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    struct One;
    impl Files for One {
        fn model_file(&self, path: &str) -> Option<(String, u32)> {
            path.ends_with("src/Main.purs").then(|| ("program.purs".to_owned(), 1))
        }
    }

    #[test]
    fn errors_are_located_less_the_added_header_and_parse_errors_are_syntax() {
        let e = json!({"errorCode": "ErrorParsingModule", "message": "  Unable to parse module:\n\n    Unexpected token", "filename": "/w/src/Main.purs", "position": {"startLine": 4, "startColumn": 7}});
        let Some(PrepareError::Program { fault, diagnostics, .. }) = program_error(&[e], &One) else {
            panic!("no error")
        };
        assert_eq!(fault, ProgramFault::Syntax);
        let at = diagnostics[0].location.clone().unwrap();
        assert_eq!((at.file.as_str(), at.line, at.column), ("program.purs", 3, 7));
        assert_eq!(
            diagnostics[0].message,
            "ErrorParsingModule: Unable to parse module:\n    Unexpected token"
        );
        let many: Vec<Value> = (0..12)
            .map(|_| json!({"errorCode": "TypesDoNotUnify", "message": "x"}))
            .collect();
        let Some(PrepareError::Program {
            fault,
            diagnostics,
            dropped,
        }) = program_error(&many, &One)
        else {
            panic!("no error")
        };
        assert_eq!((fault, diagnostics.len(), dropped), (ProgramFault::Compile, 10, 2));
    }
}
