//! The process-wide wasmtime Engine, its epoch ticker, and one compiled guest per arm.
//!
//! A guest is compiled with Cranelift at most once per process (a slot per arm id) and, on a
//! machine that compiled it before, loaded from a content-and-engine-keyed `.cwasm` cache instead
//! (the Python guest: 12–13 s to compile, 3.2 ms to load; `../shared/design/arms.md`).

use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use sha2::{Digest, Sha256};
use wasmtime::component::{Component, Linker};
use wasmtime::{Config, Engine};

use crate::language::ProgramLanguage;
use crate::limits::MAX_WASM_STACK;
use crate::membrane::bindings::SandboxPre;
use crate::store::StoreState;

/// How often the epoch advances; a runaway is stopped within one tick of its deadline.
pub const EPOCH_TICK: Duration = Duration::from_millis(100);

static COMPILES: AtomicUsize = AtomicUsize::new(0);
static CACHE_LOADS: AtomicUsize = AtomicUsize::new(0);

/// How many Cranelift compiles of a component this process has done.
pub fn compile_count() -> usize {
    COMPILES.load(Ordering::SeqCst)
}

/// How many components this process loaded from the `.cwasm` cache instead of compiling.
pub fn cache_load_count() -> usize {
    CACHE_LOADS.load(Ordering::SeqCst)
}

/// gg's engine configuration: what every arm's guests need, epoch interruption and the 1 MiB stack.
pub fn config() -> Config {
    let mut config = Config::new();
    config
        .wasm_component_model(true)
        .epoch_interruption(true)
        .max_wasm_stack(MAX_WASM_STACK)
        .wasm_backtrace_details(wasmtime::WasmBacktraceDetails::Disable)
        // Kotlin's output needs GC, exceptions, function references and reference types.
        .wasm_gc(true)
        .wasm_exceptions(true)
        .wasm_function_references(true)
        .wasm_reference_types(true)
        // Large snapshotted guests instantiate in 0.07–0.3 ms with a dense image instead of
        // 12 ms (Ruby probe, ../shared/design/arms.md).
        .memory_guaranteed_dense_image_size(512 << 20);
    config
}

/// The one Engine, configured by [`config`], with its epoch ticker running.
pub fn engine() -> &'static Engine {
    static ENGINE: OnceLock<Engine> = OnceLock::new();
    ENGINE.get_or_init(|| {
        let config = config();
        let engine = Engine::new(&config).expect("gg's wasmtime configuration is valid");
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

/// The linker every guest is instantiated against: the whole WASI p2 surface and the membrane.
pub fn linker() -> &'static Linker<StoreState> {
    static LINKER: OnceLock<Linker<StoreState>> = OnceLock::new();
    LINKER.get_or_init(|| crate::store::linker(engine()).expect("gg's linker definitions are consistent"))
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

    /// The file a component's compiled form lives in: keyed by its bytes (or their digest, when
    /// the build computed it) and by everything about this engine that makes compiled code
    /// incompatible.
    fn path_for(&self, engine: &Engine, bytes: &[u8], content: Option<&str>) -> Option<PathBuf> {
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
        Some(dir.join("components").join(format!("{key}.cwasm")))
    }
}

/// Where a component came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CompiledBy {
    Cranelift,
    Cache,
}

/// Compiles `bytes`, or loads the compiled form the cache holds for them. A cache entry that will
/// not load (another wasmtime, a torn file) is ignored and rewritten; a cache that cannot be written
/// costs only the next process a compile.
pub fn compile(bytes: &[u8], cache: &CompileCache) -> wasmtime::Result<(Component, CompiledBy)> {
    compile_with_digest(bytes, None, cache)
}

/// [`compile`], with the hex SHA-256 of `bytes` already known (see `GuestArtifact::digest`).
pub fn compile_with_digest(
    bytes: &[u8],
    digest: Option<&str>,
    cache: &CompileCache,
) -> wasmtime::Result<(Component, CompiledBy)> {
    let engine = engine();
    let path = cache.path_for(engine, bytes, digest);
    if let Some(path) = &path
        && path.is_file()
    {
        // SAFETY: the file is one this cache wrote (atomically, under a key that includes the
        // engine's compatibility hash) with `Component::serialize`; wasmtime checks its header.
        if let Ok(component) = unsafe { Component::deserialize_file(engine, path) } {
            CACHE_LOADS.fetch_add(1, Ordering::SeqCst);
            return Ok((component, CompiledBy::Cache));
        }
    }
    COMPILES.fetch_add(1, Ordering::SeqCst);
    let component = Component::new(engine, bytes)?;
    if let Some(path) = &path {
        let _ = write_atomically(path, &component);
    }
    Ok((component, CompiledBy::Cranelift))
}

