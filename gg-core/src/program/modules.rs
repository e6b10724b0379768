//! What a code module offers a model: the binding a turn made, as the outcome reports it (the
//! access spelling and each export's declaration and brief, bounded), and a bound module's exports
//! as `docs.search` finds them and as their documentation view reads.

use serde::Serialize;

use crate::api::catalogue::Catalogue;
use crate::program::language::{ModuleExport, ProgramLanguage};
use crate::wire::{CodeModule, DocHit};

/// Bindings one outcome lists; the rest are counted in `module_bindings_dropped`.
pub const MAX_BINDINGS: usize = 16;
/// Exports one binding lists; the rest are counted in its `exports_dropped`.
pub const MAX_EXPORTS_LISTED: usize = 24;
/// Bytes of one binding's listed exports together (names, access names, declarations and
/// briefs); past it the rest are counted, not listed.
pub const BINDING_MAX_BYTES: usize = 4096;
/// Bytes of one listed declaration or brief (its whitespace folded to single spaces).
pub const EXPORT_LINE_MAX: usize = 240;
/// The bound on one outcome's bindings, for `outcome::OUTCOME_MAX_BYTES`: each binding's listing,
/// its key and access (a name argument each, and a few bytes of spelling), and the fixed fields.
pub const BINDINGS_MAX_BYTES: usize = MAX_BINDINGS
    * (BINDING_MAX_BYTES + 2 * (crate::program::membrane::MAX_NAME_BYTES + 64) + 64 * MAX_EXPORTS_LISTED + 256);

/// What a turn did to a code module's binding.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BindingChange {
    /// Bound where nothing was: the next program reaches it.
    Bound,
    /// Bound again over an earlier binding (new code, checked afresh).
    Rebound,
    /// Taken away (the memory was deleted): no later program reaches it.
    Unbound,
}

/// The module's check (`ProgramLanguage::check_module`) as of the end of the turn that bound it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BindingCheck {
    /// Checked alone and accepted: the next program has it.
    Passed,
    /// Checked alone and refused: no program sees it; why is in the outcome's `module_errors`.
    Failed,
    /// The check could not finish this turn (its toolchain failed, or the run's budget was
    /// spent): it runs again before the next program.
    Pending,
}

/// One export as a binding lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ExportLine {
    pub name: String,
    /// The name `docs.search` and `views.open_docs` know it by (`lib.notes.summarize`).
    pub access: String,
    /// The declaration up to its body, its whitespace folded, cut to [`EXPORT_LINE_MAX`].
    pub declaration: String,
    /// The first line of its doc.
    pub brief: Option<String>,
}

/// A code module a turn bound, rebound or unbound, as the model reads it in that turn's outcome.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ModuleBinding {
    /// The key the module is bound under (the arm's spelling of the skill's or memory's name).
    pub key: String,
    /// How a program reaches it (`lib.notes`, `lib::notes`, `lib:notes`).
    pub access: String,
    pub change: BindingChange,
    /// `None` for an unbinding.
    pub check: Option<BindingCheck>,
    /// Its exports, in source order, bounded (one past what is left of the bytes is skipped and
    /// counted); none when unbound or when its check failed.
    pub exports: Vec<ExportLine>,
    /// Exports past the bounds, counted.
    pub exports_dropped: usize,
}

impl ModuleBinding {
    /// The binding of `key` as it stands after a turn: `source` the module's code (`None` when
    /// unbound), its exports listed unless its check failed.
    pub(crate) fn new(
        arm: &dyn ProgramLanguage,
        key: &str,
        change: BindingChange,
        check: Option<BindingCheck>,
        source: Option<&str>,
    ) -> Self {
        let mut binding = Self {
            key: key.to_owned(),
            access: arm.lib_access(key),
            change,
            check,
            exports: Vec::new(),
            exports_dropped: 0,
        };
        let Some(source) = source.filter(|_| check != Some(BindingCheck::Failed)) else {
            return binding;
        };
        let exports = arm.module_exports(source);
        let mut bytes = 0;
        for e in &exports {
            let line = ExportLine {
                name: e.name.clone(),
                access: arm.export_access(key, &e.name),
                declaration: folded(&e.declaration),
                brief: brief(e),
            };
            let size = line.name.len()
                + line.access.len()
                + line.declaration.len()
                + line.brief.as_ref().map_or(0, String::len);
            if binding.exports.len() == MAX_EXPORTS_LISTED {
                break;
            }
            // One that does not fit what is left is counted, and smaller ones after it still listed.
            if bytes + size > BINDING_MAX_BYTES {
                continue;
            }
            bytes += size;
            binding.exports.push(line);
        }
        binding.exports_dropped = exports.len() - binding.exports.len();
        binding
    }
}

