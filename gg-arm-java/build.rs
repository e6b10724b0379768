//! Generates the Java SDK from the membrane's WIT (`DEP_GG_CORE_WIT`): package `gg`'s sources (a
//! final class of static methods per family with overloads for omitted trailing options, records,
//! enums, sealed interfaces for variants, `gg.ApiError`, and the package-private `Codec` with the
//! JSON of every type), beside the hand-written `sdk/Wire.java` and `sdk/Program.java`, and the
//! catalogue (`java.catalogue.json`), all from one model, into `OUT_DIR`; `sdk_files.rs` lists
//! the sources for the crate to embed.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use serde_json::{Value, json};

use gg_build::catalogue as entry;
use gg_build::wit::{self, Def, Func, Model, Ty, pascal, upper};

// ---------------------------------------------------------------- spellings

/// Java's reserved words and literals: a name that is one gets a trailing `_`.
const KEYWORDS: &[&str] = &[
    "abstract",
    "assert",
    "boolean",
    "break",
    "byte",
    "case",
    "catch",
    "char",
    "class",
    "const",
    "continue",
    "default",
    "do",
    "double",
    "else",
    "enum",
    "extends",
    "final",
    "finally",
    "float",
    "for",
    "goto",
    "if",
    "implements",
    "import",
    "instanceof",
    "int",
    "interface",
    "long",
    "native",
    "new",
    "package",
    "private",
    "protected",
    "public",
    "return",
    "short",
    "static",
    "strictfp",
    "super",
    "switch",
    "synchronized",
    "this",
    "throw",
    "throws",
    "transient",
    "try",
    "void",
    "volatile",
    "while",
    "true",
    "false",
    "null",
    "var",
    "record",
    "yield",
];

fn escape(s: String) -> String {
    if KEYWORDS.contains(&s.as_str()) {
        format!("{s}_")
    } else {
        s
    }
}

/// `read-file` → `readFile`.
fn camel(wit: &str) -> String {
    escape(wit::camel(wit))
}

/// The family's class: `files` → `Files`.
fn family(interface: &str) -> String {
    pascal(interface)
}

fn javadoc(indent: &str, d: &str) -> String {
    if d.is_empty() {
        String::new()
    } else {
        format!("{indent}/** {} */\n", d.replace("*/", "* /"))
    }
}

/// Why a build stops at a WIT `char`: no operation of the membrane takes or returns one.
const NO_CHAR: &str = "the Java SDK does not cover char: no operation of the membrane's WIT uses it";

/// How this SDK spells the shared model (`gg_build::wit`).
trait Spell {
    fn name(&self, i: usize) -> String;
    fn jt(&self, t: &Ty, boxed: bool) -> String;
    fn short(&self, t: &Ty) -> String;
    fn default_of(&self, t: &Ty) -> Option<String>;
    fn enc(&self, t: &Ty, e: &str, depth: usize) -> String;
    fn dec(&self, t: &Ty, e: &str, depth: usize) -> String;
    fn arities(&self, params: &[(String, Ty)]) -> Vec<usize>;
    fn ret(&self, f: &Func) -> String;
    fn signature(&self, f: &Func, n: usize) -> String;
}

impl Spell for Model {
    fn name(&self, i: usize) -> String {
        pascal(&self.types[i].wit)
    }

    /// The Java type; `boxed` where a primitive cannot stand (options, list items).
    fn jt(&self, t: &Ty, boxed: bool) -> String {
        let (p, b) = match t {
            Ty::Bool => ("boolean", "Boolean"),
            Ty::Int(k) if k.is_64_bit() => ("long", "Long"),
            Ty::Int(_) => ("int", "Integer"),
            Ty::F32 => ("float", "Float"),
            Ty::F64 => ("double", "Double"),
            Ty::Char => panic!("{NO_CHAR}"),
            Ty::String => return "String".into(),
            Ty::List(t) => return format!("java.util.List<{}>", self.jt(t, true)),
            Ty::Option(t) => return self.jt(t, true),
            Ty::Named(i) => return self.name(*i),
        };
        if boxed { b.into() } else { p.into() }
    }

