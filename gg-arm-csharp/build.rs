//! Generates the C# SDK from the membrane's WIT (`DEP_GG_CORE_WIT`): namespace `Gg`'s one source
//! `gg.cs` (a static class of methods per family with optional parameters, classes for records,
//! enums, abstract classes for variants, `Gg.ApiError`, and the internal `Codec` with every type's
//! JSON) after the hand-written `sdk/runtime.cs` (the wire, JSON, the entry), and the catalogue
//! (`csharp.catalogue.json`), from one model, into `OUT_DIR`.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use serde_json::{Value, json};

use gg_build::catalogue as entry;
use gg_build::wit::{self, Def, Func, Model, Ty, pascal};

/// C#'s keywords: a name that is one is written `@name`.
const KEYWORDS: &[&str] = &[
    "abstract",
    "as",
    "base",
    "bool",
    "break",
    "byte",
    "case",
    "catch",
    "char",
    "checked",
    "class",
    "const",
    "continue",
    "decimal",
    "default",
    "delegate",
    "do",
    "double",
    "else",
    "enum",
    "event",
    "explicit",
    "extern",
    "false",
    "finally",
    "fixed",
    "float",
    "for",
    "foreach",
    "goto",
    "if",
    "implicit",
    "in",
    "int",
    "interface",
    "internal",
    "is",
    "lock",
    "long",
    "namespace",
    "new",
    "null",
    "object",
    "operator",
    "out",
    "override",
    "params",
    "private",
    "protected",
    "public",
    "readonly",
    "ref",
    "return",
    "sbyte",
    "sealed",
    "short",
    "sizeof",
    "stackalloc",
    "static",
    "string",
    "struct",
    "switch",
    "this",
    "throw",
    "true",
    "try",
    "typeof",
    "uint",
    "ulong",
    "unchecked",
    "unsafe",
    "ushort",
    "using",
    "virtual",
    "void",
    "volatile",
    "while",
];

/// A parameter or local: `ignore-case` → `ignoreCase`, a keyword escaped (`@new`).
fn local(wit: &str) -> String {
    let s = wit::camel(wit);
    if KEYWORDS.contains(&s.as_str()) {
        format!("@{s}")
    } else {
        s
    }
}

/// A member, method, class or enum case: `read-file` → `ReadFile`.
fn member(wit: &str) -> String {
    pascal(wit)
}

fn doc(indent: &str, d: &str) -> String {
    if d.is_empty() {
        String::new()
    } else {
        let text = d.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;");
        let lines: Vec<String> = text.lines().map(|l| format!("{indent}/// {l}")).collect();
        format!("{indent}/// <summary>\n{}\n{indent}/// </summary>\n", lines.join("\n"))
    }
}

const NO_CHAR: &str = "the C# SDK does not cover char: no operation of the membrane's WIT uses it";

trait Spell {
    fn name(&self, i: usize) -> String;
    fn is_value(&self, t: &Ty) -> bool;
    fn cs(&self, t: &Ty) -> String;
    fn optional(&self, t: &Ty) -> bool;
    fn enc(&self, t: &Ty, e: &str, depth: usize) -> String;
    fn dec(&self, t: &Ty, e: &str, depth: usize) -> String;
    fn param_list(&self, params: &[(String, Ty)]) -> Vec<String>;
    fn signature(&self, f: &Func) -> String;
}

impl Spell for Model {
    fn name(&self, i: usize) -> String {
        pascal(&self.types[i].wit)
    }

    /// Whether C# holds `t` by value (so an option of it is `T?`).
    fn is_value(&self, t: &Ty) -> bool {
        match t {
            Ty::Bool | Ty::Int(_) | Ty::F32 | Ty::F64 => true,
            Ty::Named(i) => matches!(self.types[*i].def, Def::Enum(_)),
            _ => false,
        }
    }

    fn cs(&self, t: &Ty) -> String {
        match t {
            Ty::Bool => "bool".into(),
            Ty::Int(k) if k.is_64_bit() => "long".into(),
            Ty::Int(_) => "int".into(),
            Ty::F32 => "float".into(),
            Ty::F64 => "double".into(),
            Ty::Char => panic!("{NO_CHAR}"),
            Ty::String => "string".into(),
            Ty::List(t) => format!("List<{}>", self.cs(t)),
            Ty::Option(t) if self.is_value(t) => format!("{}?", self.cs(t)),
            Ty::Option(t) => self.cs(t),
            Ty::Named(i) => self.name(*i),
        }
    }

