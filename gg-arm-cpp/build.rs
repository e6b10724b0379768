//! Generates the C++ SDK from the membrane's WIT (`DEP_GG_CORE_WIT`): `gg.hpp` (namespaces per
//! family, structs, `enum class`es, tagged variants, `gg::ApiError`), `gg_sdk.cpp` (the calls over
//! the wire with their JSON, after the hand-written runtime in `sdk/runtime.cpp`) and the
//! catalogue (`cpp.catalogue.json`), all from the shared model (`gg_build::wit`), into `OUT_DIR`.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use gg_build::catalogue as entry;
use gg_build::wit::{self, Def, Func, Model, Named, TYPES, Ty, pascal};
use serde_json::{Value, json};

fn main() {
    let out = gg_build::out_dir();
    let runtime = gg_build::manifest_dir().join("sdk/runtime.cpp");
    println!("cargo:rerun-if-changed={}", runtime.display());
    let model = wit::from_env();
    let runtime = std::fs::read_to_string(&runtime).expect("sdk/runtime.cpp");
    for (name, body) in [
        ("gg.hpp", header(&model)),
        ("gg_sdk.cpp", source(&model, &runtime)),
        (
            "cpp.catalogue.json",
            serde_json::to_string_pretty(&catalogue(&model)).expect("JSON"),
        ),
    ] {
        gg_build::write(&out.join(name), body);
    }
}

// ---------------------------------------------------------------- spellings

const KEYWORDS: &[&str] = &[
    "alignas",
    "alignof",
    "and",
    "and_eq",
    "asm",
    "auto",
    "bitand",
    "bitor",
    "bool",
    "break",
    "case",
    "catch",
    "char",
    "class",
    "compl",
    "concept",
    "const",
    "consteval",
    "constexpr",
    "constinit",
    "const_cast",
    "continue",
    "co_await",
    "co_return",
    "co_yield",
    "decltype",
    "default",
    "delete",
    "do",
    "double",
    "dynamic_cast",
    "else",
    "enum",
    "explicit",
    "export",
    "extern",
    "false",
    "float",
    "for",
    "friend",
    "goto",
    "if",
    "inline",
    "int",
    "long",
    "mutable",
    "namespace",
    "new",
    "noexcept",
    "not",
    "not_eq",
    "nullptr",
    "operator",
    "or",
    "or_eq",
    "private",
    "protected",
    "public",
    "register",
    "reinterpret_cast",
    "requires",
    "return",
    "short",
    "signed",
    "sizeof",
    "static",
    "static_assert",
    "static_cast",
    "struct",
    "switch",
    "template",
    "this",
    "thread_local",
    "throw",
    "true",
    "try",
    "typedef",
    "typeid",
    "typename",
    "union",
    "unsigned",
    "using",
    "virtual",
    "void",
    "volatile",
    "wchar_t",
    "while",
    "xor",
    "xor_eq",
    "errno",
    "assert",
];

/// `read-file` → `read_file`; a keyword gets a trailing `_` (`delete_`, `new_`).
fn snake(wit: &str) -> String {
    let s = wit.replace('-', "_");
    if KEYWORDS.contains(&s.as_str()) {
        format!("{s}_")
    } else {
        s
    }
}

fn namespace(interface: &str) -> String {
    if interface == TYPES {
        "gg".into()
    } else {
        format!("gg::{}", snake(interface))
    }
}

/// How this SDK spells the shared model (`gg_build::wit`).
trait Spell {
    fn qualified(&self, i: usize) -> String;
    fn cpp(&self, t: &Ty) -> String;
    fn param(&self, t: &Ty) -> String;
    fn params(&self, f: &Func, with_defaults: bool) -> Vec<String>;
    fn ret(&self, f: &Func) -> String;
}

impl Spell for Model {
    fn qualified(&self, i: usize) -> String {
        format!(
            "{}::{}",
            namespace(&self.types[i].interface),
            pascal(&self.types[i].wit)
        )
    }

    fn cpp(&self, t: &Ty) -> String {
        match t {
            Ty::Bool => "bool".into(),
            Ty::Int(k) => format!("std::{}int{}_t", if k.signed { "" } else { "u" }, k.bits),
            Ty::F32 => "float".into(),
            Ty::F64 => "double".into(),
            Ty::Char => "char32_t".into(),
            Ty::String => "std::string".into(),
            Ty::List(t) => format!("std::vector<{}>", self.cpp(t)),
            Ty::Option(t) => format!("std::optional<{}>", self.cpp(t)),
            Ty::Named(i) => self.qualified(*i),
        }
    }

