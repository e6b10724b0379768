//! The process-wide wasmtime Engine, its epoch ticker, and compiling through the disk cache.
//!
//! A guest compiled on a machine before is loaded from a content-and-engine-keyed `.cwasm` cache
//! instead (the Python guest: 12–13 s to compile, 3.2 ms to load; `../shared/design/arms.md`).

use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

use sha2::{Digest, Sha256};
use wasmtime::component::Component;
use wasmtime::{Config, Engine, InstanceAllocationStrategy, Module, PoolingAllocationConfig};

use crate::engine::limits::{MAX_TABLE_ELEMENTS, MAX_WASM_STACK};

/// How often the epoch advances; a runaway is stopped within one tick of its deadline.
pub const EPOCH_TICK: Duration = Duration::from_millis(100);

static COMPILES: AtomicUsize = AtomicUsize::new(0);
static POOL_WAITS: AtomicUsize = AtomicUsize::new(0);
static CACHE_LOADS: AtomicUsize = AtomicUsize::new(0);

/// How many Cranelift compiles of a component this process has done.
pub fn compile_count() -> usize {
    COMPILES.load(Ordering::SeqCst)
}

/// How many components this process loaded from the `.cwasm` cache instead of compiling.
pub fn cache_load_count() -> usize {
    CACHE_LOADS.load(Ordering::SeqCst)
}

/// What an embedder is told when an arm's shared guest is about to be compiled rather than loaded
/// from the cache (the Python guest: seconds, once per machine), so it can say so.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompileNotice {
    /// The arm whose shared guest compiles.
    pub arm: String,
    /// The size of the guest's bytes.
    pub bytes: usize,
    /// Whether the result will be kept in the disk cache (so the next process only loads it).
    pub cached: bool,
}

type CompileObserver = Box<dyn Fn(&CompileNotice) + Send + Sync>;

fn observer() -> &'static Mutex<Option<CompileObserver>> {
    static OBSERVER: OnceLock<Mutex<Option<CompileObserver>>> = OnceLock::new();
    OBSERVER.get_or_init(Default::default)
}

/// Sets the process's observer of shared-guest compiles (replacing any earlier one); it is called
/// on the compiling thread, before the compile starts.
pub fn on_shared_compile(f: impl Fn(&CompileNotice) + Send + Sync + 'static) {
    *observer().lock().unwrap_or_else(|e| e.into_inner()) = Some(Box::new(f));
}

fn notify(notice: &CompileNotice) {
    if let Some(f) = observer().lock().unwrap_or_else(|e| e.into_inner()).as_ref() {
        f(notice);
    }
}

/// gg's engine configuration: what every arm's guests need, epoch interruption and the 1 MiB stack.
pub fn config() -> Config {
    let mut config = Config::new();
    config
        .wasm_component_model(true)
        .epoch_interruption(true)
        .max_wasm_stack(MAX_WASM_STACK)
        // Frames name file and line where a module carries DWARF (a compiled program's trap is
        // located in the model's file through the arm's map).
        .wasm_backtrace_details(wasmtime::WasmBacktraceDetails::Enable)
        // A trap carries the store's instances (handles, nothing copied), so classify can read a
        // module's exported `__stack_pointer` after an out-of-bounds access (decision 0145).
        .coredump_on_trap(true)
        // Core modules from garbage-collected languages need GC, exceptions, function references
        // and reference types.
        .wasm_gc(true)
        .wasm_exceptions(true)
        .wasm_function_references(true)
        .wasm_reference_types(true)
        // Large snapshotted guests instantiate in 0.07–0.3 ms with a dense image instead of
        // 12 ms (Ruby probe, ../shared/design/arms.md).
        .memory_guaranteed_dense_image_size(512 << 20);
    config
}

/// Which of wasmtime's compilers turns a guest into machine code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Compiler {
    /// The optimising compiler: every shared guest, and per-program guests by default.
    #[default]
    Cranelift,
    /// The baseline compiler: 3.8× faster to compile a Rust component, its code 1.64× slower
    /// (BENCHMARKS.md, "Guest shapes"). Its engine leaves GC, exceptions and function references
    /// out: wasmtime 50's Winch compiles no GC and only experimentally the new exceptions.
    Winch,
}

