//! The signature catalogue as the WIT-generated arms' build scripts write it (`<lang>.catalogue.json`):
//! the entries every arm fills alike (an operation's id and brief, a family's and a type's brief),
//! the arm passing only its own spellings; and [`check`], which every arm's build runs on its
//! catalogue so that none ships a blank or placeholder brief.

use serde_json::{Value, json};

use crate::wit::{Def, Func, Model, Named, Ty};

/// One module entry per family that has functions, named by `name` (the family's interface), each
/// brought in by `import_line`.
pub fn modules(m: &Model, name: impl Fn(&str) -> String, import_line: &str) -> Vec<Value> {
    m.interfaces
        .iter()
        .filter(|(i, _)| m.funcs.iter().any(|f| &f.interface == i))
        .map(|(i, d)| {
            json!({
                "name": name(i),
                "import_line": import_line,
                "brief": d,
            })
        })
        .collect()
}

/// How an arm spells one function of the membrane.
#[derive(Debug)]
pub struct Function {
    pub module: String,
    pub name: String,
    pub qualified: String,
    pub signature: String,
    /// Made with [`param`].
    pub params: Vec<Value>,
    pub returns: Option<String>,
    /// The error type a failed call raises (`gg.ApiError`).
    pub throws: &'static str,
}

/// A function's entry: the arm's spellings, the operation's id, and its docs as the brief.
pub fn function(f: &Func, spelled: Function) -> Value {
    json!({
        "module": spelled.module,
        "name": spelled.name,
        "qualified": spelled.qualified,
        "operation": f.operation(),
        "signature": spelled.signature,
        "brief": f.docs,
        "detail": "",
        "params": spelled.params,
        "returns": spelled.returns,
        "throws": [spelled.throws],
    })
}

/// A parameter of a function's entry.
pub fn param(name: String, ty: String, optional: bool) -> Value {
    json!({"name": name, "ty": ty, "optional": optional, "doc": ""})
}

/// A type's entry, its brief the WIT's docs.
pub fn named_type(t: &Named, module: String, name: String, qualified: String, members: Vec<Value>) -> Value {
    let kind = match t.def {
        Def::Record(_) => "record",
        Def::Enum(_) => "enum",
        Def::Variant(_) => "variant",
    };
    json!({
        "module": module,
        "name": name,
        "qualified": qualified,
        "kind": kind,
        "brief": t.docs,
        "members": members,
    })
}

/// How an arm spells a type's members in the catalogue: a record field's name and type, an enum
/// case's name and type (`""` where the arm gives none), a variant case as the program builds it.
pub struct MemberSpelling<F, E, V>
where
    F: Fn(&str, &Ty) -> (String, String),
    E: Fn(&str) -> (String, String),
    V: Fn(&str, Option<&Ty>) -> String,
{
    pub field: F,
    pub case: E,
    pub variant: V,
}

/// A type's members in an arm's spellings, each with the WIT's docs; a variant's cases have
/// `variant_ty` (the type as the arm names it) for their type.
pub fn members<F, E, V>(def: &Def, variant_ty: &str, spell: &MemberSpelling<F, E, V>) -> Vec<Value>
where
    F: Fn(&str, &Ty) -> (String, String),
    E: Fn(&str) -> (String, String),
    V: Fn(&str, Option<&Ty>) -> String,
{
    let member = |name: String, ty: String, doc: &str| json!({"name": name, "ty": ty, "doc": doc});
    match def {
        Def::Record(fields) => fields
            .iter()
            .map(|(n, ty, d)| {
                let (name, ty) = (spell.field)(n, ty);
                member(name, ty, d)
            })
            .collect(),
        Def::Enum(cases) => cases
            .iter()
            .map(|(n, d)| {
                let (name, ty) = (spell.case)(n);
                member(name, ty, d)
            })
            .collect(),
        Def::Variant(cases) => cases
            .iter()
            .map(|(n, ty, d)| member((spell.variant)(n, ty.as_ref()), variant_ty.to_owned(), d))
            .collect(),
    }
}

