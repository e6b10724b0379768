//! The canonical pieces the generated glue (`membrane.rs`) is assembled from: scalars, options,
//! lists, record objects, enum strings and `{ tag, val }` variants, each way. A value of the wrong
//! shape is refused here with a message naming where it sits, and never reaches the host's
//! tool: the host is told of the refused call (`feedback.refused-call`) and records it.
//! Every scalar the component model has is here whether or not today's WIT uses it, so a
//! function added to the WIT needs no hand-written glue. A hostile value (a getter or proxy trap
//! that throws, a length past 2³¹, NaN, a BigInt, a lone surrogate) is refused the same way: the
//! lowering reads every property through [`get`], never through a helper that asserts.
#![allow(dead_code)]

use std::fmt;

use rquickjs::{Array, Ctx, IntoAtom, Object, Type, Value, qjs};

/// Items a list argument may carry: gg-core's `membrane::MAX_LIST_ITEMS`, which the host enforces
/// too. Checked against the array's `length` before any item is read, so an array of length 2³²−1
/// costs nothing.
pub const MAX_LIST_ITEMS: f64 = 10_000.0;

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

/// Why a value could not be lowered.
pub enum Bad {
    /// The wrong shape: the message of the `invalid-argument` ApiError it becomes.
    Invalid(String),
    /// Reading it raised an uncatchable exception (the guest's deadline), pending again in the
    /// context: the call ends with it, so the program cannot catch its own interrupt.
    Thrown,
}

#[allow(non_snake_case)]
pub fn Bad(message: String) -> Bad {
    Bad::Invalid(message)
}

impl<'js> From<Bad> for Dispatch<'js> {
    fn from(b: Bad) -> Self {
        match b {
            Bad::Invalid(message) => Dispatch::Invalid(message),
            Bad::Thrown => Dispatch::Js(rquickjs::Error::Exception),
        }
    }
}

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

pub fn describe(v: &Value<'_>) -> String {
    if v.is_undefined() {
        "undefined".into()
    } else if v.is_null() {
        "null".into()
    } else if let Some(s) = v.as_string() {
        let s = well_formed(s);
        let short: String = s.chars().take(40).collect();
        format!("the string {short:?}{}", if short.len() < s.len() { "…" } else { "" })
    } else if let Some(n) = v.as_number() {
        // As JavaScript spells it: `NaN`, `Infinity`, never Rust's `inf`.
        match n {
            n if n.is_nan() => "the number NaN".into(),
            n if n.is_infinite() => format!("the number {}Infinity", if n < 0.0 { "-" } else { "" }),
            n => format!("the number {n}"),
        }
    } else if v.is_bool() {
        format!("{}", v.as_bool().unwrap_or_default())
    } else if v.is_array() {
        "an array".into()
    } else if v.is_function() {
        "a function".into()
    } else if v.is_object() {
        "an object".into()
    } else if v.type_of() == Type::BigInt {
        "a BigInt".into()
    } else if v.type_of() == Type::Symbol {
        "a symbol".into()
    } else {
        format!("a {}", v.type_name())
    }
}