/// [`config`] for the given compiler; Winch's engine leaves out what Winch cannot compile.
/// Cranelift's engine (every shared guest) takes its instances from the pool [`allocation`] sets.
pub fn config_for(compiler: Compiler) -> Config {
    let mut config = config();
    match compiler {
        Compiler::Winch => {
            config
                .strategy(wasmtime::Strategy::Winch)
                // Winch's engine still compiles the component's trampolines with Cranelift;
                // unoptimised, the bench Rust component compiles in 34 ms instead of 38
                // (BENCHMARKS.md, "The link and the wasmtime compile, tried again").
                .cranelift_opt_level(wasmtime::OptLevel::None)
                .wasm_gc(false)
                .wasm_exceptions(false)
                .wasm_function_references(false);
        }
        Compiler::Cranelift => {
            if let Allocation::Pooled { slots } = allocation() {
                config.allocation_strategy(InstanceAllocationStrategy::Pooling(pool(slots)));
            }
        }
    }
    config
}

/// How the Cranelift engine gets an instance's memories and tables.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Allocation {
    /// wasmtime's pooling allocator: `slots` of each kind (component and core instances, linear
    /// memories, tables, GC heaps) reserved once; a slot keeps the guest's image mapped between
    /// programs and its written pages reset in place (see [`pool`]).
    Pooled { slots: u32 },
    /// A fresh mapping per instance, unmapped when the store drops.
    OnDemand,
}

/// The pool's slots of each kind unless [`set_allocation`] says otherwise (a program takes one
/// slot per core instance, memory and table its guest holds); the address space reserved is 4 GiB
/// and a guard per memory slot (~4 TiB of the 128 TiB a process has) and 8 MiB per table slot,
/// none of it resident until used.
pub const POOL_SLOTS: u32 = 1000;

static ALLOCATION: Mutex<Option<Allocation>> = Mutex::new(None);

/// How the Cranelift engine allocates, fixed the first time it is asked (the engine's creation).
pub fn allocation() -> Allocation {
    *ALLOCATION
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get_or_insert(Allocation::Pooled { slots: POOL_SLOTS })
}

/// Chooses the Cranelift engine's allocation; refused (with the one in force) once it is fixed.
pub fn set_allocation(wanted: Allocation) -> Result<(), Allocation> {
    let mut fixed = ALLOCATION.lock().unwrap_or_else(|e| e.into_inner());
    match *fixed {
        Some(current) if current != wanted => Err(current),
        _ => {
            *fixed = Some(wanted);
            Ok(())
        }
    }
}

/// Bytes of a pooled linear memory that stay resident between programs. wasmtime finds the
/// memory's private pages with the kernel's page-map scan ([`pool`] turns it on; without it the
/// whole lowest this-many bytes are reset, touched or not), lowest address first, and copies the
/// guest's image (or zeros) back over up to this many instead of dropping them, so the next
/// program writes without a fault. Without userfaultfd every private page counts as written, so a
/// page once kept is copied on every reset: the JavaScript guest's set (~190 KiB after a trivial
/// program) fits in 2 MiB and its turn halves. Since wasmtime 50 the scan resumes when its buffer
/// of runs fills (wasmtime 48 stopped at 32 and dropped the rest), so the Python guest's ~90 runs
/// a turn (~0.4 MiB) are kept too (BENCHMARKS.md, "The Python turn and the page-map scan's 32
/// runs").
pub const POOL_MEMORY_KEEP_RESIDENT: usize = 2 << 20;
/// Bytes of a pooled table reset in place rather than decommitted (the Python guest's ~5,700
/// function-table entries are 45 KiB).
pub const POOL_TABLE_KEEP_RESIDENT: usize = 64 << 10;