fn write_atomically(path: &Path, component: &Component) -> std::io::Result<()> {
    let dir = path.parent().expect("a cache path has a directory");
    std::fs::create_dir_all(dir)?;
    let bytes = component.serialize().map_err(std::io::Error::other)?;
    let tmp = dir.join(format!(
        ".{}.{}.tmp",
        std::process::id(),
        COMPILES.load(Ordering::SeqCst)
    ));
    std::fs::write(&tmp, bytes)?;
    std::fs::rename(&tmp, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&tmp);
    })
}

/// A guest ready to instantiate: compiled, linked, type-checked against the world.
pub struct LoadedGuest {
    pub pre: SandboxPre<StoreState>,
    pub compiled_by: CompiledBy,
}

type Slot = Arc<OnceLock<Result<Arc<LoadedGuest>, String>>>;

fn slots() -> &'static Mutex<HashMap<String, Slot>> {
    static SLOTS: OnceLock<Mutex<HashMap<String, Slot>>> = OnceLock::new();
    SLOTS.get_or_init(Default::default)
}

/// Links a compiled component against gg's linker and checks it exports the sandbox world.
pub fn load(component: &Component, compiled_by: CompiledBy) -> wasmtime::Result<LoadedGuest> {
    let pre = linker().instantiate_pre(component)?;
    Ok(LoadedGuest {
        pre: SandboxPre::new(pre)?,
        compiled_by,
    })
}

/// The arm's shared guest, compiled (or loaded) the first time any caller asks and never again in
/// this process; concurrent callers wait for the one compile.
pub fn shared_guest(arm_id: &str, bytes: &[u8], cache: &CompileCache) -> Result<Arc<LoadedGuest>, String> {
    shared_guest_with_digest(arm_id, bytes, None, cache)
}

/// [`shared_guest`], with the hex SHA-256 of `bytes` already known.
pub fn shared_guest_with_digest(
    arm_id: &str,
    bytes: &[u8],
    digest: Option<&str>,
    cache: &CompileCache,
) -> Result<Arc<LoadedGuest>, String> {
    let slot = slots()
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .entry(arm_id.to_owned())
        .or_default()
        .clone();
    slot.get_or_init(|| {
        let (component, by) =
            compile_with_digest(bytes, digest, cache).map_err(|e| format!("compiling the {arm_id} guest: {e:#}"))?;
        load(&component, by)
            .map(Arc::new)
            .map_err(|e| format!("linking the {arm_id} guest: {e:#}"))
    })
    .clone()
}

/// The arm's shared guest if this process has already loaded it; never waits.
pub fn loaded_guest(arm_id: &str) -> Option<Arc<LoadedGuest>> {
    let slots = slots().lock().unwrap_or_else(|e| e.into_inner());
    slots.get(arm_id)?.get()?.as_ref().ok().cloned()
}

pub use crate::run::IdleInstance;

/// Bench and diagnostic support: `n` instances of the arm's shared guest, each in a fresh store built as a program's, held idle.
pub fn idle_instances(
    arm: &Arc<dyn ProgramLanguage>,
    n: usize,
    cache: &CompileCache,
) -> Result<Vec<IdleInstance>, String> {
    let artifact = arm
        .guest()
        .ok_or_else(|| format!("the {} arm has no shared guest", arm.id()))?;
    let guest = shared_guest_with_digest(arm.id(), &artifact.component, artifact.digest, cache)?;
    (0..n).map(|_| crate::run::idle_instance(&guest, arm)).collect()
}

/// Starts compiling the arm's shared guest on a thread of its own, so the first program does not
/// wait for it (the spec's warm-up, fired alongside the first model request). An arm that compiles
/// every program to its own component has nothing to warm: `None`.
pub fn warm_up(arm: &Arc<dyn ProgramLanguage>, cache: &CompileCache) -> Option<std::thread::JoinHandle<()>> {
    let artifact = arm.guest()?;
    let (arm, cache) = (arm.clone(), cache.clone());
    Some(std::thread::spawn(move || {
        let _ = shared_guest_with_digest(arm.id(), &artifact.component, artifact.digest, &cache);
    }))
}
