//! The PureScript SDK, generated from the same membrane model as the JavaScript one it calls: the
//! module `Gg` (the shared types, `ApiError`, `attempt`) and a module per family (`Gg.Files`, ...),
//! each a `.purs` file of types and `Effect` actions over a `foreign import` JavaScript file that
//! calls the JavaScript SDK (`gg:<family>`) and converts each value both ways (Maybe ↔ null,
//! sum types ↔ kebab-case strings and `{ tag, val }`). Also the PureScript arm's catalogue.
//! The `.purs` files are compiled at run time, once per machine (`src/purescript/`).

use std::collections::BTreeSet;
use std::fmt::Write;

use serde_json::{Value, json};

use crate::model::{Family, Function, Kind, Model, NamedType, Ty, camel, upper_camel};

/// PureScript's reserved words: a record label that is one is written quoted.
const KEYWORDS: &[&str] = &[
    "ado", "as", "case", "class", "data", "derive", "do", "else", "false", "forall", "foreign", "hiding", "import",
    "if", "in", "infix", "infixl", "infixr", "instance", "let", "module", "newtype", "of", "then", "true", "type",
    "where",
];

/// The PureScript module a type is declared in: the shared `types` interface's in `Gg`, every
/// other in its family's module.
fn home(t: &NamedType) -> String {
    if t.owner == "types" {
        "Gg".to_owned()
    } else {
        format!("Gg.{}", upper_camel(&t.owner))
    }
}

fn label(name: &str) -> String {
    if KEYWORDS.contains(&name) {
        format!("{name:?}")
    } else {
        name.to_owned()
    }
}

/// The PureScript spelling of a type (`Maybe (Array String)`); `atom` wraps an applied type.
fn ps(model: &Model, ty: &Ty, atom: bool) -> String {
    let s = match ty {
        Ty::Bool => "Boolean".to_owned(),
        Ty::U8 | Ty::U16 | Ty::U32 | Ty::S8 | Ty::S16 | Ty::S32 => "Int".to_owned(),
        Ty::U64 | Ty::S64 | Ty::F32 | Ty::F64 => "Number".to_owned(),
        Ty::Char | Ty::String => "String".to_owned(),
        Ty::Option(inner) => format!("Maybe {}", ps(model, inner, true)),
        Ty::List(inner) => format!("Array {}", ps(model, inner, true)),
        Ty::Named(i) => return type_name(&model.types[*i]),
    };
    if atom && s.contains(' ') { format!("({s})") } else { s }
}

fn type_name(t: &NamedType) -> String {
    if t.is_api_error() {
        "ApiError".to_owned()
    } else {
        t.name.clone()
    }
}

/// Each sum type's constructors: the case's UpperCamelCase, prefixed with the type's name where
/// two types of one module would otherwise share a constructor.
fn constructors(model: &Model) -> Vec<Vec<String>> {
    let plain = |t: &NamedType| -> Vec<String> {
        match &t.kind {
            Kind::Enum(cases) | Kind::Variant(cases) => cases.iter().map(|c| upper_camel(&c.wit)).collect(),
            Kind::Record(_) => Vec::new(),
        }
    };
    model
        .types
        .iter()
        .map(|t| {
            let mine = plain(t);
            let clash: BTreeSet<String> = model
                .types
                .iter()
                .filter(|o| o.wit != t.wit && home(o) == home(t))
                .flat_map(plain)
                .collect();
            mine.into_iter()
                .map(|c| {
                    if clash.contains(&c) {
                        format!("{}{c}", t.name)
                    } else {
                        c
                    }
                })
                .collect()
        })
        .collect()
}

