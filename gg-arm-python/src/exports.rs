//! Code-module analysis: the names a module's source declares, read by a line scan over the code
//! mask (spec "Code modules").
//!
//! Unindented `def`, `async def`, `class` and plain top-level assignments, in source order; the
//! first spelling of a name wins; names opening with `_` and imported names are skipped. Each
//! carries its declaration up to the colon opening its body, the docstring inside it or the `#`
//! comment above it, and for a def the type names its annotations write.

use gg_core::ModuleExport;

use crate::mask::mask;

/// The longest declaration kept of an assignment (its value can be anything).
const MAX_ASSIGNMENT: usize = 200;

pub fn module_exports(source: &str) -> Vec<ModuleExport> {
    let code = mask(source).unwrap_or_else(|| vec![true; source.len()]);
    let scan = Scan {
        src: source,
        b: source.as_bytes(),
        code,
    };
    let lines = line_starts(source);
    let imported = scan.imported_names(&lines);
    let mut out: Vec<ModuleExport> = Vec::new();
    for (i, &start) in lines.iter().enumerate() {
        if !scan.code_at(start) {
            continue;
        }
        let Some(found) = scan.declaration_at(start) else {
            continue;
        };
        if found.name.starts_with('_') || imported.contains(&found.name) || out.iter().any(|e| e.name == found.name) {
            continue;
        }
        let doc = found.docstring.or_else(|| scan.comment_above(&lines, i));
        out.push(ModuleExport {
            name: found.name,
            declaration: found.declaration,
            doc,
            returns: found.returns,
            parameters: found.parameters,
        });
    }
    out
}

fn line_starts(source: &str) -> Vec<usize> {
    std::iter::once(0)
        .chain(source.match_indices('\n').map(|(i, _)| i + 1))
        .filter(|&i| i < source.len())
        .collect()
}

struct Found {
    name: String,
    declaration: String,
    docstring: Option<String>,
    returns: Vec<String>,
    parameters: Vec<String>,
}

struct Scan<'a> {
    src: &'a str,
    b: &'a [u8],
    code: Vec<bool>,
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c >= 0x80
}

