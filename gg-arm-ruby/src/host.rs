//! The Ruby guest's host side: ruby.wasm's `rb-js-abi-host` imports (the JavaScript bridge behind
//! `require "js"`, old wit-bindgen ABI) answered by a small value table, with `JS.eval` of a
//! request line as the SDK's one channel to [`StoreState::wire_call`]; and the per-program entry
//! (`ruby-init`, the SDK prelude, then `Gg.__main`, through `rb-eval-string-protect`; or the VM
//! restored from its snapshot, `snapshot.rs`).

use gg_core::program::store::{GuestReach, StoreState};
use gg_core::wasmtime::{self, Caller, Extern, Instance, Linker, Store};
use gg_core::wire::{ErrorKind, Location, ProgramError};
use gg_core::{CoreModuleHost, ProgramInput, Specialised, StackExhausted};

use crate::snapshot::{self, Snapshot};

/// Facts of the guest's stacks, from build.rs (`build/guest.rs`).
mod stack {
    include!(concat!(env!("OUT_DIR"), "/ruby.stack.rs"));
}

/// The SDK prelude: `guest/runtime.rb` and the generated families (build.rs).
pub(crate) const PRELUDE: &str = include_str!(concat!(env!("OUT_DIR"), "/gg.rb"));

/// `ruby-init`'s arguments: without RubyGems (38 ms instead of 243 ms, arms.md; the bundled gems'
/// directories are put on `$LOAD_PATH` by the prelude instead), UTF-8 as the external encoding.
pub(crate) const INIT_ARGS: [&str; 4] = ["ruby", "--disable-gems", "-EUTF-8", "-e_=0"];

/// What a `JS.eval` text starts with when it is the SDK's request rather than JavaScript.
const CHANNEL: &str = "\u{1}gg\n";
/// What every JavaScript request that is not the SDK's gets back, as a Ruby `JS::Error`.
const NO_JS: &str = "gg's Ruby guest has no JavaScript engine: `require \"js\"` reaches only gg's own SDK";

const ABI: &str = "rb-js-abi-host";
const CANON: &str = "canonical_abi";

/// A JavaScript value as the guest's handles name it: only what the SDK and `js.rb`'s constants need.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum JsValue {
    Undefined,
    Null,
    Bool(bool),
    Number(f64),
    Str(String),
    Global,
    /// A Ruby object handed out (`rb-object-to-js-rb-value`), by its raw value.
    Ruby(u32),
}

impl JsValue {
    fn text(&self) -> String {
        match self {
            Self::Undefined => "undefined".into(),
            Self::Null => "null".into(),
            Self::Bool(b) => b.to_string(),
            Self::Number(n) if n.fract() == 0.0 && n.abs() < 1e21 => format!("{}", *n as i64),
            Self::Number(n) => n.to_string(),
            Self::Str(s) => s.clone(),
            Self::Global => "[object global]".into(),
            Self::Ruby(_) => "[object RbValue]".into(),
        }
    }

    fn type_of(&self) -> &'static str {
        match self {
            Self::Undefined => "undefined",
            Self::Null | Self::Global | Self::Ruby(_) => "object",
            Self::Bool(_) => "boolean",
            Self::Number(_) => "number",
            Self::Str(_) => "string",
        }
    }
}