    /// Whether a program may leave `t` out (`= null`): an option is none, a list empty, a variant
    /// its first payload-less case (a patch's `TextEdit.Keep()`).
    fn optional(&self, t: &Ty) -> bool {
        match t {
            Ty::Option(_) | Ty::List(_) => true,
            Ty::Named(i) => match &self.types[*i].def {
                Def::Variant(cases) => cases.iter().any(|(_, ty, _)| ty.is_none()),
                _ => false,
            },
            _ => false,
        }
    }

    /// C# statements appending `e`'s JSON to `o`.
    fn enc(&self, t: &Ty, e: &str, depth: usize) -> String {
        let x = format!("x{depth}");
        match t {
            Ty::Bool => format!("o.Append({e} ? \"true\" : \"false\");"),
            Ty::Int(_) => format!("o.Append(({e}).ToString(System.Globalization.CultureInfo.InvariantCulture));"),
            Ty::F32 | Ty::F64 => format!("Wire.Num(o, (double) ({e}));"),
            Ty::Char => panic!("{NO_CHAR}"),
            Ty::String => format!("Wire.Str(o, {e});"),
            Ty::List(inner) => format!(
                "{{ o.Append('['); bool first{depth} = true; if ({e} != null) foreach (var {x} in {e}) {{ if (!first{depth}) o.Append(','); first{depth} = false; {} }} o.Append(']'); }}",
                self.enc(inner, &x, depth + 1)
            ),
            Ty::Option(inner) => {
                let v = if self.is_value(inner) {
                    format!("{e}.Value")
                } else {
                    e.to_owned()
                };
                format!(
                    "if ({e} == null) o.Append(\"null\"); else {{ {} }}",
                    self.enc(inner, &v, depth + 1)
                )
            }
            Ty::Named(i) => format!("Codec.Enc{}(o, {e});", self.name(*i)),
        }
    }

    /// A C# expression decoding the parsed JSON value `e`.
    fn dec(&self, t: &Ty, e: &str, depth: usize) -> String {
        let x = format!("x{depth}");
        match t {
            Ty::Bool => format!("Wire.Bool({e})"),
            Ty::Int(k) if k.is_64_bit() => format!("Wire.Long({e})"),
            Ty::Int(_) => format!("(int) Wire.Long({e})"),
            Ty::F32 => format!("(float) Wire.Double({e})"),
            Ty::F64 => format!("Wire.Double({e})"),
            Ty::Char => panic!("{NO_CHAR}"),
            Ty::String => format!("Wire.String({e})"),
            Ty::List(inner) => format!(
                "Wire.Map<{}>({e}, {x} => {})",
                self.cs(inner),
                self.dec(inner, &x, depth + 1)
            ),
            Ty::Option(inner) => format!(
                "({e} == null ? ({}) null : {})",
                self.cs(t),
                self.dec(inner, e, depth + 1)
            ),
            Ty::Named(i) => format!("Codec.Dec{}({e})", self.name(*i)),
        }
    }

    /// `string path, int? offset = null`: a parameter may be left out where every one after it may.
    fn param_list(&self, params: &[(String, Ty)]) -> Vec<String> {
        let mut tail = true;
        let mut out: Vec<String> = params
            .iter()
            .rev()
            .map(|(p, t)| {
                tail &= self.optional(t);
                if tail {
                    format!("{} {} = null", self.cs(t), local(p))
                } else {
                    format!("{} {}", self.cs(t), local(p))
                }
            })
            .collect();
        out.reverse();
        out
    }

    fn signature(&self, f: &Func) -> String {
        format!(
            "static {} Gg.{}.{}({})",
            f.ok.as_ref().map_or("void".into(), |t| self.cs(t)),
            member(&f.interface),
            member(&f.wit),
            self.param_list(&f.params).join(", ")
        )
    }
}

/// The value a left-out `t` (given as null) stands for, as an expression.
fn default_for(m: &Model, t: &Ty) -> Option<String> {
    match t {
        Ty::List(_) => Some(format!("new {}()", m.cs(t))),
        Ty::Named(i) => match &m.types[*i].def {
            Def::Variant(cases) => cases
                .iter()
                .find(|(_, ty, _)| ty.is_none())
                .map(|(c, _, _)| format!("{}.{}()", m.name(*i), member(c))),
            _ => None,
        },
        _ => None,
    }
}

const HEADER: &str = "// gg's C# SDK, generated from the membrane's WIT by gg-arm-csharp's build script.\n";

