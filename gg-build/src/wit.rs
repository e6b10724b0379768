//! The membrane's WIT as an SDK generator reads it: the sandbox world's interfaces, functions and
//! the named types they reach (records, enums, variants), each integer keeping its exact WIT
//! width and sign ([`IntKind`]). Used by every generated SDK's build script (Kotlin, Java, C++,
//! Ruby, Rust, the ECMAScript guest), each spelling it its own way.

use wit_parser::{Resolve, Type, TypeDefKind, TypeId, TypeOwner, WorldItem, WorldKey};

/// The interface that is the SDK's own channel, not the program's.
pub const FEEDBACK: &str = "feedback";
/// The interface whose types live directly in the SDK's top namespace (`gg::`, `Gg::`).
pub const TYPES: &str = "types";

/// A WIT integer type (`u8` … `s64`): its width in bits (8, 16, 32 or 64) and whether it is signed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IntKind {
    pub bits: u8,
    pub signed: bool,
}

impl IntKind {
    /// Whether the integer needs 64 bits (`u64`, `s64`), as a JVM `long` does; the rest fit 32.
    pub fn is_64_bit(self) -> bool {
        self.bits == 64
    }
}

/// A WIT type as an SDK generator reads it.
#[derive(Clone, Debug)]
pub enum Ty {
    Bool,
    Int(IntKind),
    F32,
    F64,
    Char,
    String,
    List(Box<Ty>),
    Option(Box<Ty>),
    Named(usize),
}

#[derive(Debug)]
pub enum Def {
    Record(Vec<(String, Ty, String)>),
    Enum(Vec<(String, String)>),
    Variant(Vec<(String, Option<Ty>, String)>),
}

#[derive(Debug)]
pub struct Named {
    pub interface: String,
    pub wit: String,
    pub docs: String,
    pub def: Def,
}

pub struct Func {
    pub interface: String,
    pub wit: String,
    pub docs: String,
    pub params: Vec<(String, Ty)>,
    pub ok: Option<Ty>,
}

#[derive(Default)]
pub struct Model {
    pub types: Vec<Named>,
    pub ids: Vec<TypeId>,
    pub funcs: Vec<Func>,
    pub interfaces: Vec<(String, String)>,
}

impl Named {
    /// Whether this is the membrane's `api-error`, the type a failed call raises.
    pub fn is_api_error(&self) -> bool {
        self.interface == TYPES && self.wit == "api-error"
    }
}

impl Func {
    /// The operation's id as the host names it (`files.read_file`).
    pub fn operation(&self) -> String {
        format!("{}.{}", self.interface.replace('-', "_"), self.wit.replace('-', "_"))
    }
}

impl Model {
    /// The functions of one interface, in the WIT's order.
    pub fn funcs_of(&self, interface: &str) -> Vec<&Func> {
        self.funcs.iter().filter(|f| f.interface == interface).collect()
    }

    /// Where each named type stands when the types are listed as the functions first reach them:
    /// each function's parameters, then its error (`api-error`), then its result, a type before
    /// the types it holds (`first_reached()[i]` is type `i`'s place). The order the Rust and
    /// ECMAScript SDKs list their types in.
    pub fn first_reached(&self) -> Vec<usize> {
        fn visit(m: &Model, t: &Ty, seen: &mut Vec<usize>) {
            match t {
                Ty::List(inner) | Ty::Option(inner) => visit(m, inner, seen),
                Ty::Named(i) if !seen.contains(i) => {
                    seen.push(*i);
                    match &m.types[*i].def {
                        Def::Record(fields) => fields.iter().for_each(|(_, t, _)| visit(m, t, seen)),
                        Def::Variant(cases) => cases.iter().flat_map(|(_, t, _)| t).for_each(|t| visit(m, t, seen)),
                        Def::Enum(_) => {}
                    }
                }
                _ => {}
            }
        }
        let api_error = self
            .types
            .iter()
            .position(|t| t.is_api_error())
            .expect("the WIT has api-error");
        let mut seen = Vec::new();
        for f in &self.funcs {
            f.params.iter().for_each(|(_, t)| visit(self, t, &mut seen));
            visit(self, &Ty::Named(api_error), &mut seen);
            if let Some(t) = &f.ok {
                visit(self, t, &mut seen);
            }
        }
        assert_eq!(
            seen.len(),
            self.types.len(),
            "every named type is reached from a function"
        );
        let mut at = vec![0; seen.len()];
        for (place, i) in seen.into_iter().enumerate() {
            at[i] = place;
        }
        at
    }
}