/// `(path, text)` of every SDK source: `Gg.purs`, `Gg.js`, `Gg/Files.purs`, `Gg/Files.js`, ...
pub fn sources(model: &Model) -> Vec<(String, String)> {
    let ctors = constructors(model);
    let mut out = Vec::new();
    // Gg: the shared types, ApiError and attempt.
    let mut gg = String::from(
        "-- Generated from gg-sandbox.wit: the gg SDK's shared types, ApiError and attempt.\n\
         module Gg where\n\nimport Prelude\n\nimport Data.Either (Either(..))\nimport Data.Maybe (Maybe(..))\nimport Effect (Effect)\n\n",
    );
    for (i, t) in model.types.iter().enumerate() {
        if home(t) == "Gg" {
            declare(model, t, &ctors[i], &mut gg);
        }
    }
    gg.push_str(
        "-- | Runs an action, giving back the ApiError a gg call in it raised as `Left` (any other \n\
         -- | exception propagates).\n\
         attempt :: forall a. Effect a -> Effect (Either ApiError a)\nattempt = attemptImpl Left Right\n\n\
         foreign import attemptImpl :: forall a. (forall x y. x -> Either x y) -> (forall x y. y -> Either x y) -> Effect a -> Effect (Either ApiError a)\n",
    );
    out.push(("Gg.purs".to_owned(), gg));
    let api = model
        .types
        .iter()
        .position(NamedType::is_api_error)
        .expect("the model has api-error");
    let mut gg_js = codec_prelude("Gg");
    let _ = writeln!(
        gg_js,
        "{}",
        descriptors(model, &ctors, &reached(model, &[Ty::Named(api)]), "Gg")
    );
    let _ = writeln!(
        gg_js,
        "import {{ ApiError as JsApiError }} from \"gg\";\n\
         export const attemptImpl = (left) => (right) => (action) => () => {{\n  \
           try {{ return right(action()); }}\n  \
           catch (e) {{ if (e instanceof JsApiError) return left(fromJs(D[{:?}], e)); throw e; }}\n}};",
        type_name(&model.types[api])
    );
    out.push(("Gg.js".to_owned(), gg_js));
    for family in &model.families {
        let (purs, js) = family_module(model, &ctors, family);
        let file = upper_camel(&family.name);
        out.push((format!("Gg/{file}.purs"), purs));
        out.push((format!("Gg/{file}.js"), js));
    }
    out
}

fn declare(model: &Model, t: &NamedType, ctors: &[String], out: &mut String) {
    for line in t.docs.lines() {
        let _ = writeln!(out, "-- | {}", line.trim());
    }
    let name = type_name(t);
    match &t.kind {
        Kind::Record(fields) => {
            let fs: Vec<String> = fields
                .iter()
                .map(|f| format!("{} :: {}", label(&f.js), ps(model, &f.ty, false)))
                .collect();
            let _ = writeln!(out, "type {name} = {{ {} }}\n", fs.join(", "));
            if t.input {
                // The record with every field at its default, for `rec { field = value }`.
                let vs: Vec<String> = fields
                    .iter()
                    .map(|f| format!("{}: {}", label(&f.js), default_value(model, &f.ty)))
                    .collect();
                let value = lower_first(&name);
                let _ = writeln!(
                    out,
                    "-- | A {name} with every field at its default: set the ones you need, `{value} {{ field = value }}`.\n{value} :: {name}\n{value} = {{ {} }}\n",
                    vs.join(", ")
                );
            }
        }
        Kind::Enum(cases) | Kind::Variant(cases) => {
            let alts: Vec<String> = cases
                .iter()
                .zip(ctors)
                .map(|(c, k)| match &c.payload {
                    Some(p) => format!("{k} {}", ps(model, p, true)),
                    None => k.clone(),
                })
                .collect();
            let _ = writeln!(out, "data {name} = {}\n", alts.join(" | "));
            let _ = writeln!(out, "derive instance Eq {name}");
            let _ = writeln!(out, "derive instance Ord {name}\n");
            let _ = writeln!(
                out,
                "-- | The value's kebab-case name, as gg spells it.\ninstance Show {name} where"
            );
            for (c, k) in cases.iter().zip(ctors) {
                match c.payload {
                    Some(_) => {
                        let _ = writeln!(out, "  show ({k} x) = \"({k} \" <> show x <> \")\"");
                    }
                    None => {
                        let _ = writeln!(out, "  show {k} = {:?}", c.wit);
                    }
                }
            }
            out.push('\n');
        }
    }
}

fn lower_first(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_lowercase().chain(c).collect())
        .unwrap_or_default()
}

