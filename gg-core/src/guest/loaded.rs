//! The guests an arm's programs run in, ready to instantiate: the component linker, the arm's
//! shared guest (compiled at most once per process, a slot per arm id), a program's own guest
//! (kept in an in-memory cache keyed by its bytes as well as the disk cache), and the warm-up.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, OnceLock, RwLock};
use std::time::{Duration, Instant};

use sha2::{Digest, Sha256};
use wasmtime::component::{Component, HasSelf, Linker};
use wasmtime::{Engine, Module};

use crate::engine::{
    CompileCache, CompiledBy, Compiler, GuestKind, compile_component_announced, compile_module_announced, engine_for,
};
use crate::program::language::ProgramLanguage;
use crate::program::store::StoreState;
use crate::wire::bindings::SandboxPre;

/// Why a guest could not be made ready: a program's own module importing what gg's host does not
/// define (the program's fault, like a link error), or anything else (gg's).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LoadError {
    /// The module imports `module`.`name` (a `kind`: function, global, memory, …), which neither
    /// the arm's linker nor its libraries define.
    UnknownImport {
        module: String,
        name: String,
        kind: String,
    },
    Gg(String),
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoadError::UnknownImport { module, name, kind } => {
                write!(
                    f,
                    "the module imports the {kind} `{module}`.`{name}`, which gg's host does not define"
                )
            }
            LoadError::Gg(message) => f.write_str(message),
        }
    }
}

impl From<String> for LoadError {
    fn from(message: String) -> Self {
        LoadError::Gg(message)
    }
}

/// The linker every component guest is instantiated against: the whole WASI p2 surface and the membrane.
pub fn linker() -> &'static Linker<StoreState> {
    linker_for(Compiler::Cranelift)
}

/// [`linker`] for the engine of `compiler`.
pub fn linker_for(compiler: Compiler) -> &'static Linker<StoreState> {
    static CRANELIFT: OnceLock<Linker<StoreState>> = OnceLock::new();
    static WINCH: OnceLock<Linker<StoreState>> = OnceLock::new();
    let slot = match compiler {
        Compiler::Cranelift => &CRANELIFT,
        Compiler::Winch => &WINCH,
    };
    slot.get_or_init(|| component_linker(engine_for(compiler)).expect("gg's linker definitions are consistent"))
}

/// A guest ready to instantiate: compiled, linked, type-checked against its imports.
pub struct LoadedGuest {
    pub(crate) shape: LoadedShape,
    pub compiled_by: CompiledBy,
    /// The compiler whose engine this guest belongs to (its stores are made on that engine).
    pub compiler: Compiler,
}

pub(crate) enum LoadedShape {
    /// A component exporting the sandbox world.
    Component(SandboxPre<StoreState>),
    /// A core module linked with preview1, the wire and its arm's imports (and its libraries).
    Core(crate::guest::core_module::CorePre),
}

impl LoadedGuest {
    /// The engine this guest's stores are made on.
    pub fn engine(&self) -> &'static Engine {
        engine_for(self.compiler)
    }

    pub fn kind(&self) -> GuestKind {
        match self.shape {
            LoadedShape::Component(_) => GuestKind::Component,
            LoadedShape::Core(_) => GuestKind::CoreModule,
        }
    }
}

type Slot = Arc<OnceLock<Result<Arc<LoadedGuest>, String>>>;

/// The arms' guest slots; read on every turn by every session, so a read lock.
fn slots() -> &'static RwLock<HashMap<String, Slot>> {
    static SLOTS: OnceLock<RwLock<HashMap<String, Slot>>> = OnceLock::new();
    SLOTS.get_or_init(Default::default)
}

/// Links a compiled component against gg's linker and checks it exports the sandbox world.
pub fn load(component: &Component, compiled_by: CompiledBy) -> wasmtime::Result<LoadedGuest> {
    load_component(Compiler::Cranelift, component, compiled_by)
}

/// [`load`] on the engine of `compiler` (the one that compiled `component`).
pub fn load_component(
    compiler: Compiler,
    component: &Component,
    compiled_by: CompiledBy,
) -> wasmtime::Result<LoadedGuest> {
    let pre = linker_for(compiler).instantiate_pre(component)?;
    Ok(LoadedGuest {
        shape: LoadedShape::Component(SandboxPre::new(pre)?),
        compiled_by,
        compiler,
    })
}

