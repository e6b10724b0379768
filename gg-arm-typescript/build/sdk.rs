//! Emits the SDK's generated half from the membrane model: one JavaScript module per family
//! (`sdk:files`, ...) and `sdk:gg`, the TypeScript declarations a program is written against
//! (`gg.d.ts`), and the signature catalogue (`catalogue.json`, in gg-core's `Catalogue` shape).

use std::fmt::Write;

use serde_json::{Value, json};

use crate::model::{Family, Function, Kind, Model, NamedType, Ty, VariantShorthand};

/// `(specifier, source)` for every generated SDK module; `sdk:core` is hand-written.
pub fn modules(model: &Model) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for family in &model.families {
        out.push((format!("sdk:{}", family.name), family_module(family)));
    }
    let names: Vec<&str> = model.families.iter().map(|f| f.name.as_str()).collect();
    let mut gg = String::from("// Generated from gg-sandbox.wit: the whole SDK, one namespace per family.\n");
    for n in &names {
        let _ = writeln!(gg, "import * as {n}_ from \"sdk:{n}\";");
    }
    gg.push_str("import { ApiError } from \"sdk:core\";\n");
    // A family reached through `gg` answers a name it lacks with the names it has, where QuickJS
    // says only "not a function" (a model guessing `skills.readSkill` learns `read`), marked for
    // the prelude's `render` as an unknown name (as Python's AttributeError is). Symbols and
    // the names a runtime probes (`then`, `toJSON`, ...) read as they would on the namespace.
    gg.push_str(concat!(
        "const PROBED = new Set([\"then\", \"toJSON\", \"constructor\", \"prototype\", \"valueOf\", \"toString\", \"inspect\", \"__proto__\"]);\n",
        "const family = (ns, name) => new Proxy(ns, { get(target, key, receiver) {\n",
        "  if (typeof key === \"string\" && !(key in target) && !PROBED.has(key)) {\n",
        "    const has = Object.keys(target).filter((k) => k !== \"ApiError\").join(\", \");\n",
        "    const e = new TypeError(`gg.${name} has no function \\`${key}\\`; it has: ${has}`);\n",
        "    Object.defineProperty(e, Symbol.for(\"gg.unknown-name\"), { value: true });\n",
        "    throw e;\n",
        "  }\n",
        "  return Reflect.get(target, key, receiver);\n",
        "} });\n",
    ));
    for n in &names {
        let _ = writeln!(gg, "const {n} = family({n}_, \"{n}\");");
    }
    let _ = writeln!(gg, "export {{ {}, ApiError }};", names.join(", "));
    let _ = writeln!(
        gg,
        "export default Object.freeze({{ {}, ApiError }});",
        names.join(", ")
    );
    out.push(("sdk:gg".to_owned(), gg));
    out
}

fn family_module(family: &Family) -> String {
    let mut js = format!("// Generated from gg-sandbox.wit: the `{}` family.\n", family.name);
    js.push_str("import { native, options, arity } from \"sdk:core\";\nexport { ApiError } from \"sdk:core\";\n");
    for f in &family.functions {
        let required: Vec<&str> = f.params[..f.first_optional()].iter().map(|p| p.js.as_str()).collect();
        let optional: Vec<&str> = f.params[f.first_optional()..].iter().map(|p| p.js.as_str()).collect();
        let mut formals: Vec<String> = required.iter().map(|s| local(s)).collect();
        let mut actuals: Vec<String> = formals.clone();
        let shape = call_shape(family, f);
        let max = required.len() + usize::from(!optional.is_empty());
        let mut body = format!("  if (arguments.length > {max}) arity({:?}, {shape:?});\n", f.op);
        if !optional.is_empty() {
            formals.push("opts".into());
            let known: Vec<String> = optional.iter().map(|o| format!("{o:?}")).collect();
            let _ = writeln!(body, "  const o = options({:?}, opts, [{}]);", f.op, known.join(", "));
            actuals.extend(optional.iter().map(|o| format!("o.{o}")));
        }
        let mut call = vec![f.index.to_string()];
        call.extend(actuals);
        let _ = writeln!(body, "  return native({});", call.join(", "));
        let name = local(&f.js);
        if name == f.js {
            let _ = writeln!(js, "export function {name}({}) {{\n{body}}}", formals.join(", "));
        } else {
            // A reserved word (`delete`) is exported under its own name from a local one.
            let _ = writeln!(
                js,
                "function {name}({}) {{\n{body}}}\nexport {{ {name} as {} }};",
                formals.join(", "),
                f.js
            );
        }
    }
    js
}

