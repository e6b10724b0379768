//! The wire's JSON: one type-directed JSON mapping of WIT values, derived from the membrane's WIT.
//!
//! Host code holds values in serde's spelling of wasmtime `bindgen!` types (fields `first_line`,
//! enum cases `"InProgress"`, variants `{"Set": "x"}`). This module converts between that and the
//! WIT spelling that call records show the model and that JSON guests send:
//!
//! - record: an object keyed by the WIT field names (`first-line`, `blocked-by`);
//! - enum: the case name as the WIT writes it (`"in-progress"`);
//! - variant: `{"tag": "set", "val": "text"}`, a payload-less case `{"tag": "keep"}`; on input a
//!   bare `"keep"` is accepted for a payload-less case too;
//! - option: `null` for none (on input also an absent key or argument), the value for some;
//! - list and tuple: an array; string, char: a string; bool: a boolean;
//! - integers: numbers, range-checked on input (a fraction is refused; `3.0` counts as 3);
//!   f32/f64: numbers;
//! - result (inside a value): `{"ok": T}` or `{"err": E}`, `null` for an absent payload;
//! - a call's arguments: one object keyed by the WIT parameter names (`timeout-secs`); an unknown
//!   key or a missing non-option key is an error naming it;
//! - a call's reply: `{"ok": T}` (`{"ok": null}` for `result<_, E>`) or
//!   `{"err": {"code": "not-found", "operation": "files.read_file", "message": "…"}}`.
//!
//! Function ids are `interface.function` with dashes as underscores (`files.read_file`,
//! `tasks.list`). Every function of every interface the world `sandbox` imports is listed, in WIT
//! order; those of `feedback` are flagged as the shim's channel rather than operations.
//! [`WitTypes::parse`] is the only code that touches wit-parser: lookups and conversions run on
//! the owned [`WitType`] tree.

use serde_json::{Map, Value};
use std::collections::HashMap;
use std::fmt;
use wit_parser::{Resolve, Type, TypeDefKind};

/// The interface whose functions are the guest shim's channel, not operations.
const FEEDBACK: &str = "feedback";

/// A WIT type, with the names both spellings need.
#[derive(Debug, Clone, PartialEq)]
pub enum WitType {
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
    List(Box<WitType>),
    Option(Box<WitType>),
    Tuple(Vec<WitType>),
    Result {
        ok: Option<Box<WitType>>,
        err: Option<Box<WitType>>,
    },
    Record {
        name: String,
        fields: Vec<Field>,
    },
    Enum {
        name: String,
        cases: Vec<EnumCase>,
    },
    Variant {
        name: String,
        cases: Vec<Case>,
    },
}

/// A record field: its WIT name, bindgen's Rust name (`blocked_by`, `type_`) and type.
#[derive(Debug, Clone, PartialEq)]
pub struct Field {
    pub wit_name: String,
    pub rust_name: String,
    pub ty: WitType,
}

/// An enum case: its WIT name and bindgen's Rust name (`in-progress`, `InProgress`).
#[derive(Debug, Clone, PartialEq)]
pub struct EnumCase {
    pub wit_name: String,
    pub rust_name: String,
}

/// A variant case: its WIT name, bindgen's Rust name and payload type, if any.
#[derive(Debug, Clone, PartialEq)]
pub struct Case {
    pub wit_name: String,
    pub rust_name: String,
    pub ty: Option<WitType>,
}

/// A function parameter: its WIT name (`timeout-secs`), Rust name (`timeout_secs`) and type.
#[derive(Debug, Clone, PartialEq)]
pub struct Param {
    pub wit_name: String,
    pub rust_name: String,
    pub ty: WitType,
}

/// The signature of one imported function.
#[derive(Debug, Clone, PartialEq)]
pub struct FunctionSig {
    /// `files.read_file`.
    pub id: String,
    /// The interface and function names as the WIT writes them (`files`, `read-file`).
    pub interface: String,
    pub name: String,
    pub params: Vec<Param>,
    /// For `result<T, E>`: T (none for `_`). For another return type: that type.
    pub ok: Option<WitType>,
    /// For `result<T, E>`: E. Otherwise none.
    pub err: Option<WitType>,
    /// A function of `feedback`: the guest shim's channel, not an operation.
    pub is_feedback: bool,
}

/// A named type of an interface of the package (`tasks`, `task-input`), aliases left out.
#[derive(Debug, Clone, PartialEq)]
pub struct NamedType {
    pub interface: String,
    pub name: String,
    pub ty: WitType,
}

/// The membrane's functions and types, ready for conversions.
#[derive(Debug, Clone)]
pub struct WitTypes {
    functions: Vec<FunctionSig>,
    by_id: HashMap<String, usize>,
    types: Vec<NamedType>,
}

/// A WIT-spelled value that does not fit its type. `path` locates it (`task.blocked-by[2]`,
/// empty for the value itself; an argument's path starts with its name).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WireError {
    #[error("{}expected {expected}, got {got}", At(.path))]
    Mismatch {
        path: String,
        expected: String,
        got: String,
    },
    #[error("{}unknown key `{key}` (expected one of: {allowed})", At(.path))]
    UnknownKey { path: String, key: String, allowed: String },
    #[error("{}missing key `{key}` of type {ty}", At(.path))]
    MissingKey { path: String, key: String, ty: String },
}

