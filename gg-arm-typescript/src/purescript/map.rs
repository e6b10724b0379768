//! The bundle's source map read back: esbuild chains purs's own maps, so a position in the
//! `program.js` the guest ran maps to the model's PureScript (`program.purs`, `lib/<key>.purs`);
//! a position in library code is named by its module (`Data.Maybe`), never as a bundle line.

use gg_core::{LocationMap, SourceLocation};
use serde_json::Value;

/// The name the guest reports the bundle under.
pub const GENERATED: &str = "program.js";

/// One mapped segment: generated (line, column) → (source index, line, column), 0-based.
type Segment = (u32, u32, u32, u32, u32);

#[derive(Debug, Default)]
pub struct BundleMap {
    segments: Vec<Segment>,
    /// Each source as a model reads it: `Some(file)` for the model's own text, `None` for a
    /// library's, with its module's name.
    sources: Vec<(Option<String>, String)>,
    /// Lines added before the model's text (a `module Main where` gg wrote), per model file.
    offsets: Vec<(String, u32)>,
    /// The bundle's lines (ASCII: esbuild escapes the rest, so a byte column is a map column).
    lines: Vec<String>,
}

const B64: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

fn vlq(field: &str) -> Option<Vec<i64>> {
    let mut out = Vec::new();
    let (mut value, mut shift) = (0i64, 0u32);
    for b in field.bytes() {
        let digit = B64.iter().position(|&c| c == b)? as i64;
        value += (digit & 31) << shift;
        if digit & 32 != 0 {
            shift += 5;
            if shift > 60 {
                return None;
            }
        } else {
            out.push(if value & 1 == 1 { -(value >> 1) } else { value >> 1 });
            value = 0;
            shift = 0;
        }
    }
    Some(out)
}

impl BundleMap {
    /// Reads esbuild's map. `name(source)` says which model file a source path is (`None`: a
    /// library's); `offsets` the lines gg added before each model file's text.
    pub fn parse(
        json: &str,
        code: &str,
        name: impl Fn(&str) -> Option<String>,
        offsets: Vec<(String, u32)>,
    ) -> Option<Self> {
        let v: Value = serde_json::from_str(json).ok()?;
        let sources = v
            .get("sources")?
            .as_array()?
            .iter()
            .map(|s| {
                let path = s.as_str().unwrap_or_default();
                (name(path), library_module(path))
            })
            .collect();
        let mappings = v.get("mappings")?.as_str()?;
        let mut segments = Vec::new();
        let (mut src, mut sl, mut sc) = (0i64, 0i64, 0i64);
        for (line, text) in mappings.split(';').enumerate() {
            let mut col = 0i64;
            for seg in text.split(',').filter(|s| !s.is_empty()) {
                let f = vlq(seg)?;
                col += f[0];
                if f.len() >= 4 {
                    src += f[1];
                    sl += f[2];
                    sc += f[3];
                    segments.push((line as u32, col as u32, src as u32, sl as u32, sc as u32));
                }
            }
        }
        Some(Self {
            segments,
            sources,
            offsets,
            lines: code.lines().map(str::to_owned).collect(),
        })
    }

    /// The source position of a 1-based generated one: a segment on the same line, as below. `(model file or None, library module, 1-based line, 1-based column)`.
    fn original(&self, line: u32, column: u32) -> Option<(Option<String>, String, u32, u32)> {
        let (dl, dc) = (line.checked_sub(1)?, column.saturating_sub(1));
        let i = self.segments.partition_point(|s| (s.0, s.1) <= (dl, dc));
        let before = i
            .checked_sub(1)
            .and_then(|j| self.segments.get(j))
            .filter(|s| s.0 == dl);
        let after = self.segments.get(i).filter(|s| s.0 == dl);
        // QuickJS places a call that starts a statement (`var x = f(a)()`) at the statement's
        // start, before the call's first mapped segment: where nothing but the statement's own
        // head (no `;`, `,`, `{` or `}`) stands between the column and the next segment, that segment
        // is the place; otherwise the nearest one before it.
        let head_only = |to: u32| {
            self.lines
                .get(dl as usize)
                .and_then(|l| l.get(dc as usize..to as usize))
                .is_some_and(|between| !between.contains([';', ',', '{', '}']))
        };
        let s = match (before, after) {
            (Some(b), _) if b.1 == dc => b,
            (_, Some(a)) if head_only(a.1) => a,
            (Some(b), _) => b,
            _ => return None,
        };
        let (file, module) = self.sources.get(s.2 as usize)?.clone();
        let offset = file
            .as_ref()
            .and_then(|f| self.offsets.iter().find(|(n, _)| n == f))
            .map_or(0, |(_, o)| *o);
        let l = (s.3 + 1).checked_sub(offset).filter(|l| *l > 0)?;
        Some((file, module, l, s.4 + 1))
    }

    fn model_place(&self, line: u32, column: u32) -> Option<SourceLocation> {
        match self.original(line, column)? {
            (Some(file), _, line, column) => Some(SourceLocation { file, line, column }),
            _ => None,
        }
    }
}