/// `file-read` → `FileRead`.
pub fn pascal(wit: &str) -> String {
    wit.split('-')
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
                .unwrap_or_default()
        })
        .collect()
}

/// `read-file` → `readFile` (before the arm escapes a keyword).
pub fn camel(wit: &str) -> String {
    let p = pascal(wit);
    let mut c = p.chars();
    c.next()
        .map(|f| f.to_ascii_lowercase().to_string() + c.as_str())
        .unwrap_or_default()
}

/// `in-progress` → `IN_PROGRESS`.
pub fn upper(wit: &str) -> String {
    wit.replace('-', "_").to_ascii_uppercase()
}

/// The membrane's model for a build script: the WIT at `DEP_GG_CORE_WIT` (gg-core's `links` key),
/// read with a `rerun-if-changed` on it.
pub fn from_env() -> Model {
    let wit = std::path::PathBuf::from(
        std::env::var("DEP_GG_CORE_WIT").expect("gg-core's links key publishes DEP_GG_CORE_WIT"),
    );
    println!("cargo:rerun-if-changed={}", wit.display());
    let text = std::fs::read_to_string(&wit).unwrap_or_else(|e| panic!("{}: {e}", wit.display()));
    model(&text)
}

// ---------------------------------------------------------------- the model

/// The sandbox world's imported interfaces (but `feedback`), their functions and every named type
/// they reach, from the WIT text.
pub fn model(text: &str) -> Model {
    let mut resolve = Resolve::new();
    let pkg = resolve.push_source("gg-sandbox.wit", text).expect("the WIT parses");
    let world = resolve.select_world(&[pkg], Some("sandbox")).expect("world sandbox");
    let mut m = Model::default();
    for (key, item) in &resolve.worlds[world].imports {
        let WorldItem::Interface { id, .. } = item else {
            continue;
        };
        let iface = &resolve.interfaces[*id];
        let name = match (&iface.name, key) {
            (Some(n), _) | (None, WorldKey::Name(n)) => n.clone(),
            _ => continue,
        };
        if name == FEEDBACK {
            continue;
        }
        m.interfaces.push((name.clone(), docs(&iface.docs)));
        for func in iface.functions.values() {
            let params = func
                .params
                .iter()
                .map(|p| (p.name.clone(), ty(&resolve, &mut m, &p.ty)))
                .collect();
            let ok = match &func.result {
                Some(Type::Id(r)) => match &resolve.types[*r].kind {
                    TypeDefKind::Result(res) => res.ok.as_ref().map(|t| ty(&resolve, &mut m, t)),
                    _ => panic!("{name}.{}: every operation returns result<_, api-error>", func.name),
                },
                None => None,
                Some(_) => panic!("{name}.{}: every operation returns result<_, api-error>", func.name),
            };
            m.funcs.push(Func {
                interface: name.clone(),
                wit: func.name.clone(),
                docs: docs(&func.docs),
                params,
                ok,
            });
        }
    }
    // api-error is the exception class; it is reached by name, not through a signature.
    let api = resolve
        .interfaces
        .iter()
        .find(|(_, i)| i.name.as_deref() == Some(TYPES))
        .expect("types");
    ty(&resolve, &mut m, &Type::Id(api.1.types["api-error"]));
    m
}

pub fn docs(d: &wit_parser::Docs) -> String {
    d.contents.as_deref().unwrap_or("").trim().replace('\n', " ")
}

fn int(bits: u8, signed: bool) -> Ty {
    Ty::Int(IntKind { bits, signed })
}

