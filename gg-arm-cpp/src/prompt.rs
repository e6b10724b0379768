//! The C++ arm's paragraph of the system prompt (`gg prompt cpp`). The template names no function
//! or type: each `{op:…}` and `{type:…}` placeholder is resolved from the catalogue.

use gg_core::Catalogue;
use gg_core::api::catalogue::{CatalogueFunction, CatalogueType, TypeKind};
use gg_core::api::listing::{Notation, Section};

const TEMPLATE: &str = "\
Write your reply as one C++23 program and nothing else: the whole of a `program.cpp` that defines \
`int main()`, compiled as written by clang 22 against libc++ (hardened: an out-of-bounds `[]` \
stops the program at its line) with exceptions on. Include the standard headers you use. The gg \
SDK is already included (`#include <gg.hpp>` is harmless): every operation is a function in a \
namespace per family, as in `auto text = {op:files.read_file}(\"notes.txt\").contents;` (a call returns what its declaration \
below says: here a `{type:FileRead}`; a name that is a C++ keyword \
takes a trailing underscore: `{op:memories.delete}`); optional parameters are \
`std::optional`s that default to `std::nullopt`, records are structs you can write with designated \
initialisers naming only the fields you set (the rest are none, empty, or kept), enums are `enum class`es with snake_case cases (`gg::tasks::TaskStatus::in_progress`), \
and a patch field is a `{type:TextEdit}` \
(`keep()`, `clear()`, `set(text)`). A call that fails throws `{type:ApiError}` (a \
`std::runtime_error` with `code`, an `{type:ErrorCode}`, and `operation`); catch it to carry on, \
or let it escape `main` to fail the program with it. Whatever you print to `std::cout` (or \
`printf`) is your feedback, a line at a time. `main`'s return value is the exit status. To be \
shown a file next turn, call `{op:views.open_file}(\"src/main.cpp\")`; `{op:docs.search}` and \
`{op:views.open_docs}` find and show the documentation of any name below. A skill's or memory's \
code is the header `lib/<name>.hpp`: `#include \"lib/<name>.hpp\"`, then its names are in \
`namespace lib::<name>`.";

/// The segment: the paragraph, the whole SDK as C++ declarations, then the library.
pub fn segment(catalogue: &Catalogue) -> String {
    catalogue.prompt_segment(
        TEMPLATE,
        "The whole SDK, a namespace per family:",
        "cpp",
        &Declarations,
        None,
    )
}

/// C++'s notation: a namespace per family, structs and `enum class`es.
struct Declarations;

impl Notation for Declarations {
    fn comment(&self) -> &str {
        "//"
    }
    fn separator(&self) -> &str {
        "::"
    }
    fn section(&self, s: &Section) -> (String, Option<String>) {
        let open = match s.listed {
            false => format!("namespace {} {{", s.module),
            true => format!("namespace {} {{  // {}", s.module, s.brief),
        };
        (open, Some("}".into()))
    }
    fn function(&self, _: &CatalogueFunction, signature: &str) -> String {
        format!("{signature};")
    }
    fn declare(&self, t: &CatalogueType, members: &[(String, String)]) -> Option<String> {
        Some(match t.kind {
            TypeKind::Record => {
                let fields: Vec<String> = members
                    .iter()
                    .filter(|(_, ty)| ty != "std::source_location")
                    .map(|(n, ty)| format!("{ty} {n};"))
                    .collect();
                let base = if t.name == "ApiError" {
                    " : std::runtime_error"
                } else {
                    ""
                };
                format!("struct {}{base} {{ {} }};", t.name, fields.join(" "))
            }
            TypeKind::Enum => {
                let names: Vec<&str> = members.iter().map(|(n, _)| n.as_str()).collect();
                format!("enum class {} {{ {} }};", t.name, names.join(", "))
            }
            TypeKind::Variant => {
                let cases: Vec<String> = members.iter().map(|(n, _)| format!("static {} {n};", t.name)).collect();
                format!("struct {} {{ {} }};", t.name, cases.join(" "))
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_spelling_is_resolved_from_the_catalogue() {
        let text = segment(crate::catalogue());
        assert!(!text.contains("{op:") && !text.contains("{type:"), "{text}");
        assert!(
            text.contains("`auto text = gg::files::read_file(\"notes.txt\").contents;`"),
            "{text}"
        );
        assert!(text.contains("`gg::ApiError`"), "{text}");
        assert!(text.contains("`gg::memories::delete_`"), "{text}");
        assert!(text.contains("\nnamespace gg::files {  // "), "{text}");
        assert!(text.contains("\n  struct FileRead { std::string contents;"), "{text}");
    }
}
