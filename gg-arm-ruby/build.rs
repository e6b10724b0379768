//! Bakes the Ruby arm into `OUT_DIR`: the guest (`ruby+stdlib.wasm` from toolchains/ruby.sh as
//! `build/guest.rs` reworks it, its SHA-256 and its stack's facts), the SDK prelude (`guest/runtime.rb` followed by the modules, Structs and
//! operation table generated from the membrane's WIT, `DEP_GG_CORE_WIT`, through the shared model
//! `gg_build::wit`) and the catalogue.

#[path = "build/guest.rs"]
mod guest;

use std::fmt::Write as _;
use std::path::PathBuf;

use gg_build::catalogue as entry;
use gg_build::wit::{self, Def, Func, Model, TYPES, Ty, pascal};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

/// Where toolchains/ruby.sh puts the npm package, unless `$GG_RUBY_TOOLCHAIN` says otherwise.
const DEFAULT_PREFIX: &str = "/opt/gg-ruby";
const MODULE_IN_PREFIX: &str = "node_modules/@ruby/3.4-wasm-wasi/dist/ruby+stdlib.wasm";
/// The same build with its name section, which says where wasi-libc's functions are.
const NAMED_IN_PREFIX: &str = "node_modules/@ruby/3.4-wasm-wasi/dist/ruby.debug+stdlib.wasm";

fn main() {
    let out = gg_build::out_dir();
    let runtime = gg_build::manifest_dir().join("guest/runtime.rb");
    println!("cargo:rerun-if-changed={}", runtime.display());
    println!("cargo:rerun-if-changed=build/guest.rs");
    println!("cargo:rerun-if-env-changed=GG_RUBY_TOOLCHAIN");

    // The outputs this script promises, cleared first and checked after.
    let names = [
        "ruby.wasm",
        "ruby.wasm.sha256",
        "ruby.stack.rs",
        "gg.rb",
        "ruby.catalogue.json",
    ];
    for n in names {
        let _ = std::fs::remove_file(out.join(n));
    }

    let prefix = std::env::var("GG_RUBY_TOOLCHAIN").unwrap_or_else(|_| DEFAULT_PREFIX.to_owned());
    let module = PathBuf::from(&prefix).join(MODULE_IN_PREFIX);
    println!("cargo:rerun-if-changed={}", module.display());
    let bytes = std::fs::read(&module).unwrap_or_else(|e| {
        panic!(
            "the Ruby guest {} is missing ({e}): run `bash toolchains/ruby.sh`",
            module.display()
        )
    });
    let named = PathBuf::from(&prefix).join(NAMED_IN_PREFIX);
    println!("cargo:rerun-if-changed={}", named.display());
    let named = std::fs::read(&named).unwrap_or_else(|e| {
        panic!(
            "the Ruby guest's named build {} is missing ({e}): run `bash toolchains/ruby.sh`",
            named.display()
        )
    });
    let guest = guest::rework(&bytes, &named);
    let bytes = guest.bytes;
    std::fs::write(
        out.join("ruby.stack.rs"),
        format!(
            "/// The shadow stack's top, `__stack_pointer`'s initial value: the stack lies below it.\n\
             pub(crate) const STACK_TOP: u32 = {};\n\
             /// The global holding the address of Asyncify's `{{top, end}}` buffer pointers.\n\
             pub(crate) const ASYNCIFY_DATA: &str = {:?};\n\
             /// The shadow stack pointer.\n\
             pub(crate) const STACK_POINTER: &str = {:?};\n",
            guest.stack_top,
            guest::ASYNCIFY_DATA_EXPORT,
            guest::STACK_POINTER_EXPORT
        ),
    )
    .expect("write ruby.stack.rs");
    let digest: String = Sha256::digest(&bytes).iter().map(|b| format!("{b:02x}")).collect();
    std::fs::write(out.join("ruby.wasm"), &bytes).expect("write ruby.wasm");
    std::fs::write(out.join("ruby.wasm.sha256"), digest).expect("write the digest");

    let model = wit::from_env();
    let runtime = std::fs::read_to_string(&runtime).expect("guest/runtime.rb");
    std::fs::write(out.join("gg.rb"), format!("{runtime}\n{}", sdk(&model))).expect("write gg.rb");
    std::fs::write(
        out.join("ruby.catalogue.json"),
        serde_json::to_string_pretty(&catalogue(&model)).expect("JSON"),
    )
    .expect("write the catalogue");
    for n in names {
        let len = std::fs::metadata(out.join(n)).map(|m| m.len()).unwrap_or(0);
        assert!(len > 0, "build.rs promised {n} in OUT_DIR");
    }
}