/// A field's value in an input record's default: none, empty, the first payload-less case, zero.
fn default_value(model: &Model, ty: &Ty) -> String {
    match ty {
        Ty::Option(_) => "Nothing".into(),
        Ty::List(_) => "[]".into(),
        Ty::Bool => "false".into(),
        Ty::String | Ty::Char => "\"\"".into(),
        Ty::U64 | Ty::S64 | Ty::F32 | Ty::F64 => "0.0".into(),
        Ty::Named(i) => {
            let t = &model.types[*i];
            match &t.kind {
                Kind::Enum(cases) | Kind::Variant(cases) => {
                    let at = cases.iter().position(|c| c.payload.is_none()).unwrap_or(0);
                    constructors(model)[*i][at].clone()
                }
                Kind::Record(_) => panic!("the PureScript SDK gives no default for the nested record {}", t.wit),
            }
        }
        _ => "0".into(),
    }
}

/// Every named type `roots` reach, by index.
fn reached(model: &Model, roots: &[Ty]) -> BTreeSet<usize> {
    let mut seen = BTreeSet::new();
    let mut stack: Vec<Ty> = roots.to_vec();
    while let Some(ty) = stack.pop() {
        match ty {
            Ty::Option(inner) | Ty::List(inner) => stack.push(*inner),
            Ty::Named(i) if seen.insert(i) => match &model.types[i].kind {
                Kind::Record(fields) => stack.extend(fields.iter().map(|f| f.ty.clone())),
                Kind::Variant(cases) => stack.extend(cases.iter().filter_map(|c| c.payload.clone())),
                Kind::Enum(_) => {}
            },
            _ => {}
        }
    }
    seen
}

/// The converters every foreign file carries: a value's descriptor says how it crosses.
fn codec_prelude(module: &str) -> String {
    let mut js = format!("// Generated from gg-sandbox.wit: {module}'s foreign half over the JavaScript SDK.\n");
    js.push_str(concat!(
        "import * as M from \"../Data.Maybe/index.js\";\n",
        "const fromJs = (d, v) => {\n",
        "  switch (d[0]) {\n",
        "    case \"p\": return v;\n",
        "    case \"o\": return v === null || v === undefined ? M.Nothing.value : new M.Just(fromJs(d[1], v));\n",
        "    case \"l\": return v.map((x) => fromJs(d[1], x));\n",
        "    case \"n\": return fromJs(D[d[1]], v);\n",
        "    case \"r\": { const o = {}; for (const [k, f] of d[1]) o[k] = fromJs(f, v[k]); return o; }\n",
        "    default: {\n",
        "      const tag = typeof v === \"string\" ? v : v.tag;\n",
        "      const c = d[1]().find((c) => c[0] === tag);\n",
        "      return c[2] ? new c[1](fromJs(c[2], v.val)) : c[1].value;\n",
        "    }\n",
        "  }\n",
        "};\n",
        "const toJs = (d, v) => {\n",
        "  switch (d[0]) {\n",
        "    case \"p\": return v;\n",
        "    case \"o\": return v instanceof M.Just ? toJs(d[1], v.value0) : null;\n",
        "    case \"l\": return v.map((x) => toJs(d[1], x));\n",
        "    case \"n\": return toJs(D[d[1]], v);\n",
        "    case \"r\": { const o = {}; for (const [k, f] of d[1]) o[k] = toJs(f, v[k]); return o; }\n",
        "    default: {\n",
        "      const c = d[1]().find((c) => v instanceof c[1]);\n",
        "      return c[2] ? { tag: c[0], val: toJs(c[2], v.value0) } : c[0];\n",
        "    }\n",
        "  }\n",
        "};\n",
    ));
    js
}

fn descriptor(ty: &Ty, model: &Model) -> String {
    match ty {
        Ty::Option(inner) => format!("[\"o\", {}]", descriptor(inner, model)),
        Ty::List(inner) => format!("[\"l\", {}]", descriptor(inner, model)),
        Ty::Named(i) => format!("[\"n\", {:?}]", type_name(&model.types[*i])),
        _ => "[\"p\"]".into(),
    }
}