/// Reads `key` of `o` (a getter or a proxy trap may run and throw): a throw is the program's
/// value refusing to be read, so it becomes the refusal's message; an uncatchable one (the
/// guest's deadline) is thrown again.
pub fn get<'js, K: IntoAtom<'js>>(o: &Object<'js>, key: K, p: &dyn fmt::Display) -> Result<Value<'js>, Bad> {
    o.get::<K, Value<'js>>(key).map_err(|e| caught(o.ctx(), p, e))
}

/// The exception an engine call left pending, as a refusal naming `p`.
fn caught(ctx: &Ctx<'_>, p: &dyn fmt::Display, e: rquickjs::Error) -> Bad {
    if !matches!(e, rquickjs::Error::Exception) {
        return Bad(format!("{p} cannot be read: {e}"));
    }
    let thrown = ctx.catch();
    // SAFETY: `thrown` is a live value of this context.
    if unsafe { qjs::JS_IsUncatchableError(thrown.as_raw()) } {
        let _ = ctx.throw(thrown);
        return Bad::Thrown;
    }
    Bad(format!(
        "{p} cannot be read: reading it threw {}",
        thrown_words(&thrown)
    ))
}

/// `Name: message` of a thrown error, read without running the program's code again where it
/// can be helped; any other thrown value as `describe` has it.
fn thrown_words(v: &Value<'_>) -> String {
    let Some(o) = v.as_object() else { return describe(v) };
    let text = |key: &str| {
        o.get::<_, Value>(key)
            .ok()
            .and_then(|x| x.as_string().map(well_formed))
            .unwrap_or_else(|| {
                let _ = o.ctx().catch();
                String::new()
            })
    };
    let (name, message) = (text("name"), text("message"));
    match (name.is_empty(), message.is_empty()) {
        (true, true) => describe(v),
        (false, true) => name,
        (true, false) => message,
        (false, false) => format!("{name}: {message}"),
    }
}

/// A JavaScript string as UTF-8, each lone surrogate (which UTF-8 cannot carry) replaced by U+FFFD:
/// how a logged line or an error's message crosses, so its words are kept.
pub fn well_formed(s: &rquickjs::String<'_>) -> String {
    let ctx = s.ctx();
    let mut len = 0usize;
    // SAFETY: the string is live in `ctx`; the buffer is freed below, after it is copied.
    let ptr = unsafe { qjs::JS_ToCStringLen(ctx.as_raw().as_ptr(), &mut len as *mut usize as _, s.as_raw()) };
    if ptr.is_null() {
        let _ = ctx.catch();
        return String::new();
    }
    // SAFETY: quickjs hands back `len` bytes at `ptr`.
    let bytes = unsafe { std::slice::from_raw_parts(ptr as *const u8, len) };
    let out = replace_surrogates(bytes);
    // SAFETY: `ptr` came from JS_ToCStringLen on this context.
    unsafe { qjs::JS_FreeCString(ctx.as_raw().as_ptr(), ptr) };
    out
}

/// quickjs's UTF-8 of a string keeps a lone surrogate as its three-byte form (`ED A0..BF xx`);
/// each becomes one U+FFFD, as does any other byte that is not UTF-8.
pub fn replace_surrogates(mut bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len());
    loop {
        match std::str::from_utf8(bytes) {
            Ok(s) => {
                out.push_str(s);
                return out;
            }
            Err(e) => {
                let (good, rest) = bytes.split_at(e.valid_up_to());
                // SAFETY: `valid_up_to` bytes are UTF-8.
                out.push_str(unsafe { std::str::from_utf8_unchecked(good) });
                out.push('\u{FFFD}');
                let skip = match rest {
                    [0xED, 0xA0..=0xBF, 0x80..=0xBF, ..] => 3,
                    _ => e.error_len().unwrap_or(rest.len()).max(1),
                };
                bytes = &rest[skip.min(rest.len())..];
            }
        }
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
    let o = array.as_object();
    // Not `Array::len`: it asserts the length is an int, and a length of 2³¹ or more is a float.
    let length = get(o, "length", &P::Field(p, "length"))?;
    let n = length.as_number().unwrap_or(f64::NAN);
    if !(n >= 0.0 && n.fract() == 0.0) {
        return Err(Bad(format!("{p} has a length that is not a count of items")));
    }
    if n > MAX_LIST_ITEMS {
        return Err(Bad(format!("{p} has {n} items; at most {MAX_LIST_ITEMS} are accepted")));
    }
    let n = n as u32;
    let mut out = Vec::with_capacity(n as usize);
    for i in 0..n {
        let at = P::Index(p, i as usize);
        let item = get(o, i, &at)?;
        out.push(inner(&item, &at)?);
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
        let key = key.map_err(|e| match e {
            rquickjs::Error::Exception => caught(o.ctx(), p, e),
            e => Bad(format!("{p} has a key that cannot be read: {e}")),
        })?;
        if !keys.contains(&key.as_str()) {
            return Err(Bad(format!(
                "{p} has no field `{key}`: a {type_name} has {}",
                keys.join(", ")
            )));
        }
    }
    Ok(o)
}

pub fn field<'js>(o: &Object<'js>, p: &P<'_>, key: &'static str) -> Result<Value<'js>, Bad> {
    get(o, key, &P::Field(p, key))
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
    let tag = choice(&field(&o, p, "tag")?, &P::Field(p, "tag"))?;
    Ok((tag, field(&o, p, "val")?))
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
