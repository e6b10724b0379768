//! Export analysis of a code module: the names its `export` declarations bind, found only where
//! the code mask says code (an `export` inside a string, template or comment is no export), each
//! with its declaration, the JSDoc block right before it, and the JSDoc `@param`/`@returns` types.

use gg_core::{CodeMask, ModuleExport};

use crate::lexer::code_mask;

pub fn module_exports(source: &str) -> Vec<ModuleExport> {
    let Some(mask) = code_mask(source) else {
        return Vec::new();
    };
    let b = source.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(found) = source[i..].find("export") {
        let at = i + found;
        i = at + "export".len();
        let bounded = (at == 0 || !ident(b[at - 1])) && !b.get(i).copied().is_some_and(ident);
        if !bounded || !mask.is_code(at) {
            continue;
        }
        let rest = &source[i..];
        let doc = jsdoc_before(source, &mask, at);
        let (params, returns) = doc.as_deref().map(jsdoc_types).unwrap_or_default();
        let export = |name: String, declaration: String| ModuleExport {
            name,
            declaration,
            doc: doc.clone(),
            returns: returns.clone(),
            parameters: params.clone(),
        };
        let words: Vec<&str> = rest
            .split(|c: char| c.is_whitespace() || c == '(' || c == '=' || c == '{' || c == '*' || c == '<')
            .filter(|w| !w.is_empty())
            .take(4)
            .collect();
        match words.as_slice() {
            ["function", name, ..] | ["async", "function", name, ..] | ["class", name, ..] => {
                out.push(export(clean(name), declaration(source, at, &['{'])));
            }
            ["const" | "let" | "var", ..] => {
                // `export const a = 1, b = 2`: every declarator's name up to the statement's end.
                let end = statement_end(source, &mask, i);
                let decl = &source[i..end];
                let mut first = true;
                for part in split_top(decl) {
                    let part = if first {
                        part.trim_start().split_once(char::is_whitespace).map_or("", |x| x.1)
                    } else {
                        part
                    };
                    first = false;
                    let name: String = part
                        .trim_start()
                        .chars()
                        .take_while(|c| ident(*c as u8) || !c.is_ascii())
                        .collect();
                    if !name.is_empty() {
                        out.push(export(name, declaration(source, at, &['=', ';', '\n'])));
                    }
                }
            }
            ["default", ..] => out.push(export("default".into(), declaration(source, at, &['{', ';', '\n']))),
            _ if rest.trim_start().starts_with('{') => {
                let open = i + rest.find('{').unwrap_or(0);
                let close = source[open..].find('}').map_or(source.len(), |n| open + n);
                for item in source[open + 1..close].split(',') {
                    let item = item.trim();
                    let name = item.rsplit(" as ").next().unwrap_or(item).trim();
                    if !name.is_empty() {
                        out.push(export(name.to_owned(), format!("export {{ {item} }}")));
                    }
                }
            }
            _ => {}
        }
    }
    out
}

fn ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c == b'$'
}

fn clean(name: &str) -> String {
    name.chars().take_while(|c| ident(*c as u8) || !c.is_ascii()).collect()
}

/// The declaration from `export` up to (not including) the first of `stops`, on one line.
fn declaration(source: &str, at: usize, stops: &[char]) -> String {
    let rest = &source[at..];
    let end = rest.find(|c| stops.contains(&c)).unwrap_or(rest.len());
    rest[..end].split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Where the statement starting at `from` ends: the first `;` in code at depth zero, or the end
/// of the line when the brackets balance there.
fn statement_end(source: &str, mask: &CodeMask, from: usize) -> usize {
    let mut depth = 0i32;
    for (i, c) in source[from..].char_indices() {
        let at = from + i;
        if !mask.is_code(at) {
            continue;
        }
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            ';' if depth <= 0 => return at,
            '\n' if depth <= 0 => return at,
            _ => {}
        }
    }
    source.len()
}

/// Splits a declarator list at its top-level commas (strings inside are rare enough in a name
/// list that brackets alone decide).
fn split_top(decl: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    for (i, c) in decl.char_indices() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&decl[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&decl[start..]);
    parts
}

/// The `/** … */` block ending just before `at` (only whitespace between), as plain text.
fn jsdoc_before(source: &str, mask: &CodeMask, at: usize) -> Option<String> {
    let before = source[..at].trim_end();
    if !before.ends_with("*/") || mask.is_code(before.len() - 1) {
        return None;
    }
    let open = before.rfind("/**")?;
    let body = &before[open + 3..before.len() - 2];
    let lines: Vec<&str> = body
        .lines()
        .map(|l| l.trim().trim_start_matches('*').trim())
        .filter(|l| !l.is_empty())
        .collect();
    (!lines.is_empty()).then(|| lines.join("\n"))
}

/// The types JSDoc names: `@param {T} name` and `@returns {T}`.
fn jsdoc_types(doc: &str) -> (Vec<String>, Vec<String>) {
    let (mut params, mut returns) = (Vec::new(), Vec::new());
    for line in doc.lines() {
        let ty = || {
            line.find('{').and_then(|o| {
                line[o + 1..]
                    .find('}')
                    .map(|c| line[o + 1..o + 1 + c].trim().to_owned())
            })
        };
        if line.starts_with("@param") {
            params.extend(ty());
        } else if line.starts_with("@returns") || line.starts_with("@return") {
            returns.extend(ty());
        }
    }
    (params, returns)
}

#[cfg(test)]
mod tests {
    use super::module_exports;

    fn names(source: &str) -> Vec<String> {
        module_exports(source).into_iter().map(|e| e.name).collect()
    }

    #[test]
    fn every_form_of_export_is_found() {
        let source = "export function greet(name) { return `hi ${name}`; }\nexport async function load() {}\nexport class Notes {}\nexport const a = 1, b = [2, 3];\nexport { x, y as z };\nexport default 5;\n";
        assert_eq!(names(source), ["greet", "load", "Notes", "a", "b", "x", "z", "default"]);
    }

    #[test]
    fn an_export_in_a_string_template_regex_or_comment_is_not_one() {
        let source = "const s = 'export function no() {}';\n// export const no = 1\nconst t = `${'export'} export class No {}`;\nconst r = /export const no/;\nexport function yes() {}\n";
        assert_eq!(names(source), ["yes"]);
    }

    #[test]
    fn jsdoc_gives_the_doc_and_the_types() {
        let source = "/**\n * Says hello.\n * @param {string} name who\n * @returns {string} the greeting\n */\nexport function greet(name) {}\n";
        let e = &module_exports(source)[0];
        assert_eq!(e.declaration, "export function greet(name)");
        assert_eq!(
            e.doc.as_deref(),
            Some("Says hello.\n@param {string} name who\n@returns {string} the greeting")
        );
        assert_eq!(e.parameters, ["string"]);
        assert_eq!(e.returns, ["string"]);
    }
}
