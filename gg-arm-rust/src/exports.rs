//! Code-module analysis: the names a Rust module's source declares, read by a line scan over the
//! code mask.
//!
//! Unindented `pub` items (`fn`, `struct`, `enum`, `trait`, `type`, `const`, `static`, `mod`,
//! with `async`/`unsafe`/`const`/`extern` qualifiers), in source order, the first spelling of a
//! name winning: only those are reachable as `lib::<key>::<name>`. Each carries its declaration
//! up to the body's opening (`{`, `;` or `=`), its `///` doc lines, and for a `fn` the type names
//! its parameters and return write.

use gg_core::ModuleExport;

use crate::mask::mask;

const ITEM_KEYWORDS: &[&str] = &[
    "fn", "struct", "enum", "trait", "type", "const", "static", "mod", "union",
];
const QUALIFIERS: &[&str] = &["async", "unsafe", "const", "extern", "\"C\"", "default"];
/// The longest declaration kept (a const's value can be anything).
const MAX_DECLARATION: usize = 300;

pub fn module_exports(source: &str) -> Vec<ModuleExport> {
    let code = mask(source).unwrap_or_else(|| vec![true; source.len()]);
    let mut out: Vec<ModuleExport> = Vec::new();
    let mut offset = 0;
    let lines: Vec<&str> = source.split_inclusive('\n').collect();
    let mut starts = Vec::with_capacity(lines.len());
    for line in &lines {
        starts.push(offset);
        offset += line.len();
    }
    for (i, line) in lines.iter().enumerate() {
        if !code.get(starts[i]).copied().unwrap_or(false) || !line.starts_with("pub") {
            continue;
        }
        let Some((keyword, name)) = item(line) else { continue };
        if out.iter().any(|e| e.name == name) {
            continue;
        }
        let declaration = declaration(source, &code, starts[i]);
        let (parameters, returns) = if keyword == "fn" {
            fn_types(&declaration)
        } else {
            (Vec::new(), Vec::new())
        };
        out.push(ModuleExport {
            name,
            declaration,
            doc: doc_above(&lines, i),
            returns,
            parameters,
        });
    }
    out
}

/// The item keyword and name of a `pub` line (`pub(crate)` items are not reachable: skipped).
fn item(line: &str) -> Option<(&'static str, String)> {
    let rest = line.strip_prefix("pub")?;
    if !rest.starts_with(char::is_whitespace) {
        return None;
    }
    let words: Vec<&str> = rest.split_whitespace().collect();
    // `const` is a qualifier before `fn` (`pub const fn`) and an item of its own otherwise.
    let at = words.iter().enumerate().position(|(i, w)| {
        ITEM_KEYWORDS.contains(w)
            && !(QUALIFIERS.contains(w) && words.get(i + 1).is_some_and(|n| *n == "fn" || QUALIFIERS.contains(n)))
    })?;
    if !words[..at].iter().all(|w| QUALIFIERS.contains(w)) {
        return None;
    }
    let keyword = ITEM_KEYWORDS.iter().find(|k| **k == words[at])?;
    let name: String = words
        .get(at + 1)?
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect();
    (!name.is_empty()).then_some((keyword, name))
}

/// From `start` to the first code `{`, `;` or `=` at bracket depth 0 (not `=>`), one line.
fn declaration(source: &str, code: &[bool], start: usize) -> String {
    let b = source.as_bytes();
    let mut depth = 0i32;
    let mut end = b.len();
    for (i, &c) in b.iter().enumerate().skip(start) {
        if !code[i] {
            continue;
        }
        match c {
            b'(' | b'[' | b'<' => depth += 1,
            b')' | b']' => depth -= 1,
            b'>' if b[i - 1] != b'-' => depth -= 1,
            b'{' | b';' if depth <= 0 => {
                end = i;
                break;
            }
            b'=' if depth <= 0 && b.get(i + 1) != Some(&b'>') => {
                end = i;
                break;
            }
            _ => {}
        }
    }
    let text: String = source[start..end].split_whitespace().collect::<Vec<_>>().join(" ");
    match text.char_indices().nth(MAX_DECLARATION) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text,
    }
}

/// The `///` lines right above line `i`, attributes between them and the item skipped.
fn doc_above(lines: &[&str], i: usize) -> Option<String> {
    let mut doc = Vec::new();
    for line in lines[..i].iter().rev() {
        let t = line.trim();
        if let Some(text) = t.strip_prefix("///") {
            doc.push(text.strip_prefix(' ').unwrap_or(text).to_owned());
        } else if t.starts_with("#[") {
            continue;
        } else {
            break;
        }
    }
    doc.reverse();
    (!doc.is_empty()).then(|| doc.join("\n"))
}

/// Type names written in a `fn` declaration's parameters and return.
fn fn_types(declaration: &str) -> (Vec<String>, Vec<String>) {
    let (head, ret) = declaration.split_once("->").unwrap_or((declaration, ""));
    let params = head
        .split_once('(')
        .map_or("", |(_, p)| p.rsplit_once(')').map_or(p, |(p, _)| p));
    let params: Vec<&str> = params
        .split(',')
        .filter_map(|p| p.split_once(':').map(|(_, t)| t))
        .collect();
    let ret = ret.split(" where ").next().unwrap_or("");
    (type_names(&params.join(" ")), type_names(ret))
}

/// Capitalised identifiers in a type expression (`Vec<Note>` → `Vec`, `Note`).
fn type_names(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for word in text.split(|c: char| !(c.is_alphanumeric() || c == '_')) {
        if word.starts_with(|c: char| c.is_ascii_uppercase()) && !out.iter().any(|w| w == word) {
            out.push(word.to_owned());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pub_items_in_order_with_docs_and_types() {
        let src = "\
//! notes helpers
use std::collections::HashMap;

/// A note.
#[derive(Debug)]
pub struct Note { pub title: String }

/// Greets.
/// Politely.
pub fn greet(name: &str, notes: &[Note]) -> Result<String, gg::ApiError> {
    format!(\"pub fn hidden() {{}}\")
}

fn private() {}
pub(crate) fn crate_only() {}
pub const LIMIT: usize = 3;
pub async fn later() {}
/* pub fn commented() {} */
";
        let got = module_exports(src);
        let names: Vec<&str> = got.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["Note", "greet", "LIMIT", "later"]);
        assert_eq!(got[0].doc.as_deref(), Some("A note."));
        assert_eq!(got[0].declaration, "pub struct Note");
        assert_eq!(got[1].doc.as_deref(), Some("Greets.\nPolitely."));
        assert_eq!(
            got[1].declaration,
            "pub fn greet(name: &str, notes: &[Note]) -> Result<String, gg::ApiError>"
        );
        assert_eq!(got[1].parameters, ["Note"]);
        assert_eq!(got[1].returns, ["Result", "String", "ApiError"]);
        assert_eq!(got[2].declaration, "pub const LIMIT: usize");
    }

    #[test]
    fn a_source_that_does_not_lex_is_scanned_whole() {
        let got = module_exports("pub fn a() {}\nlet s = \"open");
        assert_eq!(got.len(), 1);
    }
}