    /// A short spelling for signatures and the catalogue (`List<String>`).
    fn short(&self, t: &Ty) -> String {
        self.jt(t, false).replace("java.util.", "")
    }

    /// A value's default when a model leaves it out: options none, lists empty, a variant its
    /// first payload-less case (a patch's `TextEdit.keep()`).
    fn default_of(&self, t: &Ty) -> Option<String> {
        match t {
            Ty::Option(_) => Some("null".into()),
            Ty::List(_) => Some("java.util.List.of()".into()),
            Ty::Named(i) => match &self.types[*i].def {
                Def::Variant(cases) => cases
                    .iter()
                    .find(|(_, ty, _)| ty.is_none())
                    .map(|(c, _, _)| format!("{}.{}()", self.name(*i), camel(c))),
                _ => None,
            },
            _ => None,
        }
    }

    /// Java statements appending `e`'s JSON to `o`.
    fn enc(&self, t: &Ty, e: &str, depth: usize) -> String {
        let x = format!("x{depth}");
        match t {
            Ty::Bool | Ty::Int(_) => format!("o.append({e});"),
            Ty::F32 | Ty::F64 => format!("Wire.num(o, (double) {e});"),
            Ty::Char => panic!("{NO_CHAR}"),
            Ty::String => format!("Wire.str(o, {e});"),
            Ty::List(inner) => format!(
                "Wire.list(o, {e}, ({}) -> {{ {} }});",
                format_args!("{} {x}", self.jt(inner, true)),
                self.enc(inner, &x, depth + 1)
            ),
            Ty::Option(inner) => format!(
                "{{ {} {x} = {e}; if ({x} == null) o.append(\"null\"); else {{ {} }} }}",
                self.jt(inner, true),
                self.enc(inner, &x, depth + 1)
            ),
            Ty::Named(i) => format!("Codec.enc{}(o, {e});", self.name(*i)),
        }
    }

    /// A Java expression decoding the JSON value `e`.
    fn dec(&self, t: &Ty, e: &str, depth: usize) -> String {
        let x = format!("x{depth}");
        match t {
            Ty::Bool => format!("Wire.bool({e})"),
            Ty::Int(k) if k.is_64_bit() => format!("Wire.lng({e})"),
            Ty::Int(_) => format!("(int) Wire.lng({e})"),
            Ty::F32 => format!("(float) Wire.dbl({e})"),
            Ty::F64 => format!("Wire.dbl({e})"),
            Ty::Char => panic!("{NO_CHAR}"),
            Ty::String => format!("Wire.string({e})"),
            Ty::List(inner) => format!(
                "Wire.<{}>map({e}, {x} -> {})",
                self.jt(inner, true),
                self.dec(inner, &x, depth + 1)
            ),
            Ty::Option(inner) => format!(
                "Wire.<{}>opt({e}, {x} -> {})",
                self.jt(inner, true),
                self.dec(inner, &x, depth + 1)
            ),
            Ty::Named(i) => format!("Codec.dec{}({e})", self.name(*i)),
        }
    }

    /// The parameter lists a family method is written with: the whole list, then each shorter
    /// one whose omitted tail has defaults.
    fn arities(&self, params: &[(String, Ty)]) -> Vec<usize> {
        let mut out = vec![params.len()];
        for k in (0..params.len()).rev() {
            if self.default_of(&params[k].1).is_none() {
                break;
            }
            out.push(k);
        }
        out
    }

    fn ret(&self, f: &Func) -> String {
        f.ok.as_ref().map_or("void".into(), |t| self.jt(t, false))
    }

    fn signature(&self, f: &Func, n: usize) -> String {
        let ps: Vec<String> = f.params[..n]
            .iter()
            .map(|(p, t)| format!("{} {}", self.short(t), camel(p)))
            .collect();
        format!(
            "static {} gg.{}.{}({})",
            f.ok.as_ref().map_or("void".into(), |t| self.short(t)),
            family(&f.interface),
            camel(&f.wit),
            ps.join(", ")
        )
    }
}