/// Every gap of a catalogue (gg-core's `Catalogue` as JSON), named by where it is: a module,
/// function or type without a real brief (blank, a placeholder such as "the files operations",
/// "a struct" or "calls tasks.update", or a WIT spelling such as `files.read-file`), a function
/// without a signature, a type without members, a record field without a type, or a member
/// without a description. An arm's build script fails on any ([`assert_complete`]).
pub fn check(catalogue: &Value) -> Vec<String> {
    let mut gaps = Vec::new();
    let text = |v: &Value, key: &str| v.get(key).and_then(Value::as_str).unwrap_or("").trim().to_owned();
    let list = |key: &str| {
        catalogue
            .get(key)
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default()
    };
    let mut brief = |what: String, b: &str| {
        if let Some(why) = poor_brief(b) {
            gaps.push(format!("{what}: {why}"));
        }
    };
    for m in list("modules") {
        brief(format!("module {}", text(&m, "name")), &text(&m, "brief"));
    }
    for f in list("functions") {
        brief(format!("function {}", text(&f, "qualified")), &text(&f, "brief"));
    }
    for t in list("types") {
        brief(format!("type {}", text(&t, "qualified")), &text(&t, "brief"));
    }
    for f in list("functions") {
        if text(&f, "signature").is_empty() {
            gaps.push(format!("function {}: no signature", text(&f, "qualified")));
        }
        for p in f.get("params").and_then(Value::as_array).into_iter().flatten() {
            if text(p, "ty").is_empty() {
                gaps.push(format!(
                    "function {}: parameter {} has no type",
                    text(&f, "qualified"),
                    text(p, "name")
                ));
            }
        }
    }
    for t in list("types") {
        let qualified = text(&t, "qualified");
        let kind = text(&t, "kind");
        if !["record", "enum", "variant"].contains(&kind.as_str()) {
            gaps.push(format!(
                "type {qualified}: kind {kind:?} is none of record, enum, variant"
            ));
        }
        let members = t.get("members").and_then(Value::as_array).cloned().unwrap_or_default();
        if members.is_empty() {
            gaps.push(format!("type {qualified}: no members"));
        }
        for m in members {
            let name = text(&m, "name");
            if kind == "record" && text(&m, "ty").is_empty() {
                gaps.push(format!("type {qualified}: field {name} has no type"));
            }
            if let Some(why) = poor_brief(&text(&m, "doc")) {
                gaps.push(format!("type {qualified}: member {name}'s description: {why}"));
            }
        }
    }
    gaps
}

/// Panics, listing every gap [`check`] finds in `catalogue`, the `arm`'s: a build script's last
/// word before it writes the catalogue.
pub fn assert_complete(arm: &str, catalogue: &Value) {
    let gaps = check(catalogue);
    assert!(
        gaps.is_empty(),
        "the {arm} arm's catalogue has {} gap(s); document them in gg-core/wit/gg-sandbox.wit (or the arm's SDK):\n  {}",
        gaps.len(),
        gaps.join("\n  ")
    );
}

/// Why `brief` is no real brief, if it is not.
fn poor_brief(brief: &str) -> Option<&'static str> {
    let b = brief.trim().trim_end_matches('.').to_lowercase();
    if b.is_empty() {
        return Some("blank");
    }
    let placeholder = b.starts_with("calls ")
        || (b.starts_with("the ") && (b.ends_with(" operations") || b.ends_with(" type")))
        || b.ends_with(" family of gg operations")
        || [
            "a struct",
            "a enum",
            "an enum",
            "a record",
            "a variant",
            "a enum with data",
        ]
        .contains(&b.as_str())
        || (b.starts_with("a ") && b.contains(" of the ") && b.ends_with(" family"));
    if placeholder {
        return Some("a placeholder, not a description");
    }
    // A backticked WIT name (`files.read-file`, `total-lines`) is not the arm's spelling.
    let wit_spelling = brief.split('`').skip(1).step_by(2).any(|quoted| {
        quoted
            .as_bytes()
            .windows(3)
            .any(|w| w[0].is_ascii_lowercase() && w[1] == b'-' && w[2].is_ascii_lowercase())
    });
    wit_spelling.then_some("names a WIT spelling, not the arm's")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_blanks_and_wit_spellings_are_gaps_and_real_briefs_are_not() {
        for poor in [
            "",
            "the files operations",
            "the `dir-entry` type",
            "a struct",
            "a enum",
            "calls tasks.update",
            "A record of the files family.",
            "the `files` family of gg operations",
            "As `files.read-file` returns it.",
        ] {
            assert!(poor_brief(poor).is_some(), "{poor:?}");
        }
        for real in [
            "Read a text file, or `limit` lines from the 0-based line `offset`.",
            "The entries of a directory (default: the workspace root), sorted by name.",
            "Marks a task done.",
            "One line-numbered hit.",
        ] {
            assert_eq!(poor_brief(real), None, "{real:?}");
        }
    }

    #[test]
    fn a_type_without_a_kind_members_or_member_docs_is_a_gap() {
        let catalogue = json!({
            "modules": [{"name": "files", "brief": "Files."}],
            "functions": [{"qualified": "files.read", "brief": "Read.", "signature": "read()", "params": [{"name": "p", "ty": ""}]}],
            "types": [
                {"qualified": "A", "kind": "record", "brief": "An a.", "members": [{"name": "x", "ty": "", "doc": ""}]},
                {"qualified": "B", "kind": "struct", "brief": "A b.", "members": []},
            ],
        });
        assert_eq!(
            check(&catalogue),
            [
                "function files.read: parameter p has no type",
                "type A: field x has no type",
                "type A: member x's description: blank",
                "type B: kind \"struct\" is none of record, enum, variant",
                "type B: no members",
            ]
        );
    }
}
