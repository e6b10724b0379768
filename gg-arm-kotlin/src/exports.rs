//! Code-module analysis: the top-level declarations (`fun`, `val`/`var`, `class`, `object`,
//! `interface`, `typealias`) a Kotlin code module offers, read from code bytes only.

use gg_core::ModuleExport;

const KINDS: &[&str] = &["fun", "val", "var", "class", "object", "interface", "typealias"];

pub fn module_exports(source: &str) -> Vec<ModuleExport> {
    let Some(code) = crate::mask::mask(source) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (offset, line, depth) in gg_core::lines_with_brace_depth(source, &code) {
        if depth == 0 {
            let words: Vec<&str> = line
                .split(|c: char| c.is_whitespace() || c == '(' || c == ':' || c == '<' || c == '=')
                .filter(|w| !w.is_empty())
                .collect();
            if let Some(k) = words.iter().position(|w| KINDS.contains(w))
                && !words[..k].iter().any(|w| *w == "private" || *w == "internal")
                && let Some(name) = words.get(k + 1)
                && code.get(offset).copied().unwrap_or(false)
            {
                let name = name.trim_matches('`');
                let declaration = line
                    .split('{')
                    .next()
                    .unwrap_or(line)
                    .trim()
                    .trim_end_matches('=')
                    .trim();
                out.push(ModuleExport {
                    name: name.to_owned(),
                    declaration: declaration.to_owned(),
                    doc: None,
                    returns: Vec::new(),
                    parameters: Vec::new(),
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn top_level_public_declarations() {
        let src = "fun greet(name: String): String {\n  val inner = 1\n  return \"hi $name\"\n}\nprivate fun hidden() = 1\nval answer = 42\ndata class Note(val text: String)\n/* fun no() */\n";
        let names: Vec<String> = module_exports(src).into_iter().map(|e| e.name).collect();
        assert_eq!(names, ["greet", "answer", "Note"]);
    }
}