/// `output/Data.Maybe/index.js`, `pkgs/maybe/src/Data/Maybe.purs` and `sdk/Gg/Files.purs` are
/// `Data.Maybe`, `Data.Maybe` and `Gg.Files`.
fn library_module(path: &str) -> String {
    if let Some(purs) = path.strip_suffix(".purs") {
        let module = purs
            .rsplit_once("/src/")
            .or_else(|| purs.rsplit_once("sdk/"))
            .map_or(purs, |(_, m)| m);
        return module.replace('/', ".");
    }
    let parts: Vec<&str> = path.split('/').collect();
    parts
        .iter()
        .rposition(|p| *p == "output")
        .and_then(|i| parts.get(i + 1))
        .map_or_else(
            || path.rsplit('/').next().unwrap_or(path).to_owned(),
            |m| (*m).to_owned(),
        )
}

impl LocationMap for BundleMap {
    fn map(&self, location: &SourceLocation) -> Option<SourceLocation> {
        if location.file != GENERATED {
            return None;
        }
        self.model_place(location.line, location.column)
    }

    /// The first frame in the model's own text: a failure raised inside a library (`error`,
    /// `throwException`, a partial function) is located where the program called it.
    fn locate(&self, location: &SourceLocation, message: &str) -> Option<SourceLocation> {
        let needle = format!("{GENERATED}:");
        for (at, _) in message.match_indices(&needle) {
            let (line, column, _) = gg_core::arm::columns::line_and_column(&message[at + needle.len()..]);
            if let Some(place) = line.and_then(|l| self.model_place(l, column.unwrap_or(1))) {
                return Some(place);
            }
        }
        self.map(location)
    }

    /// `program.js:L:C` becomes `program.purs:L:C` (or `lib/<key>.purs`), or the library
    /// module's name where the position is in a library.
    fn rewrite(&self, text: &str) -> String {
        let needle = format!("{GENERATED}:");
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some(at) = rest.find(&needle) {
            out.push_str(&rest[..at]);
            let after = &rest[at + needle.len()..];
            let (line, column, tail) = gg_core::arm::columns::line_and_column(after);
            match line.and_then(|l| self.original(l, column.unwrap_or(1))) {
                Some((Some(file), _, l, c)) if column.is_some() => out.push_str(&format!("{file}:{l}:{c}")),
                Some((Some(file), _, l, _)) => out.push_str(&format!("{file}:{l}")),
                Some((None, module, _, _)) => out.push_str(&module),
                None => out.push_str(&rest[at..rest.len() - tail.len()]),
            }
            rest = tail;
        }
        out.push_str(rest);
        library_frames(&out)
    }
}

/// `ps:Data.Map:12:5` and `ps:Data.Map/foreign:3:9`, a position in a library module the guest
/// holds evaluated (`guest.rs`), are `Data.Map`: the model reads the module, not its lines.
fn library_frames(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("ps:") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 3..];
        let len = after
            .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '\'')))
            .unwrap_or(after.len());
        let module = &after[..len];
        let tail = after[len..].strip_prefix("/foreign").unwrap_or(&after[len..]);
        match tail.strip_prefix(':').map(gg_core::arm::columns::line_and_column) {
            Some((Some(_), _, tail)) if !module.is_empty() => {
                out.push_str(module);
                rest = tail;
            }
            _ => {
                out.push_str("ps:");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn library_frames_are_named_by_module() {
        assert_eq!(
            library_frames("at foo (ps:Data.Map:12:5)\n    at bar (ps:Effect.Exception/foreign:3:9)\n ps: x"),
            "at foo (Data.Map)\n    at bar (Effect.Exception)\n ps: x"
        );
    }

    #[test]
    fn library_sources_are_named_by_module() {
        assert_eq!(
            library_module("../../opt/x/output/Effect.Console/foreign.js"),
            "Effect.Console"
        );
        assert_eq!(
            library_module("../../opt/x/pkgs/maybe/src/Data/Maybe.purs"),
            "Data.Maybe"
        );
        assert_eq!(library_module("../../cache/purescript/k/sdk/Gg/Files.purs"), "Gg.Files");
    }

    #[test]
    fn vlq_fields_decode() {
        assert_eq!(vlq("AAAA"), Some(vec![0, 0, 0, 0]));
        assert_eq!(vlq("AACA"), Some(vec![0, 0, 1, 0]));
        assert_eq!(vlq("D"), Some(vec![-1]));
        assert_eq!(vlq("gB"), Some(vec![16]));
    }

    #[test]
    fn positions_map_to_the_model_file_less_the_added_header_and_libraries_by_name() {
        // line 1: segment at col 0 → source 0 (the program) line 3; line 2: source 1 (a library).
        let json = r#"{"version":3,"sources":["src/Main.purs","output/Data.Maybe/index.js"],"mappings":"AAEA;ACAA"}"#;
        let map = BundleMap::parse(
            json,
            "",
            |p| (p == "src/Main.purs").then(|| "program.purs".to_owned()),
            vec![("program.purs".into(), 1)],
        )
        .unwrap();
        let at = |line| SourceLocation {
            file: GENERATED.into(),
            line,
            column: 1,
        };
        assert_eq!(
            map.map(&at(1)).map(|l| (l.file, l.line)),
            Some(("program.purs".into(), 2))
        );
        assert_eq!(map.map(&at(2)), None);
        assert_eq!(
            map.rewrite("at f (program.js:2:1)\nat main (program.js:1:1)"),
            "at f (Data.Maybe)\nat main (program.purs:2:1)"
        );
        let located = map.locate(
            &at(2),
            "Error: x\n    at f (program.js:2:1)\n    at main (program.js:1:1)",
        );
        assert_eq!(located.map(|l| l.line), Some(2));
    }
}
