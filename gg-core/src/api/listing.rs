//! The prompt's SDK listing: a catalogue walked module by module, every type and function with its
//! brief, each line written in the arm's own notation ([`Notation`]). The walk names no language.

use crate::api::catalogue::{Catalogue, CatalogueFunction, CatalogueType};

/// One module's section of a listing.
#[derive(Debug, Clone, Copy)]
pub struct Section<'a> {
    /// The module's name, as the catalogue spells it (`gg.files`, `gg::files`, `files`).
    pub module: &'a str,
    /// The module's brief; empty for a module that only holds types.
    pub brief: &'a str,
    /// Whether it is one of the SDK's modules (`Catalogue::modules`), not a module of types only.
    pub listed: bool,
}

/// How an arm writes its SDK's declarations, for [`Catalogue::sdk_listing`]. Every text it is
/// handed is already in the arm's spelling (the catalogue's), with the section's own module prefix
/// left out of it.
pub trait Notation {
    /// How a line comment opens (`//`, `#`).
    fn comment(&self) -> &str;
    /// What joins a module's name to a member's in a qualified name (`.`, `::`).
    fn separator(&self) -> &str {
        "."
    }
    /// The line opening a section, and the line closing it if the notation has one (`}`); a
    /// section with a closing line has its lines indented by [`indent`](Self::indent). Default: a
    /// comment naming the module, then its brief.
    fn section(&self, section: &Section) -> (String, Option<String>) {
        let open = match section.brief {
            "" => format!("{} {}", self.comment(), section.module),
            brief => format!("{} {}: {brief}", self.comment(), section.module),
        };
        (open, None)
    }
    /// How the lines inside a closed section are indented.
    fn indent(&self) -> &str {
        "  "
    }
    /// A function's declaration, from its `signature` (`read_file(path: …) -> …`).
    fn function(&self, function: &CatalogueFunction, signature: &str) -> String;
    /// A type's declaration, from its `members` (name and type, in catalogue order). None leaves
    /// the type out (the arm declares it in its paragraph).
    fn declare(&self, ty: &CatalogueType, members: &[(String, String)]) -> Option<String>;
}

impl Catalogue {
    /// An arm's whole prompt segment: its `paragraph`, then `heading` and the whole SDK in
    /// `notation`, fenced as `fence`, then the libraries beside the SDK, after `libraries_intro`
    /// as a bulleted list where one is given, else a line per group. Placeholders (`{op:…}`,
    /// `{type:…}`) in the paragraph and the heading are resolved.
    pub fn prompt_segment(
        &self,
        paragraph: &str,
        heading: &str,
        fence: &str,
        notation: &dyn Notation,
        libraries_intro: Option<&str>,
    ) -> String {
        let mut out = self.resolve_placeholders(paragraph);
        out.push_str("\n\n");
        out.push_str(&self.resolve_placeholders(heading));
        out.push_str(&format!("\n```{fence}\n"));
        out.push_str(&self.sdk_listing(notation));
        out.push_str("\n```\n");
        match libraries_intro {
            Some(intro) => {
                out.push_str(&format!("\n{intro}\n"));
                for g in &self.libraries {
                    out.push_str(&format!("- {}: {}\n", g.heading, g.modules.join(", ")));
                }
            }
            None => {
                for g in &self.libraries {
                    out.push_str(&format!("\n{}: {}\n", g.heading, g.modules.join(", ")));
                }
            }
        }
        out.truncate(out.trim_end().len());
        out
    }

