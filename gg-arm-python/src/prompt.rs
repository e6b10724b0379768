//! The Python arm's paragraph of the system prompt. The template names no function, type or
//! signature: every spelling it quotes is a `{op:…}` (the function binding an operation) or
//! `{type:…}` (a type by its short name) placeholder resolved from the catalogue when rendered.

use gg_core::Catalogue;

const TEMPLATE: &str = "\
Write your reply as a Python program and nothing else. It is executed as written, as the whole of \
a `program.py` run with `__name__` set to `\"__main__\"` on CPython 3.14, so write the import lines \
you would normally write; statements and definitions sit side by side at the top level of the \
module. `import gg` is the line that brings every gg module into scope; after it, write each name \
fully qualified, as in `{op:files.read_file}(\"notes.txt\")`. Required arguments are positional and \
optional ones are keyword arguments with defaults, which may also be given in order (a patch's \
fields by keyword only). An enum argument is a member (`{type:TaskStatus}.DONE`) or its \
value as a string (`\"done\"`). A call that fails raises `{type:ApiError}`, whose `code` is a \
`{type:ErrorCode}` member and whose text names the call; catch it to carry on. A patch argument \
you leave out keeps what is there (`{type:Unchanged}`), None clears it, a value replaces it. \
`print` writes to your feedback, one line at a time. To be shown a file next turn, call \
`{op:views.open_file}(\"src/main.py\")`, with a window as `offset` and `limit` keyword arguments; \
`{op:docs.search}` and `{op:views.open_docs}` find and show the documentation of any name below. \
A skill's or memory's code is reached as `lib.<name>` after `import lib`.";

/// The segment, with the catalogue's modules and library set listed after it.
pub fn segment(catalogue: &Catalogue) -> String {
    let mut out = catalogue.resolve_placeholders(TEMPLATE);
    out.push_str("\n\nModules:\n");
    for m in &catalogue.modules {
        out.push_str(&format!("- `{}` ({}): {}\n", m.name, m.import_line, m.brief));
    }
    out.push_str(
        "\nBeside gg, the guest carries these libraries; importing anything else raises ModuleNotFoundError:\n",
    );
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
    fn every_spelling_is_resolved_from_the_catalogue_and_none_is_written_in_the_template() {
        let catalogue = crate::catalogue();
        let text = segment(catalogue);
        assert!(!text.contains("{op:") && !text.contains("{type:"), "{text}");
        assert!(text.contains("`gg.files.read_file(\"notes.txt\")`"), "{text}");
        assert!(text.contains("`gg.views.open_file(\"src/main.py\")`"), "{text}");
        assert!(text.contains("- `gg.files` (import gg): "), "{text}");
        assert!(
            text.contains("json") && text.contains("yaml") && !text.contains("asyncio,"),
            "{text}"
        );
        for f in &catalogue.functions {
            assert!(
                !TEMPLATE.contains(&f.qualified) && !TEMPLATE.contains(&format!("{}(", f.name)),
                "the template writes {}",
                f.qualified
            );
        }
        for t in &catalogue.types {
            assert!(!TEMPLATE.contains(&t.qualified), "the template writes {}", t.qualified);
        }
    }
}