    /// How a parameter of type `t` is passed: scalars and enums by value, the rest by const reference.
    fn param(&self, t: &Ty) -> String {
        let by_value = match t {
            Ty::Bool | Ty::Int(_) | Ty::F32 | Ty::F64 | Ty::Char => true,
            Ty::Option(inner) => {
                matches!(**inner, Ty::Bool | Ty::Int(_) | Ty::F32 | Ty::F64 | Ty::Char)
                    || matches!(**inner, Ty::Named(i) if matches!(self.types[i].def, Def::Enum(_)))
            }
            Ty::Named(i) => matches!(self.types[*i].def, Def::Enum(_)),
            _ => false,
        };
        if by_value {
            self.cpp(t)
        } else {
            format!("const {}&", self.cpp(t))
        }
    }

    /// The parameter list; trailing options default to `std::nullopt`.
    fn params(&self, f: &Func, with_defaults: bool) -> Vec<String> {
        let first_default = f
            .params
            .iter()
            .rposition(|(_, t)| !matches!(t, Ty::Option(_)))
            .map_or(0, |i| i + 1);
        f.params
            .iter()
            .enumerate()
            .map(|(i, (n, t))| {
                let d = if with_defaults && i >= first_default {
                    " = std::nullopt"
                } else {
                    ""
                };
                format!("{} {}{d}", self.param(t), snake(n))
            })
            .collect()
    }

    fn ret(&self, f: &Func) -> String {
        f.ok.as_ref().map_or("void".into(), |t| self.cpp(t))
    }
}

/// The table of an enum's WIT names in the SDK's source.
fn names_of(t: &Named) -> String {
    format!("{}_{}", snake(&t.interface), snake(&t.wit))
}

// ---------------------------------------------------------------- gg.hpp

