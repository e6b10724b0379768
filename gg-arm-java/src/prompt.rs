//! The Java arm's paragraph of the system prompt (`gg prompt java`). The template names no
//! function or type: each `{op:…}` and `{type:…}` placeholder is resolved from the catalogue.

use gg_core::Catalogue;

const TEMPLATE: &str = "\
Write your reply as one Java program and nothing else: one compilation unit (no `package` line) \
with a class holding `public static void main(String[] args)`, compiled by javac (Java 17: records, \
enums, sealed interfaces, `var`, lambdas, streams) and TeaVM 0.13.1 to WebAssembly (WASI): TeaVM's \
class library is a subset of the JDK's (java.lang, java.util, java.util.function, java.util.stream, \
java.text, java.math; no threads, no reflection, no java.io files, no java.net; `String.format` \
has no `%e`/`%g`). Start it with \
`import gg.*;`: every operation is a static method of a class per family, as in \
`{op:files.read_file}(\"notes.txt\")`; optional parameters are boxed and may be `null`, and \
trailing ones may be left out (`readFile(path)`, `readFile(path, 0, 20)`); records are Java records \
whose constructors also take the leading fields alone, and `null` for any field leaves it out (an \
option none, a list empty, a patch field kept: `new {type:TaskPatch}(null, null, TaskStatus.DONE)`), \
enums have \
UPPER_SNAKE constants (`TaskStatus.IN_PROGRESS`), and a patch field is a `{type:TextEdit}` \
(`TextEdit.keep()`, `TextEdit.clear()`, `TextEdit.set(text)`). A call that fails throws \
`{type:ApiError}` (a RuntimeException with `code()`, an `{type:ErrorCode}`, and `operation()`); catch \
it to carry on, or let it escape `main` to fail the program with it. Whatever you \
`System.out.println` is your feedback, a line at a time. `System.exit(n)` ends the program with \
exit status n. An exception that escapes `main` fails the program with its class, message and \
the line it was thrown from (array indexing, casts, null and `/ 0` throw as in Java). A code \
module (a memory's or skill's Java code) is the body of class `lib.<key>` (static methods, nested \
records; its `import` lines first): call `lib.notes.summary(...)`. To be shown a file next turn, call `{op:views.open_file}(\"src/Main.java\")`; \
`{op:docs.search}` and `{op:views.open_docs}` find and show the documentation of any name below.";

/// The segment, with the SDK's classes and the library listed after it.
pub fn segment(catalogue: &Catalogue) -> String {
    catalogue.segment_listing_modules(TEMPLATE, "Classes")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_spelling_is_resolved_from_the_catalogue() {
        let text = segment(crate::catalogue());
        assert!(!text.contains("{op:") && !text.contains("{type:"), "{text}");
        assert!(text.contains("`gg.Files.readFile(\"notes.txt\")`"), "{text}");
        assert!(text.contains("`gg.ApiError`"), "{text}");
        assert!(text.contains("- `gg.Files`: "), "{text}");
    }
}
