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

/// A docs search's words, as a model asks in them ("show a file to the user"): a name is found
/// by any word, scored by the words it holds (in its name 3, in its summary or signature 1), best
/// first; words of one or two letters and a few common ones are not looked for. No word left:
/// every name matches, with score 0 (decision 0131).
pub struct DocQuery {
    words: Vec<String>,
}

impl DocQuery {
    const COMMON: &'static [&'static str] = &[
        "the", "and", "for", "from", "with", "into", "that", "this", "its", "how",
    ];

    pub fn new(query: &str) -> Self {
        let mut words: Vec<String> = query
            .split(|c: char| !c.is_alphanumeric() && c != '_' && c != '.' && c != ':' && c != '-')
            .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()).to_lowercase())
            .filter(|w| w.chars().count() > 2 && !Self::COMMON.contains(&w.as_str()))
            .collect();
        words.dedup();
        Self { words }
    }

    /// The score of a name (`names`: its spellings) with `texts` (summary, signature); `None`
    /// when a query with words finds none of them there.
    pub fn score(&self, names: &[&str], texts: &[&str]) -> Option<u32> {
        if self.words.is_empty() {
            return Some(0);
        }
        let names = names.join(" ").to_lowercase();
        let texts = texts.join(" ").to_lowercase();
        let score = self.words.iter().fold(0, |score, w| {
            if names.contains(w.as_str()) {
                score + 3
            } else if texts.contains(w.as_str()) {
                score + 1
            } else {
                score
            }
        });
        (score > 0).then_some(score)
    }

    /// Whether a name in `module` is within the filter `want`, however the arm spells modules:
    /// `files`, `gg.files`, `gg::files` and `Gg::Files` are one module.
    pub fn in_module(want: Option<&str>, module: &str) -> bool {
        let last = |m: &str| {
            m.rsplit(['.', ':', '/'])
                .find(|s| !s.is_empty())
                .unwrap_or(m)
                .chars()
                .filter(|c| c.is_alphanumeric())
                .flat_map(char::to_lowercase)
                .collect::<String>()
        };
        match want.map(str::trim) {
            None | Some("") => true,
            Some(want) => want == module || last(want) == last(module),
        }
    }
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

    /// The record type a compiler named (`FileRead`, `gg::files::FileRead`, `gg.FileRead`: the
    /// last segment is matched against the catalogue's names) with its fields' names, or `None`
    /// when no record of the catalogue has that name.
    pub fn record_fields(&self, type_name: &str) -> Option<(&str, Vec<&str>)> {
        let bare = type_name
            .rsplit([':', '.'])
            .next()
            .unwrap_or(type_name)
            .trim_matches(|c: char| !c.is_alphanumeric() && c != '_');
        let t = self
            .types
            .iter()
            .find(|t| t.kind == TypeKind::Record && t.name == bare)?;
        Some((&t.name, t.members.iter().map(|m| m.name.as_str()).collect()))
    }

    /// `"FileRead's fields: contents, first_line, …"`, what an arm appends to "no member named …"
    /// so the fix is in the feedback ([`record_fields`](Self::record_fields)).
    pub fn fields_hint(&self, type_name: &str) -> Option<String> {
        let (name, fields) = self.record_fields(type_name)?;
        Some(format!("{name}'s fields: {}", fields.join(", ")))
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

    /// Functions and types [`DocQuery`] finds for `query`, optionally within one module (however
    /// the arm spells it), best first; within a score, functions before types, each in catalogue
    /// order.
    pub fn search(&self, query: &str, module: Option<&str>) -> Vec<CatalogueHit<'_>> {
        let query = DocQuery::new(query);
        let functions = self
            .functions
            .iter()
            .filter(|f| DocQuery::in_module(module, &f.module))
            .filter_map(|f| {
                let score = query.score(&[&f.qualified, &f.operation], &[&f.brief, &f.signature, &f.detail])?;
                Some((
                    score,
                    CatalogueHit {
                        qualified: &f.qualified,
                        module: &f.module,
                        brief: &f.brief,
                        signature: &f.signature,
                    },
                ))
            });
        let types = self
            .types
            .iter()
            .filter(|t| DocQuery::in_module(module, &t.module))
            .filter_map(|t| {
                let score = query.score(&[&t.qualified], &[&t.brief])?;
                Some((
                    score,
                    CatalogueHit {
                        qualified: &t.qualified,
                        module: &t.module,
                        brief: &t.brief,
                        signature: &t.qualified,
                    },
                ))
            });
        let mut hits: Vec<(u32, CatalogueHit<'_>)> = functions.chain(types).collect();
        hits.sort_by(|a, b| b.0.cmp(&a.0));
        hits.into_iter().map(|(_, h)| h).collect()
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