fn header(m: &Model) -> String {
    let mut h = String::from(
        "// gg's C++ SDK, generated from the membrane's WIT by gg-arm-cpp's build script. Every operation\n\
         // of every family is here whatever the run grants; a call the host refuses throws gg::ApiError.\n\
         #pragma once\n\
         #include <cstdint>\n#include <format>\n#include <optional>\n#include <ostream>\n#include <source_location>\n\
         #include <stdexcept>\n#include <string>\n#include <string_view>\n#include <vector>\n\n",
    );
    // Types are emitted in model order (dependencies first); namespaces reopen as needed.
    // The model registers a type after every type it contains, so its order is the definition order.
    for i in 0..m.types.len() {
        let t = &m.types[i];
        let name = pascal(&t.wit);
        let _ = writeln!(h, "namespace {} {{", namespace(&t.interface));
        if !t.docs.is_empty() {
            let _ = writeln!(h, "/// {}", t.docs);
        }
        match &t.def {
            Def::Enum(cases) => {
                let names: Vec<String> = cases.iter().map(|(c, _)| snake(c)).collect();
                let _ = writeln!(h, "enum class {name} {{ {} }};", names.join(", "));
                // `std::string`, as `std::to_string` returns: a model keys a map with it.
                let _ = writeln!(h, "std::string to_string({name} value);");
                let _ = writeln!(h, "std::ostream& operator<<(std::ostream& out, {name} value);");
            }
            Def::Record(fields) if t.is_api_error() => {
                let _ = fields;
                h.push_str(
                    "/// Thrown by every operation whose call failed: `code` says why, `operation` which call\n\
                     /// (`files.read_file`), `message` the tool's words; `where` is the call's place in the program.\n\
                     class ApiError : public std::runtime_error {\n public:\n\
                     \x20 ApiError(ErrorCode code, std::string operation, std::string message,\n\
                     \x20          std::source_location where = std::source_location::current());\n\
                     \x20 ErrorCode code;\n  std::string operation;\n  std::string message;\n  std::source_location where;\n};\n",
                );
            }
            Def::Record(fields) => {
                let _ = writeln!(h, "struct {name} {{");
                for (f, ft, d) in fields {
                    if !d.is_empty() {
                        let _ = writeln!(h, "  /// {d}");
                    }
                    let _ = writeln!(h, "  {} {}{{}};", m.cpp(ft), snake(f));
                }
                h.push_str("};\n");
            }
            Def::Variant(cases) => {
                let tags: Vec<String> = cases.iter().map(|(c, _, _)| snake(c)).collect();
                let _ = writeln!(
                    h,
                    "class {name} {{\n public:\n  enum class Tag {{ {} }};",
                    tags.join(", ")
                );
                for (c, ct, _) in cases {
                    match ct {
                        None => {
                            let _ = writeln!(
                                h,
                                "  static {name} {}() {{ return {name}(Tag::{}); }}",
                                snake(c),
                                snake(c)
                            );
                        }
                        Some(ct) => {
                            let _ = writeln!(
                                h,
                                "  static {name} {}({} value) {{ {name} v(Tag::{}); v.{}_ = std::move(value); return v; }}",
                                snake(c),
                                m.cpp(ct),
                                snake(c),
                                snake(c).trim_end_matches('_')
                            );
                        }
                    }
                }
                let _ = writeln!(h, "  {name}() = default;\n  Tag tag() const {{ return tag_; }}");
                for (c, ct, _) in cases {
                    let s = snake(c);
                    let field = s.trim_end_matches('_');
                    let _ = writeln!(h, "  bool is_{field}() const {{ return tag_ == Tag::{s}; }}");
                    if let Some(ct) = ct {
                        let _ = writeln!(
                            h,
                            "  /// The payload of `{s}`; throws std::logic_error for another case.\n  const {}& {field}_value() const;",
                            m.cpp(ct)
                        );
                    }
                }
                let _ = writeln!(
                    h,
                    "\n private:\n  explicit {name}(Tag tag) : tag_(tag) {{}}\n  Tag tag_ = Tag::{};",
                    tags[0]
                );
                for (c, ct, _) in cases {
                    if let Some(ct) = ct {
                        let _ = writeln!(h, "  {} {}_{{}};", m.cpp(ct), snake(c).trim_end_matches('_'));
                    }
                }
                h.push_str("};\n");
            }
        }
        h.push_str("}\n");
    }
    h.push_str(&enum_printing(m));
    h.push('\n');
    for (iface, idocs) in &m.interfaces {
        let funcs = m.funcs_of(iface);
        if funcs.is_empty() {
            continue;
        }
        if !idocs.is_empty() {
            let _ = writeln!(h, "/// {idocs}");
        }
        let _ = writeln!(h, "namespace {} {{", namespace(iface));
        for f in funcs {
            if !f.docs.is_empty() {
                let _ = writeln!(h, "/// {}", f.docs);
            }
            let mut ps = m.params(f, true);
            ps.push("std::source_location where = std::source_location::current()".into());
            let _ = writeln!(h, "{} {}({});", m.ret(f), snake(&f.wit), ps.join(", "));
        }
        h.push_str("}\n");
    }
    h
}

/// Every enum prints the same three ways, whatever its family: `gg::to_string(value)` (each
/// family's overload is brought into `gg`), `out << value`, and `std::format("{}", value)`.
fn enum_printing(m: &Model) -> String {
    let enums: Vec<usize> = (0..m.types.len())
        .filter(|&i| matches!(m.types[i].def, Def::Enum(_)))
        .collect();
    let mut h = String::from(
        "\n/// Every enum of every family prints as its WIT name (`in-progress`): `gg::to_string(value)`\n\
         /// (a std::string), `out << value`, and `std::format(\"{}\", value)` / `std::println`.\nnamespace gg {\n",
    );
    let mut families: Vec<String> = enums
        .iter()
        .map(|&i| namespace(&m.types[i].interface))
        .filter(|ns| ns != "gg")
        .collect();
    families.sort();
    families.dedup();
    for ns in families {
        let _ = writeln!(h, "using {}::to_string;", ns.trim_start_matches("gg::"));
    }
    h.push_str("}\n");
    for i in enums {
        let _ = writeln!(
            h,
            "template <> struct std::formatter<{q}> : std::formatter<std::string_view> {{\n\
             \x20 auto format({q} value, std::format_context& cx) const {{\n\
             \x20   return std::formatter<std::string_view>::format(gg::to_string(value), cx);\n  }}\n}};",
            q = m.qualified(i)
        );
    }
    h
}

// ---------------------------------------------------------------- gg_sdk.cpp