/// Links a compiled core module against its arm's linker (preview1, the wire, the arm's imports),
/// after the arm's libraries if it has any (`CoreModuleHost::libraries`, compiled through `cache`).
pub fn load_module(
    arm: &Arc<dyn ProgramLanguage>,
    compiler: Compiler,
    module: &Module,
    compiled_by: CompiledBy,
    cache: &CompileCache,
) -> Result<LoadedGuest, LoadError> {
    Ok(LoadedGuest {
        shape: LoadedShape::Core(crate::guest::core_module::CorePre::new(arm, compiler, module, cache)?),
        compiled_by,
        compiler,
    })
}

/// Compiles and links one guest's bytes of either kind; `shared` announces a compile (see
/// [`on_shared_compile`]).
fn compile_and_load(
    arm: &Arc<dyn ProgramLanguage>,
    compiler: Compiler,
    kind: GuestKind,
    bytes: &[u8],
    digest: Option<&str>,
    cache: &CompileCache,
    shared: bool,
) -> Result<LoadedGuest, LoadError> {
    let announce = shared.then(|| arm.id());
    match kind {
        GuestKind::Component => {
            let (component, by) = compile_component_announced(compiler, bytes, digest, cache, announce)
                .map_err(|e| format!("compiling the component: {e:#}"))?;
            Ok(load_component(compiler, &component, by).map_err(|e| format!("linking the component: {e:#}"))?)
        }
        GuestKind::CoreModule => {
            let (module, by) = compile_module_announced(compiler, bytes, digest, cache, announce)
                .map_err(|e| format!("compiling the core module: {e:#}"))?;
            load_module(arm, compiler, &module, by, cache)
        }
    }
}

/// The arm's shared guest, compiled (or loaded) the first time any caller asks and never again in
/// this process; concurrent callers wait for the one compile.
pub fn shared_guest(arm_id: &str, bytes: &[u8], cache: &CompileCache) -> Result<Arc<LoadedGuest>, String> {
    shared_guest_with_digest(arm_id, bytes, None, cache)
}

/// [`shared_guest`], with the hex SHA-256 of `bytes` already known (a component guest).
pub fn shared_guest_with_digest(
    arm_id: &str,
    bytes: &[u8],
    digest: Option<&str>,
    cache: &CompileCache,
) -> Result<Arc<LoadedGuest>, String> {
    slot(arm_id, || {
        let (component, by) = compile_component_announced(Compiler::Cranelift, bytes, digest, cache, Some(arm_id))
            .map_err(|e| format!("compiling the {arm_id} guest: {e:#}"))?;
        load(&component, by)
            .map(Arc::new)
            .map_err(|e| format!("linking the {arm_id} guest: {e:#}"))
    })
}

/// The arm's shared guest of either kind, through its slot.
pub fn arm_guest(arm: &Arc<dyn ProgramLanguage>, cache: &CompileCache) -> Result<Arc<LoadedGuest>, String> {
    let artifact = arm
        .guest()
        .ok_or_else(|| format!("the {} arm has no shared guest", arm.id()))?;
    slot(arm.id(), || {
        compile_and_load(
            arm,
            Compiler::Cranelift,
            artifact.kind,
            &artifact.bytes,
            artifact.digest,
            cache,
            true,
        )
        .map(Arc::new)
        .map_err(|e| format!("the {} guest: {e}", arm.id()))
    })
}

fn slot(arm_id: &str, init: impl FnOnce() -> Result<Arc<LoadedGuest>, String>) -> Result<Arc<LoadedGuest>, String> {
    let slot = slots()
        .write()
        .unwrap_or_else(|e| e.into_inner())
        .entry(arm_id.to_owned())
        .or_default()
        .clone();
    slot.get_or_init(init).clone()
}

/// The arm's shared guest if this process has already loaded it; never waits.
pub fn loaded_guest(arm_id: &str) -> Option<Arc<LoadedGuest>> {
    let slots = slots().read().unwrap_or_else(|e| e.into_inner());
    slots.get(arm_id)?.get()?.as_ref().ok().cloned()
}

/// Programs' own guests kept compiled in this process, most recent last.
pub const PROGRAM_CACHE_ENTRIES: usize = 64;

