//! The Kotlin arm's paragraph of the system prompt (`gg prompt kotlin`). The template names no
//! function or type: each `{op:…}` and `{type:…}` placeholder is resolved from the catalogue.

use gg_core::Catalogue;
use gg_core::api::catalogue::{CatalogueFunction, CatalogueType, TypeKind};
use gg_core::api::listing::{Notation, Section};

const TEMPLATE: &str = "\
Write your reply as one Kotlin program and nothing else: the whole of a `program.kt` with a \
top-level `fun main()`, compiled by kotlinc 2.4 for WebAssembly (WASI; the Kotlin standard library, \
no JVM classes, no kotlinx libraries, no coroutines; `gg.*` adds the JVM's `\"%.2f\".format(x)` and \
`String.format`). Start it with `import gg.*`: every operation is \
a function of an object per family, as in `val text = {op:files.read_file}(\"notes.txt\").contents` (a call returns what its declaration \
below says: here a `{type:FileRead}`); optional parameters \
default to `null` (name the ones you pass: `readFile(path, limit = 20)`), records are data classes \
whose optional fields default to `null`, empty lists or `TextEdit.Keep` (name only the ones you set: \
`{type:TaskPatch}(status = TaskStatus.DONE)`), enums are enum classes with UPPER_SNAKE \
entries (`TaskStatus.IN_PROGRESS`), and a patch field is a `{type:TextEdit}` (`TextEdit.Keep`, \
`TextEdit.Clear`, `TextEdit.Set(text)`). A call that fails throws `{type:ApiError}` (an exception \
with `code`, an `{type:ErrorCode}`, and `operation`); catch it to carry on, or let it escape `main` to \
fail the program with it. Whatever you `println` is your feedback, a line at a time. \
`exitProcess(n)` (`import kotlin.system.exitProcess`) ends the program with exit status n. To be \
shown a file next turn, call `{op:views.open_file}(\"src/main.kt\")`; `{op:docs.search}` and \
`{op:views.open_docs}` find and show the documentation of any name below. A skill's or memory's \
code is the package `lib.<name>`: `import lib.<name>.*`.";

/// The segment: the paragraph, the whole SDK as Kotlin declarations, then the library.
pub fn segment(catalogue: &Catalogue) -> String {
    catalogue.prompt_segment(
        TEMPLATE,
        "The whole SDK, package `gg`: its types, then an object per family:",
        "kotlin",
        &Declarations,
        None,
    )
}

/// Kotlin's notation: data classes, enum classes, and an object per family.
struct Declarations;

impl Notation for Declarations {
    fn comment(&self) -> &str {
        "//"
    }
    fn section(&self, s: &Section) -> (String, Option<String>) {
        match s.listed {
            false => (format!("package {}", s.module), None),
            true => {
                let object = s.module.rsplit('.').next().unwrap_or(s.module);
                (format!("object {object} {{  // {}", s.brief), Some("}".into()))
            }
        }
    }
    fn function(&self, _: &CatalogueFunction, signature: &str) -> String {
        signature.to_owned()
    }
    fn declare(&self, t: &CatalogueType, members: &[(String, String)]) -> Option<String> {
        Some(match t.kind {
            TypeKind::Record => {
                let fields: Vec<String> = members.iter().map(|(n, ty)| format!("val {n}: {ty}")).collect();
                let kind = if t.name == "ApiError" { "class" } else { "data class" };
                let base = if t.name == "ApiError" { " : Exception()" } else { "" };
                format!("{kind} {}({}){base}", t.name, fields.join(", "))
            }
            TypeKind::Enum => {
                let names: Vec<&str> = members.iter().map(|(n, _)| n.as_str()).collect();
                format!("enum class {} {{ {} }}", t.name, names.join(", "))
            }
            TypeKind::Variant => {
                let prefix = format!("{}.", t.name);
                let cases: Vec<&str> = members.iter().map(|(n, _)| n.trim_start_matches(&prefix)).collect();
                format!("sealed class {} {{ {} }}", t.name, cases.join("; "))
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
            text.contains("`val text = gg.files.readFile(\"notes.txt\").contents`"),
            "{text}"
        );
        assert!(text.contains("`gg.ApiError`"), "{text}");
        assert!(text.contains("\nobject files {  // "), "{text}");
        assert!(
            text.contains("\ndata class FileRead(val contents: String, val firstLine: Int,"),
            "{text}"
        );
    }
}
