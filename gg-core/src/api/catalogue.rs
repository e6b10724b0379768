//! The signature catalogue's data model: what `docs.search` and documentation views read.

use serde::{Deserialize, Serialize};

/// Everything an arm's SDK declares, in that arm's spellings. Generated at build time, never hand-kept.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Catalogue {
    pub language: String,
    pub modules: Vec<CatalogueModule>,
    pub functions: Vec<CatalogueFunction>,
    pub types: Vec<CatalogueType>,
    /// Libraries a program may import beside the SDK, grouped under headings.
    #[serde(default)]
    pub libraries: Vec<LibraryGroup>,
    /// Operations an agent's prompt leaves out of the SDK listing ([`Catalogue::leaving_out`]);
    /// the functions stay, so the paragraph's placeholders still resolve. Never serialised.
    #[serde(skip)]
    pub left_out: std::collections::BTreeSet<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CatalogueModule {
    pub name: String,
    /// The line a program writes to bring the module into scope.
    pub import_line: String,
    pub brief: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CatalogueFunction {
    pub module: String,
    pub name: String,
    /// The fully-qualified name documentation views and search are keyed by.
    pub qualified: String,
    /// The gg operation this spelling binds (`files.read_file`).
    pub operation: String,
    pub signature: String,
    pub brief: String,
    #[serde(default)]
    pub detail: String,
    pub params: Vec<CatalogueParam>,
    pub returns: Option<String>,
    #[serde(default)]
    pub throws: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CatalogueParam {
    pub name: String,
    pub ty: String,
    pub optional: bool,
    pub doc: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CatalogueType {
    pub module: String,
    pub name: String,
    pub qualified: String,
    /// What its members are: a record's fields, an enum's members, a variant's cases.
    pub kind: TypeKind,
    pub brief: String,
    pub members: Vec<CatalogueMember>,
}

/// What shape a catalogue type has, whatever the arm's language calls it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TypeKind {
    /// Named fields, each with a type (an exception carrying fields is one too).
    Record,
    /// Members without payloads.
    Enum,
    /// Cases, each with a payload type or none.
    Variant,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CatalogueMember {
    pub name: String,
    pub ty: String,
    pub doc: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LibraryGroup {
    pub heading: String,
    pub modules: Vec<String>,
}

/// One hit of a catalogue search.
#[derive(Debug, Clone, PartialEq)]
pub struct CatalogueHit<'a> {
    pub qualified: &'a str,
    pub module: &'a str,
    pub brief: &'a str,
    pub signature: &'a str,
}

impl Catalogue {
    /// The catalogue an arm's build script wrote (`json`, embedded in the arm), which must say it
    /// is `language`'s. Panics otherwise: that is the arm's defect, caught by its first test.
    pub fn embedded(json: &str, language: &str) -> Catalogue {
        let catalogue: Catalogue = serde_json::from_str(json).expect("the arm's build wrote a valid catalogue");
        assert_eq!(
            catalogue.language, language,
            "the embedded catalogue is not the {language} arm's"
        );
        catalogue
    }

    /// A prompt template with each `{op:ID}` (an operation id) and `{type:NAME}` (a WIT type)
    /// replaced by this catalogue's spelling of it, so an arm's prompt cannot name a function its
    /// SDK does not have. Panics on a placeholder the catalogue lacks: that is the arm's defect,
    /// caught by its prompt test.
    pub fn resolve_placeholders(&self, template: &str) -> String {
        let mut out = String::with_capacity(template.len());
        let mut rest = template;
        while let Some(open) = [rest.find("{op:"), rest.find("{type:")].into_iter().flatten().min() {
            out.push_str(&rest[..open]);
            let close = rest[open..]
                .find('}')
                .map(|c| open + c)
                .expect("a placeholder is closed");
            let (kind, key) = rest[open + 1..close].split_once(':').expect("a placeholder has a kind");
            let spelling = match kind {
                "op" => self
                    .functions
                    .iter()
                    .find(|f| f.operation == key)
                    .map(|f| f.qualified.as_str()),
                _ => self.types.iter().find(|t| t.name == key).map(|t| t.qualified.as_str()),
            };
            out.push_str(
                spelling.unwrap_or_else(|| panic!("the prompt's placeholder {{{kind}:{key}}} is not in the catalogue")),
            );
            rest = &rest[close + 1..];
        }
        out.push_str(rest);
        out
    }

    /// Functions and types whose name, qualified name or brief contains every word of `query`
    /// (case-insensitive), optionally within one module; functions first, each in catalogue order.
    pub fn search(&self, query: &str, module: Option<&str>) -> Vec<CatalogueHit<'_>> {
        let words: Vec<String> = query.split_whitespace().map(str::to_lowercase).collect();
        let matches = |texts: [&str; 3]| {
            let hay = texts.join(" ").to_lowercase();
            words.iter().all(|w| hay.contains(w.as_str()))
        };
        let in_module = |m: &str| module.is_none_or(|want| want == m);
        let functions = self
            .functions
            .iter()
            .filter(|f| in_module(&f.module))
            .filter(|f| matches([&f.qualified, &f.operation, &f.brief]));
        let types = self
            .types
            .iter()
            .filter(|t| in_module(&t.module))
            .filter(|t| matches([&t.qualified, "", &t.brief]));
        functions
            .map(|f| CatalogueHit {
                qualified: &f.qualified,
                module: &f.module,
                brief: &f.brief,
                signature: &f.signature,
            })
            .chain(types.map(|t| CatalogueHit {
                qualified: &t.qualified,
                module: &t.module,
                brief: &t.brief,
                signature: &t.qualified,
            }))
            .collect()
    }

    /// An arm's prompt segment: `template` with its placeholders resolved
    /// ([`resolve_placeholders`](Self::resolve_placeholders)), then `heading:` over one line per
    /// SDK module (`` - `name`: brief ``), then each library group as a paragraph of its own
    /// (`heading: module, module`), with no trailing white space.
    pub fn segment_listing_modules(&self, template: &str, heading: &str) -> String {
        let mut out = self.resolve_placeholders(template);
        out.push_str(&format!("\n\n{heading}:\n"));
        for m in &self.modules {
            out.push_str(&format!("- `{}`: {}\n", m.name, m.brief));
        }
        for g in &self.libraries {
            out.push_str(&format!("\n{}: {}\n", g.heading, g.modules.join(", ")));
        }
        out.truncate(out.trim_end().len());
        out
    }

    /// This catalogue as an agent's prompt lists it: `operations` left out of the SDK listing, and
    /// with them every SDK module none of whose functions is left (its types too).
    pub fn leaving_out(&self, operations: impl IntoIterator<Item = String>) -> Catalogue {
        let mut narrowed = self.clone();
        narrowed.left_out.extend(operations);
        narrowed
    }

    /// Whether the listing shows `function` (its operation is not left out).
    pub fn lists(&self, function: &CatalogueFunction) -> bool {
        !self.left_out.contains(&function.operation)
    }

    /// Whether `name` is a function or type this catalogue documents.
    pub fn documents(&self, name: &str) -> bool {
        self.functions.iter().any(|f| f.qualified == name) || self.types.iter().any(|t| t.qualified == name)
    }
}