fn sdk(m: &Model) -> String {
    let mut s = String::from(HEADER);
    s.push_str("namespace Gg\n{\n    using System;\n    using System.Collections.Generic;\n    using System.Text;\n\n");
    let mut codec = String::from("    internal static class Codec\n    {\n");
    let mut seen = BTreeSet::new();
    for (i, t) in m.types.iter().enumerate() {
        let name = m.name(i);
        assert!(
            seen.insert(name.clone()),
            "two WIT types are both `{name}` in namespace Gg"
        );
        s.push_str(&doc("    ", &t.docs));
        match &t.def {
            Def::Enum(cases) => {
                let entries: Vec<String> = cases
                    .iter()
                    .map(|(c, d)| format!("{}        {}", doc("        ", d), member(c)))
                    .collect();
                let _ = writeln!(s, "    public enum {name}\n    {{\n{}\n    }}\n", entries.join(",\n"));
                let enc: Vec<String> = cases
                    .iter()
                    .map(|(c, _)| {
                        format!(
                            "                case {name}.{}: Wire.Str(o, \"{c}\"); break;",
                            member(c)
                        )
                    })
                    .collect();
                let dec: Vec<String> = cases
                    .iter()
                    .map(|(c, _)| format!("                case \"{c}\": return {name}.{};", member(c)))
                    .collect();
                let _ = writeln!(
                    codec,
                    "        internal static void Enc{name}(StringBuilder o, {name} v)\n        {{\n            switch (v)\n            {{\n{}\n                default: throw new ArgumentException(\"not a {name}: \" + v);\n            }}\n        }}\n\n        internal static {name} Dec{name}(object j)\n        {{\n            switch (Wire.String(j))\n            {{\n{}\n                default: throw Wire.BadReply(\"{}\");\n            }}\n        }}\n",
                    enc.join("\n"),
                    dec.join("\n"),
                    t.wit
                );
            }
            Def::Record(_) if t.is_api_error() => {
                s.push_str(
                    "    public class ApiError : Exception\n    {\n\
                     \x20       /// <summary>What went wrong, by kind.</summary>\n\
                     \x20       public ErrorCode Code { get; private set; }\n\
                     \x20       /// <summary>The operation that failed (`files.read_file`).</summary>\n\
                     \x20       public string Operation { get; private set; }\n\n\
                     \x20       public ApiError(ErrorCode code, string operation, string message) : base(message)\n        {\n\
                     \x20           Code = code;\n            Operation = operation;\n        }\n\n\
                     \x20       public override string ToString()\n        {\n\
                     \x20           return \"Gg.ApiError(\" + Code + \", \" + Operation + \"): \" + Message;\n        }\n    }\n\n",
                );
                let _ = writeln!(
                    codec,
                    "        internal static ApiError DecApiError(object v)\n        {{\n            var j = Wire.Obj(v);\n            return new ApiError(DecErrorCode(Wire.Get(j, \"code\")), Wire.String(Wire.Get(j, \"operation\")), Wire.String(Wire.Get(j, \"message\")));\n        }}\n"
                );
            }
            Def::Record(fields) => {
                let _ = writeln!(s, "    public sealed class {name}\n    {{");
                for (f, ft, d) in fields {
                    s.push_str(&doc("        ", d));
                    let _ = writeln!(s, "        public {} {} {{ get; set; }}", m.cs(ft), member(f));
                }
                // One constructor: the required fields first, in order, then the rest, each
                // optional (`new TaskInput("title")`); object initialisers work too.
                let mut order: Vec<usize> = (0..fields.len()).filter(|&k| !m.optional(&fields[k].1)).collect();
                order.extend((0..fields.len()).filter(|&k| m.optional(&fields[k].1)));
                let ps: Vec<String> = order
                    .iter()
                    .map(|&k| {
                        let (f, ft, _) = &fields[k];
                        if m.optional(ft) {
                            format!("{} {} = null", m.cs(ft), local(f))
                        } else {
                            format!("{} {}", m.cs(ft), local(f))
                        }
                    })
                    .collect();
                let _ = writeln!(
                    s,
                    "\n        public {name}() {{ }}\n\n        public {name}({})\n        {{",
                    ps.join(", ")
                );
                for (f, _, _) in fields {
                    let _ = writeln!(s, "            {} = {};", member(f), local(f));
                }
                s.push_str("        }\n\n        public override string ToString()\n        {\n            var o = new StringBuilder();\n");
                let _ = writeln!(
                    s,
                    "            Codec.Enc{name}(o, this);\n            return \"{name} \" + o.ToString();\n        }}\n    }}\n"
                );
                let _ = writeln!(
                    codec,
                    "        internal static void Enc{name}(StringBuilder o, {name} v)\n        {{\n            if (v == null) throw new ArgumentNullException(\"a {name} is required\");\n            o.Append('{{');"
                );
                for (k, (f, ft, _)) in fields.iter().enumerate() {
                    let comma = if k == 0 { "" } else { "," };
                    let value = format!("v.{}", member(f));
                    let _ = writeln!(codec, "            o.Append(\"{comma}\\\"{f}\\\":\");");
                    match default_for(m, ft) {
                        Some(d) if !matches!(ft, Ty::List(_)) => {
                            let _ = writeln!(codec, "            {{ var d = {value} ?? {d}; {} }}", m.enc(ft, "d", 0));
                        }
                        _ => {
                            let _ = writeln!(codec, "            {}", m.enc(ft, &value, 0));
                        }
                    }
                }
                codec.push_str("            o.Append('}');\n        }\n\n");
                let args: Vec<String> = fields
                    .iter()
                    .map(|(f, ft, _)| {
                        format!(
                            "                {} = {}",
                            member(f),
                            m.dec(ft, &format!("Wire.Get(j, \"{f}\")"), 0)
                        )
                    })
                    .collect();
                let _ = writeln!(
                    codec,
                    "        internal static {name} Dec{name}(object v)\n        {{\n            var j = Wire.Obj(v);\n            return new {name}\n            {{\n{}\n            }};\n        }}\n",
                    args.join(",\n")
                );
            }
            Def::Variant(cases) => {
                let _ = writeln!(
                    s,
                    "    public abstract class {name}\n    {{\n        private {name}() {{ }}\n"
                );
                for (c, ct, d) in cases {
                    s.push_str(&doc("        ", d));
                    let case = member(c);
                    match ct {
                        None => {
                            let _ = writeln!(
                                s,
                                "        public sealed class {case}Case : {name} {{ public override string ToString() {{ return \"{name}.{case}()\"; }} }}\n        public static {name} {case}() {{ return new {case}Case(); }}\n"
                            );
                        }
                        Some(ct) => {
                            let _ = writeln!(
                                s,
                                "        public sealed class {case}Case : {name}\n        {{\n            public {} Value {{ get; private set; }}\n            public {case}Case({} value) {{ Value = value; }}\n            public override string ToString() {{ return \"{name}.{case}(\" + Value + \")\"; }}\n        }}\n        public static {name} {case}({} value) {{ return new {case}Case(value); }}\n",
                                m.cs(ct),
                                m.cs(ct),
                                m.cs(ct)
                            );
                        }
                    }
                }
                s.push_str("    }\n\n");
                let _ = writeln!(
                    codec,
                    "        internal static void Enc{name}(StringBuilder o, {name} v)\n        {{"
                );
                for (c, ct, _) in cases {
                    let case = member(c);
                    match ct {
                        None => {
                            let _ = writeln!(
                                codec,
                                "            if (v is {name}.{case}Case) {{ o.Append(\"{{\\\"tag\\\":\\\"{c}\\\"}}\"); return; }}"
                            );
                        }
                        Some(ct) => {
                            let _ = writeln!(
                                codec,
                                "            if (v is {name}.{case}Case) {{ var x = ({name}.{case}Case) v; o.Append(\"{{\\\"tag\\\":\\\"{c}\\\",\\\"val\\\":\"); {} o.Append('}}'); return; }}",
                                m.enc(ct, "x.Value", 0)
                            );
                        }
                    }
                }
                let _ = writeln!(
                    codec,
                    "            throw new ArgumentNullException(\"a {name} is required\");\n        }}\n"
                );
                let _ = writeln!(
                    codec,
                    "        internal static {name} Dec{name}(object j)\n        {{\n            string tag = j is string ? (string) j : Wire.String(Wire.Get(Wire.Obj(j), \"tag\"));\n            switch (tag)\n            {{"
                );
                for (c, ct, _) in cases {
                    let case = member(c);
                    match ct {
                        None => {
                            let _ = writeln!(codec, "                case \"{c}\": return {name}.{case}();");
                        }
                        Some(ct) => {
                            let _ = writeln!(
                                codec,
                                "                case \"{c}\": return {name}.{case}({});",
                                m.dec(ct, "Wire.Get(Wire.Obj(j), \"val\")", 0)
                            );
                        }
                    }
                }
                let _ = writeln!(
                    codec,
                    "                default: throw Wire.BadReply(\"{}\");\n            }}\n        }}\n",
                    t.wit
                );
            }
        }
    }
    codec.push_str("    }\n\n");
    s.push_str(&codec);
    for (iface, idocs) in &m.interfaces {
        let funcs = m.funcs_of(iface);
        if funcs.is_empty() {
            continue;
        }
        let class = member(iface);
        assert!(
            seen.insert(class.clone()),
            "the family `{iface}` and a WIT type are both `{class}`"
        );
        s.push_str(&doc("    ", idocs));
        let _ = writeln!(s, "    public static class {class}\n    {{");
        for f in funcs {
            s.push_str(&doc("        ", &f.docs));
            let ret = f.ok.as_ref().map_or("void".into(), |t| m.cs(t));
            let _ = writeln!(
                s,
                "        public static {ret} {}({})\n        {{\n            var o = new StringBuilder(\"{{\");",
                member(&f.wit),
                m.param_list(&f.params).join(", ")
            );
            for (k, (p, t)) in f.params.iter().enumerate() {
                let comma = if k == 0 { "" } else { "," };
                let _ = writeln!(s, "            o.Append(\"{comma}\\\"{p}\\\":\");");
                match default_for(m, t) {
                    Some(d) if !matches!(t, Ty::List(_)) => {
                        let _ = writeln!(s, "            {{ var d = {} ?? {d}; {} }}", local(p), m.enc(t, "d", 0));
                    }
                    _ => {
                        let _ = writeln!(s, "            {}", m.enc(t, &local(p), 0));
                    }
                }
            }
            s.push_str("            o.Append('}');\n");
            let _ = writeln!(
                s,
                "            object r = Wire.Call(\"{}\", o.ToString());",
                f.operation()
            );
            if let Some(t) = &f.ok {
                let _ = writeln!(s, "            return {};", m.dec(t, "r", 0));
            }
            s.push_str("        }\n\n");
        }
        s.push_str("    }\n\n");
    }
    s.push_str("}\n");
    s
}

