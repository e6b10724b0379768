//! The engine as one program finds it: a quickjs-ng runtime with its ceilings (256 KiB of JS
//! stack, the interrupt at the guest's deadline), the globals, the whole SDK evaluated, and the
//! loader that answers `gg`, `gg:<family>` and `lib:<name>` and refuses the SDK's internals; in
//! a snapshot made with library modules (`ps:<Module>`, [`preload_libraries`]), those too.

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};

use rquickjs::function::Rest;
use rquickjs::loader::{Loader, Resolver};
use rquickjs::module::Declared;
use rquickjs::prelude::Func;
use rquickjs::{Context, Ctx, Exception, Function, Module, Object, Persistent, Runtime, Value, qjs};

use crate::lowering::{Dispatch, well_formed};
use crate::membrane::{FAMILIES, OPERATIONS, SDK_MODULES};
use crate::{clock, gg, random};

/// The engine's own JS stack ceiling. It has to be reached before the 1 MiB wasm stack gg allows,
/// or the store dies with a trap. Under wasmtime 50 a JavaScript call through a getter spends up to
/// 3.2 times its JS stack in wasm stack, so 256 KiB (about 900 plain frames) keeps every shape in
/// `tests/fixtures/recursion-shapes.js` a RangeError (decision 0099).
pub const JS_STACK: usize = 256 * 1024;

const CORE: &str = include_str!("../js/core.js");
const PRELUDE: &str = include_str!("../js/prelude.js");

/// One runtime and context per instance; gg makes a fresh instance for every program.
pub struct Engine {
    /// Kept alive for the context's sake; every call goes through the context.
    #[allow(dead_code)]
    pub runtime: Runtime,
    pub context: Context,
    /// `render(value, prefix)` from the prelude.
    pub render: Persistent<Function<'static>>,
}

thread_local! {
    static ENGINE: RefCell<Option<&'static Engine>> = const { RefCell::new(None) };
    /// The code modules handed to this run, by key.
    static MODULES: RefCell<BTreeMap<String, String>> = const { RefCell::new(BTreeMap::new()) };
    /// Code modules already evaluated this run: key → the name importers link to.
    static LOADED: RefCell<BTreeMap<String, String>> = const { RefCell::new(BTreeMap::new()) };
    /// The SDK's ApiError constructor, registered by sdk:core.
    static API_ERROR: RefCell<Option<Persistent<Function<'static>>>> = const { RefCell::new(None) };
    /// The prelude's `recordProto(name, fields)`, and each record type's prototype once made.
    static RECORD_PROTO: RefCell<Option<Persistent<Function<'static>>>> = const { RefCell::new(None) };
    static RECORD_PROTOS: RefCell<Vec<Option<Persistent<Object<'static>>>>> = const { RefCell::new(Vec::new()) };
    /// Library modules handed to the pre-initialisation, by name, while they are evaluated.
    static PRELOAD: RefCell<BTreeMap<String, String>> = const { RefCell::new(BTreeMap::new()) };
    /// The library modules the snapshot holds evaluated (`ps:<Module>`): a program links to them.
    static PRELOADED: RefCell<BTreeSet<String>> = const { RefCell::new(BTreeSet::new()) };
    /// Rejections nothing has handled yet: (promise, reason).
    pub static REJECTIONS: RefCell<Vec<(Persistent<Value<'static>>, Persistent<Value<'static>>)>> = const { RefCell::new(Vec::new()) };
}

/// The engine, made on first use.
pub fn engine() -> &'static Engine {
    if let Some(e) = ENGINE.with(|e| *e.borrow()) {
        return e;
    }
    let e: &'static Engine =
        Box::leak(Box::new(Engine::new().unwrap_or_else(|e| {
            fatal(&format!("the ECMAScript engine failed to start: {e}"))
        })));
    ENGINE.with(|slot| *slot.borrow_mut() = Some(e));
    e
}

/// The guest cannot go on (gg's own defect): say so on stderr and trap.
pub fn fatal(message: &str) -> ! {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "gg's ECMAScript guest: {message}");
    let _ = std::io::stderr().flush();
    core::arch::wasm32::unreachable()
}

unsafe extern "C" {
    /// wasi-libc's: drops the environment it read, so the next `getenv` reads WASI's again.
    fn __wasilibc_deinitialize_environ();
}