/// A parameter's name as a JavaScript local: a reserved word (`new`) gets a trailing underscore.
fn local(name: &str) -> String {
    const RESERVED: &[&str] = &[
        "await",
        "break",
        "case",
        "catch",
        "class",
        "const",
        "continue",
        "debugger",
        "default",
        "delete",
        "do",
        "else",
        "enum",
        "export",
        "extends",
        "false",
        "finally",
        "for",
        "function",
        "if",
        "implements",
        "import",
        "in",
        "instanceof",
        "interface",
        "let",
        "new",
        "null",
        "package",
        "private",
        "protected",
        "public",
        "return",
        "static",
        "super",
        "switch",
        "this",
        "throw",
        "true",
        "try",
        "typeof",
        "var",
        "void",
        "while",
        "with",
        "yield",
        "arguments",
        "eval",
    ];
    if RESERVED.contains(&name) {
        format!("{name}_")
    } else {
        name.to_owned()
    }
}

/// `files.readFile(path, { offset, limit })`: how a call is spelled, for messages and the catalogue.
fn call_shape(family: &Family, f: &Function) -> String {
    let mut parts: Vec<String> = f.params[..f.first_optional()]
        .iter()
        .map(|p| {
            if f.lone_optional() {
                format!("{}?", p.js)
            } else {
                p.js.clone()
            }
        })
        .collect();
    let optional: Vec<&str> = f.params[f.first_optional()..].iter().map(|p| p.js.as_str()).collect();
    if !optional.is_empty() {
        parts.push(format!("{{ {} }}", optional.join(", ")));
    }
    format!("{}.{}({})", family.name, f.js, parts.join(", "))
}

/// The TypeScript spelling of a type.
fn ts(model: &Model, ty: &Ty) -> String {
    match ty {
        Ty::Bool => "boolean".into(),
        Ty::U8 | Ty::U16 | Ty::U32 | Ty::U64 | Ty::S8 | Ty::S16 | Ty::S32 | Ty::S64 | Ty::F32 | Ty::F64 => {
            "number".into()
        }
        Ty::Char | Ty::String => "string".into(),
        Ty::Option(inner) => format!("{} | null", ts(model, inner)),
        Ty::List(inner) => match &**inner {
            Ty::Option(_) => format!("({})[]", ts(model, inner)),
            _ => format!("{}[]", ts(model, inner)),
        },
        Ty::Named(i) => model.types[*i].name.clone(),
    }
}

/// A record field's TypeScript type, and what leaving it out means when that needs saying: in a
/// record the program writes, a list may be left out (empty) and a variant may be left out or
/// written in its shorthands (`VariantShorthand`).
fn field_ts(model: &Model, record: &NamedType, ty: &Ty) -> (String, Option<String>) {
    match ty {
        Ty::Option(inner) => (format!("{} | null", ts(model, inner)), None),
        Ty::List(_) if record.input => (ts(model, ty), Some("Left out: empty.".to_owned())),
        Ty::Named(i) if record.input => match &model.types[*i].kind {
            Kind::Variant(cases) => {
                let short = VariantShorthand::of(cases);
                let mut alts = vec![ts(model, ty)];
                let mut says = Vec::new();
                if let Some(c) = short.absent {
                    says.push(format!("left out: {:?}", c.wit));
                }
                if let Some(c) = short.null {
                    says.push(format!("null: {:?}", c.wit));
                }
                if let Some(c) = short.bare {
                    let p = c.payload.as_ref().expect("a bare case carries a payload");
                    alts.push(ts(model, p));
                    says.push(format!("a {} `v`: {{ tag: {:?}, val: v }}", ts(model, p), c.wit));
                }
                if short.null.is_some() {
                    alts.push("null".to_owned());
                }
                let note = (!says.is_empty()).then(|| {
                    let mut n = says.join("; ");
                    n[..1].make_ascii_uppercase();
                    format!("{n}.")
                });
                (alts.join(" | "), note)
            }
            _ => (ts(model, ty), None),
        },
        _ => (ts(model, ty), None),
    }
}

fn returns(model: &Model, f: &Function) -> String {
    f.ok.as_ref().map_or_else(|| "void".to_owned(), |t| ts(model, t))
}

fn options_type(model: &Model, f: &Function) -> Option<String> {
    let optional = &f.params[f.first_optional()..];
    if optional.is_empty() {
        return None;
    }
    let fields: Vec<String> = optional
        .iter()
        .map(|p| {
            let Ty::Option(inner) = &p.ty else {
                unreachable!("trailing parameters are options")
            };
            format!("{}?: {} | null", p.js, ts(model, inner))
        })
        .collect();
    Some(format!("{{ {} }}", fields.join("; ")))
}

