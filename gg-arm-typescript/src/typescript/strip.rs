//! Type stripping in process (oxc 0.146): TypeScript → the JavaScript the guest runs, with a map
//! that reads every location the guest reports back into the model's TypeScript coordinates.

use std::path::Path;

use gg_core::arm::columns;
use gg_core::{Diagnostic, LocationMap, PrepareError, ProgramFault, SourceLocation};
use oxc::allocator::Allocator;
use oxc::codegen::{Codegen, CodegenOptions};
use oxc::parser::Parser;
use oxc::semantic::SemanticBuilder;
use oxc::span::SourceType;
use oxc::transformer::{TransformOptions, Transformer};

/// JavaScript stripped from a TypeScript source, and the way back.
pub struct Stripped {
    pub code: String,
    pub map: SourceMap,
}

/// Generated position → original position, from the codegen's source-map tokens (0-based).
#[derive(Debug, Clone, Default)]
pub struct SourceMap {
    /// `(dst_line, dst_col, src_line, src_col)`, sorted by destination.
    tokens: Vec<(u32, u32, u32, u32)>,
    /// The name the model's file goes by (`program.ts`).
    source_name: String,
    /// The name the guest reports the stripped file under (`program.js`).
    generated_name: String,
    /// The stripped JavaScript and the model's TypeScript, kept when either is not ASCII: the
    /// guest counts columns in bytes, the map in UTF-16 units, and a model reads characters.
    texts: Option<(String, String)>,
}

impl SourceMap {
    /// The original 1-based position of a 1-based generated one: the nearest token at or before it
    /// on the same generated line, shifted by the columns between them.
    /// The column is the guest's (UTF-8 bytes of the generated line); the answer's is the
    /// model's (characters of the original line).
    pub fn original(&self, line: u32, column: u32) -> Option<(u32, u32)> {
        let column = match &self.texts {
            Some((generated, _)) => columns::utf16_from_byte_column(columns::line_of(generated, line)?, column),
            None => column,
        };
        let (dl, dc) = (line.checked_sub(1)?, column.saturating_sub(1));
        let i = self.tokens.partition_point(|t| (t.0, t.1) <= (dl, dc));
        let t = self.tokens.get(i.checked_sub(1)?)?;
        let (l, c) = if t.0 != dl {
            // Nothing on this line before the column: the line's first token.
            let first = self.tokens.get(i).filter(|t| t.0 == dl)?;
            (first.2 + 1, first.3 + 1)
        } else {
            (t.2 + 1, t.3 + (dc - t.1) + 1)
        };
        match &self.texts {
            Some((_, source)) => Some((
                l,
                columns::from_utf16_column(columns::line_of(source, l).unwrap_or(""), c),
            )),
            None => Some((l, c)),
        }
    }
}

impl LocationMap for SourceMap {
    fn map(&self, location: &SourceLocation) -> Option<SourceLocation> {
        if location.file != self.generated_name {
            return None;
        }
        let (line, column) = self.original(location.line, location.column)?;
        Some(SourceLocation {
            file: self.source_name.clone(),
            line,
            column,
        })
    }

    /// Every `program.js:LINE:COLUMN` (and `program.js:LINE`) in `text` becomes its place in
    /// `program.ts`; a position the map does not cover keeps its generated numbers.
    fn rewrite(&self, text: &str) -> String {
        let needle = format!("{}:", self.generated_name);
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some(at) = rest.find(&needle) {
            out.push_str(&rest[..at]);
            let after = &rest[at + needle.len()..];
            let (line, column, tail) = gg_core::arm::columns::line_and_column(after);
            match line.and_then(|l| self.original(l, column.unwrap_or(1)).map(|p| (l, p))) {
                Some((_, (l, c))) if column.is_some() => out.push_str(&format!("{}:{l}:{c}", self.source_name)),
                Some((_, (l, _))) => out.push_str(&format!("{}:{l}", self.source_name)),
                None => out.push_str(&rest[at..rest.len() - tail.len()]),
            }
            rest = tail;
        }
        out.push_str(rest);
        out
    }
}