/// Forgets what the process read from WASI while the engine was made, so a snapshot taken now
/// keeps none of it: the environment (each run reads `GG_SANDBOX_DEADLINE_MS` afresh, `clock`).
pub fn forget_process_state() {
    // SAFETY: no reference into the environment is held; wasi-libc re-reads it on the next getenv.
    unsafe { __wasilibc_deinitialize_environ() };
}

/// Reads library modules from stdin, as `name NUL source NUL` records, and evaluates every one
/// of them, so the snapshot taken after holds them evaluated and a program imports them by name
/// (`ps:Data.Map`) without parsing them again. Nothing on stdin (the build's own snapshot): none.
/// A library that fails to evaluate is the PureScript guest's defect: the snapshot fails, saying so.
pub fn preload_libraries() {
    use std::io::Read;
    let mut input = Vec::new();
    if std::io::stdin().read_to_end(&mut input).is_err() || input.is_empty() {
        return;
    }
    let text = String::from_utf8(input).unwrap_or_else(|_| fatal("the library modules are not UTF-8"));
    let mut fields = text.split('\0');
    let mut names = Vec::new();
    let mut table = BTreeMap::new();
    while let (Some(name), Some(source)) = (fields.next(), fields.next()) {
        if !name.starts_with("ps:") {
            fatal(&format!("library module `{name}` is not named `ps:<Module>`"));
        }
        names.push(name.to_owned());
        table.insert(name.to_owned(), source.to_owned());
    }
    PRELOAD.with(|p| *p.borrow_mut() = table);
    let importer: String = names.iter().map(|n| format!("import {n:?};\n")).collect();
    let engine = engine();
    engine.context.with(|ctx| {
        let failed = match Module::declare(ctx.clone(), "sdk:preload", importer).and_then(|m| m.eval()) {
            Ok((_, promise)) => {
                while ctx.execute_pending_job() {}
                match promise.result::<Value>() {
                    Some(Err(e)) => Some(describe(&ctx, e)),
                    _ => None,
                }
            }
            Err(e) => Some(describe(&ctx, e)),
        };
        if let Some(why) = failed {
            fatal(&format!("the library modules failed to evaluate: {why}"));
        }
    });
    // The sources are parsed: the snapshot keeps the evaluated modules, not their text.
    PRELOAD.with(|p| p.borrow_mut().clear());
    PRELOADED.with(|p| *p.borrow_mut() = names.into_iter().collect());
    engine.runtime.run_gc();
    // The collector's next run as the engine would set it after a run of its own (half as much
    // again as is held now): the threshold the loading left would have a program's first
    // allocations collect the whole library heap, every page of the snapshot touched (~2 ms).
    let held = usize::try_from(engine.runtime.memory_usage().malloc_size).unwrap_or(0);
    engine.runtime.set_gc_threshold(held + held / 2);
}

pub fn set_modules(modules: Vec<gg::sandbox::types::CodeModule>) {
    MODULES.with(|m| *m.borrow_mut() = modules.into_iter().map(|m| (m.key, m.source)).collect());
}

impl Engine {
    fn new() -> rquickjs::Result<Self> {
        let runtime = Runtime::new()?;
        runtime.set_max_stack_size(JS_STACK);
        runtime.set_interrupt_handler(Some(Box::new(clock::should_interrupt)));
        runtime.set_host_promise_rejection_tracker(Some(Box::new(track_rejection)));
        runtime.set_loader(SdkResolver, SdkLoader);
        let context = Context::full(&runtime)?;
        let render = context.with(|ctx| -> rquickjs::Result<_> {
            let native = natives(&ctx)?;
            ctx.globals().set("__ggNative", native.clone())?;
            let prelude: Function = ctx
                .eval_with_options(PRELUDE, script_options("sdk:prelude"))
                .map_err(|e| caught(&ctx, e, "the prelude"))?;
            let render: Function = prelude.call((native,)).map_err(|e| caught(&ctx, e, "the prelude"))?;
            // Every SDK module evaluated now: one instance of each for the whole run, so the
            // program's `gg:files` is the SDK's own and `instanceof ApiError` holds.
            let (_, promise) = Module::declare(ctx.clone(), "sdk:init", "import \"sdk:gg\";")
                .and_then(|m| m.eval())
                .map_err(|e| caught(&ctx, e, "the SDK"))?;
            while ctx.execute_pending_job() {}
            if let Some(Err(e)) = promise.result::<Value>() {
                fatal(&format!("the SDK failed to load: {}", describe(&ctx, e)));
            }
            ctx.globals().remove("__ggNative")?;
            Ok(Persistent::save(&ctx, render))
        })?;
        Ok(Self {
            runtime,
            context,
            render,
        })
    }
}

