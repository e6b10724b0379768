//! The membrane as the generators see it: every operation of the sandbox world and every type it
//! reaches, read from the WIT with `wit-parser`. A construct outside records, variants, enums,
//! options, lists, `result<_, api-error>` returns and scalars fails the build here, by name.

use std::path::Path;

use wit_parser::{Resolve, Type, TypeDefKind, TypeId, TypeOwner, WorldItem, WorldKey};

/// Interfaces the SDK does not expose: `types` declares no function, and `feedback` is the guest
/// shim's private channel.
const NOT_FAMILIES: &[&str] = &["types", "feedback"];

pub struct Model {
    pub families: Vec<Family>,
    /// Every named type an operation reaches, in first-reached order.
    pub types: Vec<NamedType>,
}

pub struct Family {
    /// WIT name (`files`), also the JS module suffix (`gg:files`) and the Rust module name.
    pub name: String,
    pub docs: String,
    pub functions: Vec<Function>,
}

pub struct Function {
    /// Index in the native dispatch table (WIT order across families).
    pub index: usize,
    /// gg's operation id, `files.read_file`.
    pub op: String,
    pub js: String,
    pub rust: String,
    pub docs: String,
    pub params: Vec<Param>,
    /// The ok type of `result<T, api-error>`; `None` for `result<_, api-error>`.
    pub ok: Option<Ty>,
}

impl Function {
    /// How many trailing parameters are options and so travel in an options object.
    /// A call whose only parameter is optional takes it in its place (`files.listDir("notes")`,
    /// `board.listIssues("open")`), not in an options object (decision 0130).
    pub fn lone_optional(&self) -> bool {
        self.params.len() == 1 && matches!(self.params[0].ty, Ty::Option(_))
    }

    /// Where the options object's parameters start: after the required ones (a lone optional
    /// parameter counts as positional).
    pub fn first_optional(&self) -> usize {
        if self.lone_optional() {
            return 1;
        }
        let mut n = self.params.len();
        while n > 0 && matches!(self.params[n - 1].ty, Ty::Option(_)) {
            n -= 1;
        }
        n
    }
}

pub struct Param {
    pub js: String,
    pub ty: Ty,
}

#[derive(Clone, PartialEq)]
pub enum Ty {
    Bool,
    U8,
    U16,
    U32,
    U64,
    S8,
    S16,
    S32,
    S64,
    F32,
    F64,
    Char,
    String,
    Option(Box<Ty>),
    List(Box<Ty>),
    /// Index into `Model::types`.
    Named(usize),
}

pub struct NamedType {
    pub wit: String,
    /// The interface that defines it.
    pub owner: String,
    /// UpperCamelCase: the Rust type name and the TypeScript one.
    pub name: String,
    pub docs: String,
    pub kind: Kind,
    /// Reached from an operation's parameter: a value the program writes, so what it leaves out
    /// takes its default (`Kind::defaulted`).
    pub input: bool,
    id: TypeId,
}

pub enum Kind {
    Record(Vec<Field>),
    Enum(Vec<Case>),
    Variant(Vec<Case>),
}

pub struct Field {
    pub js: String,
    pub rust: String,
    pub docs: String,
    pub ty: Ty,
}

pub struct Case {
    pub wit: String,
    pub rust: String,
    pub docs: String,
    pub payload: Option<Ty>,
}

/// How a variant is written when the program does not spell out `{ tag, val }`, derived from its
/// cases: the patch shape `text-edit { keep, clear, set(string) }` reads as left out = `keep`,
/// `null` = `clear`, a bare string = `set`.
pub struct VariantShorthand<'a> {
    /// The first case, when it has no payload: what a left-out value means.
    pub absent: Option<&'a Case>,
    /// The one other payload-less case beside `absent`: what `null` means.
    pub null: Option<&'a Case>,
    /// The one case with a payload: a value that is not a case name is its payload.
    pub bare: Option<&'a Case>,
}

impl VariantShorthand<'_> {
    pub fn of(cases: &[Case]) -> VariantShorthand<'_> {
        let absent = cases.first().filter(|c| c.payload.is_none());
        let others: Vec<&Case> = cases.iter().skip(1).filter(|c| c.payload.is_none()).collect();
        let carriers: Vec<&Case> = cases.iter().filter(|c| c.payload.is_some()).collect();
        VariantShorthand {
            absent,
            null: if absent.is_some() && others.len() == 1 {
                Some(others[0])
            } else {
                None
            },
            bare: if carriers.len() == 1 { Some(carriers[0]) } else { None },
        }
    }
}

impl Model {
    /// Whether a value of `ty` the program leaves out has a default: an option is none, a list
    /// empty, a variant its first case when that case has no payload (a patch's `keep`).
    pub fn defaulted(&self, ty: &Ty) -> bool {
        match ty {
            Ty::Option(_) | Ty::List(_) => true,
            Ty::Named(i) => match &self.types[*i].kind {
                Kind::Variant(cases) => VariantShorthand::of(cases).absent.is_some(),
                _ => false,
            },
            _ => false,
        }
    }