/// One program's state on the host side: its text, its code modules, and the handle tables.
#[derive(Debug, Default)]
pub(crate) struct RubyState {
    program: String,
    modules: String,
    js: Slab<JsValue>,
    rb: Slab<i32>,
    exported: Option<JsValue>,
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Slab<T> {
    pub(crate) items: Vec<Option<T>>,
    pub(crate) free: Vec<usize>,
}

impl<T> Default for Slab<T> {
    fn default() -> Self {
        Self {
            items: Vec::new(),
            free: Vec::new(),
        }
    }
}

impl<T: Clone> Slab<T> {
    pub(crate) fn insert(&mut self, v: T) -> i32 {
        if let Some(i) = self.free.pop() {
            self.items[i] = Some(v);
            return i as i32;
        }
        self.items.push(Some(v));
        (self.items.len() - 1) as i32
    }
    fn get(&self, h: i32) -> Option<T> {
        self.items.get(h as usize).and_then(Clone::clone)
    }
    pub(crate) fn remove(&mut self, h: i32) {
        if let Some(slot) = self.items.get_mut(h as usize)
            && slot.take().is_some()
        {
            self.free.push(h as usize);
        }
    }
}

type C<'a> = Caller<'a, StoreState>;

fn state<'a>(caller: &'a mut C<'_>) -> &'a mut RubyState {
    if caller.data_mut().arm_data::<RubyState>().is_none() {
        caller.data_mut().set_arm_data(RubyState::default());
    }
    caller.data_mut().arm_data::<RubyState>().expect("set just now")
}

fn value(caller: &mut C<'_>, h: i32) -> JsValue {
    state(caller).js.get(h).unwrap_or(JsValue::Undefined)
}

fn insert(caller: &mut C<'_>, v: JsValue) -> i32 {
    state(caller).js.insert(v)
}

fn memory(caller: &mut C<'_>) -> wasmtime::Result<wasmtime::Memory> {
    match caller.get_export("memory") {
        Some(Extern::Memory(m)) => Ok(m),
        _ => Err(wasmtime::Error::msg("the Ruby guest exports no memory")),
    }
}

fn read_str(caller: &mut C<'_>, ptr: i32, len: i32) -> wasmtime::Result<String> {
    let mem = memory(caller)?;
    let mut buf = vec![0u8; len.max(0) as usize];
    mem.read(&*caller, ptr as u32 as usize, &mut buf)?;
    Ok(String::from_utf8_lossy(&buf).into_owned())
}

fn write(caller: &mut C<'_>, at: i32, bytes: &[u8]) -> wasmtime::Result<()> {
    let mem = memory(caller)?;
    mem.write(&mut *caller, at as u32 as usize, bytes)?;
    Ok(())
}

/// Copies `text` into memory the guest allocates (`cabi_realloc`) and stores `(ptr, len)` at `ret`.
fn return_str(caller: &mut C<'_>, ret: i32, text: &str) -> wasmtime::Result<()> {
    let realloc = match caller.get_export("cabi_realloc") {
        Some(Extern::Func(f)) => f.typed::<(i32, i32, i32, i32), i32>(&*caller)?,
        _ => return Err(wasmtime::Error::msg("the Ruby guest exports no cabi_realloc")),
    };
    let len = text.len() as i32;
    let ptr = realloc.call(&mut *caller, (0, 0, 1, len))?;
    write(caller, ptr, text.as_bytes())?;
    write(caller, ret, &ptr.to_le_bytes())?;
    write(caller, ret + 4, &len.to_le_bytes())
}

/// Stores a `variant { success(handle), failure(handle) }` at `ret`.
fn return_variant(caller: &mut C<'_>, ret: i32, ok: bool, v: JsValue) -> wasmtime::Result<()> {
    let h = insert(caller, v);
    write(caller, ret, &[u8::from(!ok)])?;
    write(caller, ret + 4, &h.to_le_bytes())
}

/// Answers one `JS.eval`: the SDK's requests, the constants `js.rb` defines, and nothing else.
fn eval(caller: &mut C<'_>, code: &str) -> (bool, JsValue) {
    if let Some(request) = code.strip_prefix(CHANNEL) {
        let (verb, rest) = request.split_once('\n').unwrap_or((request, ""));
        let st = state(caller);
        return match verb {
            "program" => (true, JsValue::Str(st.program.clone())),
            "modules" => (true, JsValue::Str(st.modules.clone())),
            "syntax" => {
                let error = syntax_error(rest);
                caller.data_mut().report_syntax_error(error);
                (true, JsValue::Null)
            }
            "call" => {
                let (op, args) = rest.split_once('\n').unwrap_or((rest, "{}"));
                let reply = caller.data_mut().wire_call(op, args.as_bytes());
                (true, JsValue::Str(String::from_utf8_lossy(&reply).into_owned()))
            }
            _ => (false, JsValue::Str(format!("unknown gg request {verb:?}"))),
        };
    }
    match code.trim().trim_end_matches(';') {
        "return undefined" => (true, JsValue::Undefined),
        "return null" => (true, JsValue::Null),
        "return true" => (true, JsValue::Bool(true)),
        "return false" => (true, JsValue::Bool(false)),
        _ => (false, JsValue::Str(NO_JS.into())),
    }
}

/// The program's `SyntaxError` as the runtime reports it (`{"message": …, "location": {…}}`): the
/// SDK's report, so text it cannot be is still the program's error, in words that say so.
fn syntax_error(json: &str) -> ProgramError {
    let v: serde_json::Value = serde_json::from_str(json).unwrap_or_default();
    let message = v["message"]
        .as_str()
        .unwrap_or("the program does not parse (SyntaxError)")
        .to_owned();
    let at = &v["location"];
    let location = at["line"].as_u64().map(|line| Location {
        file: at["file"].as_str().unwrap_or("program.rb").to_owned(),
        line: line as u32,
        column: at["column"].as_u64().unwrap_or(1) as u32,
    });
    ProgramError {
        kind: ErrorKind::Other,
        code: None,
        message,
        location,
    }
}

/// A trap the guest's own stacks explain, read from the instance after it: Asyncify's buffer
/// overflowed (its `top` past its `end`: CRuby saves the whole wasm call stack into it to raise,
/// to catch and to scan for garbage, and traps with `unreachable` once the stack outgrows it), or
/// the shadow stack pointer left its region below [`stack::STACK_TOP`] (it wraps past zero).
fn stack_exhausted(store: &mut Store<StoreState>, instance: &Instance, err: wasmtime::Error) -> wasmtime::Error {
    let Some(trap) = err.downcast_ref::<wasmtime::Trap>().copied() else {
        return err;
    };
    if !matches!(
        trap,
        wasmtime::Trap::UnreachableCodeReached | wasmtime::Trap::MemoryOutOfBounds
    ) {
        return err;
    }
    let global = |store: &mut Store<StoreState>, name: &str| {
        instance
            .get_global(&mut *store, name)
            .and_then(|g| g.get(&mut *store).i32())
            .map(|v| v as u32)
    };
    if let Some(sp) = global(store, stack::STACK_POINTER)
        && sp > stack::STACK_TOP
    {
        return StackExhausted {
            stack: format!(
                "the Ruby VM's {} MiB machine stack ran out (its pointer wrapped past the bottom)",
                stack::STACK_TOP >> 20
            ),
        }
        .into();
    }
    if let (Some(data), Some(memory)) = (
        global(store, stack::ASYNCIFY_DATA),
        instance.get_memory(&mut *store, "memory"),
    ) {
        let mut pair = [0u8; 8];
        if data != 0 && memory.read(&*store, data as usize, &mut pair).is_ok() {
            let top = u32::from_le_bytes(pair[..4].try_into().expect("4 bytes"));
            let end = u32::from_le_bytes(pair[4..].try_into().expect("4 bytes"));
            if top > end {
                return StackExhausted {
                    stack: "the call stack grew deeper than the Ruby VM can save (it saves the whole wasm \
                            call stack to raise an exception or to collect garbage)"
                        .into(),
                }
                .into();
            }
        }
    }
    err
}

/// The Ruby guest's host: its imports and its per-program entry.
#[derive(Debug, Default)]
pub(crate) struct RubyHost;

impl CoreModuleHost for RubyHost {
    fn link(&self, l: &mut Linker<StoreState>) -> wasmtime::Result<()> {
        l.func_wrap(
            ABI,
            "eval-js: func(code: string) -> variant { success(handle<js-abi-value>), failure(handle<js-abi-value>) }",
            |mut c: C<'_>, ptr: i32, len: i32, ret: i32| -> wasmtime::Result<()> {
                let code = read_str(&mut c, ptr, len)?;
                let (ok, v) = eval(&mut c, &code);
                return_variant(&mut c, ret, ok, v)
            },
        )?;
        l.func_wrap(
            ABI,
            "is-js: func(value: handle<js-abi-value>) -> bool",
            |mut c: C<'_>, h: i32| i32::from(!matches!(value(&mut c, h), JsValue::Ruby(_))),
        )?;
        l.func_wrap(
            ABI,
            "instance-of: func(value: handle<js-abi-value>, klass: handle<js-abi-value>) -> bool",
            |_: C<'_>, _: i32, _: i32| 0i32,
        )?;
        l.func_wrap(ABI, "global-this: func() -> handle<js-abi-value>", |mut c: C<'_>| {
            insert(&mut c, JsValue::Global)
        })?;
        l.func_wrap(
            ABI,
            "int-to-js-number: func(value: s32) -> handle<js-abi-value>",
            |mut c: C<'_>, v: i32| insert(&mut c, JsValue::Number(f64::from(v))),
        )?;
        l.func_wrap(
            ABI,
            "float-to-js-number: func(value: float64) -> handle<js-abi-value>",
            |mut c: C<'_>, v: f64| insert(&mut c, JsValue::Number(v)),
        )?;
        l.func_wrap(
            ABI,
            "string-to-js-string: func(value: string) -> handle<js-abi-value>",
            |mut c: C<'_>, ptr: i32, len: i32| -> wasmtime::Result<i32> {
                let s = read_str(&mut c, ptr, len)?;
                Ok(insert(&mut c, JsValue::Str(s)))
            },
        )?;
        l.func_wrap(
            ABI,
            "bool-to-js-bool: func(value: bool) -> handle<js-abi-value>",
            |mut c: C<'_>, v: i32| insert(&mut c, JsValue::Bool(v != 0)),
        )?;
        l.func_wrap(
            ABI,
            "proc-to-js-function: func(value: u32) -> handle<js-abi-value>",
            |mut c: C<'_>, v: i32| insert(&mut c, JsValue::Ruby(v as u32)),
        )?;
        l.func_wrap(
            ABI,
            "rb-object-to-js-rb-value: func(raw-rb-abi-value: u32) -> handle<js-abi-value>",
            |mut c: C<'_>, v: i32| insert(&mut c, JsValue::Ruby(v as u32)),
        )?;
        l.func_wrap(
            ABI,
            "js-value-to-string: func(value: handle<js-abi-value>) -> string",
            |mut c: C<'_>, h: i32, ret: i32| -> wasmtime::Result<()> {
                let text = value(&mut c, h).text();
                return_str(&mut c, ret, &text)
            },
        )?;
        l.func_wrap(
            ABI,
            "js-value-to-integer: func(value: handle<js-abi-value>) -> variant { as-float(float64), bignum(string) }",
            |mut c: C<'_>, h: i32, ret: i32| -> wasmtime::Result<()> {
                let n = match value(&mut c, h) {
                    JsValue::Number(n) => n,
                    JsValue::Bool(b) => f64::from(u8::from(b)),
                    JsValue::Str(s) => s.trim().parse().unwrap_or(f64::NAN),
                    _ => 0.0,
                };
                write(&mut c, ret, &[0])?;
                write(&mut c, ret + 8, &n.to_le_bytes())
            },
        )?;
        l.func_wrap(
            ABI,
            "export-js-value-to-host: func(value: handle<js-abi-value>) -> ()",
            |mut c: C<'_>, h: i32| {
                let v = value(&mut c, h);
                state(&mut c).exported = Some(v);
            },
        )?;
        l.func_wrap(
            ABI,
            "import-js-value-from-host: func() -> handle<js-abi-value>",
            |mut c: C<'_>| {
                let v = state(&mut c).exported.take().unwrap_or(JsValue::Undefined);
                insert(&mut c, v)
            },
        )?;
        l.func_wrap(
            ABI,
            "js-value-typeof: func(value: handle<js-abi-value>) -> string",
            |mut c: C<'_>, h: i32, ret: i32| -> wasmtime::Result<()> {
                let t = value(&mut c, h).type_of();
                return_str(&mut c, ret, t)
            },
        )?;
        for name in [
            "js-value-equal: func(lhs: handle<js-abi-value>, rhs: handle<js-abi-value>) -> bool",
            "js-value-strictly-equal: func(lhs: handle<js-abi-value>, rhs: handle<js-abi-value>) -> bool",
        ] {
            l.func_wrap(ABI, name, |mut c: C<'_>, a: i32, b: i32| {
                i32::from(value(&mut c, a) == value(&mut c, b))
            })?;
        }
        l.func_wrap(
            ABI,
            "reflect-apply: func(target: handle<js-abi-value>, this-argument: handle<js-abi-value>, arguments: list<handle<js-abi-value>>) -> variant { success(handle<js-abi-value>), failure(handle<js-abi-value>) }",
            |mut c: C<'_>, _: i32, _: i32, _: i32, _: i32, ret: i32| {
                return_variant(&mut c, ret, false, JsValue::Str(NO_JS.into()))
            },
        )?;
        l.func_wrap(
            ABI,
            "reflect-construct: func(target: handle<js-abi-value>, arguments: list<handle<js-abi-value>>) -> handle<js-abi-value>",
            |mut c: C<'_>, _: i32, _: i32, _: i32| insert(&mut c, JsValue::Undefined),
        )?;
        l.func_wrap(
            ABI,
            "reflect-delete-property: func(target: handle<js-abi-value>, property-key: string) -> bool",
            |_: C<'_>, _: i32, _: i32, _: i32| 0i32,
        )?;
        l.func_wrap(
            ABI,
            "reflect-get: func(target: handle<js-abi-value>, property-key: string) -> variant { success(handle<js-abi-value>), failure(handle<js-abi-value>) }",
            |mut c: C<'_>, _: i32, _: i32, _: i32, ret: i32| {
                return_variant(&mut c, ret, false, JsValue::Str(NO_JS.into()))
            },
        )?;
        l.func_wrap(
            ABI,
            "reflect-get-own-property-descriptor: func(target: handle<js-abi-value>, property-key: string) -> handle<js-abi-value>",
            |mut c: C<'_>, _: i32, _: i32, _: i32| insert(&mut c, JsValue::Undefined),
        )?;
        l.func_wrap(
            ABI,
            "reflect-get-prototype-of: func(target: handle<js-abi-value>) -> handle<js-abi-value>",
            |mut c: C<'_>, _: i32| insert(&mut c, JsValue::Null),
        )?;
        l.func_wrap(
            ABI,
            "reflect-has: func(target: handle<js-abi-value>, property-key: string) -> bool",
            |_: C<'_>, _: i32, _: i32, _: i32| 0i32,
        )?;
        for name in [
            "reflect-is-extensible: func(target: handle<js-abi-value>) -> bool",
            "reflect-prevent-extensions: func(target: handle<js-abi-value>) -> bool",
        ] {
            l.func_wrap(ABI, name, |_: C<'_>, _: i32| 0i32)?;
        }
        l.func_wrap(
            ABI,
            "reflect-own-keys: func(target: handle<js-abi-value>) -> list<handle<js-abi-value>>",
            |mut c: C<'_>, _: i32, ret: i32| -> wasmtime::Result<()> {
                write(&mut c, ret, &0i32.to_le_bytes())?;
                write(&mut c, ret + 4, &0i32.to_le_bytes())
            },
        )?;
        l.func_wrap(
            ABI,
            "reflect-set: func(target: handle<js-abi-value>, property-key: string, value: handle<js-abi-value>) -> variant { success(handle<js-abi-value>), failure(handle<js-abi-value>) }",
            |mut c: C<'_>, _: i32, _: i32, _: i32, _: i32, ret: i32| {
                return_variant(&mut c, ret, false, JsValue::Str(NO_JS.into()))
            },
        )?;
        l.func_wrap(
            ABI,
            "reflect-set-prototype-of: func(target: handle<js-abi-value>, prototype: handle<js-abi-value>) -> bool",
            |_: C<'_>, _: i32, _: i32| 0i32,
        )?;
        // ruby.wasm's guard against unwinding through a host frame: the guest cannot go on.
        l.func_wrap(
            ABI,
            "rb_wasm_throw_prohibit_rewind_exception",
            |mut c: C<'_>, ptr: i32, len: i32| -> wasmtime::Result<()> {
                let what = read_str(&mut c, ptr, len)?;
                Err(wasmtime::Error::msg(format!(
                    "the Ruby guest tried to unwind through a host call ({what}), which it cannot"
                )))
            },
        )?;
        l.func_wrap(CANON, "resource_drop_js-abi-value", |mut c: C<'_>, h: i32| {
            state(&mut c).js.remove(h);
        })?;
        // The guest's own Ruby values, as the old ABI's resources: the host only numbers them.
        l.func_wrap(CANON, "resource_new_rb-abi-value", |mut c: C<'_>, raw: i32| {
            state(&mut c).rb.insert(raw)
        })?;
        l.func_wrap(CANON, "resource_get_rb-abi-value", |mut c: C<'_>, h: i32| {
            state(&mut c).rb.get(h).unwrap_or(0)
        })?;
        l.func_wrap(CANON, "resource_clone_rb-abi-value", |mut c: C<'_>, h: i32| {
            let st = state(&mut c);
            let raw = st.rb.get(h).unwrap_or(0);
            st.rb.insert(raw)
        })?;
        l.func_wrap(CANON, "resource_drop_rb-abi-value", |mut c: C<'_>, h: i32| {
            state(&mut c).rb.remove(h);
        })?;
        Ok(())
    }

    /// Under the full reach (the CLI's), once its VM snapshot exists: the guest with that snapshot
    /// baked in (`bake.rs`). A confined reach keeps the copy per program: a baked module costs a
    /// Cranelift compile (~19 s) and its size on disk per reach, so per workspace.
    fn specialised(&self, reach: &GuestReach) -> Option<Specialised> {
        if !matches!(reach, GuestReach::Full { .. }) {
            return None;
        }
        let (id, taken) = snapshot::find(&snapshot::reach_key(reach))?;
        crate::bake::remember(id, &taken);
        Some(Specialised {
            key: id.to_string(),
            make: Box::new(crate::bake::Bake(taken)),
        })
    }

    fn run(&self, store: &mut Store<StoreState>, instance: &Instance, input: ProgramInput<'_>) -> wasmtime::Result<()> {
        let modules: Vec<serde_json::Value> = input
            .modules
            .iter()
            .map(|m| serde_json::json!({"key": m.key, "binding": crate::binding_name(&m.key), "source": m.source}))
            .collect();
        store.data_mut().set_arm_data(RubyState {
            program: input.source.to_owned(),
            modules: serde_json::Value::from(modules).to_string(),
            ..RubyState::default()
        });
        let guest = Guest::new(store, instance)?;
        if let Some(id) = input.specialised {
            // The instance's memory is the snapshot's already, baked into the module.
            let taken = id
                .parse()
                .ok()
                .and_then(crate::bake::baked)
                .ok_or_else(|| wasmtime::Error::msg(format!("no snapshot {id} was baked in this process")))?;
            let st = store.data_mut().arm_data::<RubyState>().expect("set just now");
            st.js = taken.js.clone();
            st.rb = taken.rb.clone();
            guest.environ.call(&mut *store, ())?;
            return guest
                .eval(store, "Gg.__main", "the program's runner")
                .map_err(|e| stack_exhausted(store, instance, e));
        }
        let key = snapshot::reach_key(input.reach);
        match snapshot::find(&key) {
            Some((_, taken)) => {
                guest.restore(store, &taken)?;
                // The snapshot's copy of the environment is the initialising run's; this run's
                // (its deadline, its variables) is read now.
                guest.environ.call(&mut *store, ())?;
            }
            None => {
                let pristine = guest.memory.data(&*store).to_vec();
                if let Ok(init) = instance.get_typed_func::<(), ()>(&mut *store, "_initialize") {
                    init.call(&mut *store, ())?;
                }
                guest.init(store)?;
                guest.eval(store, PRELUDE, "the SDK prelude")?;
                let st = store.data_mut().arm_data::<RubyState>().expect("set by run");
                let (js, rb) = (st.js.clone(), st.rb.clone());
                snapshot::store(&key, Snapshot::diff(&pristine, guest.memory.data(&*store), js, rb));
            }
        }
        guest
            .eval(store, "Gg.__main", "the program's runner")
            .map_err(|e| stack_exhausted(store, instance, e))
    }
}

