//! Code-module analysis: the functions, classes, structs and enums a module declares at its top
//! level (inside top-level namespaces too), each with its declaration up to the body and the
//! `//` or `/* */` comment right above it as its documentation.

use gg_core::ModuleExport;

/// The names a module's source declares, in source order. A text that does not lex has none.
pub fn module_exports(source: &str) -> Vec<ModuleExport> {
    let Some(code) = crate::mask::mask(source) else {
        return Vec::new();
    };
    let b = source.as_bytes();
    let mut out = Vec::new();
    // Brace depth counting only the braces that are not a namespace's.
    let mut depth = 0usize;
    let mut namespaces: Vec<usize> = Vec::new();
    let mut start = 0usize;
    let mut i = 0;
    while i < b.len() {
        if !code[i] {
            i += 1;
            continue;
        }
        match b[i] {
            b'#' if depth == 0 && line_start(b, i) => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
                start = i;
                continue;
            }
            b'{' => {
                if depth == 0 {
                    let head = clean(source, &code, start, i);
                    if head.starts_with("namespace") || head.starts_with("inline namespace") {
                        namespaces.push(depth);
                        start = i + 1;
                        i += 1;
                        continue;
                    }
                    let first = (start..i)
                        .find(|&k| code[k] && !b[k].is_ascii_whitespace())
                        .unwrap_or(i);
                    if let Some(export) = declaration(&head, doc_above(source, first)) {
                        out.push(export);
                    }
                }
                depth += 1;
            }
            b'}' => {
                if depth == 0 && namespaces.pop().is_some() {
                    start = i + 1;
                } else {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        start = i + 1;
                    }
                }
            }
            b';' if depth == 0 => start = i + 1,
            _ => {}
        }
        i += 1;
    }
    out
}

fn line_start(b: &[u8], i: usize) -> bool {
    b[..i]
        .iter()
        .rev()
        .take_while(|&&c| c != b'\n')
        .all(u8::is_ascii_whitespace)
}

/// The code bytes of `from..to`, comments dropped, whitespace collapsed.
fn clean(source: &str, code: &[bool], from: usize, to: usize) -> String {
    let kept: String = source[from..to]
        .char_indices()
        .map(|(k, c)| if code[from + k] || !c.is_ascii() { c } else { ' ' })
        .collect();
    kept.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The comment lines right above `at` (blank lines between the comment and the code allowed).
fn doc_above(source: &str, at: usize) -> Option<String> {
    let before = &source[..at];
    let lines: Vec<&str> = before.trim_end().lines().rev().map(str::trim).collect();
    let mut doc: Vec<String> = Vec::new();
    for l in lines {
        if let Some(text) = l.strip_prefix("///").or_else(|| l.strip_prefix("//")) {
            doc.push(text.trim().to_owned());
        } else if l.ends_with("*/") {
            let text = l
                .trim_end_matches("*/")
                .trim_start_matches("/**")
                .trim_start_matches("/*");
            doc.push(text.trim().trim_start_matches('*').trim().to_owned());
            if l.starts_with("/*") {
                break;
            }
        } else if l.starts_with('*') && !doc.is_empty() {
            doc.push(l.trim_start_matches('*').trim().to_owned());
        } else if l.starts_with("/*") && !doc.is_empty() {
            doc.push(l.trim_start_matches("/**").trim_start_matches("/*").trim().to_owned());
            break;
        } else {
            break;
        }
    }
    doc.reverse();
    let text = doc.join(" ").trim().to_owned();
    (!text.is_empty()).then_some(text)
}

/// A top-level head before `{`: a class-like type or a function definition.
fn declaration(head: &str, doc: Option<String>) -> Option<ModuleExport> {
    let words = head.trim_start_matches("export ");
    let without_template = strip_template(words);
    for kind in ["class ", "struct ", "enum class ", "enum struct ", "enum ", "union "] {
        if let Some(rest) = without_template.strip_prefix(kind) {
            let name: String = rest
                .trim_start_matches("[[nodiscard]] ")
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            return (!name.is_empty()).then(|| ModuleExport {
                name,
                declaration: head.to_owned(),
                doc,
                returns: Vec::new(),
                parameters: Vec::new(),
            });
        }
    }
    let open = without_template.find('(')?;
    let before = without_template[..open].trim_end();
    if before.contains('=') {
        return None; // an initialiser: `auto f = [](…) {`
    }
    let name_start = before
        .rfind(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':' || c == '~'))
        .map_or(0, |p| p + 1);
    let name = before[name_start..].to_owned();
    let returns = before[..name_start].trim();
    if name.is_empty() || name.contains("::") || matches!(name.as_str(), "if" | "for" | "while" | "switch") {
        return None;
    }
    let close = matching_paren(without_template, open)?;
    let parameters: Vec<String> = split_top(&without_template[open + 1..close])
        .into_iter()
        .filter_map(|p| {
            let p = p.split('=').next().unwrap_or("").trim();
            let ty_end = p
                .rfind(|c: char| !(c.is_alphanumeric() || c == '_'))
                .map_or(p.len(), |e| e + 1);
            let ty = p[..ty_end].trim();
            (!ty.is_empty()).then(|| ty.to_owned())
        })
        .collect();
    let returns = returns
        .split_whitespace()
        .filter(|w| !matches!(*w, "inline" | "static" | "constexpr" | "consteval" | "[[nodiscard]]"))
        .collect::<Vec<_>>()
        .join(" ");
    let returns = if returns == "auto" {
        without_template[close + 1..]
            .split_once("->")
            .map(|(_, r)| r.trim().to_owned())
            .unwrap_or(returns)
    } else {
        returns
    };
    Some(ModuleExport {
        name,
        declaration: head.to_owned(),
        doc,
        returns: if returns.is_empty() { Vec::new() } else { vec![returns] },
        parameters,
    })
}