/// Converts a type, registering the named types it reaches (aliases resolved to their origin).
fn ty(resolve: &Resolve, m: &mut Model, t: &Type) -> Ty {
    match t {
        Type::Bool => Ty::Bool,
        Type::U8 => int(8, false),
        Type::U16 => int(16, false),
        Type::U32 => int(32, false),
        Type::U64 => int(64, false),
        Type::S8 => int(8, true),
        Type::S16 => int(16, true),
        Type::S32 => int(32, true),
        Type::S64 => int(64, true),
        Type::F32 => Ty::F32,
        Type::F64 => Ty::F64,
        Type::Char => Ty::Char,
        Type::String => Ty::String,
        Type::Id(id) => {
            let def = &resolve.types[*id];
            match &def.kind {
                TypeDefKind::Type(inner) => ty(resolve, m, inner),
                TypeDefKind::List(inner) => Ty::List(Box::new(ty(resolve, m, inner))),
                TypeDefKind::Option(inner) => Ty::Option(Box::new(ty(resolve, m, inner))),
                TypeDefKind::Record(_) | TypeDefKind::Enum(_) | TypeDefKind::Variant(_) => {
                    if let Some(i) = m.ids.iter().position(|x| x == id) {
                        return Ty::Named(i);
                    }
                    let interface = match def.owner {
                        TypeOwner::Interface(i) => resolve.interfaces[i].name.clone().expect("a named interface"),
                        _ => panic!("type {:?} belongs to no interface", def.name),
                    };
                    let built = match &def.kind {
                        TypeDefKind::Record(r) => Def::Record(
                            r.fields
                                .iter()
                                .map(|f| (f.name.clone(), ty(resolve, m, &f.ty), docs(&f.docs)))
                                .collect(),
                        ),
                        TypeDefKind::Enum(e) => {
                            Def::Enum(e.cases.iter().map(|c| (c.name.clone(), docs(&c.docs))).collect())
                        }
                        TypeDefKind::Variant(v) => Def::Variant(
                            v.cases
                                .iter()
                                .map(|c| (c.name.clone(), c.ty.as_ref().map(|t| ty(resolve, m, t)), docs(&c.docs)))
                                .collect(),
                        ),
                        _ => unreachable!(),
                    };
                    m.ids.push(*id);
                    m.types.push(Named {
                        interface,
                        wit: def.name.clone().expect("a named type"),
                        docs: docs(&def.docs),
                        def: built,
                    });
                    Ty::Named(m.types.len() - 1)
                }
                other => panic!(
                    "an SDK generator covers records, variants, enums, options, lists and scalars; {:?} is a {other:?}",
                    def.name
                ),
            }
        }
        other => panic!("an SDK generator does not cover {other:?}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every arm's briefs come from the membrane's doc comments, so each interface, function,
    /// type, field and case the SDKs reach has one.
    #[test]
    fn the_membranes_every_interface_function_type_field_and_case_is_documented() {
        let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../gg-core/wit/gg-sandbox.wit"))
            .expect("the membrane's WIT");
        let m = model(&text);
        let mut blank: Vec<String> = Vec::new();
        for (i, d) in &m.interfaces {
            if d.is_empty() {
                blank.push(format!("interface {i}"));
            }
        }
        for f in &m.funcs {
            if f.docs.is_empty() {
                blank.push(f.operation());
            }
        }
        for t in &m.types {
            if t.docs.is_empty() {
                blank.push(t.wit.clone());
            }
            let members: Vec<(&String, &String)> = match &t.def {
                Def::Record(fs) => fs.iter().map(|(n, _, d)| (n, d)).collect(),
                Def::Enum(cs) => cs.iter().map(|(n, d)| (n, d)).collect(),
                Def::Variant(cs) => cs.iter().map(|(n, _, d)| (n, d)).collect(),
            };
            blank.extend(
                members
                    .into_iter()
                    .filter(|(_, d)| d.is_empty())
                    .map(|(n, _)| format!("{}.{n}", t.wit)),
            );
        }
        assert!(blank.is_empty(), "undocumented in the WIT: {blank:?}");
    }

    #[test]
    fn integers_keep_their_width_and_sign_and_char_is_read() {
        let m = model(
            "package gg:test;
             interface types { record api-error { message: string } }
             interface nums {
               use types.{api-error};
               f: func(a: u8, b: s16, c: u32, d: s64, e: char) -> result<u64, api-error>;
             }
             world sandbox { import nums; }",
        );
        let f = m.funcs.iter().find(|f| f.wit == "f").expect("nums.f");
        let kinds: Vec<Option<(u8, bool)>> = f
            .params
            .iter()
            .map(|(_, t)| match t {
                Ty::Int(k) => Some((k.bits, k.signed)),
                _ => None,
            })
            .collect();
        assert_eq!(
            kinds,
            [
                Some((8, false)),
                Some((16, true)),
                Some((32, false)),
                Some((64, true)),
                None
            ]
        );
        assert!(matches!(f.params[4].1, Ty::Char));
        let Some(Ty::Int(ok)) = f.ok else {
            panic!("u64 result: {:?}", f.ok)
        };
        assert!(ok.is_64_bit() && !ok.signed);
        assert!(!IntKind { bits: 32, signed: true }.is_64_bit());
    }
}
