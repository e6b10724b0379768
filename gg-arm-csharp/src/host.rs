//! The .NET runtime's host side: the emscripten `env` imports of `dotnet.native.wasm` (WASI
//! preview1's come from gg-core), answered as a runtime without JavaScript needs them, with
//! `readlink` of a `/gg-wire/<hex>` path as the SDK's one channel to [`StoreState::wire_call`]; and
//! the per-program entry: the runtime started, the framework's assemblies, the SDK's and the
//! program's added, then `Gg.Entry.Run`.

use gg_core::program::store::{GuestExit, StoreState};
use gg_core::wasmtime::{self, Caller, Extern, FuncType, Instance, Linker, Store, Val, ValType};
use gg_core::{CoreModuleHost, ProgramInput, StackExhausted};

use crate::toolchain::Toolchain;

const ENV: &str = "env";
/// The path prefix of a request on the wire (`sdk/runtime.cs`'s `Wire.Prefix`).
const WIRE: &str = "/gg-wire/";

// emscripten's errno values, which are WASI's.
const EBADF: i32 = 8;
const EINVAL: i32 = 28;
const ENOENT: i32 = 44;
const ENOSYS: i32 = 52;
const ENOTTY: i32 = 59;

/// Every `env` import of the runtime: its name and signature (`i` i32, `j` i64, `d` f64; results after `>`).
const IMPORTS: &[(&str, &str)] = &[
    ("mono_wasm_bind_js_import_ST", "i>i"),
    ("mono_wasm_invoke_jsimport_ST", "ii>"),
    ("mono_wasm_release_cs_owned_object", "i>"),
    ("mono_wasm_resolve_or_reject_promise", "i>"),
    ("mono_wasm_invoke_js_function", "ii>"),
    ("mono_wasm_cancel_promise", "i>"),
    ("mono_wasm_console_clear", ">"),
    ("mono_wasm_get_locale_info", "iiiiiii>i"),
    ("mono_wasm_set_entrypoint_breakpoint", "i>"),
    ("mono_wasm_trace_logger", "iiiii>"),
    ("abort", ">"),
    ("exit", "i>"),
    ("emscripten_force_exit", "i>"),
    ("mono_interp_tier_prepare_jiterpreter", "iiiiiiii>i"),
    ("mono_interp_jit_wasm_entry_trampoline", "iiiiiiii>i"),
    ("mono_interp_invoke_wasm_jit_call_trampoline", "iiiii>"),
    ("mono_interp_jit_wasm_jit_call_trampoline", "iiiii>"),
    ("mono_interp_flush_jitcall_queue", ">"),
    ("mono_interp_record_interp_entry", "i>"),
    ("mono_wasm_free_method_data", "iii>"),
    ("strftime", "iiii>i"),
    ("mono_wasm_process_current_pid", ">i"),
    ("schedule_background_exec", ">"),
    ("mono_wasm_debugger_log", "ii>"),
    ("mono_wasm_asm_loaded", "iiiii>"),
    ("mono_wasm_add_dbg_command_received", "iiii>"),
    ("mono_wasm_fire_debugger_agent_message_with_data", "ii>"),
    ("mono_wasm_schedule_timer", "i>"),
    ("__cxa_throw", "iii>"),
    ("invoke_vi", "ii>"),
    ("__cxa_find_matching_catch_3", "i>i"),
    ("llvm_eh_typeid_for", "i>i"),
    ("__cxa_begin_catch", "i>i"),
    ("__cxa_end_catch", ">"),
    ("__resumeException", "i>"),
    ("mono_wasm_browser_entropy", "ii>i"),
    ("__syscall_faccessat", "iiii>i"),
    ("__syscall_chdir", "i>i"),
    ("__syscall_chmod", "ii>i"),
    ("emscripten_date_now", ">d"),
    ("_emscripten_get_now_is_monotonic", ">i"),
    ("emscripten_get_now", ">d"),
    ("emscripten_get_now_res", ">d"),
    ("__syscall_fchmod", "ii>i"),
    ("__syscall_fcntl64", "iii>i"),
    ("__syscall_openat", "iiii>i"),
    ("__syscall_ioctl", "iii>i"),
    ("__syscall_fstat64", "ii>i"),
    ("__syscall_stat64", "ii>i"),
    ("__syscall_newfstatat", "iiii>i"),
    ("__syscall_lstat64", "ii>i"),
    ("__syscall_ftruncate64", "ij>i"),
    ("__syscall_getcwd", "ii>i"),
    ("__syscall_mkdirat", "iii>i"),
    ("_localtime_js", "ji>"),
    ("_gmtime_js", "ji>"),
    ("_munmap_js", "iiiiij>i"),
    ("_msync_js", "iiiiij>i"),
    ("_mmap_js", "iiiijii>i"),
    ("__syscall_fadvise64", "ijji>i"),
    ("__syscall_getdents64", "iii>i"),
    ("__syscall_readlinkat", "iiii>i"),
    ("__syscall_renameat", "iiii>i"),
    ("__syscall_rmdir", "i>i"),
    ("emscripten_resize_heap", "i>i"),
    ("__syscall_fstatfs64", "iii>i"),
    ("__syscall_symlink", "ii>i"),
    ("emscripten_get_heap_max", ">i"),
    ("_tzset_js", "iiii>"),
    ("__syscall_unlinkat", "iii>i"),
    ("__syscall_utimensat", "iiii>i"),
    ("__syscall_connect", "iiiiii>i"),
    ("__syscall_recvfrom", "iiiiii>i"),
    ("__syscall_sendto", "iiiiii>i"),
    ("__syscall_socket", "iiiiii>i"),
];