fn source(m: &Model, runtime: &str) -> String {
    let mut s =
        String::from("// gg's C++ SDK: the runtime (sdk/runtime.cpp) and the generated calls.\n#include \"gg.hpp\"\n");
    // Declared before the runtime's templates, which reach them from their definitions.
    s.push_str("namespace gg::detail {\nstruct Value;\n");
    for (i, _) in m.types.iter().enumerate() {
        let q = m.qualified(i);
        let _ = writeln!(
            s,
            "void put(std::string& out, const {q}& value);\nvoid get(const Value& v, {q}& out);"
        );
    }
    s.push_str("}  // namespace gg::detail\n");
    s.push_str(runtime);
    s.push_str("\n// ---- generated from the WIT\nnamespace gg::detail {\n");
    for (i, t) in m.types.iter().enumerate() {
        let q = m.qualified(i);
        match &t.def {
            Def::Enum(cases) => {
                let _ = writeln!(s, "static const char* const {}_names[] = {{", names_of(t));
                for (c, _) in cases {
                    let _ = writeln!(s, "  \"{c}\",");
                }
                s.push_str("};\n");
                let _ = writeln!(
                    s,
                    "void put(std::string& out, const {q}& value) {{ put(out, std::string_view({n}_names[int(value)])); }}\n\
                     void get(const Value& v, {q}& out) {{\n  for (int i = 0; i < {len}; ++i)\n    if (v.text == {n}_names[i]) {{ out = {q}(i); return; }}\n  bad_reply(\"{w}\");\n}}",
                    n = names_of(t),
                    len = cases.len(),
                    w = t.wit
                );
            }
            Def::Record(fields) => {
                let _ = writeln!(s, "void put(std::string& out, const {q}& value) {{\n  out += '{{';");
                for (k, (f, _, _)) in fields.iter().enumerate() {
                    let comma = if k == 0 { "" } else { "," };
                    let _ = writeln!(s, "  out += \"{comma}\\\"{f}\\\":\";\n  put(out, value.{});", snake(f));
                }
                s.push_str("  out += '}';\n}\n");
                let _ = writeln!(s, "void get(const Value& v, {q}& out) {{");
                for (f, _, _) in fields {
                    let _ = writeln!(s, "  get_field(v, \"{f}\", out.{});", snake(f));
                }
                s.push_str("}\n");
            }
            Def::Variant(cases) => {
                let _ = writeln!(
                    s,
                    "void put(std::string& out, const {q}& value) {{\n  switch (value.tag()) {{"
                );
                for (c, ct, _) in cases {
                    let sn = snake(c);
                    match ct {
                        None => {
                            let _ = writeln!(
                                s,
                                "  case {q}::Tag::{sn}: out += \"{{\\\"tag\\\":\\\"{c}\\\"}}\"; break;"
                            );
                        }
                        Some(_) => {
                            let _ = writeln!(
                                s,
                                "  case {q}::Tag::{sn}: out += \"{{\\\"tag\\\":\\\"{c}\\\",\\\"val\\\":\"; put(out, value.{}_value()); out += '}}'; break;",
                                sn.trim_end_matches('_')
                            );
                        }
                    }
                }
                s.push_str("  }\n}\n");
                let _ = writeln!(
                    s,
                    "void get(const Value& v, {q}& out) {{\n  const Value* tag = v.kind == Value::String ? &v : v.get(\"tag\");\n  if (tag == nullptr) bad_reply(\"{}\");",
                    t.wit
                );
                for (c, ct, _) in cases {
                    let sn = snake(c);
                    match ct {
                        None => {
                            let _ = writeln!(s, "  if (tag->text == \"{c}\") {{ out = {q}::{sn}(); return; }}");
                        }
                        Some(ct) => {
                            let _ = writeln!(
                                s,
                                "  if (tag->text == \"{c}\") {{ {} x{{}}; get_field(v, \"val\", x); out = {q}::{sn}(std::move(x)); return; }}",
                                m.cpp(ct)
                            );
                        }
                    }
                }
                let _ = writeln!(s, "  bad_reply(\"{}\");\n}}", t.wit);
            }
        }
    }
    s.push_str("}  // namespace gg::detail\n\n");
    for (i, t) in m.types.iter().enumerate() {
        let q = m.qualified(i);
        match &t.def {
            Def::Enum(_) => {
                let _ = writeln!(
                    s,
                    "std::string {ns}::to_string({q} value) {{ return std::string(gg::detail::{n}_names[int(value)]); }}\n\
                     std::ostream& {ns}::operator<<(std::ostream& out, {q} value) {{ return out << to_string(value); }}",
                    ns = namespace(&t.interface),
                    n = names_of(t)
                );
            }
            Def::Variant(cases) => {
                for (c, ct, _) in cases {
                    if let Some(ct) = ct {
                        let field = snake(c);
                        let field = field.trim_end_matches('_');
                        let _ = writeln!(
                            s,
                            "const {}& {q}::{field}_value() const {{\n  if (tag_ != Tag::{}) throw std::logic_error(\"{q}: not the `{c}` case\");\n  return {field}_;\n}}",
                            m.cpp(ct),
                            snake(c)
                        );
                    }
                }
            }
            Def::Record(_) => {}
        }
    }
    for f in &m.funcs {
        let id = format!("{}.{}", f.interface.replace('-', "_"), f.wit.replace('-', "_"));
        let mut ps = m.params(f, false);
        ps.push("std::source_location where".into());
        let _ = writeln!(
            s,
            "{} {}::{}({}) {{",
            m.ret(f),
            namespace(&f.interface),
            snake(&f.wit),
            ps.join(", ")
        );
        s.push_str("  std::string args = \"{\";\n");
        for (k, (p, _)) in f.params.iter().enumerate() {
            let comma = if k == 0 { "" } else { "," };
            let _ = writeln!(
                s,
                "  args += \"{comma}\\\"{p}\\\":\";\n  gg::detail::put(args, {});",
                snake(p)
            );
        }
        s.push_str("  args += '}';\n");
        let _ = writeln!(
            s,
            "  gg::detail::Value reply = gg::detail::call(\"{id}\", args, where);"
        );
        match &f.ok {
            None => s.push_str("  (void)reply;\n"),
            Some(t) => {
                let _ = writeln!(
                    s,
                    "  {} result{{}};\n  gg::detail::get(reply, result);\n  return result;",
                    m.cpp(t)
                );
            }
        }
        s.push_str("}\n");
    }
    s
}