/// The pooling allocator's configuration. No ceiling of a program is the pool's: a slot holds a
/// whole 32-bit memory (4 GiB) and tables of [`MAX_TABLE_ELEMENTS`], so the store's
/// [`MemoryCap`](crate::engine::limits::MemoryCap) is what denies growth, exactly as without the pool.
/// A pool with every slot taken refuses an instance with `PoolConcurrencyLimitError`; the run
/// then waits for a slot ([`wait_for_pool_slot`]).
pub fn pool(slots: u32) -> PoolingAllocationConfig {
    let mut pool = PoolingAllocationConfig::new();
    pool.total_component_instances(slots)
        .total_core_instances(slots)
        .total_memories(slots)
        .total_tables(slots)
        .total_gc_heaps(slots)
        // Stacks are for async calls' fibers, which gg never makes; each slot cost an `mprotect`
        // of its guard page when the engine was made (1000 of them: ~25% of a cold `gg run`).
        .total_stacks(0)
        // A guest that could never fit is refused when it is loaded, not queued for ever.
        .max_core_instances_per_component(slots)
        .max_memories_per_component(slots)
        .max_tables_per_component(slots)
        .max_tables_per_module(slots.min(64))
        .max_memories_per_module(slots.min(16))
        .max_memory_size(4 << 30)
        .table_elements(MAX_TABLE_ELEMENTS as usize)
        .max_core_instance_size(64 << 20)
        .max_component_instance_size(256 << 20)
        .linear_memory_keep_resident(POOL_MEMORY_KEEP_RESIDENT)
        .table_keep_resident(POOL_TABLE_KEEP_RESIDENT)
        // Without the scan (wasmtime's default) a reset copies or zeroes the whole lowest
        // `POOL_MEMORY_KEEP_RESIDENT` of a memory, touched or not: the JavaScript guest's whole
        // 1 MiB stack and its image every turn. Where the kernel has `PAGEMAP_SCAN` (6.7 and
        // later) only the pages a program made private are. Since wasmtime 50 a written page the
        // kernel swapped out is reset too (wasmtime 48 skipped it, so gg turned the scan off
        // where the machine swapped).
        .pagemap_scan(wasmtime::Enabled::Auto);
    pool
}

/// Whether `e` is the pool refusing an instance because every slot of some kind is taken.
pub fn is_pool_full(e: &wasmtime::Error) -> bool {
    e.downcast_ref::<wasmtime::PoolConcurrencyLimitError>().is_some()
}

fn pool_released() -> &'static (Mutex<u64>, std::sync::Condvar) {
    static RELEASED: OnceLock<(Mutex<u64>, std::sync::Condvar)> = OnceLock::new();
    RELEASED.get_or_init(Default::default)
}

/// Runs waiting in [`wait_for_pool_slot`] now; a release with none takes no lock.
static POOL_WAITERS: AtomicUsize = AtomicUsize::new(0);

/// Says that a store of the pooled engine was dropped, waking the runs waiting for a slot.
pub fn pool_slot_released() {
    if POOL_WAITERS.load(Ordering::SeqCst) == 0 {
        return;
    }
    let (count, cond) = pool_released();
    *count.lock().unwrap_or_else(|e| e.into_inner()) += 1;
    cond.notify_all();
}

/// How many times a run of this process found the pool full and waited.
pub fn pool_waits() -> usize {
    POOL_WAITS.load(Ordering::SeqCst)
}

/// Blocks until a store is dropped, or 10 ms pass (a store dropped outside a run says nothing).
pub fn wait_for_pool_slot() {
    POOL_WAITS.fetch_add(1, Ordering::SeqCst);
    POOL_WAITERS.fetch_add(1, Ordering::SeqCst);
    let (count, cond) = pool_released();
    let seen = count.lock().unwrap_or_else(|e| e.into_inner());
    let start = *seen;
    let _ = cond
        .wait_timeout_while(seen, Duration::from_millis(10), |now| *now == start)
        .unwrap_or_else(|e| e.into_inner());
    POOL_WAITERS.fetch_sub(1, Ordering::SeqCst);
}

/// The engine for shared guests (Cranelift), configured by [`config`], its epoch ticker running.
pub fn engine() -> &'static Engine {
    engine_for(Compiler::Cranelift)
}

/// The process-wide engine of one compiler, made on first use with its own epoch ticker.
pub fn engine_for(compiler: Compiler) -> &'static Engine {
    static CRANELIFT: OnceLock<Engine> = OnceLock::new();
    static WINCH: OnceLock<Engine> = OnceLock::new();
    let slot = match compiler {
        Compiler::Cranelift => &CRANELIFT,
        Compiler::Winch => &WINCH,
    };
    slot.get_or_init(|| {
        let engine = Engine::new(&config_for(compiler)).expect("gg's wasmtime configuration is valid");
        let ticker = engine.weak();
        std::thread::Builder::new()
            .name("gg-epoch".into())
            .spawn(move || {
                loop {
                    std::thread::sleep(EPOCH_TICK);
                    match ticker.upgrade() {
                        Some(engine) => engine.increment_epoch(),
                        None => break,
                    }
                }
            })
            .expect("spawn the epoch ticker");
        engine
    })
}

/// The shape of a guest's bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GuestKind {
    /// A component against the sandbox world.
    Component,
    /// A core module: WASI preview1, the wire, and the arm's own imports (see `core_module`).
    CoreModule,
}

