//! The membrane as the Rust SDK generator sees it: gg-build's reading of the WIT (the world's
//! families, their functions and every named type they reach), spelled as wit-bindgen spells it.

use gg_build::wit::{self, Def};

/// Interfaces that are no family: `types` declares no function, `feedback` is the SDK's own.
const NOT_FAMILIES: &[&str] = &["types", "feedback"];

pub struct Model {
    pub families: Vec<Family>,
    pub types: Vec<NamedType>,
}

pub struct Family {
    pub name: String,
    pub docs: String,
    pub functions: Vec<Function>,
}

pub struct Function {
    /// `files.read_file`.
    pub op: String,
    /// The Rust name, as wit-bindgen generates it (`read_file`, `list`).
    pub rust: String,
    pub docs: String,
    pub params: Vec<(String, Ty)>,
    /// The ok type of `result<T, api-error>`; `None` for `result<_, api-error>`.
    pub ok: Option<Ty>,
}

#[derive(Clone)]
pub enum Ty {
    Scalar(&'static str),
    String,
    Option(Box<Ty>),
    List(Box<Ty>),
    Named(usize),
}

pub struct NamedType {
    pub name: String,
    /// The interface defining it (`types` types are re-exported at the crate root).
    pub owner: String,
    pub docs: String,
    pub kind: Kind,
}

pub enum Kind {
    /// Fields: Rust name, type, docs.
    Record(Vec<(String, Ty, String)>),
    /// Cases: Rust name, payload, docs.
    Enum(Vec<(String, String)>),
    Variant(Vec<(String, Option<Ty>, String)>),
}

impl NamedType {
    /// Where a program names it: `gg::FileRead` for the shared types, `gg::tasks::TaskInput` else.
    pub fn qualified(&self) -> String {
        if self.owner == "types" {
            format!("gg::{}", self.name)
        } else {
            format!("gg::{}::{}", self.owner, self.name)
        }
    }
}

impl Model {
    /// The model of the WIT gg-core publishes (`DEP_GG_CORE_WIT`).
    pub fn load() -> Model {
        let read = wit::from_env();
        let order = read.first_reached();
        let ty = |t: &wit::Ty| ty(t, &order);
        let families = read
            .interfaces
            .iter()
            .filter(|(name, _)| !NOT_FAMILIES.contains(&name.as_str()))
            .map(|(name, docs)| Family {
                name: name.clone(),
                docs: docs.clone(),
                functions: read
                    .funcs_of(name)
                    .into_iter()
                    .map(|f| Function {
                        op: f.operation(),
                        rust: snake(&f.wit),
                        docs: f.docs.clone(),
                        params: f.params.iter().map(|(n, t)| (snake(n), ty(t))).collect(),
                        ok: f.ok.as_ref().map(ty),
                    })
                    .collect(),
            })
            .collect();
        let mut types: Vec<(usize, NamedType)> = read
            .types
            .iter()
            .enumerate()
            .map(|(i, t)| {
                let kind = match &t.def {
                    Def::Record(fields) => {
                        Kind::Record(fields.iter().map(|(n, t, d)| (snake(n), ty(t), d.clone())).collect())
                    }
                    Def::Enum(cases) => Kind::Enum(cases.iter().map(|(n, d)| (upper_camel(n), d.clone())).collect()),
                    Def::Variant(cases) => Kind::Variant(
                        cases
                            .iter()
                            .map(|(n, t, d)| (upper_camel(n), t.as_ref().map(ty), d.clone()))
                            .collect(),
                    ),
                };
                let named = NamedType {
                    name: upper_camel(&t.wit),
                    owner: t.interface.clone(),
                    docs: t.docs.clone(),
                    kind,
                };
                (order[i], named)
            })
            .collect();
        types.sort_by_key(|(at, _)| *at);
        let types = types.into_iter().map(|(_, t)| t).collect();
        Model { families, types }
    }

    /// How a parameter of this type is passed to a generated import (wit-bindgen's owning mode:
    /// strings and lists borrowed, records and variants by reference, enums and scalars by value).
    pub fn param(&self, ty: &Ty) -> String {
        match ty {
            Ty::Scalar(s) => (*s).to_owned(),
            Ty::String => "&str".into(),
            Ty::List(inner) => format!("&[{}]", self.owned(inner)),
            Ty::Option(inner) => match &**inner {
                Ty::String => "Option<&str>".into(),
                Ty::List(i) => format!("Option<&[{}]>", self.owned(i)),
                other => format!("Option<{}>", self.param(other)),
            },
            Ty::Named(i) => match self.types[*i].kind {
                Kind::Enum(_) => self.types[*i].name.clone(),
                _ => format!("&{}", self.types[*i].name),
            },
        }
    }

    /// How a value of this type is returned or held.
    pub fn owned(&self, ty: &Ty) -> String {
        match ty {
            Ty::Scalar(s) => (*s).to_owned(),
            Ty::String => "String".into(),
            Ty::List(inner) => format!("Vec<{}>", self.owned(inner)),
            Ty::Option(inner) => format!("Option<{}>", self.owned(inner)),
            Ty::Named(i) => self.types[*i].name.clone(),
        }
    }
}

/// A WIT type in wit-bindgen's Rust spelling, its named types at their place in `order`.
fn ty(t: &wit::Ty, order: &[usize]) -> Ty {
    match t {
        wit::Ty::Bool => Ty::Scalar("bool"),
        wit::Ty::Int(k) => Ty::Scalar(match (k.bits, k.signed) {
            (8, false) => "u8",
            (16, false) => "u16",
            (32, false) => "u32",
            (64, false) => "u64",
            (8, true) => "i8",
            (16, true) => "i16",
            (32, true) => "i32",
            (64, true) => "i64",
            other => panic!("no Rust integer of {other:?}"),
        }),
        wit::Ty::F32 => Ty::Scalar("f32"),
        wit::Ty::F64 => Ty::Scalar("f64"),
        wit::Ty::Char => Ty::Scalar("char"),
        wit::Ty::String => Ty::String,
        wit::Ty::List(inner) => Ty::List(Box::new(ty(inner, order))),
        wit::Ty::Option(inner) => Ty::Option(Box::new(ty(inner, order))),
        wit::Ty::Named(i) => Ty::Named(order[*i]),
    }
}

pub fn snake(kebab: &str) -> String {
    kebab.replace('-', "_")
}

pub fn upper_camel(kebab: &str) -> String {
    gg_build::wit::pascal(kebab)
}