    /// Marks every named type a parameter reaches as an input.
    fn mark_inputs(&mut self) {
        let mut stack: Vec<Ty> = self
            .families
            .iter()
            .flat_map(|f| &f.functions)
            .flat_map(|f| f.params.iter().map(|p| p.ty.clone()))
            .collect();
        while let Some(ty) = stack.pop() {
            match ty {
                Ty::Option(inner) | Ty::List(inner) => stack.push(*inner),
                Ty::Named(i) if !self.types[i].input => {
                    self.types[i].input = true;
                    match &self.types[i].kind {
                        Kind::Record(fields) => stack.extend(fields.iter().map(|f| f.ty.clone())),
                        Kind::Variant(cases) => stack.extend(cases.iter().filter_map(|c| c.payload.clone())),
                        Kind::Enum(_) => {}
                    }
                }
                _ => {}
            }
        }
    }
}

impl NamedType {
    pub fn is_api_error(&self) -> bool {
        self.wit == "api-error"
    }

    pub fn rust_path(&self) -> String {
        format!("crate::gg::sandbox::{}::{}", snake(&self.owner), self.name)
    }
}

pub fn load(wit_dir: &Path) -> Model {
    let mut resolve = Resolve::default();
    let (package, _) = resolve
        .push_path(wit_dir)
        .unwrap_or_else(|e| panic!("cannot parse the WIT at {}: {e:#}", wit_dir.display()));
    let world = resolve
        .select_world(&[package], Some("sandbox"))
        .unwrap_or_else(|e| panic!("the WIT has no `sandbox` world: {e:#}"));
    let mut model = Model {
        families: Vec::new(),
        types: Vec::new(),
    };
    let mut index = 0;
    for (key, item) in &resolve.worlds[world].imports {
        let WorldItem::Interface { id, .. } = item else {
            let name = match key {
                WorldKey::Name(n) => n.clone(),
                WorldKey::Interface(i) => resolve.interfaces[*i].name.clone().unwrap_or_default(),
            };
            // Types a world `use`s are fine; a bare function or anything else is not.
            if matches!(item, WorldItem::Type { .. }) {
                continue;
            }
            panic!(
                "the ECMAScript guest's generator covers imported interfaces only; the world imports `{name}` directly"
            );
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
                .map(|p| Param {
                    js: camel(&p.name),
                    ty: model.ty(&resolve, &p.ty, &format!("parameter `{}` of {what}", p.name)),
                })
                .collect();
            let ok = match &func.result {
                Some(Type::Id(id)) => match &resolve.types[*id].kind {
                    TypeDefKind::Result(r) => {
                        let err_ok = matches!(r.err, Some(Type::Id(e)) if type_name(&resolve, e) == "api-error");
                        if !err_ok {
                            panic!("{what} must return result<_, api-error> for the SDK to raise ApiError");
                        }
                        model.ty(&resolve, r.err.as_ref().expect("checked above"), "api-error");
                        r.ok.as_ref()
                            .map(|t| model.ty(&resolve, t, &format!("the result of {what}")))
                    }
                    _ => panic!("{what} must return result<_, api-error>"),
                },
                _ => panic!("{what} must return result<_, api-error>"),
            };
            functions.push(Function {
                index,
                op: format!("{family}.{}", snake(name)),
                js: camel(name),
                rust: rust_ident(&snake(name)),
                docs: docs(&func.docs),
                params,
                ok,
            });
            index += 1;
        }
        model.families.push(Family {
            name: family,
            docs: docs(&iface.docs),
            functions,
        });
    }
    model.mark_inputs();
    model
}

fn type_name(resolve: &Resolve, mut id: TypeId) -> String {
    while let TypeDefKind::Type(Type::Id(next)) = resolve.types[id].kind {
        id = next;
    }
    resolve.types[id].name.clone().unwrap_or_default()
}

impl Model {
    fn ty(&mut self, resolve: &Resolve, ty: &Type, what: &str) -> Ty {
        match ty {
            Type::Bool => Ty::Bool,
            Type::U8 => Ty::U8,
            Type::U16 => Ty::U16,
            Type::U32 => Ty::U32,
            Type::U64 => Ty::U64,
            Type::S8 => Ty::S8,
            Type::S16 => Ty::S16,
            Type::S32 => Ty::S32,
            Type::S64 => Ty::S64,
            Type::F32 => Ty::F32,
            Type::F64 => Ty::F64,
            Type::Char => Ty::Char,
            Type::String => Ty::String,
            Type::ErrorContext => unsupported("error-context", what),
            Type::Id(id) => self.id(resolve, *id, what),
        }
    }