fn catalogue(m: &Model) -> Value {
    let modules = entry::modules(m, |i| format!("Gg.{}", member(i)), "using Gg;");
    let functions: Vec<Value> = m
        .funcs
        .iter()
        .map(|f| {
            let spelled = entry::Function {
                module: format!("Gg.{}", member(&f.interface)),
                name: member(&f.wit),
                qualified: format!("Gg.{}.{}", member(&f.interface), member(&f.wit)),
                signature: m.signature(f),
                params: f
                    .params
                    .iter()
                    .map(|(n, t)| entry::param(local(n), m.cs(t), m.optional(t)))
                    .collect(),
                returns: f.ok.as_ref().map(|t| m.cs(t)),
                throws: "Gg.ApiError",
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
                field: |n: &str, ty: &Ty| (member(n), m.cs(ty)),
                case: |n: &str| (member(n), String::new()),
                variant: |n: &str, ty: Option<&Ty>| match ty {
                    Some(ty) => format!("{name}.{}({} value)", member(n), m.cs(ty)),
                    None => format!("{name}.{}()", member(n)),
                },
            };
            let members = entry::members(&t.def, &name, &spelling);
            entry::named_type(t, "Gg".into(), name.clone(), format!("Gg.{name}"), members)
        })
        .collect();
    let catalogue = json!({
        "language": "csharp",
        "modules": modules,
        "functions": functions,
        "types": types,
        "libraries": [
            {"heading": ".NET 10's base class library (the Mono runtime for WebAssembly), compiled against Mono's 4.x API", "modules": [
                "System", "System.Collections.Generic", "System.Linq", "System.Text", "System.Text.RegularExpressions", "System.IO", "System.Globalization"
            ]}
        ],
    });
    entry::assert_complete("csharp", &catalogue);
    catalogue
}

fn main() {
    let out = gg_build::out_dir();
    let runtime = gg_build::manifest_dir().join("sdk").join("runtime.cs");
    println!("cargo:rerun-if-changed={}", runtime.display());
    let model = wit::from_env();
    let hand = std::fs::read_to_string(&runtime).expect("sdk/runtime.cs");
    gg_build::write(&out.join("gg.cs"), format!("{hand}\n{}", sdk(&model)));
    gg_build::write(
        &out.join("csharp.catalogue.json"),
        serde_json::to_string_pretty(&catalogue(&model)).expect("JSON"),
    );
}