/// Strips `source` (TypeScript, a module) to JavaScript with a map back. A source oxc cannot
/// parse is the program's syntax error (the checker normally reports it first).
pub fn strip(source: &str, source_name: &str, generated_name: &str) -> Result<Stripped, PrepareError> {
    let allocator = Allocator::default();
    let parsed = Parser::new(&allocator, source, SourceType::ts()).parse();
    if !parsed.diagnostics.is_empty() {
        let diagnostics = parsed
            .diagnostics
            .iter()
            .map(|d| Diagnostic {
                message: d.to_string(),
                location: None,
            })
            .collect();
        return Err(PrepareError::Program {
            fault: ProgramFault::Syntax,
            diagnostics,
            dropped: 0,
        });
    }
    let mut program = parsed.program;
    let scoping = SemanticBuilder::new().build(&program).semantic.into_scoping();
    let transformed = Transformer::new(&allocator, Path::new(source_name), &TransformOptions::default())
        .build_with_scoping(scoping, &mut program);
    if !transformed.diagnostics.is_empty() {
        let message = transformed
            .diagnostics
            .iter()
            .map(|d| d.to_string())
            .collect::<Vec<_>>()
            .join("\n");
        return Err(PrepareError::Lowering {
            message: format!("stripping types failed: {message}"),
        });
    }
    let options = CodegenOptions {
        source_map_path: Some(source_name.into()),
        ..CodegenOptions::default()
    };
    let out = Codegen::new().with_options(options).build(&program);
    let mut tokens: Vec<(u32, u32, u32, u32)> = out
        .map
        .map(|m| {
            m.get_tokens()
                .map(|t| (t.get_dst_line(), t.get_dst_col(), t.get_src_line(), t.get_src_col()))
                .collect()
        })
        .unwrap_or_default();
    tokens.sort_unstable();
    let texts = (!source.is_ascii() || !out.code.is_ascii()).then(|| (out.code.clone(), source.to_owned()));
    Ok(Stripped {
        code: out.code,
        map: SourceMap {
            tokens,
            source_name: source_name.to_owned(),
            generated_name: generated_name.to_owned(),
            texts,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn types_go_and_positions_come_back() {
        let ts = "interface P { x: number }\nconst p: P = { x: 1 };\nfunction f(a: number): number {\n  return a.toFixed(2) as any;\n}\nthrow new Error(String(f(p.x)));\n";
        let s = strip(ts, "program.ts", "program.js").unwrap();
        assert!(
            !s.code.contains("interface") && !s.code.contains(": number"),
            "{}",
            s.code
        );
        // Find `throw` in the generated code and map it back to line 6, column 1.
        let (line, col) = s
            .code
            .lines()
            .enumerate()
            .find_map(|(i, l)| l.find("throw").map(|c| (i as u32 + 1, c as u32 + 1)))
            .unwrap();
        assert_eq!(s.map.original(line, col), Some((6, 1)));
        let (line, col) = s
            .code
            .lines()
            .enumerate()
            .find_map(|(i, l)| l.find("return").map(|c| (i as u32 + 1, c as u32 + 1)))
            .unwrap();
        assert_eq!(s.map.original(line, col), Some((4, 3)));
        let text =
            format!("Error: 1.00\n    at f (program.js:{line}:{col})\n    at <eval> (program.js:99:1)\nsee program.js");
        assert_eq!(
            s.map.rewrite(&text),
            "Error: 1.00\n    at f (program.ts:4:3)\n    at <eval> (program.js:99:1)\nsee program.js"
        );
    }

    #[test]
    fn a_byte_column_in_the_javascript_is_a_character_column_in_the_typescript() {
        let ts = "const s: string = \"😀é\"; throw new Error(s);\n";
        let st = strip(ts, "program.ts", "program.js").unwrap();
        let line = st.code.lines().find(|l| l.contains("throw")).unwrap();
        let (line_no, byte_col) = (
            st.code.lines().position(|l| l.contains("throw")).unwrap() as u32 + 1,
            line.find("throw").unwrap() as u32 + 1,
        );
        let chars = ts
            .lines()
            .next()
            .unwrap()
            .split("throw")
            .next()
            .unwrap()
            .chars()
            .count() as u32
            + 1;
        assert_eq!(st.map.original(line_no, byte_col), Some((1, chars)));
    }
}
