//! Generates the Kotlin SDK from the membrane's WIT (`DEP_GG_CORE_WIT`): `gg.kt` (an `object` per
//! family in package `gg`, data classes, enum classes, sealed classes, `gg.ApiError`, and the
//! calls over the wire with their JSON), after the hand-written runtime in `sdk/runtime.kt`, and
//! the catalogue (`kotlin.catalogue.json`), all from one model, into `OUT_DIR`.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use serde_json::{Value, json};

use gg_build::catalogue as entry;
use gg_build::wit::{self, Def, Func, Model, Ty, pascal, upper};

// ---------------------------------------------------------------- spellings

/// Kotlin's hard keywords: a name that is one is written in backticks.
const KEYWORDS: &[&str] = &[
    "as",
    "break",
    "class",
    "continue",
    "do",
    "else",
    "false",
    "for",
    "fun",
    "if",
    "in",
    "interface",
    "is",
    "null",
    "object",
    "package",
    "return",
    "super",
    "this",
    "throw",
    "true",
    "try",
    "typealias",
    "typeof",
    "val",
    "var",
    "when",
    "while",
];

fn escape(s: String) -> String {
    if KEYWORDS.contains(&s.as_str()) {
        format!("`{s}`")
    } else {
        s
    }
}

/// `read-file` → `readFile`.
fn camel(wit: &str) -> String {
    escape(wit::camel(wit))
}

/// The family's object: `files`, `memories`.
fn object(interface: &str) -> String {
    escape(interface.replace('-', "_"))
}

/// Why a build stops at a WIT `char`: no operation of the membrane takes or returns one.
const NO_CHAR: &str = "the Kotlin SDK does not cover char: no operation of the membrane's WIT uses it";

/// How this SDK spells the shared model (`gg_build::wit`).
trait Spell {
    fn name(&self, i: usize) -> String;
    fn kt(&self, t: &Ty) -> String;
    fn default_of(&self, t: &Ty) -> Option<String>;
    fn params(&self, f: &Func) -> Vec<String>;
    fn ret(&self, f: &Func) -> String;
    fn enc(&self, t: &Ty, e: &str, depth: usize) -> String;
    fn dec(&self, t: &Ty, e: &str, depth: usize) -> String;
}

impl Spell for Model {
    fn name(&self, i: usize) -> String {
        pascal(&self.types[i].wit)
    }

    fn kt(&self, t: &Ty) -> String {
        match t {
            Ty::Bool => "Boolean".into(),
            Ty::Int(k) if k.is_64_bit() => "Long".into(),
            Ty::Int(_) => "Int".into(),
            Ty::F32 => "Float".into(),
            Ty::F64 => "Double".into(),
            Ty::Char => panic!("{NO_CHAR}"),
            Ty::String => "String".into(),
            Ty::List(t) => format!("List<{}>", self.kt(t)),
            Ty::Option(t) => format!("{}?", self.kt(t)),
            Ty::Named(i) => self.name(*i),
        }
    }

    /// A value's default when a model leaves it out: options none, lists empty, a variant its
    /// first payload-less case (a patch's `TextEdit.Keep`).
    fn default_of(&self, t: &Ty) -> Option<String> {
        match t {
            Ty::Option(_) => Some("null".into()),
            Ty::List(_) => Some("emptyList()".into()),
            Ty::Named(i) => match &self.types[*i].def {
                Def::Variant(cases) => cases
                    .iter()
                    .find(|(_, ty, _)| ty.is_none())
                    .map(|(c, _, _)| format!("{}.{}", self.name(*i), pascal(c))),
                _ => None,
            },
            _ => None,
        }
    }

    fn params(&self, f: &Func) -> Vec<String> {
        f.params
            .iter()
            .map(|(n, t)| match self.default_of(t) {
                Some(d) => format!("{}: {} = {d}", camel(n), self.kt(t)),
                None => format!("{}: {}", camel(n), self.kt(t)),
            })
            .collect()
    }

    fn ret(&self, f: &Func) -> String {
        f.ok.as_ref().map_or("Unit".into(), |t| self.kt(t))
    }