// ---------------------------------------------------------------- the sources

const HEADER: &str =
    "// gg's Java SDK, generated from the membrane's WIT by gg-arm-java's build script.\npackage gg;\n\n";

fn sdk(m: &Model) -> Vec<(String, String)> {
    let mut files = Vec::new();
    let mut codec = format!(
        "{HEADER}/** The JSON of every type on the wire. */\nfinal class Codec {{\n    private Codec() {{}}\n\n"
    );
    let mut seen = BTreeSet::new();
    for (i, t) in m.types.iter().enumerate() {
        let name = m.name(i);
        assert!(
            seen.insert(name.clone()),
            "two WIT types are both `{name}` in package gg"
        );
        let mut s = String::from(HEADER);
        s.push_str(&javadoc("", &t.docs));
        match &t.def {
            Def::Enum(cases) => {
                let _ = writeln!(s, "public enum {name} {{");
                let entries: Vec<String> = cases
                    .iter()
                    .map(|(c, d)| format!("{}    {}(\"{c}\")", javadoc("    ", d), upper(c)))
                    .collect();
                let _ = writeln!(
                    s,
                    "{};\n\n    /** The WIT's spelling (`in-progress`). */\n    public final String wit;\n\n    {name}(String wit) {{\n        this.wit = wit;\n    }}\n\n    @Override\n    public String toString() {{\n        return wit;\n    }}\n}}",
                    entries.join(",\n")
                );
                let _ = writeln!(
                    codec,
                    "    static void enc{name}(StringBuilder o, {name} v) {{\n        Wire.str(o, v.wit);\n    }}\n\n    static {name} dec{name}(Object j) {{\n        String w = Wire.string(j);\n        for ({name} c : {name}.values()) if (c.wit.equals(w)) return c;\n        throw Wire.badReply(\"{}\");\n    }}\n",
                    t.wit
                );
            }
            Def::Record(_) if t.is_api_error() => {
                s.push_str(
                    "public class ApiError extends RuntimeException {\n\
                     \x20   /** What went wrong, by kind. */\n\
                     \x20   public final ErrorCode code;\n\
                     \x20   /** The operation that failed (`files.read_file`). */\n\
                     \x20   public final String operation;\n\n\
                     \x20   public ApiError(ErrorCode code, String operation, String message) {\n\
                     \x20       super(message);\n\
                     \x20       this.code = code;\n\
                     \x20       this.operation = operation;\n\
                     \x20   }\n\n\
                     \x20   public ErrorCode code() {\n        return code;\n    }\n\n\
                     \x20   public ErrorCode getCode() {\n        return code;\n    }\n\n\
                     \x20   public String operation() {\n        return operation;\n    }\n\n\
                     \x20   /** The host's message, as the prompt's listing names it (also `getMessage()`). */\n\
                     \x20   public String message() {\n        return getMessage();\n    }\n\n\
                     \x20   @Override\n    public String toString() {\n        return \"gg.ApiError(\" + code + \", \" + operation + \"): \" + getMessage();\n    }\n}\n",
                );
                let _ = writeln!(
                    codec,
                    "    static ApiError decApiError(Object v) {{\n        java.util.Map<String, Object> j = Wire.obj(v);\n        return new ApiError(decErrorCode(j.get(\"code\")), Wire.string(j.get(\"operation\")), Wire.string(j.get(\"message\")));\n    }}\n"
                );
            }
            Def::Record(fields) => {
                let comps: Vec<String> = fields
                    .iter()
                    .map(|(f, ft, d)| format!("{}    {} {}", javadoc("    ", d), m.jt(ft, false), camel(f)))
                    .collect();
                let _ = writeln!(s, "public record {name}(\n{}\n) {{", comps.join(",\n"));
                // `null` is how Java leaves a value out: a list or a patch field given as null
                // takes its default, as an option's null is none.
                let nulls: Vec<String> = fields
                    .iter()
                    .filter(|(_, ft, _)| !matches!(ft, Ty::Option(_)))
                    .filter_map(|(f, ft, _)| {
                        m.default_of(ft)
                            .map(|d| format!("        if ({0} == null) {0} = {d};\n", camel(f)))
                    })
                    .collect();
                if !nulls.is_empty() {
                    let _ = writeln!(
                        s,
                        "    /** A list or patch field given as null is left out: empty, or kept. */\n    public {name} {{\n{}    }}\n",
                        nulls.concat()
                    );
                }
                // Shorter constructors: the required fields, then each prefix of the defaultable
                // ones, the rest left at their defaults.
                let required: Vec<usize> = (0..fields.len())
                    .filter(|&k| m.default_of(&fields[k].1).is_none())
                    .collect();
                // The defaultable fields after the last required one come first (`TaskInput(title,
                // description)` leaves the leading `id` out), then the others.
                let last = required.last().copied().unwrap_or(0);
                let mut optional: Vec<usize> = (0..fields.len())
                    .filter(|&k| m.default_of(&fields[k].1).is_some())
                    .collect();
                optional.sort_by_key(|&k| (k < last, k));
                let mut shapes: Vec<Vec<String>> = vec![fields.iter().map(|(_, ft, _)| m.jt(ft, false)).collect()];
                for n in 0..optional.len() {
                    let given: Vec<usize> = required.iter().chain(&optional[..n]).copied().collect();
                    let shape: Vec<String> = given.iter().map(|&k| m.jt(&fields[k].1, false)).collect();
                    if shapes.contains(&shape) {
                        continue;
                    }
                    shapes.push(shape);
                    let ps: Vec<String> = given
                        .iter()
                        .map(|&k| format!("{} {}", m.jt(&fields[k].1, false), camel(&fields[k].0)))
                        .collect();
                    let args: Vec<String> = fields
                        .iter()
                        .enumerate()
                        .map(|(k, (f, ft, _))| {
                            if given.contains(&k) {
                                camel(f)
                            } else {
                                m.default_of(ft).expect("a default")
                            }
                        })
                        .collect();
                    let _ = writeln!(
                        s,
                        "    /** The fields left out are none, empty, or kept. */\n    public {name}({}) {{\n        this({});\n    }}\n",
                        ps.join(", "),
                        args.join(", ")
                    );
                }
                s.push_str("}\n");
                let _ = writeln!(
                    codec,
                    "    static void enc{name}(StringBuilder o, {name} v) {{\n        o.append('{{');"
                );
                for (k, (f, ft, _)) in fields.iter().enumerate() {
                    let comma = if k == 0 { "" } else { "," };
                    let _ = writeln!(
                        codec,
                        "        o.append(\"{comma}\\\"{f}\\\":\");\n        {}",
                        m.enc(ft, &format!("v.{}()", camel(f)), 0)
                    );
                }
                codec.push_str("        o.append('}');\n    }\n\n");
                let args: Vec<String> = fields
                    .iter()
                    .map(|(f, ft, _)| format!("            {}", m.dec(ft, &format!("j.get(\"{f}\")"), 0)))
                    .collect();
                let _ = writeln!(
                    codec,
                    "    static {name} dec{name}(Object v) {{\n        java.util.Map<String, Object> j = Wire.obj(v);\n        return new {name}(\n{}\n        );\n    }}\n",
                    args.join(",\n")
                );
            }
            Def::Variant(cases) => {
                let permits: Vec<String> = cases.iter().map(|(c, _, _)| format!("{name}.{}", pascal(c))).collect();
                let _ = writeln!(s, "public sealed interface {name} permits {} {{", permits.join(", "));
                for (c, ct, d) in cases {
                    s.push_str(&javadoc("    ", d));
                    match ct {
                        None => {
                            let _ = writeln!(
                                s,
                                "    record {}() implements {name} {{}}\n\n    static {name} {}() {{\n        return new {}();\n    }}\n",
                                pascal(c),
                                camel(c),
                                pascal(c)
                            );
                        }
                        Some(ct) => {
                            let _ = writeln!(
                                s,
                                "    record {}({} value) implements {name} {{}}\n\n    static {name} {}({} value) {{\n        return new {}(value);\n    }}\n",
                                pascal(c),
                                m.jt(ct, false),
                                camel(c),
                                m.jt(ct, false),
                                pascal(c)
                            );
                        }
                    }
                }
                s.push_str("}\n");
                let _ = writeln!(codec, "    static void enc{name}(StringBuilder o, {name} v) {{");
                for (c, ct, _) in cases {
                    match ct {
                        None => {
                            let _ = writeln!(
                                codec,
                                "        if (v instanceof {name}.{}) {{ o.append(\"{{\\\"tag\\\":\\\"{c}\\\"}}\"); return; }}",
                                pascal(c)
                            );
                        }
                        Some(ct) => {
                            let _ = writeln!(
                                codec,
                                "        if (v instanceof {name}.{} x) {{ o.append(\"{{\\\"tag\\\":\\\"{c}\\\",\\\"val\\\":\"); {} o.append('}}'); return; }}",
                                pascal(c),
                                m.enc(ct, "x.value()", 0)
                            );
                        }
                    }
                }
                let _ = writeln!(
                    codec,
                    "        throw new NullPointerException(\"a {name} is required\");\n    }}\n"
                );
                let _ = writeln!(
                    codec,
                    "    static {name} dec{name}(Object j) {{\n        String tag = j instanceof String s ? s : Wire.string(Wire.obj(j).get(\"tag\"));\n        switch (tag) {{"
                );
                for (c, ct, _) in cases {
                    match ct {
                        None => {
                            let _ = writeln!(codec, "            case \"{c}\": return new {name}.{}();", pascal(c));
                        }
                        Some(ct) => {
                            let _ = writeln!(
                                codec,
                                "            case \"{c}\": return new {name}.{}({});",
                                pascal(c),
                                m.dec(ct, "Wire.obj(j).get(\"val\")", 0)
                            );
                        }
                    }
                }
                let _ = writeln!(
                    codec,
                    "            default: throw Wire.badReply(\"{}\");\n        }}\n    }}\n",
                    t.wit
                );
            }
        }
        files.push((format!("gg/{name}.java"), s));
    }
    codec.push_str("}\n");
    files.push(("gg/Codec.java".into(), codec));
    for (iface, idocs) in &m.interfaces {
        let funcs = m.funcs_of(iface);
        if funcs.is_empty() {
            continue;
        }
        let class = family(iface);
        assert!(
            seen.insert(class.clone()),
            "the family `{iface}` and a WIT type are both `{class}`"
        );
        let mut s = String::from(HEADER);
        s.push_str(&javadoc("", idocs));
        let _ = writeln!(s, "public final class {class} {{\n    private {class}() {{}}\n");
        for f in funcs {
            for n in m.arities(&f.params) {
                s.push_str(&javadoc("    ", &f.docs));
                let ps: Vec<String> = f.params[..n]
                    .iter()
                    .map(|(p, t)| format!("{} {}", m.jt(t, false), camel(p)))
                    .collect();
                let _ = writeln!(
                    s,
                    "    public static {} {}({}) {{",
                    m.ret(f),
                    camel(&f.wit),
                    ps.join(", ")
                );
                if n < f.params.len() {
                    let args: Vec<String> = f
                        .params
                        .iter()
                        .enumerate()
                        .map(|(k, (p, t))| {
                            if k < n {
                                camel(p)
                            } else {
                                m.default_of(t).expect("a default")
                            }
                        })
                        .collect();
                    let ret = if f.ok.is_some() { "return " } else { "" };
                    let _ = writeln!(s, "        {ret}{}({});\n    }}\n", camel(&f.wit), args.join(", "));
                    continue;
                }
                s.push_str("        StringBuilder o = new StringBuilder(\"{\");\n");
                for (k, (p, t)) in f.params.iter().enumerate() {
                    let comma = if k == 0 { "" } else { "," };
                    let _ = writeln!(
                        s,
                        "        o.append(\"{comma}\\\"{p}\\\":\");\n        {}",
                        m.enc(t, &camel(p), 0)
                    );
                }
                s.push_str("        o.append('}');\n");
                let _ = writeln!(s, "        Object r = Wire.call(\"{}\", o);", f.operation());
                match &f.ok {
                    None => s.push_str("        if (r != null) Wire.ignore(r);\n"),
                    Some(t) => {
                        let _ = writeln!(s, "        return {};", m.dec(t, "r", 0));
                    }
                }
                s.push_str("    }\n\n");
            }
        }
        s.push_str("}\n");
        files.push((format!("gg/{class}.java"), s));
    }
    files
}

