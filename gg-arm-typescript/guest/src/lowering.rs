//! The canonical pieces the generated glue (`membrane.rs`) is assembled from: scalars, options,
//! lists, record objects, enum strings and `{ tag, val }` variants, each way. A value of the wrong
//! shape is refused here with a message naming where it sits, and never reaches the host.
//! Every scalar the component model has is here whether or not today's WIT uses it, so a
//! function added to the WIT needs no hand-written glue.
#![allow(dead_code)]

use std::fmt;

use rquickjs::{Array, Ctx, Object, Value};

/// The most items a list argument may have: the host's bound (gg-core's `MAX_LIST_ITEMS`), checked
/// here before the guest walks a list, so a sparse array of billions is refused, not walked.
pub const MAX_LIST_ITEMS: usize = 10_000;

/// Where a value sits in the call's arguments, built without allocating (`task.blockedBy[2]`).
pub enum P<'a> {
    Root(&'static str),
    Field(&'a P<'a>, &'static str),
    Index(&'a P<'a>, usize),
}

impl fmt::Display for P<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            P::Root(name) => f.write_str(name),
            P::Field(parent, name) => write!(f, "{parent}.{name}"),
            P::Index(parent, i) => write!(f, "{parent}[{i}]"),
        }
    }
}

/// An argument of the wrong shape: the message of the `invalid-argument` ApiError it becomes.
pub struct Bad(pub String);

/// What one operation's dispatch came to.
pub enum Dispatch<'js> {
    Ok(Value<'js>),
    /// Refused before the host saw it.
    Invalid(String),
    /// The host's answer was an `api-error`.
    Failed(crate::gg::sandbox::types::ApiError),
    /// The engine failed lifting the answer (out of memory).
    Js(rquickjs::Error),
}

impl<'js> From<rquickjs::Result<Value<'js>>> for Dispatch<'js> {
    fn from(r: rquickjs::Result<Value<'js>>) -> Self {
        match r {
            Ok(v) => Dispatch::Ok(v),
            Err(e) => Dispatch::Js(e),
        }
    }
}

/// The `i`th argument, `undefined` when absent.
pub fn arg<'js>(ctx: &Ctx<'js>, args: &[Value<'js>], i: usize) -> Value<'js> {
    args.get(i)
        .cloned()
        .unwrap_or_else(|| Value::new_undefined(ctx.clone()))
}

fn describe(v: &Value<'_>) -> String {
    if v.is_undefined() {
        "undefined".into()
    } else if v.is_null() {
        "null".into()
    } else if let Some(s) = v.as_string() {
        let s = s.to_string().unwrap_or_default();
        let short: String = s.chars().take(40).collect();
        format!("the string {short:?}{}", if short.len() < s.len() { "…" } else { "" })
    } else if let Some(n) = v.as_number() {
        format!("the number {n}")
    } else if v.is_bool() {
        format!("{}", v.as_bool().unwrap_or_default())
    } else if v.is_array() {
        "an array".into()
    } else if v.is_function() {
        "a function".into()
    } else if v.is_object() {
        "an object".into()
    } else {
        format!("a {}", v.type_name())
    }
}

fn bad(p: &P<'_>, want: &str, v: &Value<'_>) -> Bad {
    Bad(format!("{p} must be {want}, got {}", describe(v)))
}

pub fn lower_string(v: &Value<'_>, p: &P<'_>) -> Result<String, Bad> {
    match v.as_string() {
        Some(s) => s
            .to_string()
            .map_err(|_| Bad(format!("{p} is not valid Unicode (a lone surrogate?)"))),
        None => Err(bad(p, "a string", v)),
    }
}

pub fn lower_char(v: &Value<'_>, p: &P<'_>) -> Result<char, Bad> {
    let s = lower_string(v, p)?;
    let mut chars = s.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Ok(c),
        _ => Err(bad(p, "a string of one character", v)),
    }
}

pub fn lower_bool(v: &Value<'_>, p: &P<'_>) -> Result<bool, Bad> {
    v.as_bool().ok_or_else(|| bad(p, "true or false", v))
}

fn number(v: &Value<'_>, p: &P<'_>, want: &str) -> Result<f64, Bad> {
    v.as_number().ok_or_else(|| bad(p, want, v))
}

fn integer(v: &Value<'_>, p: &P<'_>, min: f64, max: f64) -> Result<f64, Bad> {
    let want = if min == 0.0 {
        format!("a whole number from 0 to {max}")
    } else {
        format!("a whole number from {min} to {max}")
    };
    let n = number(v, p, &want)?;
    if n.fract() != 0.0 || n < min || n > max || !n.is_finite() {
        return Err(bad(p, &want, v));
    }
    Ok(n)
}