fn script_options(filename: &str) -> rquickjs::context::EvalOptions {
    let mut options = rquickjs::context::EvalOptions::default();
    options.global = true;
    options.strict = false;
    options.filename = Some(filename.to_owned());
    options
}

fn describe(ctx: &Ctx<'_>, e: rquickjs::Error) -> String {
    match e {
        rquickjs::Error::Exception => {
            let v = ctx.catch();
            v.as_object()
                .and_then(|o| {
                    let text = |key: &str| o.get::<_, rquickjs::String>(key).ok().map(|s| well_formed(&s));
                    text("stack").map(|s| format!("{} {s}", text("message").unwrap_or_default()))
                })
                .unwrap_or_else(|| format!("{v:?}"))
        }
        e => e.to_string(),
    }
}

fn caught(ctx: &Ctx<'_>, e: rquickjs::Error, what: &str) -> rquickjs::Error {
    fatal(&format!("{what} failed: {}", describe(ctx, e)))
}

/// The native helpers the prelude and sdk:core capture; removed from the global object after.
fn natives<'js>(ctx: &Ctx<'js>) -> rquickjs::Result<Object<'js>> {
    let n = Object::new(ctx.clone())?;
    n.set("call", Function::new(ctx.clone(), call)?.with_name("call")?)?;
    n.set(
        "setApiError",
        Func::from(|ctx: Ctx<'js>, f: Function<'js>| {
            API_ERROR.with(|slot| *slot.borrow_mut() = Some(Persistent::save(&ctx, f)));
        }),
    )?;
    n.set(
        "setRecordProto",
        Func::from(|ctx: Ctx<'js>, f: Function<'js>| {
            RECORD_PROTO.with(|slot| *slot.borrow_mut() = Some(Persistent::save(&ctx, f)));
        }),
    )?;
    // A lone surrogate (which UTF-8 cannot carry) is logged as U+FFFD rather than refused.
    n.set(
        "log",
        Func::from(|line: rquickjs::String<'js>| gg::sandbox::feedback::log(&well_formed(&line))),
    )?;
    n.set("random", Func::from(random::next_f64))?;
    n.set("randomU32", Func::from(random::next_u32))?;
    n.set("now", Func::from(clock::now_ms))?;
    n.set("timeOrigin", Func::from(clock::origin_ms))?;
    Ok(n)
}

/// `native(index, ...args)`: one membrane call; a refusal or failure is thrown as an ApiError.
fn call<'js>(ctx: Ctx<'js>, index: u32, args: Rest<Value<'js>>) -> rquickjs::Result<Value<'js>> {
    let operation = OPERATIONS.get(index as usize).copied().unwrap_or("unknown");
    let error = match crate::membrane::dispatch(&ctx, index, &args.0) {
        Dispatch::Ok(v) => return Ok(v),
        Dispatch::Js(e) => return Err(e),
        Dispatch::Failed(e) => crate::membrane::lift_api_error(&ctx, e)?,
        Dispatch::Invalid(message) => {
            // Refused before it crossed, so the host is told: the call is in the record like
            // one the host refused.
            let arguments = json_strings(args.0.iter().map(crate::lowering::describe));
            clock::membrane(|| gg::sandbox::feedback::refused_call(operation, &arguments, &message));
            let o = Object::new(ctx.clone())?;
            o.set("code", "invalid-argument")?;
            o.set("operation", operation)?;
            o.set("message", message)?;
            o.into_value()
        }
    };
    let ctor = API_ERROR
        .with(|slot| slot.borrow().clone())
        .ok_or_else(|| Exception::throw_internal(&ctx, "the SDK's ApiError is not registered"))?
        .restore(&ctx)?;
    let ctor = rquickjs::function::Constructor::from_value(ctor.into_value())?;
    let thrown: Value = ctor.construct((error,))?;
    Err(ctx.throw(thrown))
}

/// A JSON array of `items`, each a JSON string.
fn json_strings(items: impl Iterator<Item = String>) -> String {
    let mut out = String::from("[");
    for (i, item) in items.enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push('"');
        for c in item.chars() {
            match c {
                '"' => out.push_str("\\\""),
                '\\' => out.push_str("\\\\"),
                c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
                c => out.push(c),
            }
        }
        out.push('"');
    }
    out.push(']');
    out
}