fn params_ts(model: &Model, f: &Function) -> Vec<(String, String, bool)> {
    let mut out: Vec<(String, String, bool)> = f.params[..f.first_optional()]
        .iter()
        .map(|p| match &p.ty {
            Ty::Option(inner) if f.lone_optional() => (p.js.clone(), format!("{} | null", ts(model, inner)), true),
            ty => (p.js.clone(), ts(model, ty), false),
        })
        .collect();
    if let Some(o) = options_type(model, f) {
        out.push(("options".into(), o, true));
    }
    out
}

fn signature(model: &Model, family: &Family, f: &Function) -> String {
    let params: Vec<String> = params_ts(model, f)
        .iter()
        .map(|(n, t, opt)| format!("{n}{}: {t}", if *opt { "?" } else { "" }))
        .collect();
    format!("{}.{}({}): {}", family.name, f.js, params.join(", "), returns(model, f))
}

fn doc_comment(docs: &str, indent: &str) -> String {
    if docs.is_empty() {
        return String::new();
    }
    let mut out = format!("{indent}/**\n");
    for line in docs.lines() {
        let _ = writeln!(out, "{indent} * {}", line.replace("*/", "* /"));
    }
    let _ = writeln!(out, "{indent} */");
    out
}

fn type_decl(model: &Model, t: &NamedType) -> String {
    let mut out = doc_comment(&t.docs, "  ");
    match &t.kind {
        Kind::Record(fields) => {
            let _ = writeln!(out, "  export interface {} {{", t.name);
            for f in fields {
                let (ty, note) = field_ts(model, t, &f.ty);
                let docs = [f.docs.as_str(), note.as_deref().unwrap_or("")].join("\n");
                out.push_str(&doc_comment(docs.trim(), "    "));
                let optional = if t.input && model.defaulted(&f.ty) || matches!(f.ty, Ty::Option(_)) {
                    "?"
                } else {
                    ""
                };
                let _ = writeln!(out, "    {}{optional}: {ty};", f.js);
            }
            out.push_str("  }\n");
        }
        Kind::Enum(cases) => {
            let cases: Vec<String> = cases.iter().map(|c| format!("{:?}", c.wit)).collect();
            let _ = writeln!(out, "  export type {} = {};", t.name, cases.join(" | "));
        }
        Kind::Variant(cases) => {
            let cases: Vec<String> = cases
                .iter()
                .map(|c| match &c.payload {
                    None => format!("{:?} | {{ tag: {:?} }}", c.wit, c.wit),
                    Some(p) => format!("{{ tag: {:?}; val: {} }}", c.wit, ts(model, p)),
                })
                .collect();
            let _ = writeln!(out, "  export type {} = {};", t.name, cases.join(" | "));
        }
    }
    out
}

/// `gg.d.ts`: the ambient declarations of `gg` and every `gg:<family>`.
pub fn declarations(model: &Model) -> String {
    let mut out = String::from("// Generated from gg-sandbox.wit by gg-arm-typescript/build/sdk.rs. Do not edit.\n\n");
    out.push_str("declare module \"gg\" {\n");
    out.push_str(
        "  /** A refused or failed call: `code` says why, `operation` names the call (`files.read_file`). */\n",
    );
    out.push_str("  export class ApiError extends Error {\n    readonly code: ErrorCode;\n    readonly operation: string;\n  }\n");
    for t in model.types.iter().filter(|t| !t.is_api_error()) {
        out.push_str(&type_decl(model, t));
    }
    for family in &model.families {
        let _ = writeln!(out, "  export * as {} from \"gg:{}\";", family.name, family.name);
    }
    let names: Vec<String> = model
        .families
        .iter()
        .map(|f| format!("{0}: typeof import(\"gg:{0}\")", f.name))
        .collect();
    let _ = writeln!(
        out,
        "  const gg: {{ {}; ApiError: typeof ApiError }};\n  export default gg;",
        names.join("; ")
    );
    out.push_str("}\n");
    for family in &model.families {
        let _ = writeln!(out, "\ndeclare module \"gg:{}\" {{", family.name);
        let used: Vec<&str> = model
            .types
            .iter()
            .filter(|t| !t.is_api_error())
            .map(|t| t.name.as_str())
            .collect();
        let _ = writeln!(
            out,
            "  import type {{ {} }} from \"gg\";\n  export {{ ApiError }} from \"gg\";",
            used.join(", ")
        );
        for f in &family.functions {
            out.push_str(&doc_comment(
                format!(
                    "{}\n@throws {{ApiError}} when gg refuses or the tool fails the call.",
                    f.docs
                )
                .trim_start(),
                "  ",
            ));
            let params: Vec<String> = params_ts(model, f)
                .iter()
                .map(|(n, t, opt)| format!("{}{}: {t}", local(n), if *opt { "?" } else { "" }))
                .collect();
            let name = local(&f.js);
            if name == f.js {
                let _ = writeln!(
                    out,
                    "  export function {name}({}): {};",
                    params.join(", "),
                    returns(model, f)
                );
            } else {
                // A reserved word (`delete`) cannot name a declared function: declare it under a
                // local name and export it under its own, as the SDK's JavaScript does.
                let _ = writeln!(
                    out,
                    "  function {name}({}): {};\n  export {{ {name} as {} }};",
                    params.join(", "),
                    returns(model, f),
                    f.js
                );
            }
        }
        out.push_str("}\n");
    }
    out
}

