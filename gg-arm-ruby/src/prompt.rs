//! The Ruby arm's paragraph of the system prompt. The template names no function or type: every
//! spelling it quotes is a `{op:…}` or `{type:…}` placeholder resolved from the catalogue.

use gg_core::Catalogue;

const TEMPLATE: &str = "\
Write your reply as a Ruby program and nothing else. It runs as written, as the whole of a \
`program.rb` on CRuby 3.4 (no gems beyond the standard library below). The gg SDK is loaded \
before your program (`require \"gg\"` is accepted and does nothing more); its operations are module \
methods in snake_case under one module per family, as in `{op:files.read_file}(\"notes.txt\")`. \
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

/// The segment, with the catalogue's modules and library set listed after it.
pub fn segment(catalogue: &Catalogue) -> String {
    let mut out = catalogue.resolve_placeholders(TEMPLATE);
    out.push_str("\n\nModules:\n");
    for m in &catalogue.modules {
        out.push_str(&format!("- `{}`: {}\n", m.name, m.brief));
    }
    out.push_str("\nBeside gg, the guest carries the standard library; what works includes:\n");
    for g in &catalogue.libraries {
        out.push_str(&format!("- {}: {}\n", g.heading, g.modules.join(", ")));
    }
    out.truncate(out.trim_end().len());
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_placeholder_resolves() {
        let s = super::segment(crate::catalogue());
        assert!(s.contains("`Gg::Files.read_file(\"notes.txt\")`"), "{s}");
        assert!(s.contains("Gg::Tasks::TaskInput.new"), "{s}");
        assert!(s.contains("Gg::ApiError"), "{s}");
        assert!(!s.contains("{op:") && !s.contains("{type:"), "{s}");
    }
}
