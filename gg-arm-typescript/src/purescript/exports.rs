//! What a PureScript code module declares for `docs.search`: each top-level type signature
//! (`name :: Type` at the line's start, continued on indented lines), its `-- |` doc comment, and
//! the type names in parameter and return position.

use gg_core::ModuleExport;

pub fn module_exports(source: &str) -> Vec<ModuleExport> {
    let mask = super::lexer::code_mask(source);
    let lines: Vec<(usize, &str)> = {
        let mut at = 0;
        source
            .split_inclusive('\n')
            .map(|l| {
                let start = at;
                at += l.len();
                (start, l.trim_end_matches(['\n', '\r']))
            })
            .collect()
    };
    let mut out = Vec::new();
    let mut doc: Vec<String> = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let (start, line) = lines[i];
        if let Some(d) = line.strip_prefix("-- |") {
            doc.push(d.trim().to_owned());
            i += 1;
            continue;
        }
        let code = mask.as_ref().is_none_or(|m| m.is_code(start));
        let name: String = line
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '\'')
            .collect();
        let rest = line[name.len()..].trim_start();
        if code
            && !name.is_empty()
            && name.starts_with(|c: char| c.is_lowercase() || c == '_')
            && rest.starts_with("::")
        {
            let mut declaration = line.trim_end().to_owned();
            while i + 1 < lines.len() && lines[i + 1].1.starts_with([' ', '\t']) && !lines[i + 1].1.trim().is_empty() {
                i += 1;
                declaration.push(' ');
                declaration.push_str(lines[i].1.trim());
            }
            let ty = declaration.split_once("::").map_or("", |(_, t)| t).trim();
            let ty = ty.rsplit_once("=>").map_or(ty, |(_, t)| t).trim();
            let parts = arrows(ty);
            let names = |t: &str| -> Vec<String> {
                t.split(|c: char| !c.is_alphanumeric() && c != '_' && c != '.')
                    .filter(|w| w.starts_with(|c: char| c.is_uppercase()))
                    .map(str::to_owned)
                    .collect()
            };
            let (params, ret) = parts.split_at(parts.len().saturating_sub(1));
            let returns = ret.iter().flat_map(|t| names(t)).collect();
            let parameters = params.iter().flat_map(|t| names(t)).collect();
            out.push(ModuleExport {
                name,
                declaration: declaration.clone(),
                doc: (!doc.is_empty()).then(|| doc.join(" ")),
                returns,
                parameters,
            });
        }
        doc.clear();
        i += 1;
    }
    out
}

/// A type split at its top-level arrows.
fn arrows(ty: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut depth, mut from) = (0i32, 0);
    let b = ty.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'(' | b'{' | b'[' => depth += 1,
            b')' | b'}' | b']' => depth -= 1,
            b'-' if depth == 0 && b.get(i + 1) == Some(&b'>') => {
                parts.push(ty[from..i].trim());
                from = i + 2;
                i += 1;
            }
            _ => {}
        }
        i += 1;
    }
    parts.push(ty[from..].trim());
    parts
}

#[cfg(test)]
mod tests {
    use super::module_exports;

    #[test]
    fn signatures_docs_and_type_names() {
        let src = "module Lib.Notes where\n\nimport Prelude\n\n-- | Counts the words.\nwordCount :: String\n  -> Int\nwordCount s = 1\n\nsummary :: Array String -> Effect (Maybe String)\nsummary _ = pure Nothing\n-- x :: Int\n";
        let e = module_exports(src);
        assert_eq!(e.len(), 2, "{e:?}");
        assert_eq!(e[0].name, "wordCount");
        assert_eq!(e[0].declaration, "wordCount :: String -> Int");
        assert_eq!(e[0].doc.as_deref(), Some("Counts the words."));
        assert_eq!(
            (e[0].parameters.clone(), e[0].returns.clone()),
            (vec!["String".to_owned()], vec!["Int".to_owned()])
        );
        assert_eq!(e[1].returns, vec!["Effect", "Maybe", "String"]);
    }
}