pub fn lower_u8(v: &Value<'_>, p: &P<'_>) -> Result<u8, Bad> {
    integer(v, p, 0.0, u8::MAX as f64).map(|n| n as u8)
}
pub fn lower_u16(v: &Value<'_>, p: &P<'_>) -> Result<u16, Bad> {
    integer(v, p, 0.0, u16::MAX as f64).map(|n| n as u16)
}
pub fn lower_u32(v: &Value<'_>, p: &P<'_>) -> Result<u32, Bad> {
    integer(v, p, 0.0, u32::MAX as f64).map(|n| n as u32)
}
/// Up to `Number.MAX_SAFE_INTEGER`: a number past it is no longer the integer the program wrote.
pub fn lower_u64(v: &Value<'_>, p: &P<'_>) -> Result<u64, Bad> {
    integer(v, p, 0.0, 9007199254740991.0).map(|n| n as u64)
}
pub fn lower_s8(v: &Value<'_>, p: &P<'_>) -> Result<i8, Bad> {
    integer(v, p, i8::MIN as f64, i8::MAX as f64).map(|n| n as i8)
}
pub fn lower_s16(v: &Value<'_>, p: &P<'_>) -> Result<i16, Bad> {
    integer(v, p, i16::MIN as f64, i16::MAX as f64).map(|n| n as i16)
}
pub fn lower_s32(v: &Value<'_>, p: &P<'_>) -> Result<i32, Bad> {
    integer(v, p, i32::MIN as f64, i32::MAX as f64).map(|n| n as i32)
}
pub fn lower_s64(v: &Value<'_>, p: &P<'_>) -> Result<i64, Bad> {
    integer(v, p, -9007199254740991.0, 9007199254740991.0).map(|n| n as i64)
}
pub fn lower_f32(v: &Value<'_>, p: &P<'_>) -> Result<f32, Bad> {
    number(v, p, "a number").map(|n| n as f32)
}
pub fn lower_f64(v: &Value<'_>, p: &P<'_>) -> Result<f64, Bad> {
    number(v, p, "a number")
}

/// `undefined` and `null` are None.
pub fn lower_option<'js, T>(
    v: &Value<'js>,
    p: &P<'_>,
    inner: impl Fn(&Value<'js>, &P<'_>) -> Result<T, Bad>,
) -> Result<Option<T>, Bad> {
    if v.is_undefined() || v.is_null() {
        Ok(None)
    } else {
        inner(v, p).map(Some)
    }
}

pub fn lower_list<'js, T>(
    v: &Value<'js>,
    p: &P<'_>,
    inner: impl Fn(&Value<'js>, &P<'_>) -> Result<T, Bad>,
) -> Result<Vec<T>, Bad> {
    let array: &Array<'js> = v.as_array().ok_or_else(|| bad(p, "an array", v))?;
    // `length` read as a number: rquickjs's `Array::len` asserts it is an int, and an array of
    // 2³¹ or more elements (`new Array(2 ** 31)`, no memory behind it) panicked the guest there.
    let length: f64 = array
        .as_object()
        .get("length")
        .map_err(|e| Bad(format!("{p}'s length cannot be read: {e}")))?;
    if length > MAX_LIST_ITEMS as f64 {
        return Err(Bad(format!(
            "{p} has {length} items; at most {MAX_LIST_ITEMS} are accepted"
        )));
    }
    let length = length as usize;
    let mut out = Vec::with_capacity(length);
    for i in 0..length {
        let item: Value<'js> = array.get(i).map_err(|e| Bad(format!("{p}[{i}] cannot be read: {e}")))?;
        out.push(inner(&item, &P::Index(p, i))?);
    }
    Ok(out)
}

/// A record's object, refusing keys the record does not have (a misspelt field is never dropped
/// silently).
pub fn record<'js>(v: &Value<'js>, p: &P<'_>, type_name: &str, keys: &[&str]) -> Result<Object<'js>, Bad> {
    let o = match v.as_object() {
        Some(o) if !v.is_array() && !v.is_function() => o.clone(),
        _ => return Err(bad(p, &format!("a {type_name} object"), v)),
    };
    for key in o.keys::<String>() {
        let key = key.map_err(|e| Bad(format!("{p} has a key that cannot be read: {e}")))?;
        if !keys.contains(&key.as_str()) {
            return Err(Bad(format!(
                "{p} has no field `{key}`: a {type_name} has {}",
                keys.join(", ")
            )));
        }
    }
    Ok(o)
}