impl WitTypes {
    /// Parses a WIT package holding world `sandbox`.
    pub fn parse(wit_text: &str) -> Result<WitTypes, String> {
        let mut resolve = Resolve::new();
        let pkg = resolve
            .push_source("gg-sandbox.wit", wit_text)
            .map_err(|e| format!("{e:#}"))?;
        let world = resolve
            .select_world(&[pkg], Some("sandbox"))
            .map_err(|e| format!("{e:#}"))?;
        let mut functions = Vec::new();
        for (key, item) in &resolve.worlds[world].imports {
            let wit_parser::WorldItem::Interface { id, .. } = item else {
                continue;
            };
            let iface = &resolve.interfaces[*id];
            let interface = match (&iface.name, key) {
                (Some(name), _) | (None, wit_parser::WorldKey::Name(name)) => name.clone(),
                (None, wit_parser::WorldKey::Interface(_)) => continue,
            };
            for func in iface.functions.values() {
                let id = format!("{}.{}", interface.replace('-', "_"), func.name.replace('-', "_"));
                let context = |e: String| format!("{id}: {e}");
                if !matches!(func.kind, wit_parser::FunctionKind::Freestanding) {
                    return Err(context("only freestanding synchronous functions are supported".into()));
                }
                let params = func
                    .params
                    .iter()
                    .map(|p| {
                        Ok(Param {
                            wit_name: p.name.clone(),
                            rust_name: rust_ident(&p.name),
                            ty: convert(&resolve, &p.ty)?,
                        })
                    })
                    .collect::<Result<Vec<_>, String>>()
                    .map_err(context)?;
                let (ok, err) = match func.result.as_ref().map(|t| convert(&resolve, t)).transpose() {
                    Err(e) => return Err(context(e)),
                    Ok(Some(WitType::Result { ok, err })) => (ok.map(|t| *t), err.map(|t| *t)),
                    Ok(other) => (other, None),
                };
                functions.push(FunctionSig {
                    id,
                    is_feedback: interface == FEEDBACK,
                    interface: interface.clone(),
                    name: func.name.clone(),
                    params,
                    ok,
                    err,
                });
            }
        }
        let mut by_id = HashMap::with_capacity(functions.len());
        for (i, f) in functions.iter().enumerate() {
            if by_id.insert(f.id.clone(), i).is_some() {
                return Err(format!("two functions share the id `{}`", f.id));
            }
        }
        let mut types = Vec::new();
        for (iface_name, iface_id) in &resolve.packages[pkg].interfaces {
            for (name, type_id) in &resolve.interfaces[*iface_id].types {
                if matches!(resolve.types[*type_id].kind, TypeDefKind::Type(_)) {
                    continue;
                }
                // A kind no function can use (resource, flags, ...) is left out, not refused.
                if let Ok(ty) = convert(&resolve, &Type::Id(*type_id)) {
                    types.push(NamedType {
                        interface: iface_name.clone(),
                        name: name.clone(),
                        ty,
                    });
                }
            }
        }
        Ok(WitTypes {
            functions,
            by_id,
            types,
        })
    }

    /// The function with this id (`files.read_file`).
    pub fn function(&self, id: &str) -> Option<&FunctionSig> {
        self.by_id.get(id).map(|&i| &self.functions[i])
    }

    /// Every imported function, in WIT order.
    pub fn functions(&self) -> impl Iterator<Item = &FunctionSig> {
        self.functions.iter()
    }

    /// A named type of an interface (`"tasks"`, `"task-input"`).
    pub fn named_type(&self, interface: &str, name: &str) -> Option<&WitType> {
        self.types
            .iter()
            .find(|t| t.interface == interface && t.name == name)
            .map(|t| &t.ty)
    }

    /// Every named type of the package's interfaces, in WIT order.
    pub fn named_types(&self) -> impl Iterator<Item = &NamedType> {
        self.types.iter()
    }

    /// Serde spelling to WIT spelling. Never fails: what does not fit `ty` is kept as it is.
    pub fn to_wit(&self, ty: &WitType, serde_value: Value) -> Value {
        to_wit(ty, serde_value)
    }

    /// WIT spelling to serde spelling, strictly.
    pub fn from_wit(&self, ty: &WitType, wit_value: Value) -> Result<Value, WireError> {
        from_wit(ty, wit_value)
    }

    /// A WIT-spelled argument object (null counts as `{}`) to one serde-spelled value per
    /// parameter, in order.
    pub fn args_from_wit(&self, sig: &FunctionSig, args: Value) -> Result<Vec<Value>, WireError> {
        let mut map = match args {
            Value::Object(map) => map,
            Value::Null => Map::new(),
            other => {
                return Err(mismatch(
                    format!("an object of arguments keyed by {}", param_list(sig)),
                    &other,
                ));
            }
        };
        if let Some(key) = map.keys().find(|k| !sig.params.iter().any(|p| p.wit_name == **k)) {
            return Err(WireError::UnknownKey {
                path: String::new(),
                key: key.clone(),
                allowed: param_list(sig),
            });
        }
        sig.params
            .iter()
            .map(|p| match map.remove(&p.wit_name) {
                Some(v) => from_wit(&p.ty, v).map_err(|e| e.under_key(&p.wit_name)),
                None if matches!(p.ty, WitType::Option(_)) => Ok(Value::Null),
                None => Err(WireError::MissingKey {
                    path: String::new(),
                    key: p.wit_name.clone(),
                    ty: p.ty.to_string(),
                }),
            })
            .collect()
    }

    /// A serde-spelled argument object keyed by Rust parameter names to the WIT-spelled one.
    pub fn args_to_wit(&self, sig: &FunctionSig, serde_args: Value) -> Value {
        let Value::Object(mut map) = serde_args else {
            return serde_args;
        };
        let mut out = Map::new();
        for p in &sig.params {
            if let Some((key, v)) = map.remove_entry(&p.rust_name) {
                out.insert(respell(key, &p.wit_name), to_wit(&p.ty, v));
            }
        }
        out.extend(map);
        Value::Object(out)
    }

    /// The reply `{"ok": …}` for a serde-spelled ok value.
    pub fn ok_to_wit(&self, sig: &FunctionSig, serde_value: Value) -> Value {
        let ok = match &sig.ok {
            Some(ty) => to_wit(ty, serde_value),
            None => Value::Null,
        };
        single("ok", ok)
    }

    /// The reply `{"err": …}` for a serde-spelled error value (an `ApiError`).
    pub fn err_to_wit(&self, sig: &FunctionSig, serde_err: Value) -> Value {
        let err = match &sig.err {
            Some(ty) => to_wit(ty, serde_err),
            None => serde_err,
        };
        single("err", err)
    }

    /// The reply `{"err": {"code": …, "operation": …, "message": …}}`.
    pub fn err_reply(code_wit_name: &str, operation: &str, message: &str) -> Value {
        let mut err = Map::new();
        err.insert("code".into(), code_wit_name.into());
        err.insert("operation".into(), operation.into());
        err.insert("message".into(), message.into());
        single("err", Value::Object(err))
    }
}