/// The guest's exports the entry calls.
struct Guest {
    memory: wasmtime::Memory,
    realloc: wasmtime::TypedFunc<(i32, i32, i32, i32), i32>,
    init: wasmtime::TypedFunc<(i32, i32), ()>,
    eval: wasmtime::TypedFunc<(i32, i32), i32>,
    /// wasi-libc's `__wasilibc_initialize_environ`, exported by build.rs.
    environ: wasmtime::TypedFunc<(), ()>,
}

impl Guest {
    fn new(store: &mut Store<StoreState>, instance: &Instance) -> wasmtime::Result<Self> {
        let memory = instance
            .get_memory(&mut *store, "memory")
            .ok_or_else(|| wasmtime::Error::msg("the Ruby guest exports no memory"))?;
        Ok(Self {
            memory,
            realloc: instance.get_typed_func(&mut *store, "cabi_realloc")?,
            init: instance.get_typed_func(&mut *store, "ruby-init: func(args: list<string>) -> ()")?,
            eval: instance.get_typed_func(
                &mut *store,
                "rb-eval-string-protect: func(str: string) -> tuple<handle<rb-abi-value>, s32>",
            )?,
            environ: instance.get_typed_func(&mut *store, "gg-initialize-environ")?,
        })
    }

    /// Gives a fresh instance the initialised VM: the snapshot's memory (grown through the
    /// limiter like any growth) and handle tables. Every mutable global of the module is back at
    /// its initial value between calls (the stack pointer; asyncify's state), so memory is all.
    fn restore(&self, store: &mut Store<StoreState>, snapshot: &Snapshot) -> wasmtime::Result<()> {
        let have = self.memory.data_size(&*store);
        if have < snapshot.size {
            let pages = (snapshot.size - have).div_ceil(65536) as u64;
            self.memory.grow(&mut *store, pages)?;
        }
        let memory = self.memory.data_mut(&mut *store);
        for (at, bytes) in &snapshot.runs {
            let dest = &mut memory[*at..*at + bytes.len()];
            populate(dest);
            dest.copy_from_slice(bytes);
        }
        let st = store.data_mut().arm_data::<RubyState>().expect("set by run");
        st.js = snapshot.js.clone();
        st.rb = snapshot.rb.clone();
        Ok(())
    }