type ProgramKey = (String, Compiler, [u8; 32]);
type ProgramCache = Mutex<VecDeque<(ProgramKey, Arc<LoadedGuest>)>>;

fn program_cache() -> &'static ProgramCache {
    static CACHE: OnceLock<ProgramCache> = OnceLock::new();
    CACHE.get_or_init(Default::default)
}

/// A program's own guest: from this process's cache, else the disk cache, else compiled by the
/// arm's [`ProgramLanguage::program_compiler`]; with the time it took. The bytes are taken by
/// value and dropped once compiled.
pub fn program_guest(
    arm: &Arc<dyn ProgramLanguage>,
    kind: GuestKind,
    bytes: Vec<u8>,
    cache: &CompileCache,
) -> Result<(Arc<LoadedGuest>, Duration), LoadError> {
    let started = Instant::now();
    let digest: [u8; 32] = Sha256::digest(&bytes).into();
    let compiler = arm.program_compiler();
    // A core module is linked against its arm's own imports, so the arm is part of the key.
    let key = (
        match kind {
            GuestKind::Component => String::new(),
            GuestKind::CoreModule => arm.id().to_owned(),
        },
        compiler,
        digest,
    );
    {
        let mut kept = program_cache().lock().unwrap_or_else(|e| e.into_inner());
        if let Some(i) = kept.iter().position(|(k, _)| *k == key) {
            let entry = kept.remove(i).expect("the index was just found");
            let guest = entry.1.clone();
            kept.push_back(entry);
            return Ok((guest, started.elapsed()));
        }
    }
    let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
    let guest = Arc::new(compile_and_load(arm, compiler, kind, &bytes, Some(&hex), cache, false)?);
    drop(bytes);
    let mut kept = program_cache().lock().unwrap_or_else(|e| e.into_inner());
    if !kept.iter().any(|(k, _)| *k == key) {
        kept.push_back((key, guest.clone()));
        while kept.len() > PROGRAM_CACHE_ENTRIES {
            kept.pop_front();
        }
    }
    Ok((guest, started.elapsed()))
}

/// Starts compiling the arm's shared guest on a thread of its own, so the first program does not
/// wait for it (the spec's warm-up, fired alongside the first model request). An arm that compiles
/// every program to its own guest has no guest to warm: its warm-up is its preparation step's,
/// after which the core-module libraries its programs import from (which that step may have
/// built) are compiled, or loaded from the disk cache, for the program's compiler.
pub fn warm_up(arm: &Arc<dyn ProgramLanguage>, cache: &CompileCache) -> std::thread::JoinHandle<()> {
    let (arm, cache) = (arm.clone(), cache.clone());
    std::thread::spawn(move || {
        if arm.guest().is_some() {
            let _ = arm_guest(&arm, &cache);
        }
        arm.warm_up(&crate::program::language::PrepareCx::detached(&cache));
        for library in arm.core_host().map(|h| h.libraries()).unwrap_or_default() {
            let _ = crate::guest::core_module::library(arm.program_compiler(), &library, &cache);
        }
    })
}

/// Makes the linker `arm`'s shared guest is linked against, on the calling thread, if this
/// process has not yet: a thread with nothing else to do while [`warm_up`] deserialises the guest
/// takes part of the linker's ~0.3 ms off the first program's path (−0.05 to −0.1 ms of a cold
/// `gg run`, BENCHMARKS.md "The cold process, again").
pub fn link_ahead(arm: &Arc<dyn ProgramLanguage>) {
    if arm.guest().is_some() {
        linker();
    }
}

/// The whole WASI p2 surface, `wasi:cli/exit` answered by gg so the status is kept exact, the
/// calls that park the guest bounded by its deadline (`park`), and the membrane.
fn component_linker(engine: &wasmtime::Engine) -> wasmtime::Result<Linker<StoreState>> {
    let mut linker = Linker::new(engine);
    wasmtime_wasi::p2::add_to_linker_sync(&mut linker)?;
    linker.allow_shadowing(true);
    wasmtime_wasi::p2::bindings::cli::exit::add_to_linker::<StoreState, HasSelf<StoreState>>(&mut linker, |s| s)?;
    linker.allow_shadowing(false);
    crate::guest::park::shadow_p2(&mut linker)?;
    crate::program::membrane::add_to_linker(&mut linker)?;
    Ok(linker)
}