// ---------------------------------------------------------------- the catalogue

fn catalogue(m: &Model) -> Value {
    let modules = entry::modules(m, namespace, "#include <gg.hpp>");
    let functions: Vec<Value> = m
        .funcs
        .iter()
        .map(|f| {
            let qualified = format!("{}::{}", namespace(&f.interface), snake(&f.wit));
            let spelled = entry::Function {
                module: namespace(&f.interface),
                name: snake(&f.wit),
                signature: format!("{} {}({})", m.ret(f), qualified, m.params(f, true).join(", ")),
                qualified,
                params: f
                    .params
                    .iter()
                    .map(|(n, t)| entry::param(snake(n), m.cpp(t), matches!(t, Ty::Option(_))))
                    .collect(),
                returns: f.ok.as_ref().map(|t| m.cpp(t)),
                throws: "gg::ApiError",
            };
            entry::function(f, spelled)
        })
        .collect();
    let mut seen = BTreeSet::new();
    let types: Vec<Value> = m
        .types
        .iter()
        .enumerate()
        .filter(|(i, _)| seen.insert(m.qualified(*i)))
        .map(|(i, t)| {
            let spelling = entry::MemberSpelling {
                field: |n: &str, ty: &Ty| (snake(n), m.cpp(ty)),
                case: |n: &str| (snake(n), String::new()),
                variant: |n: &str, ty: Option<&Ty>| match ty {
                    Some(ty) => format!("{}({})", snake(n), m.cpp(ty)),
                    None => format!("{}()", snake(n)),
                },
            };
            let mut members = entry::members(&t.def, &m.qualified(i), &spelling);
            if t.is_api_error() {
                members.push(
                    json!({"name": "where", "ty": "std::source_location", "doc": "the call's place in the program"}),
                );
            }
            entry::named_type(t, namespace(&t.interface), pascal(&t.wit), m.qualified(i), members)
        })
        .collect();
    let catalogue = json!({
        "language": "cpp",
        "modules": modules,
        "functions": functions,
        "types": types,
        "libraries": [
            {"heading": "C++23 standard library (libc++ 22, hardened, exceptions on)", "modules": [
                "<algorithm>", "<string>", "<vector>", "<map>", "<unordered_map>", "<set>", "<optional>",
                "<variant>", "<format>", "<print>", "<ranges>", "<regex>", "<sstream>", "<fstream>", "<chrono>",
                "<random>", "<numeric>", "<memory>", "<functional>", "<bits/stdc++.h>"
            ]}
        ],
    });
    entry::assert_complete("cpp", &catalogue);
    catalogue
}
