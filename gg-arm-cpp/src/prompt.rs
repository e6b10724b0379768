//! The C++ arm's paragraph of the system prompt (`gg prompt cpp`). The template names no function
//! or type: each `{op:…}` and `{type:…}` placeholder is resolved from the catalogue.

use gg_core::Catalogue;

const TEMPLATE: &str = "\
Write your reply as one C++23 program and nothing else: the whole of a `program.cpp` that defines \
`int main()`, compiled as written by clang 22 against libc++ (hardened: an out-of-bounds `[]` \
stops the program at its line) with exceptions on. Include the standard headers you use. The gg \
SDK is already included (`#include <gg.hpp>` is harmless): every operation is a function in a \
namespace per family, as in `{op:files.read_file}(\"notes.txt\")` (a name that is a C++ keyword \
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

/// The segment, with the SDK's namespaces and the library listed after it.
pub fn segment(catalogue: &Catalogue) -> String {
    catalogue.segment_listing_modules(TEMPLATE, "Namespaces")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_spelling_is_resolved_from_the_catalogue() {
        let text = segment(crate::catalogue());
        assert!(!text.contains("{op:") && !text.contains("{type:"), "{text}");
        assert!(text.contains("`gg::files::read_file(\"notes.txt\")`"), "{text}");
        assert!(text.contains("`gg::ApiError`"), "{text}");
        assert!(text.contains("`gg::memories::delete_`"), "{text}");
        assert!(text.contains("- `gg::files`: "), "{text}");
    }
}