    /// A NUL-terminated copy of `text` in guest memory: `(ptr, len)` with the NUL counted.
    fn string(&self, store: &mut Store<StoreState>, text: &str) -> wasmtime::Result<(i32, i32)> {
        let len = text.len() as i32 + 1;
        let ptr = self.realloc.call(&mut *store, (0, 0, 1, len))?;
        self.memory.write(&mut *store, ptr as u32 as usize, text.as_bytes())?;
        self.memory
            .write(&mut *store, (ptr as u32 + text.len() as u32) as usize, &[0])?;
        Ok((ptr, len))
    }

    /// `ruby-init` with [`INIT_ARGS`].
    fn init(&self, store: &mut Store<StoreState>) -> wasmtime::Result<()> {
        let args = INIT_ARGS;
        let list = self.realloc.call(&mut *store, (0, 0, 4, 8 * args.len() as i32))?;
        for (i, a) in args.iter().enumerate() {
            let (ptr, len) = self.string(store, a)?;
            let at = (list as u32 + 8 * i as u32) as usize;
            self.memory.write(&mut *store, at, &ptr.to_le_bytes())?;
            self.memory.write(&mut *store, at + 4, &len.to_le_bytes())?;
        }
        self.init.call(&mut *store, (list, args.len() as i32))
    }