/// `text` on one line (whitespace runs folded to a space), cut to [`EXPORT_LINE_MAX`] bytes.
fn folded(text: &str) -> String {
    let line = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if line.len() <= EXPORT_LINE_MAX {
        return line;
    }
    let mut end = EXPORT_LINE_MAX - '…'.len_utf8();
    while !line.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", &line[..end])
}

/// The first non-blank line of an export's doc, folded and cut.
fn brief(e: &ModuleExport) -> Option<String> {
    let doc = e.doc.as_deref()?;
    doc.lines().map(str::trim).find(|l| !l.is_empty()).map(folded)
}

/// `docs.search` over the bound modules' exports: each whose access name, declaration or brief
/// holds a word of `query` (case-insensitive, scored as [`DocQuery`] says), within `module` if
/// given; best first, then modules by key, exports in source order.
///
/// [`DocQuery`]: crate::api::catalogue::DocQuery
pub(crate) fn search(
    arm: &dyn ProgramLanguage,
    modules: &[&CodeModule],
    query: &str,
    module: Option<&str>,
) -> Vec<DocHit> {
    let query = crate::api::catalogue::DocQuery::new(query);
    let mut hits = Vec::new();
    for m in modules {
        let access = arm.lib_access(&m.key);
        if !crate::api::catalogue::DocQuery::in_module(module, &access) {
            continue;
        }
        for e in arm.module_exports(&m.source) {
            let name = arm.export_access(&m.key, &e.name);
            let signature = folded(&e.declaration);
            let brief = brief(&e).unwrap_or_default();
            if let Some(score) = query.score(&[&name], &[&signature, &brief]) {
                hits.push((
                    score,
                    DocHit {
                        name,
                        module: access.clone(),
                        brief,
                        signature,
                    },
                ));
            }
        }
    }
    hits.sort_by(|a, b| b.0.cmp(&a.0));
    hits.into_iter().map(|(_, h)| h).collect()
}

