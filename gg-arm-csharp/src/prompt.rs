//! The C# arm's paragraph of the system prompt (`gg prompt csharp`). The template names no
//! function or type: each `{op:…}` and `{type:…}` placeholder is resolved from the catalogue.

use gg_core::Catalogue;
use gg_core::api::catalogue::{CatalogueFunction, CatalogueType, TypeKind};
use gg_core::api::listing::{Notation, Section};

const TEMPLATE: &str = "\
Write your reply as one C# program and nothing else: a class with `static void Main()` or \
`static int Main()` (its value is the exit status), compiled by Mono's mcs as C# 7 (no top-level \
statements, no records, no switch expressions, no `using` declarations, no nullable reference types: \
write classes and a `Main`) and run on .NET 10's runtime for WebAssembly (System, \
System.Collections.Generic, System.Linq, System.Text, System.Text.RegularExpressions; no threads, \
no `Task.Delay`, no sockets, no files through System.IO: use the SDK). Start it with `using Gg;`: \
every operation is a static method of a class per family, as in \
`string text = {op:files.read_file}(\"notes.txt\").Contents;` (a call returns what its declaration \
below says: here a `{type:FileRead}`); optional parameters may be left out or given by name \
(`ReadFile(path, limit: 20)`); records are classes with properties and a constructor taking the \
required fields, then the optional ones (`new {type:TaskInput}(\"Write the report\")`), or an \
object initialiser; enums are PascalCase (`TaskStatus.InProgress`), and a patch field is a \
`{type:TextEdit}` (`TextEdit.Keep()`, `TextEdit.Clear()`, `TextEdit.Set(text)`). A call that fails \
throws `{type:ApiError}` (an Exception with `Code`, an `{type:ErrorCode}`, and `Operation`); catch \
it to carry on, or let it escape `Main` to fail the program with it. Whatever you \
`Console.WriteLine` is your feedback. `Environment.Exit(n)` ends the program with exit status n. \
An exception that escapes `Main` fails the program with its type and message. To be shown a file \
next turn, call `{op:views.open_file}(\"src/Program.cs\")`; `{op:docs.search}` and \
`{op:views.open_docs}` find and show the documentation of any name below.";

/// The segment: the paragraph, the whole SDK as C# declarations, then the library.
pub fn segment(catalogue: &Catalogue) -> String {
    catalogue.prompt_segment(
        TEMPLATE,
        "The whole SDK, namespace `Gg`: its types, then a static class per family:",
        "csharp",
        &Declarations,
        None,
    )
}

/// C#'s notation: classes, enums, and a static class per family.
struct Declarations;

impl Notation for Declarations {
    fn comment(&self) -> &str {
        "//"
    }
    fn section(&self, s: &Section) -> (String, Option<String>) {
        match s.listed {
            false => (format!("namespace {}", s.module), None),
            true => {
                let class = s.module.rsplit('.').next().unwrap_or(s.module);
                (format!("static class {class} {{  // {}", s.brief), Some("}".into()))
            }
        }
    }
    fn function(&self, _: &CatalogueFunction, signature: &str) -> String {
        format!("{signature};")
    }
    fn declare(&self, t: &CatalogueType, members: &[(String, String)]) -> Option<String> {
        Some(match t.kind {
            TypeKind::Record if t.name == "ApiError" => {
                let props: Vec<String> = members
                    .iter()
                    .map(|(n, ty)| format!("{ty} {} {{ get; }}", pascal(n)))
                    .collect();
                format!("class ApiError : Exception {{ {} }}", props.join(" "))
            }
            TypeKind::Record => {
                let props: Vec<String> = members
                    .iter()
                    .map(|(n, ty)| format!("{ty} {n} {{ get; set; }}"))
                    .collect();
                format!("class {} {{ {} }}", t.name, props.join(" "))
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
                format!("abstract class {} {{ {} }}", t.name, cases.join(" "))
            }
        })
    }
}

fn pascal(n: &str) -> String {
    let mut c = n.chars();
    c.next()
        .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
        .unwrap_or_default()
}
