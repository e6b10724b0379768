//! The arm's own imports: TeaVM 0.13.1's WASI output still imports its `Math` natives from a
//! `teavmMath` module (`floor`, `sin`, `pow`, `random`, …), which its JavaScript runtime would
//! answer; gg answers them with Rust's `f64` functions. And WASI's `args_sizes_get`/`args_get`
//! answered with one argument, the program's name: TeaVM's start-up makes `main`'s `String[]`
//! of `argc - 1` elements, so the empty argument list gg's WASI context has gave it an array of
//! length -1, which corrupted the heap and made the first garbage collection trap. And
//! `gg-java.memory_limit`, the bytes of linear memory gg lets the program reach, which the SDK's
//! `gg.Heap.ceiling` reads inside TeaVM's collector so the heap grows no further than fits.
//! And `teavm.nanoTime`, `System.nanoTime()`'s clock, which gg had not defined either.
//!
//! And TeaVM's event queue, which its JavaScript runtime drives and nothing drove here: a
//! `Thread.start`, a `Thread.sleep`, a `join` or an `Object.wait` put an event on it (imported
//! `teavm.teavm_interrupt` to say so, which gg had not defined) and suspend the thread's fiber,
//! returning from `_start`. So the arm's entry runs `_start`, then as TeaVM's own runtime does the
//! queue's events (`teavm_processQueue`, which answers the milliseconds to the next or -1 for
//! none) until `teavm_stopped` says every non-daemon thread is done, waiting between them with
//! gg's deadline-bounded wait; a queue empty while a thread still waits (a deadlock) waits out
//! the deadline, as the JVM would hang. Threads are TeaVM's green threads, one at a time.

use std::cell::Cell;
use std::time::Duration;

use gg_core::program::store::StoreState;
use gg_core::wasmtime::{self, Caller, Instance, Linker, Store};
use gg_core::{CoreModuleHost, ProgramInput};

const MODULE: &str = "teavmMath";
const WASI: &str = "wasi_snapshot_preview1";
/// The arm's own module (`sdk/Heap.java` imports from it).
const GG_JAVA: &str = "gg-java";
/// TeaVM's own runtime module (its event queue's `teavm_interrupt`, `System.nanoTime`'s clock).
const TEAVM: &str = "teavm";
/// What a deadlocked program waits: longer than any deadline.
const DEADLOCK: Duration = Duration::from_secs(24 * 3600);
/// `argv[0]`, NUL-terminated; the program sees no arguments.
const ARGV0: &[u8] = b"program\0";
/// WASI's `errno` for success and for a pointer outside memory.
const ERRNO_SUCCESS: i32 = 0;
const ERRNO_FAULT: i32 = 21;

/// The heap ceiling the driver gives TeaVM (`setMaxHeapSize` in `launcher/JavaWasmCompiler.java`,
/// near the most TeaVM's int sizes spell). TeaVM aborts by itself at it, a plain trap, so gg's
/// limit is never above it for this arm ([`CoreModuleHost::memory_ceiling`]).
const TEAVM_MAX_HEAP_MIB: u64 = 1900;

/// Whether gg's host (WASI preview1, the wire, and this arm's own imports) defines the function
/// `module`.`name` a program's module imports.
pub fn hosts(module: &str, name: &str) -> bool {
    matches!(module, WASI | "gg-wire" | MODULE | GG_JAVA)
        || (module == TEAVM && matches!(name, "teavm_interrupt" | "nanoTime"))
}

/// A `teavmMath` import of one argument and the function answering it.
type Unary = (&'static str, fn(f64) -> f64);

/// The Java arm's core-module host.
#[derive(Debug, Default)]
pub struct TeaVmHost;

thread_local! {
    static SEED: Cell<u64> = Cell::new(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0x9e37_79b9_7f4a_7c15, |d| d.as_nanos() as u64)
            | 1,
    );
}

/// A uniform double in [0, 1) (xorshift64*; `Math.random` promises no more).
fn random() -> f64 {
    SEED.with(|s| {
        let mut x = s.get();
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        s.set(x);
        (x.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 11) as f64 / (1u64 << 53) as f64
    })
}

impl CoreModuleHost for TeaVmHost {
    fn memory_ceiling(&self) -> Option<u64> {
        Some(TEAVM_MAX_HEAP_MIB << 20)
    }