/// One program's state on the host side: its assembly and symbols, and the wire's last reply
/// (kept while the runtime asks again with a bigger buffer).
#[derive(Debug, Default)]
pub(crate) struct CSharpState {
    exe: Vec<u8>,
    symbols: Vec<u8>,
    held: Option<(String, Vec<u8>)>,
    stack_overflow: bool,
}

type C<'a> = Caller<'a, StoreState>;

fn memory(caller: &mut C<'_>) -> wasmtime::Result<wasmtime::Memory> {
    match caller.get_export("memory") {
        Some(Extern::Memory(m)) => Ok(m),
        _ => Err(wasmtime::Error::msg("the .NET runtime exports no memory")),
    }
}

fn write(caller: &mut C<'_>, at: i32, bytes: &[u8]) -> wasmtime::Result<()> {
    let mem = memory(caller)?;
    mem.write(&mut *caller, at as u32 as usize, bytes)?;
    Ok(())
}

/// The NUL-terminated string at `ptr`.
fn c_str(caller: &mut C<'_>, ptr: i32) -> wasmtime::Result<String> {
    let mem = memory(caller)?;
    let data = mem.data(&*caller);
    let start = ptr as u32 as usize;
    let tail = data
        .get(start..)
        .ok_or_else(|| wasmtime::Error::msg("a string outside memory"))?;
    let end = tail.iter().position(|&b| b == 0).unwrap_or(tail.len());
    Ok(String::from_utf8_lossy(&tail[..end]).into_owned())
}

fn ty(engine: &wasmtime::Engine, sig: &str) -> FuncType {
    let (params, results) = sig.split_once('>').expect("a signature");
    let v = |c: char| match c {
        'i' => ValType::I32,
        'j' => ValType::I64,
        'd' => ValType::F64,
        _ => unreachable!("signature letter {c}"),
    };
    FuncType::new(engine, params.chars().map(v), results.chars().map(v))
}

fn i(params: &[Val], k: usize) -> i32 {
    params[k].unwrap_i32()
}

fn state<'a>(caller: &'a mut C<'_>) -> &'a mut CSharpState {
    if caller.data_mut().arm_data::<CSharpState>().is_none() {
        caller.data_mut().set_arm_data(CSharpState::default());
    }
    caller.data_mut().arm_data::<CSharpState>().expect("set just now")
}

