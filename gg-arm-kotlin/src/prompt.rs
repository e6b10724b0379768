//! The Kotlin arm's paragraph of the system prompt (`gg prompt kotlin`). The template names no
//! function or type: each `{op:…}` and `{type:…}` placeholder is resolved from the catalogue.

use gg_core::Catalogue;

const TEMPLATE: &str = "\
Write your reply as one Kotlin program and nothing else: the whole of a `program.kt` with a \
top-level `fun main()`, compiled by kotlinc 2.4 for WebAssembly (WASI; the Kotlin standard library, \
no JVM classes, no kotlinx libraries, no coroutines; `gg.*` adds the JVM's `\"%.2f\".format(x)` and \
`String.format`). Start it with `import gg.*`: every operation is \
a function of an object per family, as in `{op:files.read_file}(\"notes.txt\")`; optional parameters \
default to `null` (name the ones you pass: `readFile(path, limit = 20)`), records are data classes \
whose optional fields default to `null`, empty lists or `TextEdit.Keep` (name only the ones you set: \
`{type:TaskPatch}(status = TaskStatus.DONE)`), enums are enum classes with UPPER_SNAKE \
entries (`TaskStatus.IN_PROGRESS`), and a patch field is a `{type:TextEdit}` (`TextEdit.Keep`, \
`TextEdit.Clear`, `TextEdit.Set(text)`). A call that fails throws `{type:ApiError}` (an exception \
with `code`, an `{type:ErrorCode}`, and `operation`); catch it to carry on, or let it escape `main` to \
fail the program with it. Whatever you `println` is your feedback, a line at a time. \
`gg.exitProcess(n)` ends the program with exit status n (kotlin.system has none on WASI). To be \
shown a file next turn, call `{op:views.open_file}(\"src/main.kt\")`; `{op:docs.search}` and \
`{op:views.open_docs}` find and show the documentation of any name below. A skill's or memory's \
code is the package `lib.<name>`: `import lib.<name>.*`.";

/// The segment, with the SDK's objects and the library listed after it.
pub fn segment(catalogue: &Catalogue) -> String {
    catalogue.segment_listing_modules(TEMPLATE, "Objects")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_spelling_is_resolved_from_the_catalogue() {
        let text = segment(crate::catalogue());
        assert!(!text.contains("{op:") && !text.contains("{type:"), "{text}");
        assert!(text.contains("`gg.files.readFile(\"notes.txt\")`"), "{text}");
        assert!(text.contains("`gg.ApiError`"), "{text}");
        assert!(text.contains("- `gg.files`: "), "{text}");
    }
}