/// The documentation view of a bound module's export, by its access name: the declaration, the
/// whole doc, then each type name its signature writes (returns first, then parameters), resolved
/// against the module's own exports first and the arm's catalogue second.
pub(crate) fn render_docs(
    arm: &dyn ProgramLanguage,
    modules: &[&CodeModule],
    catalogue: &Catalogue,
    name: &str,
) -> Option<String> {
    let (module, exports, export) = modules.iter().find_map(|m| {
        let exports = arm.module_exports(&m.source);
        let i = exports
            .iter()
            .position(|e| arm.export_access(&m.key, &e.name) == name)?;
        let export = exports[i].clone();
        Some((m, exports, export))
    })?;
    let mut out = format!(
        "{}\n\nfrom {}\n",
        export.declaration.trim(),
        arm.lib_access(&module.key)
    );
    if let Some(doc) = export.doc.as_deref().map(str::trim).filter(|d| !d.is_empty()) {
        out.push_str(&format!("\n{doc}\n"));
    }
    let mut seen: Vec<&str> = Vec::new();
    for ty in export.returns.iter().chain(&export.parameters) {
        if seen.contains(&ty.as_str()) || ty == &export.name {
            continue;
        }
        seen.push(ty);
        if let Some(own) = exports.iter().find(|e| &e.name == ty) {
            out.push_str(&format!(
                "\n{}: {}",
                arm.export_access(&module.key, ty),
                folded(&own.declaration)
            ));
            if let Some(b) = brief(own) {
                out.push_str(&format!(" — {b}"));
            }
            out.push('\n');
        } else if let Some(t) = catalogue.types.iter().find(|t| &t.name == ty || &t.qualified == ty) {
            let docs = crate::program::session::render_docs(catalogue, &t.qualified).unwrap_or_default();
            out.push_str(&format!("\n{}\n", docs.trim_end()));
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::catalogue::{CatalogueMember, CatalogueType};
    use crate::program::language::*;

    /// An arm whose module declares a name per `def NAME(ARGS) -> TYPE` line, the `#` lines
    /// above it its doc, `lib.<key>` its access.
    struct Defs;

    impl ProgramLanguage for Defs {
        fn id(&self) -> &'static str {
            "defs"
        }
        fn display_name(&self) -> &'static str {
            "Defs"
        }
        fn extensions(&self) -> &'static [&'static str] {
            &["defs"]
        }
        fn module_extensions(&self) -> &'static [&'static str] {
            &["defs"]
        }
        fn checker(&self) -> Option<Checker> {
            None
        }
        fn toolchain(&self) -> ToolchainStatus {
            ToolchainStatus::NotNeeded
        }
        fn prepare(&self, _: &PrepareCx, source: &str, _: &[CodeModule]) -> Result<Prepared, PrepareError> {
            Ok(Prepared::unchanged(source))
        }
        fn guest(&self) -> Option<GuestArtifact> {
            None
        }
        fn catalogue(&self) -> &Catalogue {
            catalogue()
        }
        fn module_exports(&self, source: &str) -> Vec<ModuleExport> {
            let mut doc: Vec<&str> = Vec::new();
            let mut out = Vec::new();
            for line in source.lines() {
                if let Some(c) = line.strip_prefix('#') {
                    doc.push(c.trim());
                    continue;
                }
                if let Some(rest) = line.strip_prefix("def ") {
                    let name = rest.split(['(', ' ']).next().unwrap_or_default().to_owned();
                    let returns = rest.split_once("-> ").map(|(_, t)| vec![t.trim().to_owned()]);
                    let parameters = rest
                        .split_once('(')
                        .and_then(|(_, p)| p.split_once(')'))
                        .map(|(p, _)| {
                            p.split(',')
                                .filter_map(|a| a.split_once(": "))
                                .map(|(_, t)| t.trim().to_owned())
                        })
                        .map(Iterator::collect)
                        .unwrap_or_default();
                    out.push(ModuleExport {
                        name,
                        declaration: line.to_owned(),
                        doc: (!doc.is_empty()).then(|| doc.join("\n")),
                        returns: returns.unwrap_or_default(),
                        parameters,
                    });
                }
                doc.clear();
            }
            out
        }
    }

    fn catalogue() -> &'static Catalogue {
        static C: std::sync::OnceLock<Catalogue> = std::sync::OnceLock::new();
        C.get_or_init(|| Catalogue {
            types: vec![CatalogueType {
                module: "gg.files".into(),
                name: "FileRead".into(),
                qualified: "gg.files.FileRead".into(),
                kind: crate::api::catalogue::TypeKind::Record,
                brief: "What a read returned.".into(),
                members: vec![CatalogueMember {
                    name: "contents".into(),
                    ty: "str".into(),
                    doc: "The text read.".into(),
                }],
            }],
            ..Catalogue::default()
        })
    }

    const NOTES: &str = "# Summarise a text.\n# In one line.\ndef summarize(text: str, read: FileRead) -> Summary\n\
                         # A summary.\ndef Summary\ndef plain\n";

    fn notes() -> Vec<&'static CodeModule> {
        static NOTES_MODULE: std::sync::OnceLock<CodeModule> = std::sync::OnceLock::new();
        vec![NOTES_MODULE.get_or_init(|| CodeModule {
            key: "notes".into(),
            source: NOTES.into(),
        })]
    }

    #[test]
    fn a_binding_lists_each_exports_access_declaration_and_first_doc_line() {
        let b = ModuleBinding::new(
            &Defs,
            "notes",
            BindingChange::Bound,
            Some(BindingCheck::Passed),
            Some(NOTES),
        );
        assert_eq!(b.access, "lib.notes");
        let listed: Vec<_> = b
            .exports
            .iter()
            .map(|e| (e.access.as_str(), e.declaration.as_str(), e.brief.as_deref()))
            .collect();
        assert_eq!(
            listed,
            [
                (
                    "lib.notes.summarize",
                    "def summarize(text: str, read: FileRead) -> Summary",
                    Some("Summarise a text.")
                ),
                ("lib.notes.Summary", "def Summary", Some("A summary.")),
                ("lib.notes.plain", "def plain", None),
            ]
        );
        assert_eq!(b.exports_dropped, 0);
    }

    #[test]
    fn a_failed_check_or_an_unbinding_lists_no_exports() {
        let failed = ModuleBinding::new(
            &Defs,
            "notes",
            BindingChange::Rebound,
            Some(BindingCheck::Failed),
            Some(NOTES),
        );
        assert!(failed.exports.is_empty());
        assert_eq!(failed.exports_dropped, 0);
        let gone = ModuleBinding::new(&Defs, "notes", BindingChange::Unbound, None, None);
        assert!(gone.exports.is_empty());
    }

    #[test]
    fn a_binding_caps_its_exports_by_count_and_by_bytes_and_counts_the_rest() {
        let many: String = (0..100).map(|i| format!("def f{i}\n")).collect();
        let b = ModuleBinding::new(
            &Defs,
            "many",
            BindingChange::Bound,
            Some(BindingCheck::Passed),
            Some(&many),
        );
        assert_eq!(b.exports.len(), MAX_EXPORTS_LISTED);
        assert_eq!(b.exports_dropped, 100 - MAX_EXPORTS_LISTED);

        let long = format!("def wide({})\n", "a: int, ".repeat(200));
        let wide: String = (0..30).map(|i| long.replace("wide", &format!("wide{i}"))).collect();
        let b = ModuleBinding::new(
            &Defs,
            "wide",
            BindingChange::Bound,
            Some(BindingCheck::Passed),
            Some(&wide),
        );
        assert!(
            b.exports
                .iter()
                .all(|e| e.declaration.len() <= EXPORT_LINE_MAX && e.declaration.ends_with('…'))
        );
        let bytes: usize = b
            .exports
            .iter()
            .map(|e| e.name.len() + e.access.len() + e.declaration.len())
            .sum();
        assert!(bytes <= BINDING_MAX_BYTES, "{bytes}");
        assert_eq!(b.exports.len() + b.exports_dropped, 30);
        assert!(b.exports_dropped > 0);

        let huge = format!("def {}\ndef small\n", "h".repeat(5000));
        let b = ModuleBinding::new(
            &Defs,
            "huge",
            BindingChange::Bound,
            Some(BindingCheck::Passed),
            Some(&huge),
        );
        let listed: Vec<_> = b.exports.iter().map(|e| e.name.as_str()).collect();
        assert_eq!((listed, b.exports_dropped), (vec!["small"], 1));
    }

    #[test]
    fn search_finds_exports_by_access_name_declaration_or_brief_within_a_module() {
        let names = |hits: Vec<DocHit>| hits.into_iter().map(|h| h.name).collect::<Vec<_>>();
        assert_eq!(
            names(search(&Defs, &notes(), "summar", None)),
            ["lib.notes.summarize", "lib.notes.Summary"]
        );
        // Any word finds a name (decision 0131); one that is nowhere finds nothing.
        assert_eq!(names(search(&Defs, &notes(), "zebra", None)), Vec::<String>::new());
        assert_eq!(
            names(search(&Defs, &notes(), "text", Some("lib.notes"))),
            ["lib.notes.summarize"]
        );
        assert!(search(&Defs, &notes(), "text", Some("lib.other")).is_empty());
        let hit = &search(&Defs, &notes(), "lib.notes.plain", None)[0];
        assert_eq!((hit.module.as_str(), hit.brief.as_str()), ("lib.notes", ""));
    }

    #[test]
    fn an_exports_view_opens_its_types_from_the_module_first_and_the_catalogue_second() {
        let view = render_docs(&Defs, &notes(), catalogue(), "lib.notes.summarize").unwrap();
        assert_eq!(
            view,
            "def summarize(text: str, read: FileRead) -> Summary\n\nfrom lib.notes\n\n\
             Summarise a text.\nIn one line.\n\n\
             lib.notes.Summary: def Summary — A summary.\n\n\
             gg.files.FileRead\n\nWhat a read returned.\n\n  contents: str — The text read.\n"
        );
        assert_eq!(render_docs(&Defs, &notes(), catalogue(), "lib.notes.missing"), None);
        assert_eq!(render_docs(&Defs, &notes(), catalogue(), "summarize"), None);
    }
}