/// Where compiled components are kept between processes.
#[derive(Debug, Clone)]
pub struct CompileCache {
    dir: Option<PathBuf>,
}

impl CompileCache {
    /// No cache: every process compiles.
    pub fn disabled() -> Self {
        Self { dir: None }
    }

    /// Cache under `dir`.
    pub fn at(dir: impl Into<PathBuf>) -> Self {
        Self { dir: Some(dir.into()) }
    }

    /// `GG_CACHE_DIR`, else `$XDG_CACHE_HOME/gg`, else `$HOME/.cache/gg`; `GG_NO_CACHE=1` disables it.
    pub fn from_env() -> Self {
        if std::env::var_os("GG_NO_CACHE").is_some_and(|v| v == "1") {
            return Self::disabled();
        }
        let dir = std::env::var_os("GG_CACHE_DIR").map(PathBuf::from).or_else(|| {
            std::env::var_os("XDG_CACHE_HOME")
                .map(|x| PathBuf::from(x).join("gg"))
                .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache/gg")))
        });
        Self { dir }
    }

    pub fn dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }

    /// Where per-program scratch directories are made: `scratch/` in the cache, else the system's
    /// temporary directory.
    pub fn scratch_base(&self) -> PathBuf {
        match &self.dir {
            Some(dir) => dir.join("scratch"),
            None => std::env::temp_dir().join("gg-scratch"),
        }
    }

    /// The file a component's compiled form lives in: keyed by its bytes (or their digest, when
    /// the build computed it) and by everything about this engine that makes compiled code
    /// incompatible.
    fn path_for(&self, engine: &Engine, kind: GuestKind, bytes: &[u8], content: Option<&str>) -> Option<PathBuf> {
        let dir = self.dir.as_ref()?;
        let mut engine_hash = std::collections::hash_map::DefaultHasher::new();
        engine.precompile_compatibility_hash().hash(&mut engine_hash);
        let mut digest = Sha256::new();
        match content {
            Some(hex) => digest.update(hex.as_bytes()),
            None => digest.update(
                Sha256::digest(bytes)
                    .iter()
                    .map(|b| format!("{b:02x}"))
                    .collect::<String>(),
            ),
        }
        digest.update(engine_hash.finish().to_le_bytes());
        digest.update(env!("CARGO_PKG_VERSION").as_bytes());
        let key: String = digest.finalize().iter().take(20).map(|b| format!("{b:02x}")).collect();
        let sub = match kind {
            GuestKind::Component => "components",
            GuestKind::CoreModule => "modules",
        };
        Some(dir.join(sub).join(format!("{key}.cwasm")))
    }
}

/// Where a component came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CompiledBy {
    Cranelift,
    Cache,
}

/// Compiles `bytes`, or loads the compiled form the cache holds for them. A cache entry that will
/// not load (another wasmtime, a torn file) or whose digest does not match it (a guest wrote it)
/// is ignored and rewritten; a cache that cannot be written costs only the next process a compile.
pub fn compile(bytes: &[u8], cache: &CompileCache) -> wasmtime::Result<(Component, CompiledBy)> {
    compile_with_digest(bytes, None, cache)
}

/// [`compile`], with the hex SHA-256 of `bytes` already known (see `GuestArtifact::digest`).
pub fn compile_with_digest(
    bytes: &[u8],
    digest: Option<&str>,
    cache: &CompileCache,
) -> wasmtime::Result<(Component, CompiledBy)> {
    compile_component(Compiler::Cranelift, bytes, digest, cache)
}

/// A component's [`compile`] with the given compiler.
pub fn compile_component(
    compiler: Compiler,
    bytes: &[u8],
    digest: Option<&str>,
    cache: &CompileCache,
) -> wasmtime::Result<(Component, CompiledBy)> {
    compile_component_announced(compiler, bytes, digest, cache, None)
}

/// [`compile_component`], telling the compile observer (for `announce`, an arm id) if it compiles.
pub(crate) fn compile_component_announced(
    compiler: Compiler,
    bytes: &[u8],
    digest: Option<&str>,
    cache: &CompileCache,
    announce: Option<&str>,
) -> wasmtime::Result<(Component, CompiledBy)> {
    let engine = engine_for(compiler);
    compile_cached(
        engine,
        GuestKind::Component,
        bytes,
        digest,
        cache,
        |b| Component::new(engine, b),
        // SAFETY: the path is an entry this cache wrote with `Component::serialize`, matched
        // against the digest gg set on it, which no guest can set nor hold writable (see
        // `cache_entry`); wasmtime checks the header and the engine's compatibility.
        |p| unsafe { Component::deserialize_file(engine, p) },
        |c| c.serialize(),
        announce,
    )
}