fn track_rejection<'js>(ctx: Ctx<'js>, promise: Value<'js>, reason: Value<'js>, handled: bool) {
    REJECTIONS.with(|r| {
        let mut r = r.borrow_mut();
        if handled {
            r.retain(|(p, _)| p.clone().restore(&ctx).map(|p| p != promise).unwrap_or(true));
        } else {
            r.push((Persistent::save(&ctx, promise), Persistent::save(&ctx, reason)));
        }
    });
}

thread_local! {
    /// The text [`declare`] hands its load function.
    static DECLARING: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// `Module::declare`, but with the text's length handed to the engine: rquickjs makes a C string
/// of it, and a NUL inside a string literal (legal ECMAScript) failed the program unlocated. The
/// engine reads exactly `len` bytes, so a NUL is a character like any other and a stray one is
/// the parser's located syntax error.
pub fn declare<'js>(ctx: &Ctx<'js>, name: &str, source: &str) -> rquickjs::Result<Module<'js, Declared>> {
    let mut bytes = Vec::with_capacity(source.len() + 1);
    bytes.extend_from_slice(source.as_bytes());
    bytes.push(0); // JS_Eval reads a terminator past the length.
    DECLARING.with(|d| *d.borrow_mut() = bytes);
    // A module name never carries a NUL: names are `program.js`, `lib:<key>`, `sdk:<family>`.
    // SAFETY: `compile_declared` returns a module compiled in this context, or null with the
    // exception pending.
    unsafe { Module::from_load_fn(ctx.clone(), name.replace('\0', ""), compile_declared) }
}

unsafe extern "C" fn compile_declared(
    ctx: *mut qjs::JSContext,
    name: *const std::ffi::c_char,
) -> *mut qjs::JSModuleDef {
    // Taken, not borrowed: compiling a module reaches the loader, which declares the code
    // modules it imports the same way.
    let text = DECLARING.with(|d| std::mem::take(&mut *d.borrow_mut()));
    let flags = qjs::JS_EVAL_TYPE_MODULE | qjs::JS_EVAL_FLAG_STRICT | qjs::JS_EVAL_FLAG_COMPILE_ONLY;
    // SAFETY: `text` ends with the NUL JS_Eval reads past `len`; `name` is a C string; the module
    // value's reference passes to the returned pointer, as in `Module::declare`.
    unsafe {
        let value = qjs::JS_Eval(ctx, text.as_ptr().cast(), (text.len() - 1) as _, name, flags as i32);
        if qjs::JS_VALUE_GET_TAG(value) == qjs::JS_TAG_MODULE {
            qjs::JS_VALUE_GET_PTR(value).cast()
        } else {
            // An exception: left pending for `from_load_fn` to report.
            std::ptr::null_mut()
        }
    }
}

/// Answers every specifier a program or the SDK writes.
struct SdkResolver;