    /// The whole SDK as the arm's notation writes it: a section per module (modules holding only
    /// types first, in catalogue order, then the SDK's modules), each with its types, then its
    /// functions, and every line followed by its brief as a comment. Functions whose operation is
    /// [`left_out`](Catalogue::left_out) are not listed, nor a module left with none.
    pub fn sdk_listing(&self, notation: &dyn Notation) -> String {
        let mut sections: Vec<Section> = Vec::new();
        for t in &self.types {
            let listed = self.modules.iter().any(|m| m.name == t.module);
            if !listed && !sections.iter().any(|s| s.module == t.module) {
                sections.push(Section {
                    module: t.module.as_str(),
                    brief: "",
                    listed: false,
                });
            }
        }
        sections.extend(self.modules.iter().map(|m| Section {
            module: m.name.as_str(),
            brief: m.brief.as_str(),
            listed: true,
        }));
        // A module whose every function is left out goes whole: its types serve those functions.
        sections.retain(|s| {
            let mut functions = self.functions.iter().filter(|f| f.module == s.module).peekable();
            !s.listed || functions.peek().is_none() || functions.any(|f| self.lists(f))
        });
        let comment = notation.comment();
        let mut out = String::new();
        for section in sections {
            let module = section.module;
            let prefix = format!("{module}{}", notation.separator());
            let local = |text: &str| text.replace(&prefix, "");
            let mut lines = Vec::new();
            for t in self.types.iter().filter(|t| t.module == module) {
                let members: Vec<(String, String)> = t.members.iter().map(|m| (local(&m.name), local(&m.ty))).collect();
                if let Some(text) = notation.declare(t, &members) {
                    lines.push(with_brief(&text, comment, &t.brief));
                }
            }
            for f in self.functions.iter().filter(|f| f.module == module && self.lists(f)) {
                let text = notation.function(f, &local(&f.signature));
                lines.push(with_brief(&text, comment, &f.brief));
            }
            if lines.is_empty() {
                continue;
            }
            let (open, close) = notation.section(&section);
            let indent = if close.is_some() { notation.indent() } else { "" };
            out.push_str(&open);
            out.push('\n');
            for line in lines {
                for l in line.lines() {
                    out.push_str(&format!("{indent}{l}\n"));
                }
            }
            if let Some(close) = close {
                out.push_str(&close);
                out.push('\n');
            }
        }
        out.truncate(out.trim_end().len());
        out
    }
}

/// `text` with `brief` as a comment after its first line.
fn with_brief(text: &str, comment: &str, brief: &str) -> String {
    if brief.is_empty() {
        return text.to_owned();
    }
    match text.split_once('\n') {
        Some((first, rest)) => format!("{first}  {comment} {brief}\n{rest}"),
        None => format!("{text}  {comment} {brief}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::catalogue::{CatalogueMember, CatalogueModule, TypeKind};

    struct Stubs;

    impl Notation for Stubs {
        fn comment(&self) -> &str {
            "#"
        }
        fn function(&self, _: &CatalogueFunction, signature: &str) -> String {
            format!("def {signature}: ...")
        }
        fn declare(&self, t: &CatalogueType, members: &[(String, String)]) -> Option<String> {
            let fields: Vec<String> = members.iter().map(|(n, ty)| format!("{n}: {ty}")).collect();
            Some(format!("class {}: {}", t.name, fields.join("; ")))
        }
    }

    fn ty(module: &str, name: &str, members: &[(&str, &str)]) -> CatalogueType {
        CatalogueType {
            module: module.into(),
            name: name.into(),
            qualified: format!("{module}.{name}"),
            kind: TypeKind::Record,
            brief: format!("A {name}."),
            members: members
                .iter()
                .map(|(n, t)| CatalogueMember {
                    name: (*n).into(),
                    ty: (*t).into(),
                    doc: "a field".into(),
                })
                .collect(),
        }
    }

    #[test]
    fn a_listing_has_a_section_per_module_with_its_types_then_functions_each_with_its_brief() {
        let catalogue = Catalogue {
            language: "stub".into(),
            modules: vec![CatalogueModule {
                name: "gg.files".into(),
                import_line: "import gg".into(),
                brief: "Files.".into(),
            }],
            functions: vec![CatalogueFunction {
                module: "gg.files".into(),
                name: "read_file".into(),
                qualified: "gg.files.read_file".into(),
                operation: "files.read_file".into(),
                signature: "gg.files.read_file(path: str) -> gg.files.FileRead".into(),
                brief: "Read a file.".into(),
                detail: String::new(),
                params: Vec::new(),
                returns: None,
                throws: Vec::new(),
            }],
            types: vec![
                ty("gg", "ApiError", &[("code", "gg.ErrorCode")]),
                ty("gg.files", "FileRead", &[("contents", "str")]),
            ],
            libraries: Vec::new(),
            left_out: Default::default(),
        };
        assert_eq!(
            catalogue.sdk_listing(&Stubs),
            "# gg\nclass ApiError: code: ErrorCode  # A ApiError.\n\
             # gg.files: Files.\nclass FileRead: contents: str  # A FileRead.\n\
             def read_file(path: str) -> FileRead: ...  # Read a file."
        );
        // Left out, the operation goes, and its module with it; the placeholder still resolves.
        let narrowed = catalogue.leaving_out(["files.read_file".to_owned()]);
        assert_eq!(
            narrowed.sdk_listing(&Stubs),
            "# gg\nclass ApiError: code: ErrorCode  # A ApiError."
        );
        assert_eq!(
            narrowed.resolve_placeholders("{op:files.read_file}"),
            "gg.files.read_file"
        );
    }
}
