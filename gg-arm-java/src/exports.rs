//! Code-module analysis: the `public` members a Java code module offers (its code is the body of
//! the class `lib.<key>`: static methods and fields, nested records, enums, classes and
//! interfaces), with the Javadoc above each, read from code bytes only.

use gg_core::ModuleExport;

const TYPE_KINDS: &[&str] = &["class", "record", "enum", "interface"];

/// Is `c` part of a Java identifier?
fn ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '$'
}

/// The identifier that ends right before byte `end` of `text` (spaces skipped).
fn ident_before(text: &str, end: usize) -> Option<&str> {
    let head = text[..end].trim_end();
    let start = head.rfind(|c: char| !ident(c)).map_or(0, |i| i + 1);
    let name = &head[start..];
    (!name.is_empty() && !name.starts_with(|c: char| c.is_ascii_digit())).then_some(name)
}

/// One declaration's name from its header (the text before its body or initialiser).
fn declared_name(header: &str) -> Option<String> {
    let words: Vec<&str> = header
        .split(|c: char| !ident(c) && c != '@')
        .filter(|w| !w.is_empty())
        .collect();
    if let Some(k) = words.iter().position(|w| TYPE_KINDS.contains(w)) {
        return words.get(k + 1).map(|w| (*w).to_owned());
    }
    // A method: the name before its parameter list; a field: the last word before `=` or `;`.
    let cut = header.find('(').or_else(|| header.find('=')).unwrap_or(header.len());
    ident_before(header, cut).map(str::to_owned)
}

/// The Javadoc's text without its `/** */` and leading `*`s.
fn javadoc_text(comment: &str) -> String {
    let inner = comment.trim().trim_start_matches("/**").trim_end_matches("*/");
    inner
        .lines()
        .map(|l| l.trim().trim_start_matches('*').trim())
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

pub fn module_exports(source: &str) -> Vec<ModuleExport> {
    let Some(code) = crate::mask::mask(source) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut doc: Option<String> = None;
    for (offset, line, depth) in gg_core::lines_with_brace_depth(source, &code) {
        let trimmed = line.trim();
        let first = offset + (line.len() - line.trim_start().len());
        let starts_in_code = code.get(first).copied().unwrap_or(false);
        if depth == 0 && trimmed.starts_with("/**") && !starts_in_code {
            // A Javadoc block: gather it whole (it may span lines) from the source.
            let end = source[first..].find("*/").map_or(source.len(), |e| first + e + 2);
            doc = Some(javadoc_text(&source[first..end]));
        } else if depth == 0 && starts_in_code && !trimmed.starts_with('@') {
            let header = trimmed.split(['{', ';']).next().unwrap_or(trimmed).trim();
            let words: Vec<&str> = header.split_whitespace().collect();
            if words.contains(&"public")
                && let Some(name) = declared_name(header)
            {
                let declaration = header.trim_end_matches('=').trim().to_owned();
                let declaration = match declaration.split_once('=') {
                    Some((before, _)) => before.trim().to_owned(),
                    None => declaration,
                };
                out.push(ModuleExport {
                    name,
                    declaration,
                    doc: doc.take(),
                    returns: Vec::new(),
                    parameters: Vec::new(),
                });
            } else if !trimmed.is_empty() {
                doc = None;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn public_members_at_the_top_with_their_javadoc() {
        let src = "import java.util.*;\n\n/** Greets each name.\n * Politely. */\npublic static String greet(List<String> names) {\n    String inner = \"public static int no() {\";\n    return \"hi\";\n}\nstatic int hidden() { return 1; }\nprivate static int secret = 2;\npublic static final int ANSWER = 42;\npublic record Note(String text) {}\n// public static void commented() {}\npublic enum Mood { GLAD, SAD }\n";
        let found: Vec<(String, String, Option<String>)> = module_exports(src)
            .into_iter()
            .map(|e| (e.name, e.declaration, e.doc))
            .collect();
        assert_eq!(
            found,
            [
                (
                    "greet".to_owned(),
                    "public static String greet(List<String> names)".to_owned(),
                    Some("Greets each name. Politely.".to_owned())
                ),
                ("ANSWER".to_owned(), "public static final int ANSWER".to_owned(), None),
                ("Note".to_owned(), "public record Note(String text)".to_owned(), None),
                ("Mood".to_owned(), "public enum Mood".to_owned(), None),
            ]
        );
    }
}