    /// Kotlin statements appending `e`'s JSON to `o`.
    fn enc(&self, t: &Ty, e: &str, depth: usize) -> String {
        let x = format!("x{depth}");
        match t {
            Ty::Bool | Ty::Int(_) => format!("o.append({e})"),
            Ty::F32 | Ty::F64 => format!("jNum(o, {e}.toDouble())"),
            Ty::Char => panic!("{NO_CHAR}"),
            Ty::String => format!("jStr(o, {e})"),
            Ty::List(inner) => format!("jList(o, {e}) {{ {x} -> {} }}", self.enc(inner, &x, depth + 1)),
            Ty::Option(inner) => format!(
                "{e}.let {{ {x} -> if ({x} == null) o.append(\"null\") else {} }}",
                self.enc(inner, &x, depth + 1)
            ),
            Ty::Named(i) => format!("enc{}(o, {e})", self.name(*i)),
        }
    }

    /// A Kotlin expression decoding the JSON value `e`.
    fn dec(&self, t: &Ty, e: &str, depth: usize) -> String {
        let x = format!("x{depth}");
        match t {
            Ty::Bool => format!("jBool({e})"),
            Ty::Int(k) if k.is_64_bit() => format!("jLong({e})"),
            Ty::Int(_) => format!("jLong({e}).toInt()"),
            Ty::F32 => format!("jDouble({e}).toFloat()"),
            Ty::F64 => format!("jDouble({e})"),
            Ty::Char => panic!("{NO_CHAR}"),
            Ty::String => format!("jString({e})"),
            Ty::List(inner) => format!("jArr({e}).map {{ {x} -> {} }}", self.dec(inner, &x, depth + 1)),
            Ty::Option(inner) => format!("{e}?.let {{ {x} -> {} }}", self.dec(inner, &x, depth + 1)),
            Ty::Named(i) => format!("dec{}({e})", self.name(*i)),
        }
    }
}

// ---------------------------------------------------------------- gg.kt