    fn id(&mut self, resolve: &Resolve, id: TypeId, what: &str) -> Ty {
        let def = &resolve.types[id];
        let named = |kind: &str| format!("{kind} `{}` ({what})", def.name.as_deref().unwrap_or("<anonymous>"));
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
                    _ => panic!("{} is not defined in an interface", named("type")),
                };
                let wit = def
                    .name
                    .clone()
                    .unwrap_or_else(|| panic!("{} has no name", named("type")));
                // Reserve the slot first: a type may reach itself through a list.
                let slot = self.types.len();
                self.types.push(NamedType {
                    wit: wit.clone(),
                    owner,
                    name: upper_camel(&wit),
                    docs: docs(&def.docs),
                    kind: Kind::Enum(Vec::new()),
                    input: false,
                    id,
                });
                let inner = format!("`{wit}`");
                let kind = match &def.kind {
                    TypeDefKind::Record(r) => Kind::Record(
                        r.fields
                            .iter()
                            .map(|f| Field {
                                js: camel(&f.name),
                                rust: rust_ident(&snake(&f.name)),
                                docs: docs(&f.docs),
                                ty: self.ty(resolve, &f.ty, &format!("field `{}` of {inner}", f.name)),
                            })
                            .collect(),
                    ),
                    TypeDefKind::Enum(e) => Kind::Enum(
                        e.cases
                            .iter()
                            .map(|c| Case {
                                wit: c.name.clone(),
                                rust: upper_camel(&c.name),
                                docs: docs(&c.docs),
                                payload: None,
                            })
                            .collect(),
                    ),
                    TypeDefKind::Variant(v) => Kind::Variant(
                        v.cases
                            .iter()
                            .map(|c| Case {
                                wit: c.name.clone(),
                                rust: upper_camel(&c.name),
                                docs: docs(&c.docs),
                                payload: c
                                    .ty
                                    .as_ref()
                                    .map(|t| self.ty(resolve, t, &format!("case `{}` of {inner}", c.name))),
                            })
                            .collect(),
                    ),
                    _ => unreachable!(),
                };
                self.types[slot].kind = kind;
                Ty::Named(slot)
            }
            TypeDefKind::Result(_) => {
                unsupported(&named("result"), "a result is allowed only as an operation's return")
            }
            TypeDefKind::Resource => unsupported(&named("resource"), what),
            TypeDefKind::Handle(_) => unsupported(&named("handle"), what),
            TypeDefKind::Flags(_) => unsupported(&named("flags"), what),
            TypeDefKind::Tuple(_) => unsupported(&named("tuple"), what),
            TypeDefKind::Map(_, _) => unsupported(&named("map"), what),
            TypeDefKind::FixedLengthList(_, _) => unsupported(&named("fixed-length list"), what),
            TypeDefKind::Future(_) => unsupported(&named("future"), what),
            TypeDefKind::Stream(_) => unsupported(&named("stream"), what),
            TypeDefKind::Unknown => unsupported(&named("unknown type"), what),
        }
    }
}

fn unsupported(construct: &str, what: &str) -> ! {
    panic!(
        "the ECMAScript guest's lowering generator does not cover {construct} in {what}: the membrane may use only \
         records, variants, enums, options, lists, result<_, api-error> returns and scalars"
    )
}

fn docs(d: &wit_parser::Docs) -> String {
    d.contents.as_deref().unwrap_or("").trim().to_owned()
}

pub fn snake(kebab: &str) -> String {
    kebab.replace('-', "_")
}

pub fn camel(kebab: &str) -> String {
    let mut out = String::new();
    for (i, word) in kebab.split('-').enumerate() {
        if i == 0 {
            out.push_str(word);
        } else {
            let mut chars = word.chars();
            if let Some(c) = chars.next() {
                out.extend(c.to_uppercase());
                out.push_str(chars.as_str());
            }
        }
    }
    out
}

pub fn upper_camel(kebab: &str) -> String {
    let c = camel(kebab);
    let mut chars = c.chars();
    chars
        .next()
        .map(|f| f.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// wit-bindgen's spelling of a Rust identifier: a keyword gets a trailing underscore.
fn rust_ident(name: &str) -> String {
    const KEYWORDS: &[&str] = &[
        "as", "break", "const", "continue", "crate", "else", "enum", "extern", "false", "fn", "for", "if", "impl",
        "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return", "self", "Self", "static", "struct",
        "super", "trait", "true", "type", "unsafe", "use", "where", "while", "async", "await", "dyn", "abstract",
        "become", "box", "do", "final", "macro", "override", "priv", "typeof", "unsized", "virtual", "yield", "try",
        "gen",
    ];
    if KEYWORDS.contains(&name) {
        format!("{name}_")
    } else {
        name.to_owned()
    }
}