    /// `_start`, then TeaVM's event queue until every non-daemon thread is done.
    fn run(
        &self,
        store: &mut Store<StoreState>,
        instance: &Instance,
        _input: ProgramInput<'_>,
    ) -> wasmtime::Result<()> {
        gg_core::program::core_host::start(store, instance)?;
        let queue = instance.get_typed_func::<(), i64>(&mut *store, "teavm_processQueue");
        let stopped = instance.get_typed_func::<(), i32>(&mut *store, "teavm_stopped");
        let (Ok(queue), Ok(stopped)) = (queue, stopped) else {
            return Ok(());
        };
        while stopped.call(&mut *store, ())? == 0 {
            match queue.call(&mut *store, ())? {
                0 => {}
                next if next > 0 => gg_core::guest::core_module::wait(store, Duration::from_millis(next as u64))?,
                // Nothing left to run, and a thread still waits on another: the JVM would hang.
                _ if stopped.call(&mut *store, ())? == 0 => gg_core::guest::core_module::wait(store, DEADLOCK)?,
                _ => {}
            }
        }
        Ok(())
    }

    fn link(&self, l: &mut Linker<StoreState>) -> wasmtime::Result<()> {
        let unary: [Unary; 11] = [
            ("sin", f64::sin),
            ("cos", f64::cos),
            ("tan", f64::tan),
            ("asin", f64::asin),
            ("acos", f64::acos),
            ("atan", f64::atan),
            ("exp", f64::exp),
            ("log", f64::ln),
            ("sqrt", f64::sqrt),
            ("ceil", f64::ceil),
            ("floor", f64::floor),
        ];
        for (name, f) in unary {
            l.func_wrap(MODULE, name, move |x: f64| f(x))?;
        }
        l.func_wrap(MODULE, "pow", |x: f64, y: f64| x.powf(y))?;
        l.func_wrap(MODULE, "atan2", |y: f64, x: f64| y.atan2(x))?;
        l.func_wrap(MODULE, "random", random)?;
        // The queue's "an event was added": the entry's loop asks the queue after every step anyway.
        l.func_wrap(TEAVM, "teavm_interrupt", || {})?;
        // `System.nanoTime()`: milliseconds (TeaVM multiplies by 10^6) on a monotonic clock from
        // the process's first call, as JavaScript's `performance.now()` it expects.
        l.func_wrap(TEAVM, "nanoTime", || {
            static ORIGIN: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
            ORIGIN.get_or_init(std::time::Instant::now).elapsed().as_secs_f64() * 1000.0
        })?;
        l.func_wrap(GG_JAVA, "memory_limit", |c: Caller<'_, StoreState>| {
            i64::try_from(c.data().memory_limit()).unwrap_or(i64::MAX)
        })?;
        l.allow_shadowing(true);
        l.func_wrap(
            WASI,
            "args_sizes_get",
            |mut c: Caller<'_, StoreState>, argc: i32, size: i32| {
                let written = write(&mut c, argc, &1u32.to_le_bytes())
                    && write(&mut c, size, &(ARGV0.len() as u32).to_le_bytes());
                if written { ERRNO_SUCCESS } else { ERRNO_FAULT }
            },
        )?;
        l.func_wrap(
            WASI,
            "args_get",
            |mut c: Caller<'_, StoreState>, argv: i32, buf: i32| {
                let written = write(&mut c, argv, &(buf as u32).to_le_bytes()) && write(&mut c, buf, ARGV0);
                if written { ERRNO_SUCCESS } else { ERRNO_FAULT }
            },
        )?;
        l.allow_shadowing(false);
        Ok(())
    }
}

/// Writes `bytes` at guest address `at` of the exported memory; false if it lies outside.
fn write(c: &mut Caller<'_, StoreState>, at: i32, bytes: &[u8]) -> bool {
    let Some(memory) = c.get_export("memory").and_then(|e| e.into_memory()) else {
        return false;
    };
    memory.write(c, at as u32 as usize, bytes).is_ok()
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_memory_ceiling_is_the_heap_the_driver_gives_teavm() {
        let set = format!("setMaxHeapSize({} << 20)", super::TEAVM_MAX_HEAP_MIB);
        assert!(crate::LAUNCHER.contains(&set), "the driver no longer says {set}");
    }

    #[test]
    fn random_is_in_the_unit_interval() {
        for _ in 0..1000 {
            let r = super::random();
            assert!((0.0..1.0).contains(&r), "{r}");
        }
    }
}