fn sdk(m: &Model) -> String {
    let mut s = String::from(
        "// gg's Kotlin SDK, generated from the membrane's WIT by gg-arm-kotlin's build script. Every\n\
         // operation of every family is here whatever the run grants; a call the host refuses throws\n\
         // gg.ApiError.\n\
         package gg\n\n",
    );
    let mut seen = BTreeSet::new();
    for (i, t) in m.types.iter().enumerate() {
        let name = m.name(i);
        assert!(
            seen.insert(name.clone()),
            "two WIT types are both `{name}` in package gg"
        );
        if !t.docs.is_empty() {
            let _ = writeln!(s, "/** {} */", t.docs);
        }
        match &t.def {
            Def::Enum(cases) => {
                let _ = writeln!(s, "enum class {name}(val wit: String) {{");
                for (c, d) in cases {
                    if !d.is_empty() {
                        let _ = writeln!(s, "    /** {d} */");
                    }
                    let _ = writeln!(s, "    {}(\"{c}\"),", upper(c));
                }
                s.push_str("    ;\n    /** The WIT's spelling (`in-progress`). */\n    override fun toString(): String = wit\n}\n");
                let _ = writeln!(
                    s,
                    "internal fun enc{name}(o: StringBuilder, v: {name}) {{ jStr(o, v.wit) }}\n\
                     internal fun dec{name}(j: Any?): {name} {{ val w = jString(j); return {name}.entries.firstOrNull {{ it.wit == w }} ?: badReply(\"{}\") }}",
                    t.wit
                );
            }
            Def::Record(fields) if t.is_api_error() => {
                let _ = fields;
                s.push_str(
                    "class ApiError(val code: ErrorCode, val operation: String, override val message: String) :\n\
                     \x20   Exception(message) {\n\
                     \x20   override fun toString(): String = \"gg.ApiError($code, $operation): $message\"\n}\n",
                );
            }
            Def::Record(fields) => {
                let ps: Vec<String> = fields
                    .iter()
                    .map(|(f, ft, d)| {
                        let doc = if d.is_empty() {
                            String::new()
                        } else {
                            format!("/** {d} */ ")
                        };
                        match m.default_of(ft) {
                            Some(def) => format!("    {doc}val {}: {} = {def}", camel(f), m.kt(ft)),
                            None => format!("    {doc}val {}: {}", camel(f), m.kt(ft)),
                        }
                    })
                    .collect();
                let _ = writeln!(s, "data class {name}(\n{},\n)", ps.join(",\n"));
                let _ = writeln!(
                    s,
                    "internal fun enc{name}(o: StringBuilder, v: {name}) {{\n    o.append('{{')"
                );
                for (k, (f, ft, _)) in fields.iter().enumerate() {
                    let comma = if k == 0 { "" } else { "," };
                    let _ = writeln!(
                        s,
                        "    o.append(\"{comma}\\\"{f}\\\":\")\n    {}",
                        m.enc(ft, &format!("v.{}", camel(f)), 0)
                    );
                }
                s.push_str("    o.append('}')\n}\n");
                let args: Vec<String> = fields
                    .iter()
                    .map(|(f, ft, _)| format!("        {} = {},", camel(f), m.dec(ft, &format!("j[\"{f}\"]"), 0)))
                    .collect();
                let _ = writeln!(
                    s,
                    "internal fun dec{name}(v: Any?): {name} {{\n    val j = jObj(v)\n    return {name}(\n{}\n    )\n}}",
                    args.join("\n")
                );
            }
            Def::Variant(cases) => {
                let _ = writeln!(s, "sealed class {name} {{");
                for (c, ct, d) in cases {
                    if !d.is_empty() {
                        let _ = writeln!(s, "    /** {d} */");
                    }
                    match ct {
                        None => {
                            let _ = writeln!(s, "    data object {} : {name}()", pascal(c));
                        }
                        Some(ct) => {
                            let _ = writeln!(s, "    data class {}(val value: {}) : {name}()", pascal(c), m.kt(ct));
                        }
                    }
                }
                s.push_str("}\n");
                let _ = writeln!(
                    s,
                    "internal fun enc{name}(o: StringBuilder, v: {name}) {{\n    when (v) {{"
                );
                for (c, ct, _) in cases {
                    match ct {
                        None => {
                            let _ = writeln!(
                                s,
                                "        is {name}.{} -> o.append(\"{{\\\"tag\\\":\\\"{c}\\\"}}\")",
                                pascal(c)
                            );
                        }
                        Some(ct) => {
                            let _ = writeln!(
                                s,
                                "        is {name}.{} -> {{\n            o.append(\"{{\\\"tag\\\":\\\"{c}\\\",\\\"val\\\":\")\n            {}\n            o.append('}}')\n        }}",
                                pascal(c),
                                m.enc(ct, "v.value", 0)
                            );
                        }
                    }
                }
                s.push_str("    }\n}\n");
                let _ = writeln!(
                    s,
                    "internal fun dec{name}(j: Any?): {name} {{\n    val tag = if (j is String) j else jString(jObj(j)[\"tag\"])\n    return when (tag) {{"
                );
                for (c, ct, _) in cases {
                    match ct {
                        None => {
                            let _ = writeln!(s, "        \"{c}\" -> {name}.{}", pascal(c));
                        }
                        Some(ct) => {
                            let _ = writeln!(
                                s,
                                "        \"{c}\" -> {name}.{}({})",
                                pascal(c),
                                m.dec(ct, "jObj(j)[\"val\"]", 0)
                            );
                        }
                    }
                }
                let _ = writeln!(s, "        else -> badReply(\"{}\")\n    }}\n}}", t.wit);
            }
        }
        s.push('\n');
    }
    for (iface, idocs) in &m.interfaces {
        let funcs = m.funcs_of(iface);
        if funcs.is_empty() {
            continue;
        }
        if !idocs.is_empty() {
            let _ = writeln!(s, "/** {idocs} */");
        }
        let _ = writeln!(s, "object {} {{", object(iface));
        for f in funcs {
            if !f.docs.is_empty() {
                let _ = writeln!(s, "    /** {} */", f.docs);
            }
            let _ = writeln!(
                s,
                "    fun {}({}): {} {{",
                camel(&f.wit),
                m.params(f).join(", "),
                m.ret(f)
            );
            s.push_str("        val o = StringBuilder(\"{\")\n");
            for (k, (p, t)) in f.params.iter().enumerate() {
                let comma = if k == 0 { "" } else { "," };
                let _ = writeln!(
                    s,
                    "        o.append(\"{comma}\\\"{p}\\\":\")\n        {}",
                    m.enc(t, &camel(p), 0)
                );
            }
            s.push_str("        o.append('}')\n");
            let _ = writeln!(s, "        val r = wireCall(\"{}\", o)", f.operation());
            match &f.ok {
                None => s.push_str("        r.hashCode()\n"),
                Some(t) => {
                    let _ = writeln!(s, "        return {}", m.dec(t, "r", 0));
                }
            }
            s.push_str("    }\n");
        }
        s.push_str("}\n\n");
    }
    let ops: Vec<String> = m.funcs.iter().map(|f| format!("\"{}\"", f.operation())).collect();
    let _ = writeln!(
        s,
        "internal val BOUND_OPERATIONS: List<String> = listOf({})",
        ops.join(", ")
    );
    s
}

