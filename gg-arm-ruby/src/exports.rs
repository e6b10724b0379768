//! Code-module analysis: the methods, classes, modules and constants a Ruby module's source declares
//! at its top level, each with the `#` comment lines right above it as its doc.

use gg_core::ModuleExport;

/// The names `source` declares at its top level, in source order.
pub fn module_exports(source: &str) -> Vec<ModuleExport> {
    let code = crate::mask::mask(source);
    let mut out = Vec::new();
    let mut doc: Vec<&str> = Vec::new();
    let mut offset = 0;
    for line in source.split_inclusive('\n') {
        let start = offset;
        offset += line.len();
        let text = line.trim_end();
        if code.as_ref().is_some_and(|c| !c.get(start).copied().unwrap_or(true)) && !text.starts_with('#') {
            doc.clear();
            continue;
        }
        if let Some(comment) = text.strip_prefix('#') {
            doc.push(comment.strip_prefix(' ').unwrap_or(comment));
            continue;
        }
        // Only the top level: declarations written at column 0.
        if let Some(e) = declaration(text) {
            out.push(ModuleExport {
                doc: (!doc.is_empty()).then(|| doc.join("\n")),
                ..e
            });
        }
        doc.clear();
    }
    out
}

fn declaration(text: &str) -> Option<ModuleExport> {
    let (name, declaration, parameters) = if let Some(rest) = text.strip_prefix("def ") {
        let rest = rest.strip_prefix("self.").unwrap_or(rest);
        let end = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '?' || c == '!' || c == '='))
            .unwrap_or(rest.len());
        let name = &rest[..end];
        let params = rest[end..]
            .trim_start()
            .strip_prefix('(')
            .and_then(|p| p.split_once(')'))
            .map(|(p, _)| p)
            .unwrap_or("");
        let declaration = match text.find(" = ") {
            Some(i) if text[..i].contains(')') || !text[..i].contains('(') => text[..i].to_owned(),
            _ => text.to_owned(),
        };
        let parameters = params
            .split(',')
            .map(|p| {
                p.trim()
                    .trim_start_matches(['*', '&'])
                    .split([':', '=', ' '])
                    .next()
                    .unwrap_or("")
                    .to_owned()
            })
            .filter(|p| !p.is_empty())
            .collect();
        (name.to_owned(), declaration, parameters)
    } else if let Some(rest) = text.strip_prefix("class ").or_else(|| text.strip_prefix("module ")) {
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
            .collect();
        (name, text.to_owned(), Vec::new())
    } else {
        let first = text.chars().next()?;
        let (name, _) = text.split_once('=')?;
        let name = name.trim();
        if !first.is_ascii_uppercase() || !name.chars().all(|c| c.is_alphanumeric() || c == '_') {
            return None;
        }
        (name.to_owned(), name.to_owned(), Vec::new())
    };
    (!name.is_empty()).then(|| ModuleExport {
        name,
        declaration,
        doc: None,
        returns: Vec::new(),
        parameters,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn top_level_methods_classes_and_constants_with_their_docs() {
        let src = "# Greets someone.\n# Politely.\ndef greet(name, loud: false)\n  \"hi #{name}\"\nend\n\nclass Counter\n  def inc = 1\nend\n\nLIMIT = 3\ndef self.twice(x) = x * 2\n";
        let got: Vec<(String, Option<String>, Vec<String>)> = module_exports(src)
            .into_iter()
            .map(|e| (e.name, e.doc, e.parameters))
            .collect();
        assert_eq!(
            got,
            vec![
                (
                    "greet".into(),
                    Some("Greets someone.\nPolitely.".into()),
                    vec!["name".into(), "loud".into()]
                ),
                ("Counter".into(), None, vec![]),
                ("LIMIT".into(), None, vec![]),
                ("twice".into(), None, vec!["x".into()]),
            ]
        );
    }
}