impl Resolver for SdkResolver {
    fn resolve<'js>(
        &mut self,
        ctx: &Ctx<'js>,
        base: &str,
        name: &str,
        _: Option<rquickjs::loader::ImportAttributes<'js>>,
    ) -> rquickjs::Result<String> {
        let families = || {
            FAMILIES
                .iter()
                .map(|f| format!("gg:{f}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        if name == "gg" {
            return Ok("sdk:gg".into());
        }
        if let Some(family) = name.strip_prefix("gg:") {
            if FAMILIES.contains(&family) {
                return Ok(format!("sdk:{family}"));
            }
            return Err(Exception::throw_message(
                ctx,
                &format!(
                    "cannot import `{name}`: gg has no family `{family}`; the families are {}",
                    families()
                ),
            ));
        }
        if let Some(key) = name.strip_prefix("lib:") {
            let known = MODULES.with(|m| m.borrow().contains_key(key));
            if known {
                return Ok(load_code_module(ctx, key));
            }
            return MODULES.with(|m| {
                let m = m.borrow();
                {
                    let loaded: Vec<String> = m.keys().map(|k| format!("lib:{k}")).collect();
                    let loaded = if loaded.is_empty() {
                        "none is loaded this turn".to_owned()
                    } else {
                        format!("loaded this turn: {}", loaded.join(", "))
                    };
                    Err(Exception::throw_message(
                        ctx,
                        &format!("cannot import `{name}`: no code module `{key}` ({loaded})"),
                    ))
                }
            });
        }
        if name.starts_with("ps:") {
            let known =
                PRELOADED.with(|p| p.borrow().contains(name)) || PRELOAD.with(|p| p.borrow().contains_key(name));
            if known {
                return Ok(name.to_owned());
            }
            return Err(Exception::throw_message(
                ctx,
                &format!("cannot import `{name}`: no library module of that name is in this guest"),
            ));
        }
        if name.starts_with("sdk:") {
            if base.starts_with("sdk:") {
                return Ok(name.to_owned());
            }
            let instead = match name.strip_prefix("sdk:") {
                Some(f) if FAMILIES.contains(&f) => format!("gg:{f}"),
                _ => "gg".to_owned(),
            };
            return Err(Exception::throw_message(
                ctx,
                &format!("cannot import `{name}`: it is internal to gg's SDK; write `{instead}` instead"),
            ));
        }
        Err(Exception::throw_message(
            ctx,
            &format!(
                "cannot import `{name}`: a program imports `gg`, `gg:<family>` ({}) or `lib:<name>` for a loaded code module",
                families()
            ),
        ))
    }
}

/// Evaluates code module `key` the first time a program imports it, and answers the name its
/// importers link to: `lib:<key>`, or, when its body raised, an empty module in its place, the
/// failure reported with `feedback.report-module-error` and the program carrying on.
fn load_code_module(ctx: &Ctx<'_>, key: &str) -> String {
    if let Some(name) = LOADED.with(|l| l.borrow().get(key).cloned()) {
        return name;
    }
    let name = format!("lib:{key}");
    let source = MODULES.with(|m| m.borrow().get(key).cloned()).unwrap_or_default();
    let failed = match declare(ctx, &name, &source).and_then(|m| m.eval()) {
        Ok((_, promise)) => {
            while ctx.execute_pending_job() {}
            let failed = match promise.result::<Value>() {
                Some(Err(_)) => Some(ctx.catch()),
                _ => None,
            };
            // Its evaluation's own promise is this failure, not an unhandled rejection.
            crate::program::forget_rejection(ctx, &promise.into_value());
            failed
        }
        Err(_) => Some(ctx.catch()),
    };
    let answer = match failed {
        None => name,
        Some(value) => {
            let message = crate::program::rendering(ctx, &value);
            gg::sandbox::feedback::report_module_error(key, &message);
            format!("lib-empty:{key}")
        }
    };
    LOADED.with(|l| l.borrow_mut().insert(key.to_owned(), answer.clone()));
    answer
}

/// Declares the module a resolved name stands for.
struct SdkLoader;

impl Loader for SdkLoader {
    fn load<'js>(
        &mut self,
        ctx: &Ctx<'js>,
        name: &str,
        _: Option<rquickjs::loader::ImportAttributes<'js>>,
    ) -> rquickjs::Result<Module<'js, Declared>> {
        if name == "sdk:core" {
            return Module::declare(ctx.clone(), name, CORE);
        }
        if let Some((_, source)) = SDK_MODULES.iter().find(|(n, _)| *n == name) {
            return Module::declare(ctx.clone(), name, *source);
        }
        if name.starts_with("lib-empty:") {
            return Module::declare(ctx.clone(), name, "export {};");
        }
        if let Some(source) = PRELOAD.with(|p| p.borrow().get(name).cloned()) {
            return declare(ctx, name, &source);
        }
        if let Some(key) = name.strip_prefix("lib:") {
            let source = MODULES.with(|m| m.borrow().get(key).cloned());
            if let Some(source) = source {
                return declare(ctx, name, &source);
            }
        }
        Err(Exception::throw_message(ctx, &format!("cannot load `{name}`")))
    }
}

/// A new object for a record of type number `index` (`name`, with `fields`): its prototype, made
/// once per type by the prelude, throws for a field the record lacks, naming the ones it has.
pub fn record_object<'js>(ctx: &Ctx<'js>, index: usize, name: &str, fields: &[&str]) -> rquickjs::Result<Object<'js>> {
    let o = Object::new(ctx.clone())?;
    let cached = RECORD_PROTOS.with(|protos| protos.borrow().get(index).cloned().flatten());
    let proto = match cached {
        Some(p) => p.restore(ctx)?,
        None => {
            let Some(make) = RECORD_PROTO.with(|f| f.borrow().clone()) else {
                return Ok(o);
            };
            let proto: Object<'js> = make.restore(ctx)?.call((name, fields.to_vec()))?;
            RECORD_PROTOS.with(|protos| {
                let mut protos = protos.borrow_mut();
                if protos.len() <= index {
                    protos.resize(index + 1, None);
                }
                protos[index] = Some(Persistent::save(ctx, proto.clone()));
            });
            proto
        }
    };
    o.set_prototype(Some(&proto))?;
    Ok(o)
}