// ---------------------------------------------------------------- the catalogue

fn catalogue(m: &Model) -> Value {
    let modules = entry::modules(m, |i| format!("gg.{}", object(i)), "import gg.*");
    let functions: Vec<Value> = m
        .funcs
        .iter()
        .map(|f| {
            let qualified = format!("gg.{}.{}", object(&f.interface), camel(&f.wit));
            let spelled = entry::Function {
                module: format!("gg.{}", object(&f.interface)),
                name: camel(&f.wit),
                signature: format!("fun {qualified}({}): {}", m.params(f).join(", "), m.ret(f)),
                qualified,
                params: f
                    .params
                    .iter()
                    .map(|(n, t)| entry::param(camel(n), m.kt(t), matches!(t, Ty::Option(_))))
                    .collect(),
                returns: f.ok.as_ref().map(|t| m.kt(t)),
                throws: "gg.ApiError",
            };
            entry::function(f, spelled)
        })
        .collect();
    let types: Vec<Value> = m
        .types
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let name = m.name(i);
            let spelling = entry::MemberSpelling {
                field: |n: &str, ty: &Ty| (camel(n), m.kt(ty)),
                case: |n: &str| (upper(n), String::new()),
                variant: |n: &str, ty: Option<&Ty>| match ty {
                    Some(ty) => format!("{name}.{}(value: {})", pascal(n), m.kt(ty)),
                    None => format!("{name}.{}", pascal(n)),
                },
            };
            let members = entry::members(&t.def, &name, &spelling);
            let qualified = format!("gg.{name}");
            entry::named_type(t, "gg".into(), name, qualified, members)
        })
        .collect();
    let catalogue = json!({
        "language": "kotlin",
        "modules": modules,
        "functions": functions,
        "types": types,
        "libraries": [
            {"heading": "Kotlin standard library (Kotlin/Wasm for WASI)", "modules": [
                "kotlin", "kotlin.collections", "kotlin.text", "kotlin.math", "kotlin.ranges", "kotlin.sequences",
                "kotlin.comparisons", "kotlin.random", "kotlin.time"
            ]}
        ],
    });
    entry::assert_complete("kotlin", &catalogue);
    catalogue
}

fn main() {
    let out = gg_build::out_dir();
    println!(
        "cargo:rerun-if-changed={}",
        gg_build::manifest_dir().join("sdk").display()
    );
    let model = wit::from_env();
    for (name, body) in [
        ("gg.kt", sdk(&model)),
        (
            "kotlin.catalogue.json",
            serde_json::to_string_pretty(&catalogue(&model)).expect("JSON"),
        ),
    ] {
        gg_build::write(&out.join(name), body);
    }
}