impl Scan<'_> {
    fn code_at(&self, i: usize) -> bool {
        self.code.get(i).copied().unwrap_or(false)
    }

    fn line_end(&self, start: usize) -> usize {
        self.src[start..].find('\n').map_or(self.src.len(), |n| start + n)
    }

    /// An identifier starting at `i`, if one does.
    fn ident(&self, i: usize) -> Option<(&str, usize)> {
        let end = (i..self.b.len())
            .find(|&j| !is_ident(self.b[j]))
            .unwrap_or(self.b.len());
        (end > i && !self.b[i].is_ascii_digit()).then(|| (&self.src[i..end], end))
    }

    fn skip_spaces(&self, mut i: usize) -> usize {
        while i < self.b.len() && (self.b[i] == b' ' || self.b[i] == b'\t') {
            i += 1;
        }
        i
    }

    /// The declaration a line starting at `start` makes, if any.
    fn declaration_at(&self, start: usize) -> Option<Found> {
        let (word, after) = self.ident(start)?;
        match word {
            "def" | "class" => self.block(start, after, word == "def"),
            "async" => {
                let i = self.skip_spaces(after);
                match self.ident(i)? {
                    ("def", after) => self.block(start, after, true),
                    _ => None,
                }
            }
            _ if is_keyword(word) => None,
            name => self.assignment(start, name, after),
        }
    }

    /// A `def` or `class` whose keyword ends at `after`.
    fn block(&self, start: usize, after: usize, is_def: bool) -> Option<Found> {
        let i = self.skip_spaces(after);
        let (name, name_end) = self.ident(i)?;
        let colon = self.body_colon(name_end)?;
        let declaration = squeeze(&self.src[start..colon]);
        let docstring = self.docstring_after(colon + 1);
        let (mut returns, mut parameters) = (Vec::new(), Vec::new());
        if is_def {
            let open = (name_end..colon).find(|&j| self.code_at(j) && self.b[j] == b'(')?;
            let close = self.matching(open, colon)?;
            parameters = self.parameter_types(open + 1, close);
            if let Some(arrow) = (close..colon).find(|&j| self.code_at(j) && self.src[j..].starts_with("->")) {
                returns = type_names(&self.src[arrow + 2..colon]);
            }
        }
        Some(Found {
            name: name.to_owned(),
            declaration,
            docstring,
            returns,
            parameters,
        })
    }

    /// The code `:` at bracket depth 0 that opens the body of a declaration.
    fn body_colon(&self, from: usize) -> Option<usize> {
        let mut depth = 0i32;
        for j in from..self.b.len() {
            if !self.code_at(j) {
                continue;
            }
            match self.b[j] {
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' | b'}' => depth -= 1,
                b':' if depth == 0 => return Some(j),
                b'\n' if depth == 0 && (j == 0 || self.b[j - 1] != b'\\') => return None,
                _ => {}
            }
        }
        None
    }

    /// The `)` closing the `(` at `open`, before `limit`.
    fn matching(&self, open: usize, limit: usize) -> Option<usize> {
        let mut depth = 0i32;
        for j in open..limit {
            if !self.code_at(j) {
                continue;
            }
            match self.b[j] {
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' | b'}' => {
                    depth -= 1;
                    if depth == 0 {
                        return Some(j);
                    }
                }
                _ => {}
            }
        }
        None
    }

    /// Type names written in the parameter annotations between `from` and `to`.
    fn parameter_types(&self, from: usize, to: usize) -> Vec<String> {
        // Split at depth-0 commas; in each parameter the annotation runs from its depth-0 `:`
        // to its depth-0 `=` (the default) or its end.
        let mut names: Vec<String> = Vec::new();
        let (mut depth, mut colon, mut equals, mut param_start) = (0i32, None, None, from);
        for j in from..=to {
            let c = if j == to { b',' } else { self.b[j] };
            if j < to && !self.code_at(j) {
                continue;
            }
            match c {
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' | b'}' => depth -= 1,
                b':' if depth == 0 && colon.is_none() && equals.is_none() => colon = Some(j),
                b'=' if depth == 0 && equals.is_none() => equals = Some(j),
                b',' if depth == 0 => {
                    if let Some(c) = colon.filter(|&c| c >= param_start) {
                        for n in type_names(&self.src[c + 1..equals.unwrap_or(j)]) {
                            if !names.contains(&n) {
                                names.push(n);
                            }
                        }
                    }
                    (colon, equals, param_start) = (None, None, j + 1);
                }
                _ => {}
            }
        }
        names
    }

    /// A plain assignment `NAME = …` or `NAME: T = …` (not `==`, not augmented).
    fn assignment(&self, start: usize, name: &str, after: usize) -> Option<Found> {
        let i = self.skip_spaces(after);
        let rest = &self.src[i..self.line_end(start)];
        let is_assignment =
            (rest.starts_with('=') && !rest.starts_with("==")) || (rest.starts_with(':') && !rest.starts_with(":="));
        if !is_assignment {
            return None;
        }
        let end = (start..self.line_end(start))
            .find(|&j| self.b[j] == b'#' && !self.code_at(j))
            .unwrap_or(self.line_end(start));
        let mut declaration = squeeze(&self.src[start..end]);
        if declaration.len() > MAX_ASSIGNMENT {
            let mut end = MAX_ASSIGNMENT;
            while !declaration.is_char_boundary(end) {
                end -= 1;
            }
            declaration.truncate(end);
            declaration.push('…');
        }
        Some(Found {
            name: name.to_owned(),
            declaration,
            docstring: None,
            returns: Vec::new(),
            parameters: Vec::new(),
        })
    }

    /// The string literal that is the first statement after a body's colon, as its text.
    fn docstring_after(&self, from: usize) -> Option<String> {
        let mut i = from;
        while i < self.b.len() {
            match self.b[i] {
                b' ' | b'\t' | b'\r' | b'\n' => i += 1,
                _ if !self.code_at(i) && self.b[i] == b'#' => i = self.line_end(i),
                _ => break,
            }
        }
        if i >= self.b.len() || self.code_at(i) {
            // A prefix (`r"""…"""`) is string bytes too, so code here means no docstring.
            return None;
        }
        let end = (i..self.b.len()).find(|&j| self.code_at(j)).unwrap_or(self.b.len());
        literal_text(&self.src[i..end])
    }

    /// The `#` comment lines right above line `index` (above its decorators too).
    fn comment_above(&self, lines: &[usize], index: usize) -> Option<String> {
        let mut i = index;
        while i > 0 && self.src[lines[i - 1]..].starts_with('@') {
            i -= 1;
        }
        let mut comment = Vec::new();
        while i > 0 {
            let line = self.src[lines[i - 1]..self.line_end(lines[i - 1])].trim();
            match line.strip_prefix('#') {
                Some(text) if !self.code_at(lines[i - 1] + self.src[lines[i - 1]..].find('#').unwrap_or(0)) => {
                    comment.push(text.trim().to_owned());
                    i -= 1;
                }
                _ => break,
            }
        }
        comment.reverse();
        (!comment.is_empty()).then(|| comment.join("\n"))
    }

    /// Names bound by top-level `import` and `from … import` lines.
    fn imported_names(&self, lines: &[usize]) -> Vec<String> {
        let mut names = Vec::new();
        for &start in lines {
            if !self.code_at(start) {
                continue;
            }
            let line = &self.src[start..self.line_end(start)];
            let line = line.split('#').next().unwrap_or("");
            let list = if let Some(rest) = line.strip_prefix("import ") {
                rest
            } else if line.starts_with("from ") {
                match line.split_once(" import ") {
                    Some((_, list)) => list,
                    None => continue,
                }
            } else {
                continue;
            };
            for item in list
                .trim()
                .trim_start_matches('(')
                .trim_end_matches([')', '\\'])
                .split(',')
            {
                let item = item.trim();
                let bound = match item.split_once(" as ") {
                    Some((_, alias)) => alias.trim(),
                    None => item.split('.').next().unwrap_or(""),
                };
                if !bound.is_empty() {
                    names.push(bound.to_owned());
                }
            }
        }
        names
    }
}

