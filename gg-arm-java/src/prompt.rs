//! The Java arm's paragraph of the system prompt (`gg prompt java`). The template names no
//! function or type: each `{op:…}` and `{type:…}` placeholder is resolved from the catalogue.

use gg_core::Catalogue;
use gg_core::api::catalogue::{CatalogueFunction, CatalogueType, TypeKind};
use gg_core::api::listing::{Notation, Section};

const TEMPLATE: &str = "\
Write your reply as one Java program and nothing else: one compilation unit (no `package` line) \
with a class holding `public static void main(String[] args)`, compiled by javac (Java 17: records, \
enums, sealed interfaces, `var`, lambdas, streams) and TeaVM 0.13.1 to WebAssembly (WASI): TeaVM's \
class library is a subset of the JDK's (java.lang, java.util, java.util.function, java.util.stream, \
java.text, java.math, and java.io's files, whose relative paths name workspace files; threads run \
one at a time, switching at blocking calls (`Thread.sleep`, `join`, `wait`, `yield`); \
no reflection, no java.net; `String.format` \
has no `%e`/`%g`). Start it with \
`import gg.*;`: every operation is a static method of a class per family, as in \
`String text = {op:files.read_file}(\"notes.txt\").contents();` (a call returns what its declaration \
below says: here a `{type:FileRead}` record); optional parameters are boxed and may be `null`, and \
trailing ones may be left out (`readFile(path)`, `readFile(path, 0, 20)`); records are Java records \
with the canonical constructor (every field, in order) and shorter ones that take only the \
required fields, then the optional ones after them (`new {type:TaskInput}(\"Write the report\")`, \
`new {type:TaskInput}(\"Write the report\", \"by Friday\")`: an optional field before the first \
required one, as `id`, is left out), and `null` for any field leaves it out (an \
option none, a list empty, a patch field kept: `new {type:TaskPatch}(null, null, TaskStatus.DONE)`), \
enums have \
UPPER_SNAKE constants (`TaskStatus.IN_PROGRESS`), and a patch field is a `{type:TextEdit}` \
(`TextEdit.keep()`, `TextEdit.clear()`, `TextEdit.set(text)`). A call that fails throws \
`{type:ApiError}` (a RuntimeException with `code()`, an `{type:ErrorCode}`, and `operation()`); catch \
it to carry on, or let it escape `main` to fail the program with it. Whatever you \
`System.out.println` is your feedback, a line at a time. `System.exit(n)` ends the program with \
exit status n. An exception that escapes `main` fails the program with its class, message and \
the line it was thrown from (array indexing, casts, null and `/ 0` throw as in Java). A code \
module (a memory's or skill's Java code) is the body of class `lib.<key>` (`public static` methods, nested \
records; its `import` lines first): call `lib.notes.summary(...)`. To be shown a file next turn, call `{op:views.open_file}(\"src/Main.java\")`; \
`{op:docs.search}` and `{op:views.open_docs}` find and show the documentation of any name below.";

/// The segment: the paragraph, the whole SDK as Java declarations, then the library.
pub fn segment(catalogue: &Catalogue) -> String {
    catalogue.prompt_segment(
        TEMPLATE,
        "The whole SDK, package `gg`: its types, then a class of static methods per family:",
        "java",
        &Declarations,
        None,
    )
}

/// Java's notation: records, enums, and a class of static methods per family.
struct Declarations;

impl Notation for Declarations {
    fn comment(&self) -> &str {
        "//"
    }
    fn section(&self, s: &Section) -> (String, Option<String>) {
        match s.listed {
            false => (format!("package {};", s.module), None),
            true => {
                let class = s.module.rsplit('.').next().unwrap_or(s.module);
                (format!("final class {class} {{  // {}", s.brief), Some("}".into()))
            }
        }
    }
    fn function(&self, _: &CatalogueFunction, signature: &str) -> String {
        format!("{signature};")
    }
    fn declare(&self, t: &CatalogueType, members: &[(String, String)]) -> Option<String> {
        Some(match t.kind {
            TypeKind::Record if t.name == "ApiError" => {
                let getters: Vec<String> = members.iter().map(|(n, ty)| format!("{ty} {n}();")).collect();
                format!("class ApiError extends RuntimeException {{ {} }}", getters.join(" "))
            }
            TypeKind::Record => {
                let fields: Vec<String> = members.iter().map(|(n, ty)| format!("{ty} {n}")).collect();
                format!("record {}({}) {{}}", t.name, fields.join(", "))
            }
            TypeKind::Enum => {
                let names: Vec<&str> = members.iter().map(|(n, _)| n.as_str()).collect();
                format!("enum {} {{ {} }}", t.name, names.join(", "))
            }
            TypeKind::Variant => {
                let prefix = format!("{}.", t.name);
                let cases: Vec<String> = members
                    .iter()
                    .map(|(n, _)| format!("static {} {};", t.name, n.trim_start_matches(&prefix)))
                    .collect();
                format!("sealed interface {} {{ {} }}", t.name, cases.join(" "))
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
            text.contains("`String text = gg.Files.readFile(\"notes.txt\").contents();`"),
            "{text}"
        );
        assert!(text.contains("`gg.ApiError`"), "{text}");
        assert!(text.contains("\nfinal class Files {  // "), "{text}");
        assert!(
            text.contains("\nrecord FileRead(String contents, int firstLine,"),
            "{text}"
        );
    }
}
