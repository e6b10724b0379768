//! The membrane as the generators see it: every operation of the sandbox world and every type it
//! reaches, as gg-build reads the WIT (a construct outside records, variants, enums, options,
//! lists, `result<_, api-error>` returns and scalars fails the build there, by name), spelled for
//! the ECMAScript guest's glue and SDK.

use gg_build::wit::{self, Def};

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

/// The model of the WIT gg-core publishes (`DEP_GG_CORE_WIT`), read by gg-build and spelled here;
/// the types in the order the operations first reach them.
pub fn load() -> Model {
    let read = wit::from_env();
    let order = read.first_reached();
    let ty = |t: &wit::Ty| ty(t, &order);
    let mut index = 0;
    let families = read
        .interfaces
        .iter()
        .filter(|(name, _)| !NOT_FAMILIES.contains(&name.as_str()))
        .map(|(family, docs)| Family {
            name: family.clone(),
            docs: docs.clone(),
            functions: read
                .funcs_of(family)
                .into_iter()
                .map(|f| {
                    index += 1;
                    Function {
                        index: index - 1,
                        op: f.operation(),
                        js: camel(&f.wit),
                        rust: rust_ident(&snake(&f.wit)),
                        docs: f.docs.clone(),
                        params: f
                            .params
                            .iter()
                            .map(|(n, t)| Param {
                                js: camel(n),
                                ty: ty(t),
                            })
                            .collect(),
                        ok: f.ok.as_ref().map(ty),
                    }
                })
                .collect(),
        })
        .collect();
    let case = |(wit, payload, docs): (&String, Option<&wit::Ty>, &String)| Case {
        wit: wit.clone(),
        rust: upper_camel(wit),
        docs: docs.clone(),
        payload: payload.map(ty),
    };
    let mut types: Vec<(usize, NamedType)> = read
        .types
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let kind = match &t.def {
                Def::Record(fields) => Kind::Record(
                    fields
                        .iter()
                        .map(|(n, t, d)| Field {
                            js: camel(n),
                            rust: rust_ident(&snake(n)),
                            docs: d.clone(),
                            ty: ty(t),
                        })
                        .collect(),
                ),
                Def::Enum(cases) => Kind::Enum(cases.iter().map(|(n, d)| case((n, None, d))).collect()),
                Def::Variant(cases) => Kind::Variant(cases.iter().map(|(n, t, d)| case((n, t.as_ref(), d))).collect()),
            };
            let named = NamedType {
                wit: t.wit.clone(),
                owner: t.interface.clone(),
                name: upper_camel(&t.wit),
                docs: t.docs.clone(),
                kind,
                input: false,
            };
            (order[i], named)
        })
        .collect();
    types.sort_by_key(|(at, _)| *at);
    let mut model = Model {
        families,
        types: types.into_iter().map(|(_, t)| t).collect(),
    };
    model.mark_inputs();
    model
}

/// A WIT type as the generators spell it, its named types at their place in `order`.
fn ty(t: &wit::Ty, order: &[usize]) -> Ty {
    use wit::IntKind as K;
    match t {
        wit::Ty::Bool => Ty::Bool,
        wit::Ty::Int(K { bits: 8, signed: false }) => Ty::U8,
        wit::Ty::Int(K {
            bits: 16,
            signed: false,
        }) => Ty::U16,
        wit::Ty::Int(K {
            bits: 32,
            signed: false,
        }) => Ty::U32,
        wit::Ty::Int(K {
            bits: 64,
            signed: false,
        }) => Ty::U64,
        wit::Ty::Int(K { bits: 8, signed: true }) => Ty::S8,
        wit::Ty::Int(K { bits: 16, signed: true }) => Ty::S16,
        wit::Ty::Int(K { bits: 32, signed: true }) => Ty::S32,
        wit::Ty::Int(K { bits: 64, signed: true }) => Ty::S64,
        wit::Ty::Int(other) => panic!("no WIT integer of {other:?}"),
        wit::Ty::F32 => Ty::F32,
        wit::Ty::F64 => Ty::F64,
        wit::Ty::Char => Ty::Char,
        wit::Ty::String => Ty::String,
        wit::Ty::Option(inner) => Ty::Option(Box::new(ty(inner, order))),
        wit::Ty::List(inner) => Ty::List(Box::new(ty(inner, order))),
        wit::Ty::Named(i) => Ty::Named(order[*i]),
    }
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