const KEYWORDS: &[&str] = &[
    "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue", "def", "del",
    "elif", "else", "except", "finally", "for", "from", "global", "if", "import", "in", "is", "lambda", "nonlocal",
    "not", "or", "pass", "raise", "return", "try", "while", "with", "yield", "match", "case", "type",
];

fn is_keyword(word: &str) -> bool {
    KEYWORDS.contains(&word)
}

/// A declaration on one line: runs of whitespace (a wrapped parameter list) become one space.
fn squeeze(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for word in text.split_whitespace() {
        if !out.is_empty() && !out.ends_with(['(', '[']) && !word.starts_with([')', ']', ',']) {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

/// Type names an annotation writes: dotted identifiers, the insides of quoted forward references
/// included, `None` and keywords excluded, each once.
fn type_names(annotation: &str) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    let b = annotation.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if is_ident(b[i]) && !b[i].is_ascii_digit() {
            let start = i;
            while i < b.len() && (is_ident(b[i]) || (b[i] == b'.' && b.get(i + 1).is_some_and(|&c| is_ident(c)))) {
                i += 1;
            }
            let name = &annotation[start..i];
            // A string prefix before a quote is not a name.
            let prefix_of_string = matches!(b.get(i), Some(b'\'' | b'"')) && name.len() <= 2;
            if name != "None" && !is_keyword(name) && !prefix_of_string && !names.iter().any(|n| n == name) {
                names.push(name.to_owned());
            }
        } else {
            i += 1;
        }
    }
    names
}

/// The text of a string literal (prefix and quotes removed, indentation cleaned as Python's
/// `inspect.cleandoc` does); `None` for a concatenation or anything else.
fn literal_text(literal: &str) -> Option<String> {
    let body = literal.trim_start_matches(|c: char| c.is_ascii_alphabetic());
    let quote = ["\"\"\"", "'''", "\"", "'"].into_iter().find(|q| body.starts_with(q))?;
    let inner = body.strip_prefix(quote)?.trim_end();
    let inner = inner.strip_suffix(quote)?;
    let mut lines = inner.lines();
    let first = lines.next().unwrap_or("").trim().to_owned();
    let rest: Vec<&str> = lines.collect();
    let indent = rest
        .iter()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.len() - l.trim_start().len())
        .min()
        .unwrap_or(0);
    let mut out = vec![first];
    out.extend(rest.iter().map(|l| l.get(indent..).unwrap_or("").trim_end().to_owned()));
    let text = out.join("\n").trim().to_owned();
    (!text.is_empty()).then_some(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(source: &str) -> Vec<String> {
        module_exports(source).into_iter().map(|e| e.name).collect()
    }

    #[test]
    fn unindented_defs_classes_and_assignments_in_source_order() {
        let src = "import os\nfrom json import loads as parse\nLIMIT = 3\n\n# Greets.\ndef greet(name: str) -> str:\n    inner = 1\n    return name\n\nasync def fetch(): pass\nclass Note(Base):\n    x = 1\n_private = 2\ngreet = 5\nos = 1\nparse = 2\nx == 3\ncount += 1\nif x:\n    y = 2\ntotal: int = 0\n";
        assert_eq!(names(src), ["LIMIT", "greet", "fetch", "Note", "total"]);
    }

    #[test]
    fn a_def_written_inside_a_docstring_is_not_declared() {
        let src = "\"\"\"Module doc.\n\ndef fake(): pass\nclass Fake:\n\"\"\"\ndef real():\n    '''Real.\n\ndef also_fake(): pass\n'''\n";
        assert_eq!(names(src), ["real"]);
    }

    #[test]
    fn a_source_that_does_not_lex_is_read_as_it_stands() {
        assert_eq!(
            names("def a(): pass\nx = 'unterminated\ndef b(): pass\n"),
            ["a", "x", "b"]
        );
    }

    #[test]
    fn declarations_run_to_the_body_colon_with_docs_and_type_names() {
        let src = "# Adds two numbers.\n@cache\ndef add(a: int,\n        b: \"Num\" = 2, *rest: list[Item], flag=None) -> dict[str, 'Total'] | None:\n    return a\n\nclass Notes(dict[str, int]):\n    \"\"\"A set of notes.\n\n    Keyed by title.\n    \"\"\"\n\ndef plain(x, y=1):\n    r'''Raw doc.'''\n";
        let e = module_exports(src);
        assert_eq!(e[0].name, "add");
        assert_eq!(
            e[0].declaration,
            "def add(a: int, b: \"Num\" = 2, *rest: list[Item], flag=None) -> dict[str, 'Total'] | None"
        );
        assert_eq!(e[0].doc.as_deref(), Some("Adds two numbers."));
        assert_eq!(e[0].parameters, ["int", "Num", "list", "Item"]);
        assert_eq!(e[0].returns, ["dict", "str", "Total"]);
        assert_eq!(e[1].declaration, "class Notes(dict[str, int])");
        assert_eq!(e[1].doc.as_deref(), Some("A set of notes.\n\nKeyed by title."));
        assert!(e[1].returns.is_empty() && e[1].parameters.is_empty());
        assert_eq!(e[2].declaration, "def plain(x, y=1)");
        assert_eq!(e[2].doc.as_deref(), Some("Raw doc."));
        assert!(e[2].returns.is_empty() && e[2].parameters.is_empty());
    }

    #[test]
    fn an_assignment_carries_its_line_and_the_comment_above() {
        let e = module_exports("# How many.\nLIMIT = {'a': 1}  # inline\n");
        assert_eq!(e[0].declaration, "LIMIT = {'a': 1}");
        assert_eq!(e[0].doc.as_deref(), Some("How many."));
    }
}