/// The catalogue, generated from the same model as the declarations above.
pub fn catalogue(model: &Model) -> Value {
    let modules: Vec<Value> = model
        .families
        .iter()
        .map(|f| {
            let brief = one_line(&f.docs);
            json!({ "name": f.name, "import_line": format!("import {{ {} }} from \"gg\";", f.name), "brief": brief })
        })
        .collect();
    let mut functions = Vec::new();
    for family in &model.families {
        for f in &family.functions {
            let brief = one_line(&f.docs);
            let params: Vec<Value> = params_ts(model, f)
                .into_iter()
                .map(|(name, ty, optional)| {
                    let doc = if optional && f.lone_optional() {
                        "may be left out".to_owned()
                    } else if optional {
                        "optional arguments, each may be left out".to_owned()
                    } else {
                        String::new()
                    };
                    json!({ "name": name, "ty": ty, "optional": optional, "doc": doc })
                })
                .collect();
            functions.push(json!({
                "module": family.name,
                "name": f.js,
                "qualified": format!("{}.{}", family.name, f.js),
                "operation": f.op,
                "signature": signature(model, family, f),
                "brief": brief,
                "detail": "",
                "params": params,
                "returns": f.ok.as_ref().map(|t| ts(model, t)),
                "throws": ["ApiError"],
            }));
        }
    }
    let mut types = Vec::new();
    for t in &model.types {
        let members: Vec<Value> = match &t.kind {
            Kind::Record(fields) => fields
                .iter()
                .map(|f| {
                    let (ty, note) = field_ts(model, t, &f.ty);
                    let ty = if t.input && model.defaulted(&f.ty) || matches!(f.ty, Ty::Option(_)) {
                        format!("{ty} (optional)")
                    } else {
                        ty
                    };
                    let doc = [f.docs.as_str(), note.as_deref().unwrap_or("")].join(" ");
                    json!({ "name": f.js, "ty": ty, "doc": doc.trim() })
                })
                .collect(),
            Kind::Enum(cases) => cases
                .iter()
                .map(|c| json!({ "name": format!("{:?}", c.wit), "ty": "string", "doc": c.docs }))
                .collect(),
            Kind::Variant(cases) => cases
                .iter()
                .map(|c| {
                    let ty = match &c.payload {
                        None => format!("{:?} or {{ tag: {:?} }}", c.wit, c.wit),
                        Some(p) => format!("{{ tag: {:?}, val: {} }}", c.wit, ts(model, p)),
                    };
                    json!({ "name": c.wit, "ty": ty, "doc": c.docs })
                })
                .collect(),
        };
        let name = if t.is_api_error() {
            "ApiError".to_owned()
        } else {
            t.name.clone()
        };
        let kind = match &t.kind {
            Kind::Record(_) => "record",
            Kind::Enum(_) => "enum",
            Kind::Variant(_) => "variant",
        };
        types.push(json!({ "module": "gg", "name": name, "qualified": name, "kind": kind, "brief": one_line(&t.docs), "members": members }));
    }
    let catalogue = json!({ "language": "javascript", "modules": modules, "functions": functions, "types": types, "libraries": [] });
    gg_build::catalogue::assert_complete("javascript", &catalogue);
    catalogue
}

/// A doc comment on one line: a brief is the whole of the WIT's doc comment.
fn one_line(docs: &str) -> String {
    docs.split_whitespace().collect::<Vec<_>>().join(" ")
}