// ---------------------------------------------------------------- spellings

const KEYWORDS: &[&str] = &[
    "BEGIN", "END", "alias", "and", "begin", "break", "case", "class", "def", "defined?", "do", "else", "elsif", "end",
    "ensure", "false", "for", "if", "in", "module", "next", "nil", "not", "or", "redo", "rescue", "retry", "return",
    "self", "super", "then", "true", "undef", "unless", "until", "when", "while", "yield",
];

/// `read-file` → `read_file`.
fn snake(wit: &str) -> String {
    wit.replace('-', "_")
}

fn module_name(interface: &str) -> String {
    if interface == TYPES {
        "Gg".into()
    } else {
        format!("Gg::{}", pascal(interface))
    }
}

/// The scalar a Ruby program sees for `t` (`bool`, `int`, `float`, `string`), or `None` for a
/// list, option or named type: every integer is an `Integer`, and a `char` is spelt as a `String`.
fn scalar(t: &Ty) -> Option<&'static str> {
    match t {
        Ty::Bool => Some("bool"),
        Ty::Int(_) => Some("int"),
        Ty::F32 | Ty::F64 => Some("float"),
        Ty::Char | Ty::String => Some("string"),
        Ty::List(_) | Ty::Option(_) | Ty::Named(_) => None,
    }
}

/// How this SDK spells the shared model (`gg_build::wit`).
trait Spell {
    fn qualified(&self, i: usize) -> String;
    fn descriptor(&self, t: &Ty) -> String;
    fn ruby(&self, t: &Ty) -> String;
    fn split(&self, f: &Func) -> (usize, Vec<String>);
    fn signature(&self, f: &Func) -> String;
}

impl Spell for Model {
    fn qualified(&self, i: usize) -> String {
        let t = &self.types[i];
        if t.is_api_error() {
            return "Gg::ApiError".into();
        }
        format!("{}::{}", module_name(&t.interface), pascal(&t.wit))
    }

    /// The type descriptor the runtime's encoder and decoder walk.
    fn descriptor(&self, t: &Ty) -> String {
        if let Some(s) = scalar(t) {
            return format!(":{s}");
        }
        match t {
            Ty::List(t) => format!("[:list, {}]", self.descriptor(t)),
            Ty::Option(t) => format!("[:option, {}]", self.descriptor(t)),
            Ty::Named(i) => format!("\"{}/{}\"", self.types[*i].interface, self.types[*i].wit),
            _ => unreachable!("a scalar"),
        }
    }

    /// How the catalogue and the prompt spell a type.
    fn ruby(&self, t: &Ty) -> String {
        match t {
            Ty::Bool => "true | false".into(),
            Ty::Int(_) => "Integer".into(),
            Ty::F32 | Ty::F64 => "Float".into(),
            Ty::Char | Ty::String => "String".into(),
            Ty::List(t) => format!("Array[{}]", self.ruby(t)),
            Ty::Option(t) => format!("{} | nil", self.ruby(t)),
            Ty::Named(i) => match &self.types[*i].def {
                Def::Enum(cs) => cs
                    .iter()
                    .map(|(c, _)| format!(":{}", snake(c)))
                    .collect::<Vec<_>>()
                    .join(" | "),
                _ => self.qualified(*i),
            },
        }
    }

    /// Parameters as the Ruby method declares them: required ones positional, the trailing
    /// options positional-or-keyword (`offset_ = nil, offset: offset_`).
    fn split(&self, f: &Func) -> (usize, Vec<String>) {
        let required = f
            .params
            .iter()
            .rposition(|(_, t)| !matches!(t, Ty::Option(_)))
            .map_or(0, |i| i + 1);
        (required, f.params.iter().map(|(n, _)| snake(n)).collect())
    }