impl WireError {
    /// Where the offending value sits (`task.blocked-by[2]`; empty: the value itself).
    pub fn path(&self) -> &str {
        match self {
            WireError::Mismatch { path, .. }
            | WireError::UnknownKey { path, .. }
            | WireError::MissingKey { path, .. } => path,
        }
    }

    fn path_mut(&mut self) -> &mut String {
        match self {
            WireError::Mismatch { path, .. }
            | WireError::UnknownKey { path, .. }
            | WireError::MissingKey { path, .. } => path,
        }
    }

    fn under_key(mut self, key: &str) -> Self {
        let path = self.path_mut();
        let sep = if path.is_empty() || path.starts_with('[') {
            ""
        } else {
            "."
        };
        *path = format!("{key}{sep}{path}");
        self
    }

    fn under_index(mut self, index: usize) -> Self {
        let path = self.path_mut();
        let sep = if path.is_empty() || path.starts_with('[') {
            ""
        } else {
            "."
        };
        *path = format!("[{index}]{sep}{path}");
        self
    }
}

/// Renders an error's path as a prefix: `task.title: `, nothing for the value itself.
struct At<'a>(&'a str);

impl fmt::Display for At<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            Ok(())
        } else {
            write!(f, "{}: ", self.0)
        }
    }
}

/// WIT syntax: `u32`, `list<string>`, a named type by its name (`task-input`).
impl fmt::Display for WitType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let scalar = match self {
            WitType::Bool => "bool",
            WitType::U8 => "u8",
            WitType::U16 => "u16",
            WitType::U32 => "u32",
            WitType::U64 => "u64",
            WitType::S8 => "s8",
            WitType::S16 => "s16",
            WitType::S32 => "s32",
            WitType::S64 => "s64",
            WitType::F32 => "f32",
            WitType::F64 => "f64",
            WitType::Char => "char",
            WitType::String => "string",
            WitType::List(t) => return write!(f, "list<{t}>"),
            WitType::Option(t) => return write!(f, "option<{t}>"),
            WitType::Tuple(ts) => {
                f.write_str("tuple<")?;
                for (i, t) in ts.iter().enumerate() {
                    write!(f, "{}{t}", if i == 0 { "" } else { ", " })?;
                }
                return f.write_str(">");
            }
            WitType::Result { ok, err } => {
                let show = |t: &Option<Box<WitType>>| t.as_ref().map_or("_".to_string(), |t| t.to_string());
                return write!(f, "result<{}, {}>", show(ok), show(err));
            }
            WitType::Record { name, .. } | WitType::Enum { name, .. } | WitType::Variant { name, .. } => name,
        };
        f.write_str(scalar)
    }
}

// ---- wit-parser to the owned tree ----

fn convert(resolve: &Resolve, ty: &Type) -> Result<WitType, String> {
    Ok(match ty {
        Type::Bool => WitType::Bool,
        Type::U8 => WitType::U8,
        Type::U16 => WitType::U16,
        Type::U32 => WitType::U32,
        Type::U64 => WitType::U64,
        Type::S8 => WitType::S8,
        Type::S16 => WitType::S16,
        Type::S32 => WitType::S32,
        Type::S64 => WitType::S64,
        Type::F32 => WitType::F32,
        Type::F64 => WitType::F64,
        Type::Char => WitType::Char,
        Type::String => WitType::String,
        Type::ErrorContext => return Err("unsupported WIT type error-context".into()),
        Type::Id(id) => {
            let def = &resolve.types[*id];
            let name = || def.name.clone().unwrap_or_default();
            match &def.kind {
                TypeDefKind::Type(t) => convert(resolve, t)?,
                TypeDefKind::List(t) => WitType::List(Box::new(convert(resolve, t)?)),
                TypeDefKind::Option(t) => WitType::Option(Box::new(convert(resolve, t)?)),
                TypeDefKind::Tuple(t) => {
                    WitType::Tuple(t.types.iter().map(|t| convert(resolve, t)).collect::<Result<_, _>>()?)
                }
                TypeDefKind::Result(r) => {
                    let boxed = |t: &Option<Type>| -> Result<_, String> {
                        t.as_ref().map(|t| convert(resolve, t).map(Box::new)).transpose()
                    };
                    WitType::Result {
                        ok: boxed(&r.ok)?,
                        err: boxed(&r.err)?,
                    }
                }
                TypeDefKind::Record(r) => WitType::Record {
                    name: name(),
                    fields: r
                        .fields
                        .iter()
                        .map(|f| {
                            Ok(Field {
                                wit_name: f.name.clone(),
                                rust_name: rust_ident(&f.name),
                                ty: convert(resolve, &f.ty)?,
                            })
                        })
                        .collect::<Result<_, String>>()?,
                },
                TypeDefKind::Enum(e) => WitType::Enum {
                    name: name(),
                    cases: e
                        .cases
                        .iter()
                        .map(|c| EnumCase {
                            wit_name: c.name.clone(),
                            rust_name: upper_camel(&c.name),
                        })
                        .collect(),
                },
                TypeDefKind::Variant(v) => WitType::Variant {
                    name: name(),
                    cases: v
                        .cases
                        .iter()
                        .map(|c| {
                            Ok(Case {
                                wit_name: c.name.clone(),
                                rust_name: upper_camel(&c.name),
                                ty: c.ty.as_ref().map(|t| convert(resolve, t)).transpose()?,
                            })
                        })
                        .collect::<Result<_, String>>()?,
                },
                other => return Err(format!("unsupported WIT type {} {}", other.as_str(), name())),
            }
        }
    })
}

/// bindgen's Rust name of a field or parameter: snake_case, a keyword gets a trailing `_`.
fn rust_ident(wit_name: &str) -> String {
    const KEYWORDS: &[&str] = &[
        "as", "break", "const", "continue", "crate", "else", "enum", "extern", "false", "fn", "for", "if", "impl",
        "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return", "self", "static", "struct",
        "super", "trait", "true", "type", "unsafe", "use", "where", "while", "async", "await", "dyn", "abstract",
        "become", "box", "do", "final", "macro", "override", "priv", "typeof", "unsized", "virtual", "yield", "try",
        "gen",
    ];
    if KEYWORDS.contains(&wit_name) {
        format!("{wit_name}_")
    } else {
        // A WIT word is all lowercase or all uppercase, so no word splits inside one.
        wit_name.to_ascii_lowercase().replace('-', "_")
    }
}

