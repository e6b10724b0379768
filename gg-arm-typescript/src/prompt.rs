//! The JavaScript and TypeScript arms' paragraphs of the system prompt (`gg prompt javascript`,
//! `gg prompt typescript`). The templates name no function or type: every spelling they quote is
//! a `{op:…}` or `{type:…}` placeholder resolved from the catalogue the two arms share.

use gg_core::Catalogue;
use gg_core::api::catalogue::{CatalogueFunction, CatalogueType, TypeKind};
use gg_core::api::listing::{Notation, Section};

/// What the two arms say alike, after each arm's opening.
const SDK: &str = "\
The gg SDK is the module `gg`: write the import line for what you use, as in \
`import { files, tasks } from \"gg\";` (one family alone is `gg:<family>`), then call \
`const text = {op:files.read_file}(\"notes.txt\").contents;` (a call returns what its declaration below \
says: here a `{type:FileRead}` record). The only modules are `gg`, `gg:<family>` and `lib:<name>`: there \
is no `fs`, `node:` or npm module, and no file API but `files`. Every call is synchronous and returns its value (no \
`await`). Required arguments are positional; the optional ones travel in one options object after \
them, and each may be left out (`{op:files.read_file}(\"notes.txt\", { offset: 10, limit: 20 })`); \
a call whose only parameter is optional takes it in place (`{op:files.list_dir}(\"notes\")`, \
`{op:files.list_dir}()`). Records are objects with camelCase keys, and a field you leave out \
is none, an empty list, or, in a patch, kept: `{op:tasks.add}({ title: \"write tests\" })`, \
`{op:tasks.update}(id, { status: \"done\" })`. In a patch a text field left out keeps what is there, \
`null` clears it, a string replaces it. Enum values are their kebab-case strings (`\"in-progress\"`). \
A call that fails throws `{type:ApiError}`, whose `code` is a string such as `\"not-found\"` and whose \
message names the call; catch it to carry on. `console.log` writes to your feedback, a line at a \
time. There is no event loop (`setTimeout` throws) and no `fetch`, `require` or `process`. To be \
shown a file next turn, call `{op:views.open_file}(\"src/main.ts\")`; `{op:docs.search}` and \
`{op:views.open_docs}` find and show the documentation of any name below.";

const JAVASCRIPT: &str = "\
Write your reply as a JavaScript program and nothing else. It runs as written, as the whole of an \
ES module `program.js` on QuickJS (ES2023; top-level `await` works). ";

const JAVASCRIPT_LIB: &str = " A skill's or memory's code is a module: \
`import { summary } from \"lib:notes\";` (its key in camelCase).";

const TYPESCRIPT: &str = "\
Write your reply as a TypeScript program and nothing else. It is the whole of an ES module \
`program.ts`, checked by the TypeScript 7 compiler (strict, ES2022, no DOM) before it runs; a type \
error is reported at its line and nothing runs. The checked program then runs as JavaScript on \
QuickJS (top-level `await` works). ";

const TYPESCRIPT_TYPES: &str = " Every type the SDK speaks in is exported by `gg` \
(`import type { {type:TaskPatch} } from \"gg\";`). A skill's or memory's code is a module: \
`import { summary } from \"lib:notes\";` (its key in camelCase).";

/// `gg prompt javascript`.
pub fn javascript(catalogue: &Catalogue) -> String {
    segment(
        catalogue,
        &format!(
            "{JAVASCRIPT}{}{JAVASCRIPT_LIB}",
            SDK.replace("src/main.ts", "src/main.js")
        ),
    )
}

/// `gg prompt typescript`.
pub fn typescript(catalogue: &Catalogue) -> String {
    segment(catalogue, &format!("{TYPESCRIPT}{SDK}{TYPESCRIPT_TYPES}"))
}

/// The paragraph, then the whole SDK as TypeScript declarations.
fn segment(catalogue: &Catalogue, template: &str) -> String {
    let mut out = catalogue.resolve_placeholders(template);
    out.push_str(
        "\n\nThe whole SDK as TypeScript declarations: the types are `gg`'s, each family is `gg:<family>` \
         and also a member of `gg` (`import { files } from \"gg\"`, then `files.readFile`):\n```ts\n",
    );
    out.push_str(&catalogue.sdk_listing(&Declarations));
    out.push_str("\n```");
    out
}

/// TypeScript's notation: a `declare module` per family, interfaces and union types.
struct Declarations;

impl Notation for Declarations {
    fn comment(&self) -> &str {
        "//"
    }
    fn section(&self, s: &Section) -> (String, Option<String>) {
        let open = match s.listed {
            false => format!("declare module \"{}\" {{", s.module),
            true => format!("declare module \"gg:{}\" {{  // {}", s.module, s.brief),
        };
        (open, Some("}".into()))
    }
    fn function(&self, _: &CatalogueFunction, signature: &str) -> String {
        format!("function {signature};")
    }
    fn declare(&self, t: &CatalogueType, members: &[(String, String)]) -> Option<String> {
        Some(match t.kind {
            TypeKind::Record => {
                let fields: Vec<String> = members
                    .iter()
                    .map(|(n, ty)| match ty.strip_suffix(" (optional)") {
                        Some(ty) => format!("{n}?: {ty}"),
                        None => format!("{n}: {ty}"),
                    })
                    .collect();
                let head = if t.name == "ApiError" {
                    "class ApiError extends Error".to_owned()
                } else {
                    format!("interface {}", t.name)
                };
                format!("{head} {{ {} }}", fields.join("; "))
            }
            TypeKind::Enum => {
                let names: Vec<&str> = members.iter().map(|(n, _)| n.as_str()).collect();
                format!("type {} = {};", t.name, names.join(" | "))
            }
            TypeKind::Variant => {
                let cases: Vec<String> = members
                    .iter()
                    .map(|(n, ty)| match ty.starts_with('{') {
                        true => ty.clone(),
                        false => format!("{n:?}"),
                    })
                    .collect();
                format!("type {} = {};", t.name, cases.join(" | "))
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
        for (arm, text) in [
            ("javascript", javascript(crate::JavaScript.catalogue())),
            ("typescript", typescript(crate::typescript::TypeScript.catalogue())),
        ] {
            assert!(!text.contains("{op:") && !text.contains("{type:"), "{arm}: {text}");
            assert!(
                text.contains("`const text = files.readFile(\"notes.txt\").contents;`"),
                "{arm}: {text}"
            );
            assert!(
                text.contains("`tasks.add({ title: \"write tests\" })`"),
                "{arm}: {text}"
            );
            assert!(text.contains("`ApiError`"), "{arm}: {text}");
            assert!(text.contains("\ndeclare module \"gg:files\" {  // "), "{arm}: {text}");
            assert!(
                text.contains("\n  function readFile(path: string, options?: "),
                "{arm}: {text}"
            );
            assert!(
                text.contains("\n  interface FileRead { contents: string;"),
                "{arm}: {text}"
            );
        }
        let ts = typescript(crate::typescript::TypeScript.catalogue());
        assert!(ts.contains("import type { TaskPatch } from \"gg\""), "{ts}");
        assert!(ts.contains("src/main.ts"), "{ts}");
        assert!(javascript(crate::JavaScript.catalogue()).contains("src/main.js"));
        for template in [SDK, JAVASCRIPT, JAVASCRIPT_LIB, TYPESCRIPT, TYPESCRIPT_TYPES] {
            for f in &crate::JavaScript.catalogue().functions {
                assert!(
                    !template.contains(&format!("{}(", f.qualified)),
                    "a template writes {}",
                    f.qualified
                );
            }
        }
    }
}
