//! The Rust arm's paragraph of the system prompt. Every spelling it quotes is a `{op:…}` or
//! `{type:…}` placeholder resolved from the catalogue when rendered; the library set is listed
//! from the catalogue too (`build/sdk.rs` decides it: serde with derive and serde_json because
//! models reach for them first for any structured data, regex for text, anyhow and thiserror for
//! error plumbing, itertools for the iterator helpers models write out of habit).

use gg_core::Catalogue;
use gg_core::api::catalogue::{CatalogueFunction, CatalogueType, TypeKind};
use gg_core::api::listing::Notation;

const TEMPLATE: &str = "\
Write your reply as a Rust program and nothing else: a whole `program.rs` (edition 2024) with a \
`fn main()`, compiled as written by rustc for wasm32-wasip2 and run once. `main` may also return \
`Result<(), {type:ApiError}>` or any `Result<(), E: Debug>`; an `Err` from it is your failure, \
reported with its Debug text. The crate `gg` is linked in: write each operation fully qualified, \
as in `let text = {op:files.read_file}(\"notes.txt\", None, None)?.contents;` (a call returns what its \
signature below says: here a `{type:FileRead}`). Every operation returns \
`Result<T, {type:ApiError}>`, whose `code` is a `{type:ErrorCode}`; optional arguments are \
`Option`s you pass as `None` or `Some(..)`; match on the error to carry on. A panic is reported \
with its message and `program.rs:LINE:COL`. `println!` writes to your feedback, one line at a \
time; `eprintln!` goes to stderr, which you are shown too. To be shown a file next turn, call \
`{op:views.open_file}(\"src/main.rs\", None, None)`; `{op:docs.search}` and `{op:views.open_docs}` \
find and show the documentation of any name below. A skill's or memory's code is the module \
`lib::<name>`; its `pub` items are yours to call. Compiler warnings never fail a program.";

/// The segment: the paragraph, the whole SDK as Rust declarations, then the library set.
pub fn segment(catalogue: &Catalogue) -> String {
    catalogue.prompt_segment(
        TEMPLATE,
        "The whole crate `gg`, a section per module (`{op:files.read_file}`, `{type:TaskInput}`; \
         `Result<T>` is `Result<T, {type:ApiError}>`). Every type is `Debug` and `Clone`, every record has \
         `pub` fields (most have `Default` too), every enum without data is `Copy` and `PartialEq`, and `ApiError` \
         and `ErrorCode` are `Display`; `ApiError` is a `std::error::Error`:",
        "rust",
        &Declarations,
        Some("Beside gg and std, these crates are linked in; any other `use` fails to compile:"),
    )
}

/// Rust's notation: `fn` signatures, `struct`s and `enum`s.
struct Declarations;

impl Notation for Declarations {
    fn comment(&self) -> &str {
        "//"
    }
    fn separator(&self) -> &str {
        "::"
    }
    fn function(&self, _: &CatalogueFunction, signature: &str) -> String {
        // The catalogue's signature reads `fn gg::files::read_file(…)` (the prompt's listing has it
        // unqualified, under its family's heading).
        let bare = signature.strip_prefix("fn ").unwrap_or(signature);
        format!("fn {};", bare.replace(", gg::ApiError>", ">"))
    }
    fn declare(&self, t: &CatalogueType, members: &[(String, String)]) -> Option<String> {
        let body: Vec<String> = members
            .iter()
            .map(|(n, ty)| match t.kind {
                TypeKind::Record => format!("{n}: {ty}"),
                TypeKind::Enum => n.clone(),
                TypeKind::Variant if ty.is_empty() => n.clone(),
                TypeKind::Variant => format!("{n}({ty})"),
            })
            .collect();
        let what = if t.kind == TypeKind::Record { "struct" } else { "enum" };
        Some(format!("{what} {} {{ {} }}", t.name, body.join(", ")))
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
            text.contains("`let text = gg::files::read_file(\"notes.txt\", None, None)?.contents;`"),
            "{text}"
        );
        assert!(text.contains("`Result<(), gg::ApiError>`"), "{text}");
        assert!(text.contains("serde_json"), "{text}");
        assert!(text.contains("\n// gg::files: "), "{text}");
        assert!(
            text.contains(
                "\nfn read_file(path: &str, offset: Option<u32>, limit: Option<u32>) -> Result<FileRead>;  // "
            ),
            "{text}"
        );
        assert!(text.contains("\nenum ErrorCode { InvalidArgument, NotFound,"), "{text}");
    }
}
