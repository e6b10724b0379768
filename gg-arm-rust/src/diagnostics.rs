//! Rustc's `--error-format=json` diagnostics → gg's: errors only (a warning never fails a
//! program), the first [`KEPT`] kept with their rendered text and primary location, the rest
//! counted.

use gg_core::{Diagnostic, SourceLocation};

/// How many error diagnostics a failed compile keeps; the rest are counted.
pub const KEPT: usize = 8;

/// The errors in rustc's JSON stderr, bounded: (kept, dropped). Lines that are not JSON
/// diagnostics (a linker's own words, an ICE's) are kept as located-nowhere errors.
pub fn errors(stderr: &str) -> (Vec<Diagnostic>, usize) {
    let mut all = Vec::new();
    for line in stderr.lines().filter(|l| !l.trim().is_empty()) {
        let Ok(d) = serde_json::from_str::<serde_json::Value>(line) else {
            all.push(Diagnostic {
                message: line.to_owned(),
                location: None,
            });
            continue;
        };
        if d["$message_type"] != "diagnostic" || !d["level"].as_str().is_some_and(|l| l.starts_with("error")) {
            continue;
        }
        let message = d["message"].as_str().unwrap_or_default();
        // rustc's summary line, counted by gg instead.
        if message.starts_with("aborting due to") {
            continue;
        }
        let rendered = d["rendered"].as_str().map(str::trim_end).unwrap_or(message);
        // Where rustc's header points: the first primary span in the text (a mismatched closing
        // delimiter has two, the closing one listed first, and rustc points at the unclosed
        // opening one).
        let at = |s: &serde_json::Value| (s["line_start"].as_u64(), s["column_start"].as_u64());
        let primaries: Vec<&serde_json::Value> = d["spans"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|s| s["is_primary"] == true)
            .collect();
        let primary = primaries
            .iter()
            .filter(|s| s["file_name"] == primaries[0]["file_name"])
            .min_by_key(|s| at(s))
            .copied();
        let location = primary.map(|s| SourceLocation {
            file: s["file_name"].as_str().unwrap_or_default().to_owned(),
            line: s["line_start"].as_u64().unwrap_or(0) as u32,
            column: s["column_start"].as_u64().unwrap_or(0) as u32,
        });
        all.push(Diagnostic {
            message: rendered.to_owned(),
            location,
        });
    }
    let dropped = all.len().saturating_sub(KEPT);
    all.truncate(KEPT);
    (all, dropped)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_are_kept_warnings_and_the_summary_are_not() {
        let stderr = [
            r#"{"$message_type":"diagnostic","message":"unused variable: `x`","level":"warning","spans":[],"rendered":"warning: unused"}"#,
            r#"{"$message_type":"diagnostic","message":"cannot find value `y`","level":"error","spans":[{"file_name":"program.rs","line_start":3,"column_start":5,"is_primary":true}],"rendered":"error[E0425]: cannot find value `y`\n"}"#,
            r#"{"$message_type":"diagnostic","message":"aborting due to 1 previous error","level":"error","spans":[],"rendered":"error: aborting"}"#,
            r#"{"$message_type":"artifact","artifact":"x"}"#,
        ]
        .join("\n");
        let (kept, dropped) = errors(&stderr);
        assert_eq!(dropped, 0);
        assert_eq!(kept.len(), 1);
        assert_eq!(kept[0].message, "error[E0425]: cannot find value `y`");
        let l = kept[0].location.as_ref().unwrap();
        assert_eq!((l.file.as_str(), l.line, l.column), ("program.rs", 3, 5));
    }

    #[test]
    fn a_mismatched_delimiter_is_located_at_the_unclosed_opening_one() {
        let stderr = r#"{"$message_type":"diagnostic","message":"mismatched closing delimiter: `}`","level":"error","spans":[{"file_name":"program.rs","line_start":4,"column_start":1,"is_primary":true},{"file_name":"program.rs","line_start":1,"column_start":11,"is_primary":false},{"file_name":"program.rs","line_start":2,"column_start":17,"is_primary":true}],"rendered":"error: mismatched closing delimiter: `}`"}"#;
        let (kept, _) = errors(stderr);
        let l = kept[0].location.as_ref().unwrap();
        assert_eq!((l.line, l.column), (2, 17));
    }

    #[test]
    fn more_than_eight_are_counted() {
        let one = r#"{"$message_type":"diagnostic","message":"m","level":"error","spans":[],"rendered":"e"}"#;
        let (kept, dropped) = errors(&[one; 11].join("\n"));
        assert_eq!((kept.len(), dropped), (8, 3));
    }
}