/// bindgen's Rust name of an enum or variant case: UpperCamelCase (`in-progress` -> `InProgress`).
fn upper_camel(wit_name: &str) -> String {
    let mut out = String::with_capacity(wit_name.len());
    for word in wit_name.split('-') {
        let mut chars = word.chars();
        if let Some(first) = chars.next() {
            out.push(first.to_ascii_uppercase());
            out.extend(chars.map(|c| c.to_ascii_lowercase()));
        }
    }
    out
}

// ---- serde spelling to WIT spelling ----

fn to_wit(ty: &WitType, v: Value) -> Value {
    match (ty, v) {
        (WitType::Option(t), v) if !v.is_null() => to_wit(t, v),
        (WitType::List(t), Value::Array(items)) => Value::Array(items.into_iter().map(|x| to_wit(t, x)).collect()),
        (WitType::Tuple(ts), Value::Array(items)) if items.len() == ts.len() => {
            Value::Array(items.into_iter().zip(ts).map(|(x, t)| to_wit(t, x)).collect())
        }
        (WitType::Record { fields, .. }, Value::Object(mut map)) => {
            let mut out = Map::new();
            for f in fields {
                if let Some((key, x)) = map.remove_entry(&f.rust_name) {
                    out.insert(respell(key, &f.wit_name), to_wit(&f.ty, x));
                }
            }
            out.extend(map);
            Value::Object(out)
        }
        (WitType::Enum { cases, .. }, Value::String(s)) => match cases.iter().find(|c| c.rust_name == s) {
            Some(c) => Value::String(respell(s, &c.wit_name)),
            None => Value::String(s),
        },
        (WitType::Variant { cases, .. }, Value::String(s)) => {
            match cases.iter().find(|c| c.ty.is_none() && c.rust_name == s) {
                Some(c) => single("tag", Value::String(respell(s, &c.wit_name))),
                None => Value::String(s),
            }
        }
        (WitType::Variant { cases, .. }, Value::Object(map)) => {
            let case = match map.keys().next() {
                Some(k) if map.len() == 1 => cases.iter().find(|c| c.rust_name == *k),
                _ => None,
            };
            let Some(case) = case else { return Value::Object(map) };
            let (key, x) = map.into_iter().next().expect("one entry");
            let mut out = single("tag", Value::String(respell(key, &case.wit_name)));
            let val = match &case.ty {
                Some(t) => to_wit(t, x),
                None => x,
            };
            out.as_object_mut().expect("an object").insert("val".into(), val);
            out
        }
        (WitType::Result { ok, err }, Value::Object(map)) => {
            let arm = match map.keys().next().map(String::as_str) {
                Some("Ok") if map.len() == 1 => Some(("ok", ok)),
                Some("Err") if map.len() == 1 => Some(("err", err)),
                _ => None,
            };
            let Some((name, t)) = arm else {
                return Value::Object(map);
            };
            let (key, x) = map.into_iter().next().expect("one entry");
            let x = match t {
                Some(t) => to_wit(t, x),
                None => x,
            };
            let mut out = Map::new();
            out.insert(respell(key, name), x);
            Value::Object(out)
        }
        (_, v) => v,
    }
}

/// Reuses `s`'s buffer for `to`.
fn respell(mut s: String, to: &str) -> String {
    if s != to {
        s.clear();
        s.push_str(to);
    }
    s
}

fn single(key: &str, v: Value) -> Value {
    let mut map = Map::new();
    map.insert(key.into(), v);
    Value::Object(map)
}

// ---- WIT spelling to serde spelling ----