/// `readlinkat(dirfd, path, buf, size)`: a `/gg-wire/<hex>` path is a request (`op\nargs` as
/// hex); its reply is the link's text. The runtime asks again with a bigger buffer while a reply
/// fills it, so a reply is held until it fits.
fn readlink(caller: &mut C<'_>, path: i32, buf: i32, size: i32) -> wasmtime::Result<i32> {
    let path = c_str(caller, path)?;
    let Some(hex) = path.strip_prefix(WIRE) else {
        return Ok(-ENOENT);
    };
    let size = size.max(0) as usize;
    let held = state(caller).held.take().filter(|(p, _)| *p == path);
    let reply = match held {
        Some((_, reply)) => reply,
        None => {
            let Some(request) = crate::compile::decode(&format!("{hex}\n")).map(|(r, _)| r) else {
                return Ok(-EINVAL);
            };
            let request = String::from_utf8_lossy(&request).into_owned();
            let (op, args) = request.split_once('\n').unwrap_or((&request, ""));
            if op == LOCATE {
                locate(caller, args).into_bytes()
            } else if op == STACK_OVERFLOW {
                state(caller).stack_overflow = true;
                Vec::new()
            } else {
                caller.data_mut().wire_call(op, args.as_bytes())
            }
        }
    };
    if reply.len() >= size {
        state(caller).held = Some((path, reply));
        // A full buffer: the runtime grows it and asks again.
        let fill = vec![b' '; size];
        write(caller, buf, &fill)?;
        return Ok(size as i32);
    }
    write(caller, buf, &reply)?;
    Ok(reply.len() as i32)
}

/// The SDK's word that a `StackOverflowException` is escaping (its `UnhandledException` handler,
/// told by the exception's type): the runtime's exit that follows is a stack overflow.
const STACK_OVERFLOW: &str = "csharp.stack_overflow";

/// The host's own request on the wire: `TOKEN IL` of a frame in the program → its line, or "".
const LOCATE: &str = "csharp.locate";

fn locate(caller: &mut C<'_>, args: &str) -> String {
    let mut words = args.split_whitespace().map(str::parse::<i32>);
    let (Some(Ok(token)), Some(Ok(il))) = (words.next(), words.next()) else {
        return String::new();
    };
    crate::symbols::line_of(&state(caller).symbols, token, il).map_or_else(String::new, |l| l.to_string())
}

/// emscripten's `struct stat` for a character device (the standard streams).
fn stat_char_device(caller: &mut C<'_>, buf: i32) -> wasmtime::Result<i32> {
    let mut st = [0u8; 96];
    st[4..8].copy_from_slice(&0o20620u32.to_le_bytes());
    st[8..12].copy_from_slice(&1u32.to_le_bytes());
    st[32..36].copy_from_slice(&4096u32.to_le_bytes());
    write(caller, buf, &st)?;
    Ok(0)
}

/// `struct tm` for UTC at `secs`.
fn tm(caller: &mut C<'_>, secs: i64, at: i32) -> wasmtime::Result<()> {
    let days = secs.div_euclid(86400);
    let rem = secs.rem_euclid(86400);
    // Howard Hinnant's civil_from_days.
    let z = days + 719468;
    let era = z.div_euclid(146097);
    let doe = z - era * 146097;
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let before = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334][(m - 1) as usize];
    let yday = before + d - 1 + i64::from(leap && m > 2);
    let wday = (days + 4).rem_euclid(7);
    let fields = [
        rem % 60,
        rem / 60 % 60,
        rem / 3600,
        d,
        m - 1,
        y - 1900,
        wday,
        yday,
        0,
        0,
        0,
    ];
    let mut bytes = Vec::with_capacity(44);
    for f in fields {
        bytes.extend_from_slice(&(f as i32).to_le_bytes());
    }
    write(caller, at, &bytes)
}

