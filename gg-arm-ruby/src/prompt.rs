//! The Ruby arm's paragraph of the system prompt. The template names no function or type: every
//! spelling it quotes is a `{op:…}` or `{type:…}` placeholder resolved from the catalogue.

use gg_core::Catalogue;
use gg_core::api::catalogue::{CatalogueFunction, CatalogueType, TypeKind};
use gg_core::api::listing::{Notation, Section};

const TEMPLATE: &str = "\
Write your reply as a Ruby program and nothing else. It runs as written, as the whole of a \
`program.rb` on CRuby 3.4 (no gems beyond the standard library below). The gg SDK is loaded \
before your program (`require \"gg\"` is accepted and does nothing more); its operations are module \
methods in snake_case under one module per family, as in `text = {op:files.read_file}(\"notes.txt\").contents` (a call returns what its \
signature below says: here a `{type:FileRead}`). \
Required arguments are positional; optional ones may be left out or given as keyword arguments \
(`{op:files.read_file}(\"notes.txt\", offset: 10, limit: 20)`). Records are Structs with keyword \
constructors (`{type:TaskInput}.new(title: \"x\")`, or pass a Hash with the same keys), enum values \
are Symbols (`:in_progress`). A call that fails raises `{type:ApiError}`, whose `code` is a Symbol \
(`:not_found`) and whose message names the call; rescue it to carry on. In a patch, a text field \
left out keeps what is there, `nil` clears it, a String replaces it. `puts`, `print` and `p` write \
to your feedback. To be shown a file next turn, call `{op:views.open_file}(\"src/main.rb\")`; \
`{op:docs.search}` and `{op:views.open_docs}` find and show the documentation of any name below. \
A skill's or memory's code is reached as `Lib::<Name>` (its key in CamelCase), its methods called \
on the module (`Lib::Notes.summary(text)`). `at_exit` blocks run when your program ends (`END {}` \
blocks do not; use `at_exit`). There are no threads (`Thread.new` raises NotImplementedError), no \
sockets and no subprocesses; libraries that need them (net/http, drb, open3's commands) do not \
load or fail when called.";

/// The segment: the paragraph, the whole SDK in RBS, Ruby's signature notation, then the library.
pub fn segment(catalogue: &Catalogue) -> String {
    catalogue.prompt_segment(
        TEMPLATE,
        "The whole SDK in RBS (Ruby's signature notation: `?name:` is an optional keyword, `T?` is \
         `T` or nil), a module per family:",
        "rbs",
        &Signatures,
        Some("Beside gg, the guest carries the standard library; what works includes:"),
    )
}

/// Ruby's notation: RBS signatures and Structs.
struct Signatures;

impl Notation for Signatures {
    fn comment(&self) -> &str {
        "#"
    }
    fn separator(&self) -> &str {
        "::"
    }
    fn section(&self, s: &Section) -> (String, Option<String>) {
        let open = match s.listed {
            false => format!("module {}", s.module),
            true => format!("module {}  # {}", s.module, s.brief),
        };
        (open, Some("end".into()))
    }
    fn function(&self, f: &CatalogueFunction, _: &str) -> String {
        let params: Vec<String> = f
            .params
            .iter()
            .map(|p| match p.optional {
                true => format!("?{}: {}", p.name, rbs(&local(&p.ty, &f.module))),
                false => format!("{} {}", rbs(&local(&p.ty, &f.module)), p.name),
            })
            .collect();
        let returns = f.returns.as_deref().map_or("nil".to_owned(), rbs);
        format!(
            "def self.{}: ({}) -> {}",
            f.name,
            params.join(", "),
            local(&returns, &f.module)
        )
    }
    fn declare(&self, t: &CatalogueType, members: &[(String, String)]) -> Option<String> {
        Some(match t.kind {
            TypeKind::Record => {
                let fields: Vec<String> = members.iter().map(|(n, ty)| format!("{n}: {}", rbs(ty))).collect();
                let base = if t.name == "ApiError" {
                    "StandardError"
                } else {
                    "Struct"
                };
                format!("class {} < {base} {{ {} }}", t.name, fields.join(", "))
            }
            // An enum's Symbols are written out wherever it is used, so it needs no line of its own.
            TypeKind::Enum => return None,
            TypeKind::Variant => {
                let names: Vec<&str> = members.iter().map(|(n, _)| n.as_str()).collect();
                format!("type {} = {}", t.name, names.join(" | "))
            }
        })
    }
}

/// A catalogue type in RBS: `X | nil` is `X?`, `true | false` is `bool`.
fn rbs(ty: &str) -> String {
    let ty = ty.replace("true | false", "bool");
    match ty.strip_suffix(" | nil") {
        Some(inner) if inner.contains(" | ") => format!("({inner})?"),
        Some(inner) => format!("{inner}?"),
        None => ty,
    }
}

/// `ty` with its own module's prefix left out.
fn local(ty: &str, module: &str) -> String {
    ty.replace(&format!("{module}::"), "")
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_placeholder_resolves() {
        let s = super::segment(crate::catalogue());
        assert!(
            s.contains("`text = Gg::Files.read_file(\"notes.txt\").contents`"),
            "{s}"
        );
        assert!(s.contains("\nmodule Gg::Files  # "), "{s}");
        assert!(
            s.contains(
                "\n  def self.read_file: (String path, ?offset: Integer?, ?limit: Integer?) -> Gg::FileRead  # "
            ),
            "{s}"
        );
        assert!(s.contains("Gg::Tasks::TaskInput.new"), "{s}");
        assert!(s.contains("Gg::ApiError"), "{s}");
        assert!(!s.contains("{op:") && !s.contains("{type:"), "{s}");
    }
}
