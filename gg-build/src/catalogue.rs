//! The signature catalogue as the WIT-generated arms' build scripts write it (`<lang>.catalogue.json`):
//! the entries every arm fills alike (an operation's id and brief, a family's and a type's brief),
//! the arm passing only its own spellings.

use serde_json::{Value, json};

use crate::wit::{Func, Model, Named};

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
                "brief": if d.is_empty() { format!("the {i} operations") } else { d.clone() },
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
        "brief": if f.docs.is_empty() { format!("Calls {}.{}.", f.interface, f.wit) } else { f.docs.clone() },
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

/// A type's entry; with no docs, its brief says what `kind` of type it is in the arm's language.
pub fn named_type(
    t: &Named,
    module: String,
    name: String,
    qualified: String,
    kind: &str,
    members: Vec<Value>,
) -> Value {
    json!({
        "module": module,
        "name": name,
        "qualified": qualified,
        "brief": if t.docs.is_empty() { format!("A {kind} of the {} family.", t.interface) } else { t.docs.clone() },
        "members": members,
    })
}