/// `const D = { Name: descriptor, ... }` for the types in `which`, constructors taken from the
/// compiled module that declares them (`S` for the foreign file's own module, `G` for `Gg`).
fn descriptors(model: &Model, ctors: &[Vec<String>], which: &BTreeSet<usize>, module: &str) -> String {
    let mut js = String::new();
    let homes: BTreeSet<String> = which.iter().map(|&i| home(&model.types[i])).collect();
    let alias = |m: &str| m.replace('.', "_");
    for m in &homes {
        let path = if m == module {
            "./index.js".to_owned()
        } else {
            format!("../{m}/index.js")
        };
        let _ = writeln!(js, "import * as {} from {path:?};", alias(m));
    }
    js.push_str("const D = {\n");
    for &i in which {
        let t = &model.types[i];
        let from = alias(&home(t));
        let d = match &t.kind {
            Kind::Record(fields) => {
                let fs: Vec<String> = fields
                    .iter()
                    .map(|f| format!("[{:?}, {}]", f.js, descriptor(&f.ty, model)))
                    .collect();
                format!("[\"r\", [{}]]", fs.join(", "))
            }
            Kind::Enum(cases) | Kind::Variant(cases) => {
                let cs: Vec<String> = cases
                    .iter()
                    .zip(&ctors[i])
                    .map(|(c, k)| match &c.payload {
                        Some(p) => format!("[{:?}, {from}.{k}, {}]", c.wit, descriptor(p, model)),
                        None => format!("[{:?}, {from}.{k}]", c.wit),
                    })
                    .collect();
                format!("[\"s\", () => [{}]]", cs.join(", "))
            }
        };
        let _ = writeln!(js, "  {:?}: {d},", type_name(t));
    }
    js.push_str("};\n");
    js
}

/// The name of the record a function's optional parameters travel in (`ReadFileOptions`).
fn options_type(f: &Function) -> String {
    format!(
        "{}Options",
        upper_camel(&f.op.rsplit('.').next().unwrap_or(&f.op).replace('_', "-"))
    )
}

/// A parameter name as a PureScript variable.
fn var(name: &str) -> String {
    let v = lower_first(name);
    if KEYWORDS.contains(&v.as_str()) {
        format!("{v}'")
    } else {
        v
    }
}

