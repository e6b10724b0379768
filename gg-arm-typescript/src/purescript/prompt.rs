//! The PureScript arm's paragraph of the system prompt (`gg prompt purescript`) and the whole SDK
//! in PureScript declarations. The template names no function or type: every spelling it quotes
//! is a `{op:…}` or `{type:…}` placeholder resolved from the catalogue.

use gg_core::Catalogue;
use gg_core::api::catalogue::{CatalogueFunction, CatalogueType, TypeKind};
use gg_core::api::listing::{Notation, Section};

const TEMPLATE: &str = "\
Write your reply as a PureScript program and nothing else: the module `Main` (the header \
`module Main where` may be left out) with `main :: Effect Unit`. It is compiled by purs 0.15.16 \
(a type or syntax error is reported at its line and nothing runs), then runs as JavaScript on \
QuickJS. Import what you use: `Prelude`, `Effect (Effect)`, `Effect.Console (log, logShow)` and \
any module of the core packages (prelude, effect, console, arrays, strings, maybe, either, tuples, \
foldable-traversable, integers, numbers, lists, ordered-collections (`Data.Map`, `Data.Set`), \
refs, exceptions, st, control, partial, unfoldable, newtype, enums, record, functions, nullable, \
foreign, foreign-object, transformers, datetime, argonaut-core); there is no `Node.*`, no `Aff` \
(`Effect.Aff` is not installed: there is no event loop, and every gg call is synchronous) and \
no package manager. `log` writes a line to your feedback. \
The gg SDK is a module per family: `import Gg.Files as Files`, then \
`text <- _.contents <$> {op:files.read_file} \"notes.txt\"` (each call is an `Effect` returning what its \
signature below says: here a `{type:FileRead}` record). Required arguments are positional. A \
function with optional arguments has a `…With` form taking a function that sets them on a record \
of `Nothing`s: `{op:files.read_file}With \"notes.txt\" _ {{ limit = Just 20 }}`, \
`{op:files.list_dir}With _ {{ path = Just \"notes\" }}`. Records are PureScript records with camelCase \
labels; a record you pass has a default value named after its type in lowerCamelCase, to update: \
`{op:tasks.add} taskInput {{ title = \"write tests\" }}`. Enums and variants are sum types with \
`Eq`, `Ord` and a `Show` that gives gg's kebab-case name (`InProgress`, `show InProgress == \
\"in-progress\"`), exported with their constructors (`import Gg.Tasks (TaskStatus(..))`); where \
two types of one module share a case, the constructor carries its type's name. The shared types \
(`{type:ApiError}`, `ErrorCode`, `TextEdit`, `FileRead`) and `attempt` are in `import Gg`. A call \
that fails throws a JavaScript `ApiError`: uncaught it ends the program, reported at your line; \
`attempt :: forall a. Effect a -> Effect (Either ApiError a)` gives it back as `Left` \
(`{{ code, operation, message }}`, `code` an `ErrorCode` such as `NotFound`), and \
`Effect.Exception (try)` catches it with any other error. To be shown a file next turn, call \
`{op:views.open_file} \"src/Main.purs\"`; `{op:docs.search}` and `{op:views.open_docs}` find and \
show the documentation of any name below. A skill's or memory's code is a module named \
`Lib.` and its key in UpperCamelCase (`import Lib.Notes (summary)` for the key `notes`).";

/// `gg prompt purescript`.
pub fn purescript(catalogue: &Catalogue) -> String {
    let mut out = catalogue
        .resolve_placeholders(TEMPLATE)
        .replace("{{", "{")
        .replace("}}", "}");
    out.push_str(
        "\n\nThe whole SDK in PureScript (`import Gg.Files as Files`, then `Files.readFile`):\n```purescript\n",
    );
    out.push_str(&catalogue.sdk_listing(&Declarations));
    out.push_str("\n```");
    out
}

/// PureScript's notation: a section per module, type synonyms for records, `data` for sum types.
struct Declarations;

impl Notation for Declarations {
    fn comment(&self) -> &str {
        "--"
    }
    fn section(&self, s: &Section) -> (String, Option<String>) {
        let open = match s.listed {
            false => format!("module {} where", s.module),
            true => format!("module {} where  -- {}", s.module, s.brief),
        };
        (open, None)
    }
    fn function(&self, f: &CatalogueFunction, signature: &str) -> String {
        match f.detail.split_once("; ") {
            Some((with, options)) => format!("{signature}\n{with}\n{options}"),
            None => signature.to_owned(),
        }
    }
    fn declare(&self, t: &CatalogueType, members: &[(String, String)]) -> Option<String> {
        Some(match t.kind {
            TypeKind::Record => {
                let fields: Vec<String> = members.iter().map(|(n, ty)| format!("{n} :: {ty}")).collect();
                format!("type {} = {{ {} }}", t.name, fields.join(", "))
            }
            TypeKind::Enum | TypeKind::Variant => {
                let cases: Vec<String> = members
                    .iter()
                    .map(|(n, ty)| if ty.is_empty() { n.clone() } else { format!("{n} {ty}") })
                    .collect();
                format!("data {} = {}", t.name, cases.join(" | "))
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use gg_core::ProgramLanguage;

    use super::*;

    #[test]
    fn every_spelling_is_resolved_from_the_catalogue() {
        let text = purescript(crate::purescript::PureScript.catalogue());
        assert!(!text.contains("{op:") && !text.contains("{type:"), "{text}");
        assert!(
            text.contains("`Files.readFileWith \"notes.txt\" _ { limit = Just 20 }`"),
            "{text}"
        );
        assert!(
            text.contains("`Tasks.add taskInput { title = \"write tests\" }`"),
            "{text}"
        );
        assert!(text.contains("\nmodule Gg.Files where  -- "), "{text}");
        assert!(text.contains("\nreadFile :: String -> Effect FileRead  -- "), "{text}");
        assert!(text.contains("\ntype FileRead = { contents :: String,"), "{text}");
        for f in &crate::purescript::PureScript.catalogue().functions {
            assert!(
                !TEMPLATE.contains(&format!("{} ", f.qualified)),
                "the template writes {}",
                f.qualified
            );
        }
    }
}