fn call(name: &'static str, mut caller: C<'_>, p: &[Val], r: &mut [Val]) -> wasmtime::Result<()> {
    let c = &mut caller;
    let ret: Option<Val> = match name {
        "abort" => return Err(wasmtime::Error::msg("the .NET runtime aborted")),
        "exit" | "emscripten_force_exit" => {
            if state(c).stack_overflow {
                return Err(StackExhausted {
                    stack: "the .NET runtime's interpreter stack ran out (an uncaught System.StackOverflowException)"
                        .into(),
                }
                .into());
            }
            return Err(wasmtime::Error::new(GuestExit::Process(i(p, 0))));
        }
        "mono_wasm_trace_logger" => {
            if i(p, 3) != 0 {
                let message = c_str(c, i(p, 2))?;
                return Err(wasmtime::Error::msg(format!("the .NET runtime stopped: {message}")));
            }
            None
        }
        "mono_wasm_bind_js_import_ST"
        | "mono_wasm_invoke_jsimport_ST"
        | "mono_wasm_invoke_js_function"
        | "mono_wasm_resolve_or_reject_promise"
        | "mono_wasm_cancel_promise" => {
            return Err(wasmtime::Error::msg(
                "the program called JavaScript interop, which gg's .NET runtime has no JavaScript for",
            ));
        }
        "__cxa_throw"
        | "__cxa_find_matching_catch_3"
        | "llvm_eh_typeid_for"
        | "__cxa_begin_catch"
        | "__resumeException"
        | "__cxa_end_catch" => {
            return Err(wasmtime::Error::msg(format!(
                "the .NET runtime raised a C++ exception ({name}), which gg's host does not unwind"
            )));
        }
        "invoke_vi" => {
            let table = match c.get_export("__indirect_function_table") {
                Some(Extern::Table(t)) => t,
                _ => return Err(wasmtime::Error::msg("the .NET runtime exports no function table")),
            };
            let f = table
                .get(&mut *c, u64::from(i(p, 0) as u32))
                .and_then(|f| f.as_func().flatten().copied())
                .ok_or_else(|| wasmtime::Error::msg("invoke_vi of a function the table lacks"))?;
            f.call(&mut *c, &[Val::I32(i(p, 1))], &mut [])?;
            None
        }
        "mono_wasm_browser_entropy" => {
            let n = i(p, 1).max(0) as usize;
            let mut bytes = vec![0u8; n];
            if let Ok(mut f) = std::fs::File::open("/dev/urandom") {
                use std::io::Read;
                let _ = f.read_exact(&mut bytes);
            }
            write(c, i(p, 0), &bytes)?;
            Some(Val::I32(0))
        }
        "emscripten_date_now" => {
            let now = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_secs_f64() * 1000.0)
                .unwrap_or(0.0);
            Some(Val::F64(now.to_bits()))
        }
        "emscripten_get_now" => {
            static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
            let ms = START.get_or_init(std::time::Instant::now).elapsed().as_secs_f64() * 1000.0;
            Some(Val::F64(ms.to_bits()))
        }
        "emscripten_get_now_res" => Some(Val::F64(1000f64.to_bits())),
        "_emscripten_get_now_is_monotonic" => Some(Val::I32(1)),
        "mono_wasm_process_current_pid" => Some(Val::I32(42)),
        "emscripten_get_heap_max" => {
            let limit = c.data().memory_limit().min(1 << 31);
            Some(Val::I32(limit as u32 as i32))
        }
        "emscripten_resize_heap" => {
            let mem = memory(c)?;
            let want = i(p, 0) as u32 as u64;
            let have = mem.data_size(&*c) as u64;
            let ok = want <= have || mem.grow(&mut *c, (want - have).div_ceil(65536)).is_ok();
            Some(Val::I32(i32::from(ok)))
        }
        "__syscall_fcntl64" => {
            // F_DUPFD_CLOEXEC: Console duplicates the standard streams; the same descriptor serves.
            let v = match i(p, 1) {
                0 | 1030 => i(p, 0),
                1..=4 => 0,
                _ => -EINVAL,
            };
            Some(Val::I32(v))
        }
        "__syscall_ioctl" => Some(Val::I32(-ENOTTY)),
        "__syscall_fstat64" => Some(Val::I32(if (0..3).contains(&i(p, 0)) {
            stat_char_device(c, i(p, 1))?
        } else {
            -EBADF
        })),
        "__syscall_readlinkat" => Some(Val::I32(readlink(c, i(p, 1), i(p, 2), i(p, 3))?)),
        "__syscall_getcwd" => {
            if i(p, 1) < 2 {
                Some(Val::I32(-EINVAL))
            } else {
                write(c, i(p, 0), b"/\0")?;
                Some(Val::I32(2))
            }
        }
        "_localtime_js" | "_gmtime_js" => {
            tm(c, p[0].unwrap_i64(), i(p, 1))?;
            None
        }
        "_tzset_js" => {
            write(c, i(p, 0), &0i32.to_le_bytes())?;
            write(c, i(p, 1), &0i32.to_le_bytes())?;
            write(c, i(p, 2), b"UTC\0")?;
            write(c, i(p, 3), b"UTC\0")?;
            None
        }
        "__syscall_stat64"
        | "__syscall_lstat64"
        | "__syscall_newfstatat"
        | "__syscall_openat"
        | "__syscall_faccessat" => Some(Val::I32(-ENOENT)),
        "mono_interp_tier_prepare_jiterpreter" | "mono_interp_jit_wasm_entry_trampoline" => Some(Val::I32(0)),
        "mono_wasm_get_locale_info" | "strftime" => Some(Val::I32(0)),
        _ if r.is_empty() => None,
        _ => Some(Val::I32(-ENOSYS)),
    };
    if let (Some(v), Some(slot)) = (ret, r.first_mut()) {
        *slot = v;
    }
    Ok(())
}