    /// Evaluates `code` at the top level; a non-zero state is gg's failure (the runner catches
    /// everything a program raises).
    fn eval(&self, store: &mut Store<StoreState>, code: &str, what: &str) -> wasmtime::Result<()> {
        let (ptr, len) = self.string(store, code)?;
        let ret = self.eval.call(&mut *store, (ptr, len))?;
        let mut state = [0u8; 4];
        self.memory.read(&*store, ret as u32 as usize + 4, &mut state)?;
        match i32::from_le_bytes(state) {
            0 => Ok(()),
            s => Err(wasmtime::Error::msg(format!(
                "the Ruby guest raised out of {what} (state {s}): gg's Ruby SDK is at fault"
            ))),
        }
    }
}

/// Faults `dest` in, writable, with one call rather than a fault per page as the copy reaches it:
/// most of a snapshot lies beyond the module's image, in pages the kernel has yet to zero-fill
/// (restoring took 1.2 ms with a fault per page and 0.8 ms like this, BENCHMARKS.md).
fn populate(dest: &mut [u8]) {
    #[cfg(target_os = "linux")]
    // SAFETY: `dest` is mapped, writable memory this function borrows exclusively, and
    // MADV_POPULATE_WRITE changes no byte of it; a kernel without it (before 5.14) says EINVAL,
    // which leaves the copy to fault the pages in as before.
    unsafe {
        let _ = rustix::mm::madvise(
            dest.as_mut_ptr().cast(),
            dest.len(),
            rustix::mm::Advice::LinuxPopulateWrite,
        );
    }
    #[cfg(not(target_os = "linux"))]
    let _ = dest;
}