// ---------------------------------------------------------------- the catalogue

fn catalogue(m: &Model) -> Value {
    let modules = entry::modules(m, |i| format!("gg.{}", family(i)), "import gg.*;");
    let functions: Vec<Value> = m
        .funcs
        .iter()
        .map(|f| {
            let spelled = entry::Function {
                module: format!("gg.{}", family(&f.interface)),
                name: camel(&f.wit),
                qualified: format!("gg.{}.{}", family(&f.interface), camel(&f.wit)),
                signature: m.signature(f, f.params.len()),
                params: f
                    .params
                    .iter()
                    .map(|(n, t)| entry::param(camel(n), m.short(t), m.default_of(t).is_some()))
                    .collect(),
                returns: f.ok.as_ref().map(|t| m.short(t)),
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
                field: |n: &str, ty: &Ty| (camel(n), m.short(ty)),
                case: |n: &str| (upper(n), String::new()),
                variant: |n: &str, ty: Option<&Ty>| match ty {
                    Some(ty) => format!("{name}.{}({} value)", camel(n), m.short(ty)),
                    None => format!("{name}.{}()", camel(n)),
                },
            };
            let members = entry::members(&t.def, &name, &spelling);
            let qualified = format!("gg.{name}");
            entry::named_type(t, "gg".into(), name, qualified, members)
        })
        .collect();
    let catalogue = json!({
        "language": "java",
        "modules": modules,
        "functions": functions,
        "types": types,
        "libraries": [
            {"heading": "Java class library (TeaVM 0.13.1's, for WebAssembly)", "modules": [
                "java.lang", "java.util", "java.util.function", "java.util.stream", "java.text", "java.math"
            ]}
        ],
    });
    entry::assert_complete("java", &catalogue);
    catalogue
}