fn from_wit(ty: &WitType, v: Value) -> Result<Value, WireError> {
    match ty {
        WitType::Bool => match v {
            Value::Bool(_) => Ok(v),
            _ => Err(mismatch(ty, &v)),
        },
        WitType::U8 => int(ty, v, 0, u8::MAX.into()),
        WitType::U16 => int(ty, v, 0, u16::MAX.into()),
        WitType::U32 => int(ty, v, 0, u32::MAX.into()),
        WitType::U64 => int(ty, v, 0, u64::MAX.into()),
        WitType::S8 => int(ty, v, i8::MIN.into(), i8::MAX.into()),
        WitType::S16 => int(ty, v, i16::MIN.into(), i16::MAX.into()),
        WitType::S32 => int(ty, v, i32::MIN.into(), i32::MAX.into()),
        WitType::S64 => int(ty, v, i64::MIN.into(), i64::MAX.into()),
        WitType::F32 | WitType::F64 => match v {
            Value::Number(_) => Ok(v),
            _ => Err(mismatch(ty, &v)),
        },
        WitType::Char => match &v {
            Value::String(s) if s.chars().count() == 1 => Ok(v),
            _ => Err(mismatch("char (a one-character string)", &v)),
        },
        WitType::String => match v {
            Value::String(_) => Ok(v),
            _ => Err(mismatch(ty, &v)),
        },
        WitType::Option(t) => match v {
            Value::Null => Ok(v),
            v => from_wit(t, v),
        },
        WitType::List(t) => match v {
            Value::Array(items) => items
                .into_iter()
                .enumerate()
                .map(|(i, x)| from_wit(t, x).map_err(|e| e.under_index(i)))
                .collect::<Result<_, _>>()
                .map(Value::Array),
            _ => Err(mismatch(format_args!("{ty} (an array)"), &v)),
        },
        WitType::Tuple(ts) => match v {
            Value::Array(items) if items.len() == ts.len() => items
                .into_iter()
                .zip(ts)
                .enumerate()
                .map(|(i, (x, t))| from_wit(t, x).map_err(|e| e.under_index(i)))
                .collect::<Result<_, _>>()
                .map(Value::Array),
            _ => Err(mismatch(format_args!("{ty} (an array of {})", ts.len()), &v)),
        },
        WitType::Result { ok, err } => {
            let expected = || format!(r#"{ty} ({{"ok": …}} or {{"err": …}})"#);
            let Value::Object(map) = v else {
                return Err(mismatch(expected(), &v));
            };
            let arm = match map.keys().next().map(String::as_str) {
                Some("ok") if map.len() == 1 => Some(("Ok", ok)),
                Some("err") if map.len() == 1 => Some(("Err", err)),
                _ => None,
            };
            let Some((name, t)) = arm else {
                return Err(mismatch(expected(), &Value::Object(map)));
            };
            let (key, x) = map.into_iter().next().expect("one entry");
            let x = match t {
                Some(t) => from_wit(t, x).map_err(|e| e.under_key(&key))?,
                None if x.is_null() => x,
                None => return Err(mismatch("null", &x).under_key(&key)),
            };
            Ok(single(name, x))
        }
        WitType::Record { fields, .. } => {
            let Value::Object(mut map) = v else {
                return Err(mismatch(format_args!("{ty} (an object)"), &v));
            };
            if let Some(key) = map.keys().find(|k| !fields.iter().any(|f| f.wit_name == **k)) {
                let allowed = fields
                    .iter()
                    .map(|f| f.wit_name.as_str())
                    .collect::<Vec<_>>()
                    .join(", ");
                return Err(WireError::UnknownKey {
                    path: String::new(),
                    key: key.clone(),
                    allowed,
                });
            }
            let mut out = Map::new();
            for f in fields {
                let x = match map.remove(&f.wit_name) {
                    Some(x) => from_wit(&f.ty, x).map_err(|e| e.under_key(&f.wit_name))?,
                    None if matches!(f.ty, WitType::Option(_)) => Value::Null,
                    None => {
                        return Err(WireError::MissingKey {
                            path: String::new(),
                            key: f.wit_name.clone(),
                            ty: f.ty.to_string(),
                        });
                    }
                };
                out.insert(f.rust_name.clone(), x);
            }
            Ok(Value::Object(out))
        }
        WitType::Enum { cases, .. } => {
            if let Value::String(s) = &v
                && let Some(c) = cases.iter().find(|c| c.wit_name == *s)
            {
                return Ok(Value::String(c.rust_name.clone()));
            }
            let names = quoted(cases.iter().map(|c| c.wit_name.as_str()), ", ");
            Err(mismatch(format_args!("{ty} (one of {names})"), &v))
        }
        WitType::Variant { cases, .. } => variant_from_wit(ty, cases, v),
    }
}

fn variant_from_wit(ty: &WitType, cases: &[Case], v: Value) -> Result<Value, WireError> {
    let expected = || {
        let names = quoted(cases.iter().map(|c| c.wit_name.as_str()), " | ");
        format!(r#"{ty} ({{"tag": {names}, "val": …}})"#)
    };
    let find = |tag: &str| cases.iter().find(|c| c.wit_name == tag);
    match v {
        Value::String(s) => match find(&s) {
            Some(c) if c.ty.is_none() => Ok(Value::String(c.rust_name.clone())),
            Some(c) => Err(mismatch(
                format_args!(
                    r#"{{"tag": "{}", "val": {}}}"#,
                    c.wit_name,
                    c.ty.as_ref().expect("a payload")
                ),
                &Value::String(s),
            )),
            None => Err(mismatch(expected(), &Value::String(s))),
        },
        Value::Object(mut map) => {
            if let Some(key) = map.keys().find(|k| *k != "tag" && *k != "val") {
                return Err(WireError::UnknownKey {
                    path: String::new(),
                    key: key.clone(),
                    allowed: "tag, val".into(),
                });
            }
            let case = match map.get("tag") {
                Some(Value::String(tag)) => find(tag),
                _ => None,
            };
            let Some(case) = case else {
                let tag = map.remove("tag").unwrap_or(Value::Null);
                return Err(mismatch(expected(), &tag).under_key("tag"));
            };
            let val = map.remove("val");
            match (&case.ty, val) {
                (None, None | Some(Value::Null)) => Ok(Value::String(case.rust_name.clone())),
                (None, Some(x)) => Err(mismatch(
                    format_args!("no val for payload-less case \"{}\"", case.wit_name),
                    &x,
                )
                .under_key("val")),
                (Some(t), x) => {
                    let x = match x {
                        Some(x) => from_wit(t, x).map_err(|e| e.under_key("val"))?,
                        None if matches!(t, WitType::Option(_)) => Value::Null,
                        None => {
                            return Err(WireError::MissingKey {
                                path: String::new(),
                                key: "val".into(),
                                ty: t.to_string(),
                            });
                        }
                    };
                    Ok(single(&case.rust_name, x))
                }
            }
        }
        v => Err(mismatch(expected(), &v)),
    }
}

/// An integer in `min..=max`, as a JSON integer; a whole float (`3.0`) is accepted.
fn int(ty: &WitType, v: Value, min: i128, max: i128) -> Result<Value, WireError> {
    let Value::Number(n) = &v else {
        return Err(mismatch(ty, &v));
    };
    let x = if let Some(u) = n.as_u64() {
        i128::from(u)
    } else if let Some(i) = n.as_i64() {
        i128::from(i)
    } else {
        let f = n.as_f64().unwrap_or(f64::NAN);
        if f.fract() != 0.0 {
            return Err(mismatch(format_args!("{ty} (a whole number)"), &v));
        }
        f as i128 // saturating: far out of range stays out of range
    };
    if x < min || x > max {
        return Err(mismatch(format_args!("{ty} (from {min} to {max})"), &v));
    }
    Ok(match u64::try_from(x) {
        Ok(u) => Value::from(u),
        Err(_) => Value::from(x as i64),
    })
}

fn mismatch(expected: impl fmt::Display, got: &Value) -> WireError {
    const MAX: usize = 60;
    let mut got = got.to_string();
    if got.len() > MAX {
        let mut end = MAX;
        while !got.is_char_boundary(end) {
            end -= 1;
        }
        got.truncate(end);
        got.push('…');
    }
    WireError::Mismatch {
        path: String::new(),
        expected: expected.to_string(),
        got,
    }
}

fn quoted<'a>(names: impl Iterator<Item = &'a str>, sep: &str) -> String {
    names.map(|n| format!("\"{n}\"")).collect::<Vec<_>>().join(sep)
}

fn param_list(sig: &FunctionSig) -> String {
    sig.params
        .iter()
        .map(|p| p.wit_name.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const WIT_PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/wit/gg-sandbox.wit");

    fn wit() -> WitTypes {
        let text = std::fs::read_to_string(WIT_PATH).expect("the membrane's WIT");
        WitTypes::parse(&text).expect("parses")
    }

    fn param_ty<'a>(w: &'a WitTypes, id: &str, param: &str) -> &'a WitType {
        &w.function(id)
            .unwrap()
            .params
            .iter()
            .find(|p| p.wit_name == param)
            .unwrap()
            .ty
    }

    #[test]
    fn ids_and_params() {
        let w = wit();
        let got: Vec<(String, Vec<String>, bool)> = w
            .functions()
            .map(|f| {
                (
                    f.id.clone(),
                    f.params.iter().map(|p| p.wit_name.clone()).collect(),
                    f.is_feedback,
                )
            })
            .collect();
        let want: &[(&str, &[&str])] = &[
            ("files.read_file", &["path", "offset", "limit"]),
            ("files.write_file", &["path", "contents"]),
            ("files.edit_file", &["path", "old", "new"]),
            ("files.list_dir", &["path"]),
            ("files.search", &["pattern", "path", "ignore-case"]),
            ("shell.run", &["command", "timeout-secs"]),
            ("tasks.add", &["task"]),
            ("tasks.update", &["id", "patch"]),
            ("tasks.complete", &["id"]),
            ("tasks.remove", &["id"]),
            ("tasks.list", &[]),
            ("board.create_issue", &["issue"]),
            ("board.update_issue", &["id", "patch"]),
            ("board.list_issues", &["status"]),
            ("board.remove_issue", &["id"]),
            ("memories.write", &["name", "body", "description", "code"]),
            ("memories.read", &["name"]),
            ("memories.search", &["keywords"]),
            ("memories.delete", &["name"]),
            ("skills.read", &["name"]),
            ("views.open_file", &["path", "offset", "limit"]),
            ("views.open_text", &["body", "label"]),
            ("views.open_docs", &["name"]),
            ("views.close", &["selector"]),
            ("views.current", &[]),
            ("docs.search", &["query", "module", "offset", "limit"]),
            ("session.finish", &["summary"]),
            ("session.approve", &[]),
            ("session.request_changes", &["items"]),
            ("programs.history", &[]),
            ("programs.get", &["turn"]),
            ("programs.rerun", &["source"]),
            ("feedback.log", &["line"]),
            ("feedback.report_error", &["error"]),
            ("feedback.report_module_error", &["name", "message"]),
            ("feedback.note_return", &[]),
            ("feedback.refused_call", &["operation", "arguments", "message"]),
        ];
        let want: Vec<(String, Vec<String>, bool)> = want
            .iter()
            .map(|(id, ps)| {
                (
                    id.to_string(),
                    ps.iter().map(|p| p.to_string()).collect(),
                    id.starts_with("feedback."),
                )
            })
            .collect();
        assert_eq!(got, want);
        for f in w.functions() {
            assert!(w.function(&f.id).is_some());
            if f.is_feedback {
                assert!(f.ok.is_none() && f.err.is_none(), "{}", f.id);
            } else {
                assert!(
                    matches!(&f.err, Some(WitType::Record { name, .. }) if name == "api-error"),
                    "{}",
                    f.id
                );
            }
        }
        assert!(w.function("types.api_error").is_none());
        assert!(w.function("run").is_none());
        assert_eq!(w.function("shell.run").unwrap().params[1].rust_name, "timeout_secs");
        assert_eq!(w.function("tasks.update").unwrap().ok, None);
        assert_eq!(w.function("files.write_file").unwrap().ok, Some(WitType::U64));
    }

    #[test]
    fn task_input_and_patch_both_ways() {
        let w = wit();
        let input = param_ty(&w, "tasks.add", "task");
        let wire = json!({"title": "t", "blocked-by": [1, 2]});
        let serde = json!({"id": null, "title": "t", "description": null, "blocked_by": [1, 2]});
        assert_eq!(w.from_wit(input, wire).unwrap(), serde);
        assert_eq!(
            w.to_wit(input, serde),
            json!({"id": null, "title": "t", "description": null, "blocked-by": [1, 2]})
        );

        let patch = param_ty(&w, "tasks.update", "patch");
        let wire = json!({"title": null, "description": {"tag": "clear"}, "status": "in-progress"});
        let serde = json!({"title": null, "description": "Clear", "status": "InProgress"});
        assert_eq!(w.from_wit(patch, wire.clone()).unwrap(), serde);
        assert_eq!(w.to_wit(patch, serde), wire);
        // Absent option fields are none.
        let short = json!({"description": "keep"});
        assert_eq!(
            w.from_wit(patch, short).unwrap(),
            json!({"title": null, "description": "Keep", "status": null})
        );
    }

    #[test]
    fn variant_cases() {
        let w = wit();
        let edit = w.named_type("types", "text-edit").unwrap();
        assert_eq!(
            w.from_wit(edit, json!({"tag": "set", "val": "x"})).unwrap(),
            json!({"Set": "x"})
        );
        assert_eq!(w.to_wit(edit, json!({"Set": "x"})), json!({"tag": "set", "val": "x"}));
        assert_eq!(w.from_wit(edit, json!("keep")).unwrap(), json!("Keep"));
        assert_eq!(w.from_wit(edit, json!({"tag": "keep"})).unwrap(), json!("Keep"));
        assert_eq!(w.to_wit(edit, json!("Keep")), json!({"tag": "keep"}));

        let e = w.from_wit(edit, json!("set")).unwrap_err();
        assert_eq!(e.to_string(), r#"expected {"tag": "set", "val": string}, got "set""#);
        let e = w.from_wit(edit, json!({"tag": "sett", "val": "x"})).unwrap_err();
        assert_eq!(e.path(), "tag");
        assert!(e.to_string().contains(r#""keep" | "clear" | "set""#), "{e}");
        let e = w.from_wit(edit, json!({"tag": "set"})).unwrap_err();
        assert_eq!(e.to_string(), "missing key `val` of type string");
        let e = w.from_wit(edit, json!({"tag": "set", "val": 3})).unwrap_err();
        assert_eq!(e.to_string(), "val: expected string, got 3");
        let e = w.from_wit(edit, json!({"tag": "keep", "value": 3})).unwrap_err();
        assert!(matches!(e, WireError::UnknownKey { ref key, .. } if key == "value"));
        // Unexpected serde shapes pass through untouched.
        assert_eq!(w.to_wit(edit, json!({"Nope": 1})), json!({"Nope": 1}));
    }

    #[test]
    fn enum_cases() {
        let w = wit();
        let status = w.named_type("tasks", "task-status").unwrap();
        assert_eq!(w.from_wit(status, json!("in-progress")).unwrap(), json!("InProgress"));
        assert_eq!(w.to_wit(status, json!("InProgress")), json!("in-progress"));
        let e = w.from_wit(status, json!("InProgress")).unwrap_err();
        assert_eq!(
            e.to_string(),
            r#"expected task-status (one of "pending", "in-progress", "done"), got "InProgress""#
        );
        let code = w.named_type("types", "error-code").unwrap();
        assert_eq!(w.to_wit(code, json!("NotFound")), json!("not-found"));
    }

    #[test]
    fn options_absent_or_null() {
        let w = wit();
        let read = w.function("files.read_file").unwrap();
        assert_eq!(
            w.args_from_wit(read, json!({"path": "a"})).unwrap(),
            vec![json!("a"), json!(null), json!(null)]
        );
        assert_eq!(
            w.args_from_wit(read, json!({"path": "a", "offset": null, "limit": 5}))
                .unwrap(),
            vec![json!("a"), json!(null), json!(5)]
        );
        let list = w.function("tasks.list").unwrap();
        assert_eq!(w.args_from_wit(list, json!({})).unwrap(), Vec::<Value>::new());
        assert_eq!(w.args_from_wit(list, Value::Null).unwrap(), Vec::<Value>::new());
        let e = w.args_from_wit(list, json!([1])).unwrap_err();
        assert!(e.to_string().starts_with("expected an object of arguments"), "{e}");
        let read = w.named_type("types", "file-read").unwrap();
        let program = w.named_type("programs", "program-summary").unwrap();
        assert!(
            w.from_wit(read, json!({"contents": ""})).is_err(),
            "a field that is no option is required"
        );
        assert_eq!(
            w.from_wit(program, json!({"turn": 1, "lines": 2, "chars": 3, "ok": true}))
                .unwrap(),
            json!({"turn": 1, "lines": 2, "chars": 3, "ok": true, "error": null})
        );
    }

    #[test]
    fn integers_are_checked() {
        let w = wit();
        let add = w.function("tasks.add").unwrap();
        let bad = |ids: Value| {
            w.args_from_wit(add, json!({"task": {"title": "t", "blocked-by": ids}}))
                .unwrap_err()
        };
        let e = bad(json!([1, 2, "x"]));
        assert_eq!(e.path(), "task.blocked-by[2]");
        assert_eq!(e.to_string(), r#"task.blocked-by[2]: expected u32, got "x""#);
        assert_eq!(
            bad(json!([4294967296u64])).to_string(),
            "task.blocked-by[0]: expected u32 (from 0 to 4294967295), got 4294967296"
        );
        assert_eq!(
            bad(json!([-1])).to_string(),
            "task.blocked-by[0]: expected u32 (from 0 to 4294967295), got -1"
        );
        assert_eq!(
            bad(json!([1.5])).to_string(),
            "task.blocked-by[0]: expected u32 (a whole number), got 1.5"
        );
        let e = w
            .args_from_wit(w.function("tasks.complete").unwrap(), json!({"id": -3}))
            .unwrap_err();
        assert_eq!(e.path(), "id");
        // A whole float is the integer.
        let ok = w
            .args_from_wit(add, json!({"task": {"title": "t", "blocked-by": [4294967295u64, 2.0]}}))
            .unwrap();
        assert_eq!(ok[0]["blocked_by"], json!([4294967295u64, 2]));
        let s32 = w.named_type("shell", "shell-output").unwrap();
        let ok = w.from_wit(
            s32,
            json!({"exit-code": -2147483648i64, "timed-out": false, "output": "", "truncated": true}),
        );
        assert_eq!(ok.unwrap()["exit_code"], json!(-2147483648i64));
        let e = w
            .from_wit(
                s32,
                json!({"exit-code": 2147483648u64, "timed-out": false, "output": "", "truncated": true}),
            )
            .unwrap_err();
        assert_eq!(e.path(), "exit-code");
    }

    #[test]
    fn unknown_and_missing_args() {
        let w = wit();
        let read = w.function("files.read_file").unwrap();
        let e = w.args_from_wit(read, json!({"path": "a", "ofset": 1})).unwrap_err();
        assert_eq!(
            e.to_string(),
            "unknown key `ofset` (expected one of: path, offset, limit)"
        );
        let e = w.args_from_wit(read, json!({"offset": 1})).unwrap_err();
        assert_eq!(e.to_string(), "missing key `path` of type string");
        let add = w.function("tasks.add").unwrap();
        let e = w
            .args_from_wit(add, json!({"task": {"title": "t", "blocked_by": []}}))
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "task: unknown key `blocked_by` (expected one of: id, title, description, blocked-by)"
        );
        let e = w.args_from_wit(add, json!({"task": {"blocked-by": []}})).unwrap_err();
        assert_eq!(e.to_string(), "task: missing key `title` of type string");
        let e = w.args_from_wit(add, json!({"task": "t"})).unwrap_err();
        assert_eq!(e.to_string(), r#"task: expected task-input (an object), got "t""#);
    }

    #[test]
    fn shell_run_args() {
        let w = wit();
        let run = w.function("shell.run").unwrap();
        assert_eq!(
            w.args_from_wit(run, json!({"command": "ls", "timeout-secs": 2.5}))
                .unwrap(),
            vec![json!("ls"), json!(2.5)]
        );
        assert_eq!(
            w.args_from_wit(run, json!({"command": "ls"})).unwrap(),
            vec![json!("ls"), json!(null)]
        );
        let e = w
            .args_from_wit(run, json!({"command": "ls", "timeout-secs": "5"}))
            .unwrap_err();
        assert_eq!(e.to_string(), r#"timeout-secs: expected f64, got "5""#);
        assert_eq!(
            w.args_to_wit(run, json!({"command": "ls", "timeout_secs": 2.5})),
            json!({"command": "ls", "timeout-secs": 2.5})
        );
    }

    #[test]
    fn replies() {
        let w = wit();
        let read = w.function("files.read_file").unwrap();
        let serde = json!({"contents": "x", "first_line": 1, "last_line": 1, "total_lines": 9, "truncated": false});
        assert_eq!(
            w.ok_to_wit(read, serde),
            json!({"ok": {"contents": "x", "first-line": 1, "last-line": 1, "total-lines": 9, "truncated": false}})
        );
        assert_eq!(
            w.ok_to_wit(w.function("tasks.update").unwrap(), Value::Null),
            json!({"ok": null})
        );
        let err = json!({"code": "NotFound", "operation": "files.read_file", "message": "no such file"});
        let want = json!({"err": {"code": "not-found", "operation": "files.read_file", "message": "no such file"}});
        assert_eq!(w.err_to_wit(read, err), want);
        assert_eq!(
            WitTypes::err_reply("not-found", "files.read_file", "no such file"),
            want
        );
    }

    /// A WIT-spelled value of `ty`; `full` fills options and picks payload cases, else none.
    fn sample(ty: &WitType, full: bool) -> Value {
        match ty {
            WitType::Bool => json!(full),
            WitType::U8 | WitType::U16 | WitType::U32 | WitType::U64 => json!(7),
            WitType::S8 | WitType::S16 | WitType::S32 | WitType::S64 => json!(-7),
            WitType::F32 | WitType::F64 => json!(1.5),
            WitType::Char => json!("c"),
            WitType::String => json!("s"),
            WitType::List(t) => json!([sample(t, full), sample(t, !full)]),
            WitType::Option(t) if full => sample(t, full),
            WitType::Option(_) => Value::Null,
            WitType::Tuple(ts) => ts.iter().map(|t| sample(t, full)).collect(),
            WitType::Result { ok, .. } => json!({"ok": ok.as_ref().map(|t| sample(t, full))}),
            WitType::Record { fields, .. } => Value::Object(
                fields
                    .iter()
                    .map(|f| (f.wit_name.clone(), sample(&f.ty, full)))
                    .collect(),
            ),
            WitType::Enum { cases, .. } => json!(if full { &cases[cases.len() - 1] } else { &cases[0] }.wit_name),
            WitType::Variant { cases, .. } => {
                let c = cases.iter().find(|c| c.ty.is_some() == full).unwrap_or(&cases[0]);
                match &c.ty {
                    Some(t) => json!({"tag": c.wit_name, "val": sample(t, full)}),
                    None => json!({"tag": c.wit_name}),
                }
            }
        }
    }

    #[test]
    fn every_record_round_trips() {
        let w = wit();
        let mut records = 0;
        for named in w.named_types() {
            if !matches!(named.ty, WitType::Record { .. }) {
                continue;
            }
            records += 1;
            for full in [true, false] {
                let x = sample(&named.ty, full);
                let serde = w
                    .from_wit(&named.ty, x.clone())
                    .unwrap_or_else(|e| panic!("{}: {e}", named.name));
                assert!(!serde.as_object().unwrap().keys().any(|k| k.contains('-')), "{serde}");
                assert_eq!(w.to_wit(&named.ty, serde), x, "{}", named.name);
            }
        }
        assert_eq!(records, 20);
        // Every function's parameters and results round-trip too.
        for f in w.functions() {
            let args: Map<String, Value> = f
                .params
                .iter()
                .map(|p| (p.wit_name.clone(), sample(&p.ty, true)))
                .collect();
            let values = w.args_from_wit(f, Value::Object(args.clone())).unwrap();
            let serde: Map<String, Value> = f.params.iter().map(|p| p.rust_name.clone()).zip(values).collect();
            assert_eq!(w.args_to_wit(f, Value::Object(serde)), Value::Object(args), "{}", f.id);
            if let Some(ok) = &f.ok {
                let x = sample(ok, true);
                assert_eq!(
                    w.ok_to_wit(f, w.from_wit(ok, x.clone()).unwrap()),
                    json!({"ok": x}),
                    "{}",
                    f.id
                );
            }
        }
    }

    #[test]
    fn keywords_tuples_results() {
        let w = WitTypes::parse(
            "package t:t;
             interface a-b {
               record r { %type: u8, in: list<tuple<u8, string>>, HTTP-code: s8 }
               variant v { none, some-thing(result<u8, string>) }
               f: func(%type: r, %in: v) -> result<u8, string>;
             }
             world sandbox { import a-b; }",
        )
        .unwrap();
        let f = w.function("a_b.f").unwrap();
        assert_eq!(
            (f.params[0].rust_name.as_str(), f.params[1].rust_name.as_str()),
            ("type_", "in_")
        );
        assert_eq!(f.ok, Some(WitType::U8));
        assert_eq!(f.err, Some(WitType::String));
        let r = &f.params[0].ty;
        let wire = json!({"type": 1, "in": [[2, "x"]], "HTTP-code": -1});
        let serde = json!({"type_": 1, "in_": [[2, "x"]], "http_code": -1});
        assert_eq!(w.from_wit(r, wire.clone()).unwrap(), serde);
        assert_eq!(w.to_wit(r, serde), wire);
        let e = w
            .from_wit(r, json!({"type": 256, "in": [], "HTTP-code": 0}))
            .unwrap_err();
        assert_eq!(e.to_string(), "type: expected u8 (from 0 to 255), got 256");
        let e = w
            .from_wit(r, json!({"type": 1, "in": [[2]], "HTTP-code": 0}))
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "in[0]: expected tuple<u8, string> (an array of 2), got [2]"
        );
        let v = &f.params[1].ty;
        let wire = json!({"tag": "some-thing", "val": {"err": "bad"}});
        let serde = json!({"SomeThing": {"Err": "bad"}});
        assert_eq!(w.from_wit(v, wire.clone()).unwrap(), serde);
        assert_eq!(w.to_wit(v, serde), wire);
        assert_eq!(w.from_wit(v, json!("none")).unwrap(), json!("None"));
        assert!(WitTypes::parse("package t:t; world other {}").is_err());
    }

    #[test]
    fn long_values_are_cut_in_messages() {
        let e = from_wit(&WitType::U32, json!("é".repeat(100))).unwrap_err();
        let WireError::Mismatch { got, .. } = &e else { panic!() };
        assert!(got.ends_with('…') && got.len() <= 64, "{got}");
    }
}
