//! The membrane as the SDK generator sees it: the world's families, their functions and every
//! named type they reach, read from the WIT with `wit-parser`, spelled as wit-bindgen spells them.
//! (The ECMAScript guest's build reads the same WIT the same way for its own spellings; the two
//! readers are candidates for one shared crate.)

use std::path::Path;

use wit_parser::{Resolve, Type, TypeDefKind, TypeId, TypeOwner, WorldItem};

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
    id: TypeId,
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
    pub fn load(wit: &Path) -> Model {
        let mut resolve = Resolve::default();
        let (package, _) = resolve
            .push_path(wit)
            .unwrap_or_else(|e| panic!("cannot parse the WIT at {}: {e:#}", wit.display()));
        let world = resolve
            .select_world(&[package], Some("sandbox"))
            .unwrap_or_else(|e| panic!("the WIT has no `sandbox` world: {e:#}"));
        let mut model = Model {
            families: Vec::new(),
            types: Vec::new(),
        };
        for item in resolve.worlds[world].imports.values() {
            let WorldItem::Interface { id, .. } = item else {
                continue;
            };
            let iface = &resolve.interfaces[*id];
            let family = iface.name.clone().expect("imported interfaces are named");
            if NOT_FAMILIES.contains(&family.as_str()) {
                continue;
            }
            let mut functions = Vec::new();
            for (name, func) in &iface.functions {
                let what = format!("{family}.{name}");
                let params = func
                    .params
                    .iter()
                    .map(|p| (snake(&p.name), model.ty(&resolve, &p.ty, &what)))
                    .collect();
                let ok = match &func.result {
                    Some(Type::Id(id)) => match &resolve.types[*id].kind {
                        TypeDefKind::Result(r) => {
                            let err = r
                                .err
                                .as_ref()
                                .unwrap_or_else(|| panic!("{what} must fail with api-error"));
                            model.ty(&resolve, err, &what);
                            r.ok.as_ref().map(|t| model.ty(&resolve, t, &what))
                        }
                        _ => panic!("{what} must return result<_, api-error>"),
                    },
                    _ => panic!("{what} must return result<_, api-error>"),
                };
                functions.push(Function {
                    op: format!("{family}.{}", snake(name)),
                    rust: snake(name),
                    docs: docs(&func.docs),
                    params,
                    ok,
                });
            }
            model.families.push(Family {
                name: family,
                docs: docs(&iface.docs),
                functions,
            });
        }
        model
    }

    fn ty(&mut self, resolve: &Resolve, ty: &Type, what: &str) -> Ty {
        match ty {
            Type::Bool => Ty::Scalar("bool"),
            Type::U8 => Ty::Scalar("u8"),
            Type::U16 => Ty::Scalar("u16"),
            Type::U32 => Ty::Scalar("u32"),
            Type::U64 => Ty::Scalar("u64"),
            Type::S8 => Ty::Scalar("i8"),
            Type::S16 => Ty::Scalar("i16"),
            Type::S32 => Ty::Scalar("i32"),
            Type::S64 => Ty::Scalar("i64"),
            Type::F32 => Ty::Scalar("f32"),
            Type::F64 => Ty::Scalar("f64"),
            Type::Char => Ty::Scalar("char"),
            Type::String => Ty::String,
            Type::ErrorContext => panic!("the Rust SDK generator does not cover error-context ({what})"),
            Type::Id(id) => self.id(resolve, *id, what),
        }
    }

    fn id(&mut self, resolve: &Resolve, id: TypeId, what: &str) -> Ty {
        let def = &resolve.types[id];
        match &def.kind {
            TypeDefKind::Type(inner) => self.ty(resolve, inner, what),
            TypeDefKind::Option(inner) => Ty::Option(Box::new(self.ty(resolve, inner, what))),
            TypeDefKind::List(inner) => Ty::List(Box::new(self.ty(resolve, inner, what))),
            TypeDefKind::Record(_) | TypeDefKind::Enum(_) | TypeDefKind::Variant(_) => {
                if let Some(i) = self.types.iter().position(|t| t.id == id) {
                    return Ty::Named(i);
                }
                let owner = match def.owner {
                    TypeOwner::Interface(i) => resolve.interfaces[i].name.clone().unwrap_or_default(),
                    _ => panic!("a type of {what} is not defined in an interface"),
                };
                let wit = def
                    .name
                    .clone()
                    .unwrap_or_else(|| panic!("a type of {what} has no name"));
                let slot = self.types.len();
                self.types.push(NamedType {
                    name: upper_camel(&wit),
                    owner,
                    docs: docs(&def.docs),
                    kind: Kind::Enum(Vec::new()),
                    id,
                });
                let kind = match &def.kind {
                    TypeDefKind::Record(r) => Kind::Record(
                        r.fields
                            .iter()
                            .map(|f| (snake(&f.name), self.ty(resolve, &f.ty, what), docs(&f.docs)))
                            .collect(),
                    ),
                    TypeDefKind::Enum(e) => {
                        Kind::Enum(e.cases.iter().map(|c| (upper_camel(&c.name), docs(&c.docs))).collect())
                    }
                    TypeDefKind::Variant(v) => Kind::Variant(
                        v.cases
                            .iter()
                            .map(|c| {
                                let payload = c.ty.as_ref().map(|t| self.ty(resolve, t, what));
                                (upper_camel(&c.name), payload, docs(&c.docs))
                            })
                            .collect(),
                    ),
                    _ => unreachable!(),
                };
                self.types[slot].kind = kind;
                Ty::Named(slot)
            }
            _ => panic!(
                "the Rust SDK generator covers records, variants, enums, options, lists and scalars; {what} uses more"
            ),
        }
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

fn docs(d: &wit_parser::Docs) -> String {
    d.contents.as_deref().unwrap_or("").trim().to_owned()
}

pub fn snake(kebab: &str) -> String {
    kebab.replace('-', "_")
}

pub fn upper_camel(kebab: &str) -> String {
    gg_build::wit::pascal(kebab)
}