/// The .NET runtime's host: its imports and its per-program entry.
#[derive(Debug, Default)]
pub(crate) struct CSharpHost;

impl CoreModuleHost for CSharpHost {
    fn link(&self, l: &mut Linker<StoreState>) -> wasmtime::Result<()> {
        let engine = l.engine().clone();
        for &(name, sig) in IMPORTS {
            l.func_new(ENV, name, ty(&engine, sig), move |caller, p, r| {
                call(name, caller, p, r)
            })?;
        }
        Ok(())
    }

    fn run(&self, store: &mut Store<StoreState>, instance: &Instance, input: ProgramInput<'_>) -> wasmtime::Result<()> {
        let (exe, symbols) = crate::compile::decode(input.source)
            .ok_or_else(|| wasmtime::Error::msg("the C# program crossed without its assembly"))?;
        store.data_mut().set_arm_data(CSharpState {
            exe,
            symbols,
            ..CSharpState::default()
        });
        let tc = Toolchain::get().map_err(wasmtime::Error::msg)?;
        let sdk = crate::sdk_assembly().map_err(wasmtime::Error::msg)?;
        let g = Guest::new(store, instance)?;
        g.ctors.call(&mut *store, ())?;
        for option in [
            "--no-jiterpreter-traces-enabled",
            "--no-jiterpreter-interp-entry-enabled",
            "--no-jiterpreter-jit-call-enabled",
        ] {
            let s = g.string(store, option)?;
            g.jiterp_option.call(&mut *store, s)?;
        }
        let (k, v) = (
            g.string(store, "DOTNET_SYSTEM_GLOBALIZATION_INVARIANT")?,
            g.string(store, "true")?,
        );
        g.setenv.call(&mut *store, (k, v))?;
        for (name, bytes) in &tc.assemblies {
            g.add(store, name, bytes)?;
        }
        g.add(store, "gg.dll", &sdk.0)?;
        if !sdk.1.is_empty() {
            g.add(store, "gg.pdb", &sdk.1)?;
        }
        let st = store.data_mut().arm_data::<CSharpState>().expect("set above");
        let (exe, symbols) = (std::mem::take(&mut st.exe), st.symbols.clone());
        g.add(store, "program.dll", &exe)?;
        if !symbols.is_empty() {
            g.add(store, "program.pdb", &symbols)?;
        }
        let key = g.string(store, "System.Globalization.Invariant")?;
        let value = g.string(store, "true")?;
        let keys = g.alloc(store, &key.to_le_bytes())?;
        let values = g.alloc(store, &value.to_le_bytes())?;
        g.load_runtime.call(&mut *store, (-1, 1, keys, values))?;
        let asm_name = g.string(store, "gg")?;
        let asm = g.assembly_load.call(&mut *store, asm_name)?;
        if asm == 0 {
            return Err(wasmtime::Error::msg("the .NET runtime did not load gg's SDK assembly"));
        }
        let (ns, class) = (g.string(store, "Gg")?, g.string(store, "Entry")?);
        let klass = g.find_class.call(&mut *store, (asm, ns, class))?;
        let run = g.string(store, "Run")?;
        let method = g.find_method.call(&mut *store, (klass, run, -1))?;
        if klass == 0 || method == 0 {
            return Err(wasmtime::Error::msg(
                "the .NET runtime found no Gg.Entry.Run in gg's SDK",
            ));
        }
        g.invoke.call(&mut *store, (method, 0))
    }
}