    fn signature(&self, f: &Func) -> String {
        let (required, names) = self.split(f);
        let params: Vec<String> = names
            .iter()
            .enumerate()
            .map(|(i, n)| if i < required { n.clone() } else { format!("{n}: nil") })
            .collect();
        format!(
            "{}.{}({}) -> {}",
            module_name(&f.interface),
            snake(&f.wit),
            params.join(", "),
            f.ok.as_ref().map_or_else(|| "nil".to_owned(), |t| self.ruby(t))
        )
    }
}

// ---------------------------------------------------------------- the SDK

fn sdk(m: &Model) -> String {
    let mut s = String::from("# Generated from the membrane's WIT by gg-arm-ruby's build.rs.\nmodule Gg\n");
    let mut ifaces: Vec<&str> = vec![TYPES];
    ifaces.extend(m.interfaces.iter().map(|(i, _)| i.as_str()).filter(|i| *i != TYPES));
    for iface in ifaces {
        let nested = iface != TYPES;
        let pad = if nested { "    " } else { "  " };
        if nested {
            let _ = writeln!(s, "  module {}", pascal(iface));
            let _ = writeln!(s, "    extend Gg::Family");
        }
        for t in m.types.iter().filter(|t| t.interface == iface) {
            if t.is_api_error() {
                continue;
            }
            match &t.def {
                Def::Record(fields) => {
                    let members: Vec<String> = fields.iter().map(|(n, _, _)| format!(":{}", snake(n))).collect();
                    let kw: Vec<String> = fields
                        .iter()
                        .map(|(n, ty, _)| match ty {
                            Ty::Option(_) => format!("{}: nil", snake(n)),
                            Ty::List(_) => format!("{}: []", snake(n)),
                            Ty::Named(j) if matches!(&m.types[*j].def, Def::Variant(cs) if cs.iter().any(|c| c.0 == "keep")) => {
                                format!("{}: :keep", snake(n))
                            }
                            _ => format!("{}:", snake(n)),
                        })
                        .collect();
                    let _ = writeln!(
                        s,
                        "{pad}{} = Struct.new({}, keyword_init: true) do\n{pad}  include Gg::Record\n{pad}  def initialize({}) = super\n{pad}end",
                        pascal(&t.wit),
                        members.join(", "),
                        kw.join(", ")
                    );
                }
                Def::Enum(cases) => {
                    let syms: Vec<String> = cases.iter().map(|(c, _)| format!(":{}", snake(c))).collect();
                    let _ = writeln!(s, "{pad}{} = [{}].freeze", pascal(&t.wit), syms.join(", "));
                }
                Def::Variant(cases) => {
                    let _ = writeln!(s, "{pad}module {}", pascal(&t.wit));
                    for (c, ty, _) in cases {
                        let _ = match ty {
                            Some(_) => writeln!(s, "{pad}  def self.{0}(val) = [:{0}, val]", snake(c)),
                            None => writeln!(s, "{pad}  def self.{0} = :{0}", snake(c)),
                        };
                    }
                    let _ = writeln!(s, "{pad}end");
                }
            }
        }
        for f in m.funcs.iter().filter(|f| f.interface == iface) {
            let (required, names) = m.split(f);
            let mut decl = Vec::new();
            for (i, n) in names.iter().enumerate() {
                if i < required {
                    decl.push(n.clone());
                } else {
                    decl.push(format!("{n}_ = nil"));
                }
            }
            for n in names.iter().skip(required) {
                decl.push(format!("{n}: {n}_"));
            }
            let values: Vec<String> = names
                .iter()
                .map(|n| {
                    if KEYWORDS.contains(&n.as_str()) {
                        format!("binding.local_variable_get(:{n})")
                    } else {
                        n.clone()
                    }
                })
                .collect();
            let op = format!("{}.{}", snake(&f.interface), snake(&f.wit));
            let _ = writeln!(
                s,
                "{pad}def self.{}({}) = Gg.__call({op:?}, [{}])",
                snake(&f.wit),
                decl.join(", "),
                values.join(", ")
            );
        }
        if nested {
            s.push_str("  end\n");
        }
    }
    // The tables the runtime walks.
    s.push_str("  TYPES = {\n");
    for (i, t) in m.types.iter().enumerate() {
        let body = match &t.def {
            Def::Record(fields) => {
                let fs: Vec<String> = fields
                    .iter()
                    .map(|(n, ty, _)| format!("[{n:?}, :{}, {}]", snake(n), m.descriptor(ty)))
                    .collect();
                let class = if t.is_api_error() {
                    "nil".to_owned()
                } else {
                    m.qualified(i)
                };
                format!("[:record, {class}, [{}]]", fs.join(", "))
            }
            Def::Enum(cases) => format!(
                "[:enum, [{}]]",
                cases
                    .iter()
                    .map(|(c, _)| format!("{c:?}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Def::Variant(cases) => {
                let cs: Vec<String> = cases
                    .iter()
                    .map(|(n, ty, _)| format!("[{n:?}, {}]", ty.as_ref().map_or("nil".into(), |t| m.descriptor(t))))
                    .collect();
                format!("[:variant, [{}]]", cs.join(", "))
            }
        };
        let _ = writeln!(s, "    \"{}/{}\" => {body},", t.interface, t.wit);
    }
    s.push_str("  }.freeze\n  OPS = {\n");
    for f in &m.funcs {
        let params: Vec<String> = f
            .params
            .iter()
            .map(|(n, t)| format!("[{n:?}, {}]", m.descriptor(t)))
            .collect();
        let _ = writeln!(
            s,
            "    \"{}.{}\" => [[{}], {}, {:?}],",
            snake(&f.interface),
            snake(&f.wit),
            params.join(", "),
            f.ok.as_ref().map_or("nil".into(), |t| m.descriptor(t)),
            m.signature(f)
        );
    }
    s.push_str("  }.freeze\nend\n");
    s
}

// ---------------------------------------------------------------- the catalogue

fn catalogue(m: &Model) -> Value {
    let modules = entry::modules(m, module_name, "require \"gg\"");
    let functions: Vec<Value> = m
        .funcs
        .iter()
        .map(|f| {
            let (required, _) = m.split(f);
            let spelled = entry::Function {
                module: module_name(&f.interface),
                name: snake(&f.wit),
                qualified: format!("{}.{}", module_name(&f.interface), snake(&f.wit)),
                signature: m.signature(f),
                params: f
                    .params
                    .iter()
                    .enumerate()
                    .map(|(i, (n, t))| entry::param(snake(n), m.ruby(t), i >= required))
                    .collect(),
                returns: f.ok.as_ref().map(|t| m.ruby(t)),
                throws: "Gg::ApiError",
            };
            entry::function(f, spelled)
        })
        .collect();
    let types: Vec<Value> = m
        .types
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let spelling = entry::MemberSpelling {
                field: |n: &str, ty: &Ty| (snake(n), m.ruby(ty)),
                case: |n: &str| (format!(":{}", snake(n)), "Symbol".to_owned()),
                variant: |n: &str, ty: Option<&Ty>| match ty {
                    Some(ty) => format!("[:{}, {}]", snake(n), m.ruby(ty)),
                    None => format!(":{}", snake(n)),
                },
            };
            let members = entry::members(&t.def, &m.qualified(i), &spelling);
            let name = if t.is_api_error() {
                "ApiError".to_owned()
            } else {
                pascal(&t.wit)
            };
            entry::named_type(t, module_name(&t.interface), name, m.qualified(i), members)
        })
        .collect();
    let catalogue = json!({
        "language": "ruby",
        "modules": modules,
        "functions": functions,
        "types": types,
        "libraries": [
            {"heading": "Ruby 3.4 standard library (require it as usual)", "modules": [
                "json", "set", "date", "time", "yaml", "stringio", "strscan", "securerandom", "digest", "zlib",
                "erb", "logger", "optparse", "pp", "shellwords", "ostruct", "benchmark", "forwardable",
                "singleton", "delegate", "tsort", "pathname", "fileutils", "tempfile", "ripper"
            ]},
            {"heading": "Ruby 3.4's bundled gems (require them the same way)", "modules": [
                "csv", "base64", "prime", "matrix", "rexml/document", "observer", "abbrev", "getoptlong",
                "minitest"
            ]}
        ],
    });
    entry::assert_complete("ruby", &catalogue);
    catalogue
}
