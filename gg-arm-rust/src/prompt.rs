//! The Rust arm's paragraph of the system prompt. Every spelling it quotes is a `{op:…}` or
//! `{type:…}` placeholder resolved from the catalogue when rendered; the library set is listed
//! from the catalogue too (`build/sdk.rs` decides it: serde with derive and serde_json because
//! models reach for them first for any structured data, regex for text, anyhow and thiserror for
//! error plumbing, itertools for the iterator helpers models write out of habit).

use gg_core::Catalogue;

const TEMPLATE: &str = "\
Write your reply as a Rust program and nothing else: a whole `program.rs` (edition 2024) with a \
`fn main()`, compiled as written by rustc for wasm32-wasip2 and run once. `main` may also return \
`Result<(), {type:ApiError}>` or any `Result<(), E: Debug>`; an `Err` from it is your failure, \
reported with its Debug text. The crate `gg` is linked in: write each operation fully qualified, \
as in `{op:files.read_file}(\"notes.txt\", None, None)?`. Every operation returns \
`Result<T, {type:ApiError}>`, whose `code` is a `{type:ErrorCode}`; optional arguments are \
`Option`s you pass as `None` or `Some(..)`; match on the error to carry on. A panic is reported \
with its message and `program.rs:LINE:COL`. `println!` writes to your feedback, one line at a \
time; `eprintln!` goes to stderr, which you are shown too. To be shown a file next turn, call \
`{op:views.open_file}(\"src/main.rs\", None, None)`; `{op:docs.search}` and `{op:views.open_docs}` \
find and show the documentation of any name below. A skill's or memory's code is the module \
`lib::<name>`; its `pub` items are yours to call. Compiler warnings never fail a program.";

/// The segment, with the catalogue's modules and library set listed after it.
pub fn segment(catalogue: &Catalogue) -> String {
    let mut out = catalogue.resolve_placeholders(TEMPLATE);
    out.push_str("\n\nModules:\n");
    for m in &catalogue.modules {
        out.push_str(&format!("- `{}` ({}): {}\n", m.name, m.import_line, m.brief));
    }
    out.push_str("\nBeside gg and std, these crates are linked in; any other `use` fails to compile:\n");
    for g in &catalogue.libraries {
        out.push_str(&format!("- {}: {}\n", g.heading, g.modules.join(", ")));
    }
    out.truncate(out.trim_end().len());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_spelling_is_resolved_from_the_catalogue() {
        let text = segment(crate::catalogue());
        assert!(!text.contains("{op:") && !text.contains("{type:"), "{text}");
        assert!(
            text.contains("`gg::files::read_file(\"notes.txt\", None, None)?`"),
            "{text}"
        );
        assert!(text.contains("`Result<(), gg::ApiError>`"), "{text}");
        assert!(text.contains("serde_json"), "{text}");
    }
}