/// The runtime's exports the entry calls.
struct Guest {
    memory: wasmtime::Memory,
    ctors: wasmtime::TypedFunc<(), ()>,
    malloc: wasmtime::TypedFunc<i32, i32>,
    jiterp_option: wasmtime::TypedFunc<i32, i32>,
    setenv: wasmtime::TypedFunc<(i32, i32), ()>,
    add_assembly: wasmtime::TypedFunc<(i32, i32, i32), i32>,
    load_runtime: wasmtime::TypedFunc<(i32, i32, i32, i32), ()>,
    assembly_load: wasmtime::TypedFunc<i32, i32>,
    find_class: wasmtime::TypedFunc<(i32, i32, i32), i32>,
    find_method: wasmtime::TypedFunc<(i32, i32, i32), i32>,
    invoke: wasmtime::TypedFunc<(i32, i32), ()>,
}

impl Guest {
    fn new(store: &mut Store<StoreState>, instance: &Instance) -> wasmtime::Result<Self> {
        let memory = instance
            .get_memory(&mut *store, "memory")
            .ok_or_else(|| wasmtime::Error::msg("the .NET runtime exports no memory"))?;
        Ok(Self {
            memory,
            ctors: instance.get_typed_func(&mut *store, "__wasm_call_ctors")?,
            malloc: instance.get_typed_func(&mut *store, "malloc")?,
            jiterp_option: instance.get_typed_func(&mut *store, "mono_jiterp_parse_option")?,
            setenv: instance.get_typed_func(&mut *store, "mono_wasm_setenv")?,
            add_assembly: instance.get_typed_func(&mut *store, "mono_wasm_add_assembly")?,
            load_runtime: instance.get_typed_func(&mut *store, "mono_wasm_load_runtime")?,
            assembly_load: instance.get_typed_func(&mut *store, "mono_wasm_assembly_load")?,
            find_class: instance.get_typed_func(&mut *store, "mono_wasm_assembly_find_class")?,
            find_method: instance.get_typed_func(&mut *store, "mono_wasm_assembly_find_method")?,
            invoke: instance.get_typed_func(&mut *store, "mono_wasm_invoke_jsexport")?,
        })
    }

    /// A copy of `bytes` in memory the runtime allocates.
    fn alloc(&self, store: &mut Store<StoreState>, bytes: &[u8]) -> wasmtime::Result<i32> {
        let ptr = self.malloc.call(&mut *store, bytes.len().max(1) as i32)?;
        if ptr == 0 {
            return Err(wasmtime::Error::msg("the .NET runtime's malloc failed"));
        }
        self.memory.write(&mut *store, ptr as u32 as usize, bytes)?;
        Ok(ptr)
    }

    /// A NUL-terminated copy of `text`.
    fn string(&self, store: &mut Store<StoreState>, text: &str) -> wasmtime::Result<i32> {
        let mut bytes = text.as_bytes().to_vec();
        bytes.push(0);
        self.alloc(store, &bytes)
    }

    /// `mono_wasm_add_assembly(name, data, size)`.
    fn add(&self, store: &mut Store<StoreState>, name: &str, bytes: &[u8]) -> wasmtime::Result<()> {
        let n = self.string(store, name)?;
        let data = self.alloc(store, bytes)?;
        self.add_assembly.call(&mut *store, (n, data, bytes.len() as i32))?;
        Ok(())
    }
}