pub fn field<'js>(o: &Object<'js>, key: &str) -> Result<Value<'js>, Bad> {
    o.get(key)
        .map_err(|e| Bad(format!("field `{key}` cannot be read: {e}")))
}

/// An enum case: its WIT name as a string.
pub fn choice(v: &Value<'_>, p: &P<'_>) -> Result<String, Bad> {
    match v.as_string() {
        Some(s) => s.to_string().map_err(|_| bad(p, "a string", v)),
        None => Err(bad(p, "a string", v)),
    }
}

pub fn not_one_of(p: &P<'_>, got: &str, cases: &[&str]) -> Bad {
    let cases: Vec<String> = cases.iter().map(|c| format!("{c:?}")).collect();
    Bad(format!("{p} must be one of {}, got {got:?}", cases.join(", ")))
}

/// A variant: `"case"` for a case without payload, or `{ tag: "case", val }`.
pub fn variant<'js>(v: &Value<'js>, p: &P<'_>) -> Result<(String, Value<'js>), Bad> {
    if let Some(s) = v.as_string() {
        let tag = s.to_string().map_err(|_| bad(p, "a string", v))?;
        return Ok((tag, Value::new_undefined(v.ctx().clone())));
    }
    let o = record(v, p, "{ tag, val }", &["tag", "val"])?;
    let tag = choice(&field(&o, "tag")?, &P::Field(p, "tag"))?;
    Ok((tag, field(&o, "val")?))
}

pub fn lift_string<'js>(ctx: &Ctx<'js>, s: String) -> rquickjs::Result<Value<'js>> {
    rquickjs::String::from_str(ctx.clone(), &s).map(|s| s.into_value())
}
pub fn lift_char<'js>(ctx: &Ctx<'js>, c: char) -> rquickjs::Result<Value<'js>> {
    lift_string(ctx, c.to_string())
}
pub fn lift_bool<'js>(ctx: &Ctx<'js>, b: bool) -> rquickjs::Result<Value<'js>> {
    Ok(Value::new_bool(ctx.clone(), b))
}
pub fn lift_int<'js>(ctx: &Ctx<'js>, n: impl Into<f64>) -> rquickjs::Result<Value<'js>> {
    let n: f64 = n.into();
    Ok(if n >= i32::MIN as f64 && n <= i32::MAX as f64 {
        Value::new_int(ctx.clone(), n as i32)
    } else {
        Value::new_float(ctx.clone(), n)
    })
}
pub fn lift_u64<'js>(ctx: &Ctx<'js>, n: u64) -> rquickjs::Result<Value<'js>> {
    lift_int(ctx, n as f64)
}
pub fn lift_s64<'js>(ctx: &Ctx<'js>, n: i64) -> rquickjs::Result<Value<'js>> {
    lift_int(ctx, n as f64)
}
pub fn lift_f32<'js>(ctx: &Ctx<'js>, n: f32) -> rquickjs::Result<Value<'js>> {
    Ok(Value::new_float(ctx.clone(), n as f64))
}
pub fn lift_f64<'js>(ctx: &Ctx<'js>, n: f64) -> rquickjs::Result<Value<'js>> {
    Ok(Value::new_float(ctx.clone(), n))
}
/// None is `null`, so a printed result shows the field.
pub fn lift_option<'js, T>(
    ctx: &Ctx<'js>,
    v: Option<T>,
    inner: impl Fn(&Ctx<'js>, T) -> rquickjs::Result<Value<'js>>,
) -> rquickjs::Result<Value<'js>> {
    match v {
        Some(v) => inner(ctx, v),
        None => Ok(Value::new_null(ctx.clone())),
    }
}
pub fn lift_list<'js, T>(
    ctx: &Ctx<'js>,
    v: Vec<T>,
    inner: impl Fn(&Ctx<'js>, T) -> rquickjs::Result<Value<'js>>,
) -> rquickjs::Result<Value<'js>> {
    let array = Array::new(ctx.clone())?;
    for (i, item) in v.into_iter().enumerate() {
        array.set(i, inner(ctx, item)?)?;
    }
    Ok(array.into_value())
}
/// A variant case as `{ tag, val }` (`val` only where the case carries one).
pub fn tagged<'js>(ctx: &Ctx<'js>, tag: &str, val: Option<Value<'js>>) -> rquickjs::Result<Value<'js>> {
    let o = Object::new(ctx.clone())?;
    o.set("tag", tag)?;
    if let Some(val) = val {
        o.set("val", val)?;
    }
    Ok(o.into_value())
}
