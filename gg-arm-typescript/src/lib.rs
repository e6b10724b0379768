//! The ECMAScript guest and the arms that stand on it. The guest (`guest/`, built by `build/`)
//! is quickjs-ng in a component; this crate embeds it and registers the JavaScript arm and, in
//! `typescript/`, the TypeScript arm beside it on the same guest, SDK and catalogue; in
//! `purescript/` (feature `purescript`), the PureScript arm, whose programs are compiled to
//! JavaScript for the same guest over the same SDK.

mod exports;
mod guest;
mod lexer;
mod prompt;
#[cfg(feature = "purescript")]
pub mod purescript;
pub mod typescript;

use std::sync::OnceLock;

use gg_core::arm::columns::ByteColumns;
use gg_core::wire::CodeModule;
use gg_core::{
    Catalogue, CodeMask, Diagnostic, GuestArtifact, ModuleExport, PrepareCx, PrepareError, Prepared, ProgramFault,
    ProgramLanguage, SourceLocation,
};

pub use guest::{COMPONENT, COMPONENT_SHA256, DECLARATIONS};

/// The catalogue every ECMAScript arm shares, in `language`'s name.
fn catalogue(language: &str) -> Catalogue {
    let mut c: Catalogue = serde_json::from_str(guest::CATALOGUE_JSON).expect("the build wrote a valid catalogue");
    c.language = language.to_owned();
    c
}

/// `source` parsed as an ES module by oxc: its syntax errors, each at its first label's place.
fn check_syntax(source: &str, file: &str) -> Result<(), PrepareError> {
    let allocator = oxc::allocator::Allocator::default();
    let parsed = oxc::parser::Parser::new(&allocator, source, oxc::span::SourceType::mjs()).parse();
    if parsed.diagnostics.is_empty() {
        return Ok(());
    }
    let diagnostics = parsed
        .diagnostics
        .iter()
        .map(|d| Diagnostic {
            message: d.message.to_string(),
            location: d.labels.first().map(|label| {
                let before = &source[..(label.span().start as usize).min(source.len())];
                let line_start = before.rfind('\n').map_or(0, |i| i + 1);
                SourceLocation {
                    file: file.to_owned(),
                    line: before.matches('\n').count() as u32 + 1,
                    column: before[line_start..].chars().count() as u32 + 1,
                }
            }),
        })
        .collect();
    Err(PrepareError::Program {
        fault: ProgramFault::Syntax,
        diagnostics,
        dropped: 0,
    })
}

/// A code module's key as a JavaScript identifier: `my_notes` and `my-notes` are `myNotes`.
pub fn camel_key(name: &str) -> String {
    let mut out = String::new();
    let mut upper = false;
    for c in name.chars() {
        if c.is_alphanumeric() || c == '$' {
            if upper && !out.is_empty() {
                out.extend(c.to_uppercase());
            } else if out.is_empty() {
                out.extend(c.to_lowercase());
            } else {
                out.push(c);
            }
            upper = false;
        } else {
            upper = true;
        }
    }
    if out.is_empty() || out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert(0, '_');
    }
    out
}

/// JavaScript: the model's text runs unchanged on the ECMAScript guest, as the module `program.js`.
#[derive(Debug, Default)]
pub struct JavaScript;

gg_core::register_arm!(JavaScript);

impl ProgramLanguage for JavaScript {
    fn id(&self) -> &'static str {
        "javascript"
    }

    fn display_name(&self) -> &'static str {
        "JavaScript"
    }

    fn extensions(&self) -> &'static [&'static str] {
        &["js", "mjs"]
    }

    fn module_extensions(&self) -> &'static [&'static str] {
        &["js"]
    }

    /// No preparation: the model's text runs as `program.js`. The engine counts columns in UTF-8
    /// bytes, so where a text is not ASCII its locations are read back in characters.
    fn prepare(&self, _cx: &PrepareCx, source: &str, modules: &[CodeModule]) -> Result<Prepared, PrepareError> {
        let mut prepared = Prepared::unchanged(source);
        if !source.is_ascii() || modules.iter().any(|m| !m.source.is_ascii()) {
            let texts = std::iter::once(("program.js".to_owned(), source.to_owned()))
                .chain(modules.iter().map(|m| (format!("lib:{}", m.key), m.source.clone())))
                .collect();
            prepared.locations = ByteColumns::for_texts(texts).map(|m| Box::new(m) as Box<dyn gg_core::LocationMap>);
        }
        Ok(prepared)
    }

    /// A module's syntax, checked when it is bound (QuickJS would say it only when a program
    /// imports the module), each error located in `lib/KEY.js`. A parse oxc accepts runs as
    /// before: QuickJS's ES2023 is the narrower, so what oxc refuses QuickJS would too.
    fn check_module(&self, _cx: &PrepareCx, module: &CodeModule) -> Result<(), PrepareError> {
        let file = format!("lib/{}.js", module.key);
        typescript::check_nesting(&module.source, &file)?;
        check_syntax(&module.source, &file)
    }

    fn guest(&self) -> Option<GuestArtifact> {
        Some(GuestArtifact::component(COMPONENT, Some(COMPONENT_SHA256)))
    }

    /// The guest stops a runaway at `GG_SANDBOX_DEADLINE_MS` with `InternalError: interrupted`.
    fn guest_stops_itself(&self) -> bool {
        true
    }

    fn catalogue(&self) -> &Catalogue {
        static CATALOGUE: OnceLock<Catalogue> = OnceLock::new();
        CATALOGUE.get_or_init(|| catalogue("javascript"))
    }

    fn code_mask(&self, source: &str) -> Option<CodeMask> {
        lexer::code_mask(source)
    }

    fn module_exports(&self, source: &str) -> Vec<ModuleExport> {
        exports::module_exports(source)
    }

    fn binding_name(&self, name: &str) -> String {
        camel_key(name)
    }

    fn lib_access(&self, key: &str) -> String {
        format!("lib:{key}")
    }

    fn prompt_segment_from(&self, catalogue: &Catalogue) -> Option<String> {
        Some(prompt::javascript(catalogue))
    }
}

#[cfg(test)]
mod tests {
    use super::{camel_key, check_syntax};
    use gg_core::{PrepareError, ProgramFault};

    #[test]
    fn a_modules_syntax_error_is_located_in_its_file() {
        assert!(check_syntax("export function add(a, b) {\n  return a + b;\n}\n", "lib/m.js").is_ok());
        let Err(PrepareError::Program { fault, diagnostics, .. }) = check_syntax(
            "/** Adds. */\nexport function add(a, b) {\n  return a +;\n}\n",
            "lib/m.js",
        ) else {
            panic!("a syntax error passed");
        };
        assert_eq!(fault, ProgramFault::Syntax);
        let at = diagnostics[0].location.as_ref().expect("located");
        assert_eq!((at.file.as_str(), at.line, at.column), ("lib/m.js", 3, 13));
    }

    #[test]
    fn module_keys_are_camel_case_identifiers() {
        assert_eq!(camel_key("my_notes"), "myNotes");
        assert_eq!(camel_key("My-Notes v2"), "myNotesV2");
        assert_eq!(camel_key("greeting"), "greeting");
        assert_eq!(camel_key("2fa"), "_2fa");
    }
}