fn strip_template(head: &str) -> &str {
    let Some(rest) = head.strip_prefix("template") else {
        return head;
    };
    let rest = rest.trim_start();
    let mut depth = 0;
    for (i, c) in rest.char_indices() {
        match c {
            '<' => depth += 1,
            '>' => {
                depth -= 1;
                if depth == 0 {
                    return rest[i + 1..].trim_start();
                }
            }
            _ => {}
        }
    }
    head
}

fn matching_paren(s: &str, open: usize) -> Option<usize> {
    let mut depth = 0;
    for (i, c) in s[open..].char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(open + i);
                }
            }
            _ => {}
        }
    }
    None
}

/// Splits a parameter list at its top-level commas.
fn split_top(s: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut depth, mut from) = (0i32, 0);
    for (i, c) in s.char_indices() {
        match c {
            '(' | '<' | '[' | '{' => depth += 1,
            ')' | '>' | ']' | '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&s[from..i]);
                from = i + 1;
            }
            _ => {}
        }
    }
    if !s[from..].trim().is_empty() && s.trim() != "void" {
        parts.push(&s[from..]);
    }
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn functions_and_types_at_the_top_level() {
        let source = r#"#include <string>
#include <vector>

/// Greets by name.
std::string greet(const std::string& name, int times = 1) {
  if (times > 1) { return "hi"; }
  return "hello " + name;
}

namespace util {
// A counter.
struct Counter { int n = 0; };
}

template <class T>
auto twice(T x) -> T { return x + x; }

static int hidden_helper(void) { return 1; }
int declared_only(int);
auto lambda = [](int x) { return x; };
"#;
        let got = module_exports(source);
        let names: Vec<&str> = got.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["greet", "Counter", "twice", "hidden_helper"]);
        assert_eq!(got[0].doc.as_deref(), Some("Greets by name."));
        assert_eq!(got[0].returns, ["std::string"]);
        assert_eq!(got[0].parameters, ["const std::string&", "int"]);
        assert_eq!(
            got[0].declaration,
            "std::string greet(const std::string& name, int times = 1)"
        );
        assert_eq!(got[1].doc.as_deref(), Some("A counter."));
        assert_eq!(got[2].returns, ["T"]);
        assert!(got[3].parameters.is_empty());
    }

    #[test]
    fn a_text_that_does_not_lex_declares_nothing() {
        assert!(module_exports("int f() { return \"x; }").is_empty());
    }
}