/// A core module's [`compile`] with the given compiler.
pub fn compile_module(
    compiler: Compiler,
    bytes: &[u8],
    digest: Option<&str>,
    cache: &CompileCache,
) -> wasmtime::Result<(Module, CompiledBy)> {
    compile_module_announced(compiler, bytes, digest, cache, None)
}

/// A core module known by the hex digest of its bytes, which are made by `bytes` only if the
/// compile cache holds no compiled copy (a module an arm builds, costly to make and to hash).
pub fn compile_module_lazy(
    compiler: Compiler,
    digest: &str,
    bytes: impl FnOnce() -> Result<Vec<u8>, String>,
    cache: &CompileCache,
) -> wasmtime::Result<(Module, CompiledBy)> {
    let engine = engine_for(compiler);
    let path = cache.path_for(engine, GuestKind::CoreModule, &[], Some(digest));
    if let Some(path) = &path
        && let Some(entry) = crate::engine::cache_entry::read_verified(path)
        // SAFETY: as for `compile_module`: an entry this cache wrote, verified.
        && let Ok(compiled) = unsafe { Module::deserialize_file(engine, &entry.path()) }
    {
        CACHE_LOADS.fetch_add(1, Ordering::SeqCst);
        return Ok((compiled, CompiledBy::Cache));
    }
    let bytes = bytes().map_err(wasmtime::Error::msg)?;
    compile_module(compiler, &bytes, Some(digest), cache)
}

pub(crate) fn compile_module_announced(
    compiler: Compiler,
    bytes: &[u8],
    digest: Option<&str>,
    cache: &CompileCache,
    announce: Option<&str>,
) -> wasmtime::Result<(Module, CompiledBy)> {
    let engine = engine_for(compiler);
    compile_cached(
        engine,
        GuestKind::CoreModule,
        bytes,
        digest,
        cache,
        |b| Module::new(engine, b),
        // SAFETY: as for components: an entry this cache wrote, verified.
        |p| unsafe { Module::deserialize_file(engine, p) },
        |m| m.serialize(),
        announce,
    )
}

/// How many cache entries this process refused because their digest did not match.
pub fn cache_refusal_count() -> usize {
    crate::engine::cache_entry::refusal_count()
}

/// How many cache loads a stamp let skip hashing the entry (see `cache_entry`).
pub fn cache_stamped_count() -> usize {
    crate::engine::cache_entry::stamped_count()
}

#[allow(clippy::too_many_arguments)]
fn compile_cached<T>(
    engine: &Engine,
    kind: GuestKind,
    bytes: &[u8],
    digest: Option<&str>,
    cache: &CompileCache,
    new: impl FnOnce(&[u8]) -> wasmtime::Result<T>,
    load: impl FnOnce(&Path) -> wasmtime::Result<T>,
    serialize: impl FnOnce(&T) -> wasmtime::Result<Vec<u8>>,
    announce: Option<&str>,
) -> wasmtime::Result<(T, CompiledBy)> {
    let path = cache.path_for(engine, kind, bytes, digest);
    if let Some(path) = &path
        && let Some(entry) = crate::engine::cache_entry::read_verified(path)
        && let Ok(compiled) = load(&entry.path())
    {
        CACHE_LOADS.fetch_add(1, Ordering::SeqCst);
        return Ok((compiled, CompiledBy::Cache));
    }
    COMPILES.fetch_add(1, Ordering::SeqCst);
    if let Some(arm) = announce {
        notify(&CompileNotice {
            arm: arm.to_owned(),
            bytes: bytes.len(),
            cached: path.is_some(),
        });
    }
    let compiled = new(bytes)?;
    if let Some(path) = &path
        && let Ok(serialized) = serialize(&compiled)
    {
        let _ = write_atomically(path, &serialized);
    }
    Ok((compiled, CompiledBy::Cranelift))
}

/// Writes an entry (see `cache_entry::write_entry`) under a temporary name unique to this write.
fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = path.parent().expect("a cache path has a directory");
    std::fs::create_dir_all(dir)?;
    let tmp = dir.join(format!(
        ".{}.{}.tmp",
        std::process::id(),
        COMPILES.load(Ordering::SeqCst)
    ));
    crate::engine::cache_entry::write_entry(path, &tmp, bytes)
}