fn main() {
    let out = gg_build::out_dir();
    println!(
        "cargo:rerun-if-changed={}",
        gg_build::manifest_dir().join("sdk").display()
    );
    let model = wit::from_env();
    let dir = out.join("sdk");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("gg")).expect("OUT_DIR/sdk/gg");
    let mut list = String::from(
        "/// The SDK's sources: (path under the source root, text).\npub const SDK_FILES: &[(&str, &str)] = &[\n",
    );
    for (path, body) in sdk(&model) {
        std::fs::write(dir.join(&path), body).unwrap_or_else(|e| panic!("{path}: {e}"));
        let _ = writeln!(
            list,
            "    ({path:?}, include_str!(concat!(env!(\"OUT_DIR\"), \"/sdk/{path}\"))),"
        );
    }
    for (path, hand) in [
        ("gg/Wire.java", "Wire.java"),
        ("gg/Program.java", "Program.java"),
        ("gg/Checks.java", "Checks.java"),
        ("gg/Gaps.java", "Gaps.java"),
        ("gg/Heap.java", "Heap.java"),
        ("org/teavm/runtime/GgMarkQueue.java", "GgMarkQueue.java"),
        ("org/teavm/classlib/java/util/TRandom.java", "TRandom.java"),
    ] {
        let _ = writeln!(
            list,
            "    (\"{path}\", include_str!(concat!(env!(\"CARGO_MANIFEST_DIR\"), \"/sdk/{hand}\"))),"
        );
    }
    list.push_str("];\n");
    std::fs::write(out.join("sdk_files.rs"), list).expect("sdk_files.rs");
    gg_build::write(
        &out.join("java.catalogue.json"),
        serde_json::to_string_pretty(&catalogue(&model)).expect("JSON"),
    );
}