fn family_module(model: &Model, ctors: &[Vec<String>], family: &Family) -> (String, String) {
    let module = format!("Gg.{}", upper_camel(&family.name));
    // The shared types this family reaches, imported by name (an open import would bring `Gg`'s
    // constructors into a module that may declare its own of the same name).
    let roots_all: Vec<Ty> = family
        .functions
        .iter()
        .flat_map(|f| f.params.iter().map(|p| p.ty.clone()).chain(f.ok.clone()))
        .collect();
    let shared: Vec<String> = reached(model, &roots_all)
        .into_iter()
        .map(|i| &model.types[i])
        .filter(|t| home(t) == "Gg")
        .map(|t| match t.kind {
            Kind::Record(_) => type_name(t),
            _ => format!("{}(..)", type_name(t)),
        })
        .collect();
    let gg_import = if shared.is_empty() {
        String::new()
    } else {
        format!("import Gg ({})\n", shared.join(", "))
    };
    let mut purs = format!(
        "-- Generated from gg-sandbox.wit: the `{}` family.\nmodule {module} where\n\nimport Prelude\n\n\
         import Data.Maybe (Maybe(..))\nimport Effect (Effect)\n{gg_import}\n",
        family.name
    );
    for (i, t) in model.types.iter().enumerate() {
        if home(t) == module {
            declare(model, t, &ctors[i], &mut purs);
        }
    }
    let mut js = codec_prelude(&module);
    let mut roots = Vec::new();
    let mut calls = String::new();
    let _ = writeln!(calls, "import {{ {} as F }} from \"gg\";", family.name);
    for f in &family.functions {
        let first_opt = if f.lone_optional() { 0 } else { f.first_optional() };
        let required = &f.params[..first_opt];
        let optional = &f.params[first_opt..];
        roots.extend(f.params.iter().map(|p| p.ty.clone()));
        roots.extend(f.ok.clone());
        let ret = match &f.ok {
            Some(t) => ps(model, t, true),
            None => "Unit".into(),
        };
        let mut types: Vec<String> = required.iter().map(|p| ps(model, &p.ty, false)).collect();
        let args: Vec<String> = required.iter().map(|p| var(&p.js)).collect();
        let opts = options_type(f);
        if !optional.is_empty() {
            let fs: Vec<String> = optional
                .iter()
                .map(|p| format!("{} :: {}", label(&p.js), ps(model, &p.ty, false)))
                .collect();
            let _ = writeln!(
                purs,
                "-- | `{}`'s optional arguments, each `Nothing` unless set.\ntype {opts} = {{ {} }}\n",
                f.js,
                fs.join(", ")
            );
        }
        let docs: Vec<String> = f.docs.lines().map(|l| format!("-- | {}", l.trim())).collect();
        let impl_ty = {
            let mut t = types.clone();
            if !optional.is_empty() {
                t.push(opts.clone());
            }
            t.push(format!("Effect {ret}"));
            t.join(" -> ")
        };
        let _ = writeln!(purs, "foreign import {}Impl :: {impl_ty}\n", f.js);
        let defaults: Vec<String> = optional.iter().map(|p| format!("{}: Nothing", label(&p.js))).collect();
        let defaults = format!("{{ {} }}", defaults.join(", "));
        let head = |name: &str, extra: &[&str]| {
            let mut a: Vec<String> = args.clone();
            a.extend(extra.iter().map(|s| s.to_string()));
            format!("{name}{}", a.iter().map(|x| format!(" {x}")).collect::<String>())
        };
        types.push(format!("Effect {ret}"));
        let _ = writeln!(purs, "{}\n{} :: {}", docs.join("\n"), f.js, types.join(" -> "));
        let body = if optional.is_empty() {
            head(&format!("{}Impl", f.js), &[])
        } else {
            format!("{} {defaults}", head(&format!("{}Impl", f.js), &[]))
        };
        let _ = writeln!(purs, "{} = {body}\n", head(&f.js, &[]));
        if !optional.is_empty() {
            let mut with_types = types.clone();
            with_types.insert(with_types.len() - 1, format!("({opts} -> {opts})"));
            let _ = writeln!(
                purs,
                "-- | `{}` with optional arguments: `{}With {}_ {{ {} = ... }}`.\n{}With :: {}",
                f.js,
                f.js,
                args.iter().map(|a| format!("{a} ")).collect::<String>(),
                label(&optional[0].js),
                f.js,
                with_types.join(" -> ")
            );
            let _ = writeln!(
                purs,
                "{} = {} (set {defaults})\n",
                head(&format!("{}With", f.js), &["set"]),
                head(&format!("{}Impl", f.js), &[])
            );
        }
        // The foreign half: convert each argument, call the JS SDK, convert the result.
        // JavaScript's own reserved words (`new`) are no concern of formals named by position.
        let mut formals: Vec<String> = (0..args.len()).map(|i| format!("a{i}")).collect();
        let mut actuals: Vec<String> = required
            .iter()
            .zip(&formals)
            .map(|(p, a)| format!("toJs({}, {a})", descriptor(&p.ty, model)))
            .collect();
        if !optional.is_empty() {
            formals.push("o".into());
            if f.lone_optional() {
                actuals.push(format!(
                    "toJs({}, o.{})",
                    descriptor(&optional[0].ty, model),
                    optional[0].js
                ));
            } else {
                let fs: Vec<String> = optional
                    .iter()
                    .map(|p| format!("{}: toJs({}, o.{})", p.js, descriptor(&p.ty, model), p.js))
                    .collect();
                actuals.push(format!("{{ {} }}", fs.join(", ")));
            }
        }
        let curried: String = formals.iter().map(|a| format!("({a}) => ")).collect();
        let result = match &f.ok {
            Some(t) => format!("fromJs({}, F.{}({}))", descriptor(t, model), f.js, actuals.join(", ")),
            None => format!("(F.{}({}), {{}})", f.js, actuals.join(", ")),
        };
        let _ = writeln!(calls, "export const {}Impl = {curried}() => {result};", f.js);
    }
    let _ = write!(js, "{}", descriptors(model, ctors, &reached(model, &roots), &module));
    js.push_str(&calls);
    (purs, js)
}

