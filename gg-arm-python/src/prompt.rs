//! The Python arm's paragraph of the system prompt. The template names no function, type or
//! signature: every spelling it quotes is a `{op:…}` (the function binding an operation) or
//! `{type:…}` (a type by its short name) placeholder resolved from the catalogue when rendered.

use gg_core::Catalogue;
use gg_core::api::catalogue::{CatalogueFunction, CatalogueType, TypeKind};
use gg_core::api::listing::Notation;

const TEMPLATE: &str = "\
Write your reply as a Python program and nothing else. It is executed as written, as the whole of \
a `program.py` run with `__name__` set to `\"__main__\"` on CPython 3.14, so write the import lines \
you would normally write; statements and definitions sit side by side at the top level of the \
module. `import gg` is the line that brings every gg module into scope; after it, write each name \
fully qualified, as in `text = {op:files.read_file}(\"notes.txt\").contents` (a call returns what its stub \
below says: here a `{type:FileRead}` record). Required arguments are positional and \
optional ones are keyword arguments with defaults, which may also be given in order (a patch's \
fields by keyword only). An enum argument is a member (`{type:TaskStatus}.DONE`) or its \
value as a string (`\"done\"`). A call that fails raises `{type:ApiError}`, whose `code` is a \
`{type:ErrorCode}` member and whose text names the call; catch it to carry on. A patch argument \
you leave out keeps what is there (`{type:Unchanged}`), None clears it, a value replaces it. \
`print` writes to your feedback, one line at a time. To be shown a file next turn, call \
`{op:views.open_file}(\"src/main.py\")`, with a window as `offset` and `limit` keyword arguments; \
`{op:docs.search}` and `{op:views.open_docs}` find and show the documentation of any name below. \
A skill's or memory's code is reached as `lib.<name>` after `import lib`.";

/// The segment: the paragraph, the whole SDK as Python stubs, then the library set.
pub fn segment(catalogue: &Catalogue) -> String {
    catalogue.prompt_segment(
        TEMPLATE,
        "The whole SDK as stubs, a section per module (`{op:files.read_file}`, `{type:FileRead}`):",
        "python",
        &Stubs,
        Some("Beside gg, the guest carries these libraries; importing anything else raises ModuleNotFoundError:"),
    )
}

/// Python's notation: `def` stubs and one-line classes.
struct Stubs;

impl Notation for Stubs {
    fn comment(&self) -> &str {
        "#"
    }
    fn function(&self, _: &CatalogueFunction, signature: &str) -> String {
        format!("def {signature}: ...")
    }
    fn declare(&self, t: &CatalogueType, members: &[(String, String)]) -> Option<String> {
        let names = || members.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>().join(", ");
        Some(match t.kind {
            TypeKind::Enum => format!("class {}(Enum): {}", t.name, names()),
            TypeKind::Variant => format!("class {}: {}", t.name, names()),
            TypeKind::Record => {
                let fields: Vec<String> = members.iter().map(|(n, ty)| format!("{n}: {ty}")).collect();
                let base = if t.qualified == "gg.ApiError" {
                    "(Exception)"
                } else {
                    ""
                };
                format!("class {}{base}: {}", t.name, fields.join("; "))
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_spelling_is_resolved_from_the_catalogue_and_none_is_written_in_the_template() {
        let catalogue = crate::catalogue();
        let text = segment(catalogue);
        assert!(!text.contains("{op:") && !text.contains("{type:"), "{text}");
        assert!(
            text.contains("`text = gg.files.read_file(\"notes.txt\").contents`"),
            "{text}"
        );
        assert!(text.contains("`gg.views.open_file(\"src/main.py\")`"), "{text}");
        assert!(text.contains("\n# gg.files: "), "{text}");
        assert!(
            text.contains(
                "\ndef read_file(path: str, offset: int | None = None, limit: int | None = None) -> FileRead: ...  # "
            ),
            "{text}"
        );
        assert!(
            text.contains("\nclass FileRead: contents: str; first_line: int;"),
            "{text}"
        );
        assert!(
            text.contains("json") && text.contains("yaml") && !text.contains("asyncio,"),
            "{text}"
        );
        for f in &catalogue.functions {
            assert!(
                !TEMPLATE.contains(&f.qualified) && !TEMPLATE.contains(&format!("{}(", f.name)),
                "the template writes {}",
                f.qualified
            );
        }
        for t in &catalogue.types {
            assert!(!TEMPLATE.contains(&t.qualified), "the template writes {}", t.qualified);
        }
    }
}