/// The PureScript arm's catalogue: each family's module, functions in their PureScript
/// signatures (with the `…With` form in `detail`), the types as PureScript declares them.
pub fn catalogue(model: &Model) -> Value {
    let modules: Vec<Value> = model
        .families
        .iter()
        .map(|f| {
            let m = format!("Gg.{}", upper_camel(&f.name));
            json!({ "name": m, "import_line": format!("import {m} as {}", upper_camel(&f.name)), "brief": one_line(&f.docs) })
        })
        .collect();
    let mut functions = Vec::new();
    for family in &model.families {
        let module = format!("Gg.{}", upper_camel(&family.name));
        for f in &family.functions {
            let first_opt = if f.lone_optional() { 0 } else { f.first_optional() };
            let ret = match &f.ok {
                Some(t) => ps(model, t, true),
                None => "Unit".into(),
            };
            let mut types: Vec<String> = f.params[..first_opt].iter().map(|p| ps(model, &p.ty, false)).collect();
            types.push(format!("Effect {ret}"));
            let mut params: Vec<Value> = f.params[..first_opt]
                .iter()
                .map(|p| json!({ "name": var(&p.js), "ty": ps(model, &p.ty, false), "optional": false, "doc": "" }))
                .collect();
            let mut detail = String::new();
            if first_opt < f.params.len() {
                let opts = options_type(f);
                let fs: Vec<String> = f.params[first_opt..]
                    .iter()
                    .map(|p| format!("{} :: {}", label(&p.js), ps(model, &p.ty, false)))
                    .collect();
                let mut with = types.clone();
                with.insert(with.len() - 1, format!("({opts} -> {opts})"));
                detail = format!(
                    "{}With :: {}; type {opts} = {{ {} }}",
                    f.js,
                    with.join(" -> "),
                    fs.join(", ")
                );
                for p in &f.params[first_opt..] {
                    params.push(json!({ "name": p.js, "ty": ps(model, &p.ty, false), "optional": true, "doc": format!("set through `{}With`", f.js) }));
                }
            }
            functions.push(json!({
                "module": module,
                "name": f.js,
                // As a program writes it after `import Gg.Files as Files`.
                "qualified": format!("{}.{}", upper_camel(&family.name), f.js),
                "operation": f.op,
                "signature": format!("{} :: {}", f.js, types.join(" -> ")),
                "brief": one_line(&f.docs),
                "detail": detail,
                "params": params,
                "returns": f.ok.as_ref().map(|t| ps(model, t, false)),
                "throws": ["ApiError"],
            }));
        }
    }
    let ctors = constructors(model);
    let mut types = Vec::new();
    for (i, t) in model.types.iter().enumerate() {
        let members: Vec<Value> = match &t.kind {
            Kind::Record(fields) => fields
                .iter()
                .map(|f| json!({ "name": label(&f.js), "ty": ps(model, &f.ty, false), "doc": f.docs }))
                .collect(),
            Kind::Enum(cases) | Kind::Variant(cases) => cases
                .iter()
                .zip(&ctors[i])
                .map(|(c, k)| {
                    let ty = c.payload.as_ref().map(|p| ps(model, p, true)).unwrap_or_default();
                    json!({ "name": k, "ty": ty, "doc": c.docs })
                })
                .collect(),
        };
        let kind = match &t.kind {
            Kind::Record(_) => "record",
            Kind::Enum(_) => "enum",
            Kind::Variant(_) => "variant",
        };
        let module = home(t);
        let name = type_name(t);
        types.push(json!({ "module": module, "name": name.clone(), "qualified": name, "kind": kind, "brief": one_line(&t.docs), "members": members }));
    }
    let catalogue = json!({ "language": "purescript", "modules": modules, "functions": functions, "types": types, "libraries": [] });
    gg_build::catalogue::assert_complete("purescript", &catalogue);
    catalogue
}

fn one_line(docs: &str) -> String {
    docs.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `camel` re-exported for the record labels a caller may need.
#[allow(dead_code)]
pub fn js_name(kebab: &str) -> String {
    camel(kebab)
}
