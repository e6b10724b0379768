//! The core-module guest shape: WASI preview1 with the spec's guest context, the wire, and an arm's
//! own imports (`CoreModuleHost`), linked per arm; the arm's library modules a program's module
//! imports from; the specialised modules an arm runs instead of its shared one under a reach; and
//! the entry a program's instance is run through, and the wait between a guest runtime's own
//! events that an arm's entry drives from the host ([`wait`]).

use std::collections::HashMap;
use std::sync::atomic::{AtomicU8, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use wasmtime::{Instance, InstancePre, Linker, Module, Store};

use crate::engine::{CompileCache, Compiler, engine_for};
use crate::guest::LoadError;
use crate::program::core_host::{CoreLibrary, ProgramInput, Specialisation, start};
use crate::program::language::ProgramLanguage;
use crate::program::store::StoreState;

/// When a specialised module is built (process-wide; see [`set_specialise`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Specialise {
    /// On a thread of its own once a process has run a second program that could use it (a
    /// process that runs one program, the CLI's `gg run`, never pays for a build it would not
    /// use); programs run on the arm's own module until it is ready. The default.
    Background,
    /// In the turn that first could use it, which waits for it (tests and benchmarks: every
    /// program after that one runs on it).
    Wait,
    /// Never: programs always run on the arm's own module.
    Off,
}

static SPECIALISE: AtomicU8 = AtomicU8::new(0);
static SPECIALISED_RUNS: AtomicUsize = AtomicUsize::new(0);

/// Sets when specialised modules are built, for the whole process.
pub fn set_specialise(when: Specialise) {
    SPECIALISE.store(when as u8, Ordering::SeqCst);
}

/// When specialised modules are built.
pub fn specialise() -> Specialise {
    match SPECIALISE.load(Ordering::SeqCst) {
        1 => Specialise::Wait,
        2 => Specialise::Off,
        _ => Specialise::Background,
    }
}

/// How many programs this process has run on a specialised module.
pub fn specialised_runs() -> usize {
    SPECIALISED_RUNS.load(Ordering::SeqCst)
}

/// Specialised modules a process keeps (each is the size of the arm's own, and compiled once).
const MAX_SPECIALISED: usize = 4;

/// One specialised module's slot: how many programs could have used it, whether its build has
/// started, and the module once built (`None` if the build failed: the arm's own is used).
#[derive(Default)]
struct SpecialSlot {
    sightings: usize,
    started: bool,
    built: Arc<OnceLock<Option<Arc<CorePre>>>>,
}

/// The specialised module for a program of `arm` under `reach`, ready to instantiate, with its key;
/// `None` (the arm's own module is used) when the arm has none, or it is not built yet.
pub(crate) fn specialised(
    arm: &Arc<dyn ProgramLanguage>,
    compiler: Compiler,
    reach: &crate::program::store::GuestReach,
    cache: &CompileCache,
) -> Option<(Arc<CorePre>, String)> {
    type Slots = Mutex<HashMap<(&'static str, Compiler, String), SpecialSlot>>;
    static SLOTS: OnceLock<Slots> = OnceLock::new();
    let when = specialise();
    if when == Specialise::Off {
        return None;
    }
    let spec = arm.core_host()?.specialised(reach)?;
    let key = (arm.id(), compiler, spec.key.clone());
    let built = {
        let mut slots = SLOTS
            .get_or_init(Default::default)
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        if !slots.contains_key(&key) && slots.len() >= MAX_SPECIALISED {
            return None;
        }
        let slot = slots.entry(key).or_default();
        if let Some(built) = slot.built.get() {
            return built.clone().map(|pre| (pre, spec.key));
        }
        slot.sightings += 1;
        let due = match when {
            Specialise::Wait => true,
            _ => slot.sightings >= 2,
        };
        if !due || (slot.started && when != Specialise::Wait) {
            return None;
        }
        slot.started = true;
        slot.built.clone()
    };
    let build = {
        let (arm, cache) = (arm.clone(), cache.clone());
        move || build_specialised(&arm, compiler, spec.make, &cache)
    };
    if when == Specialise::Wait {
        // Concurrent turns wait for the one build.
        return built.get_or_init(build).clone().map(|pre| (pre, spec.key));
    }
    std::thread::spawn(move || {
        built.get_or_init(build);
    });
    None
}

/// Compiles (or loads from the disk cache) and links one specialised module; `None` if any step
/// fails, which leaves the arm's own module in use.
fn build_specialised(
    arm: &Arc<dyn ProgramLanguage>,
    compiler: Compiler,
    make: Box<dyn Specialisation>,
    cache: &CompileCache,
) -> Option<Arc<CorePre>> {
    let digest = make.digest();
    let (module, _) = crate::engine::compile_module_lazy(compiler, &digest, || make.bytes(), cache).ok()?;
    CorePre::new(arm, compiler, &module, cache).ok().map(Arc::new)
}

/// What an import is, as a model reads it.
fn extern_kind(ty: wasmtime::ExternType) -> &'static str {
    match ty {
        wasmtime::ExternType::Func(_) => "function",
        wasmtime::ExternType::Global(_) => "global",
        wasmtime::ExternType::Table(_) => "table",
        wasmtime::ExternType::Memory(_) => "memory",
        wasmtime::ExternType::Tag(_) => "tag",
    }
}

/// The linker for an arm's core modules: WASI preview1 (its `proc_exit` keeps the status exactly),
/// the wire, and the arm's own imports, on the engine of `compiler`. Built once per arm id and
/// compiler per process.
pub fn linker(arm: &Arc<dyn ProgramLanguage>, compiler: Compiler) -> Result<Arc<Linker<StoreState>>, String> {
    type Linkers = Mutex<HashMap<(&'static str, Compiler), Arc<Linker<StoreState>>>>;
    static LINKERS: OnceLock<Linkers> = OnceLock::new();
    let mut linkers = LINKERS
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    if let Some(l) = linkers.get(&(arm.id(), compiler)) {
        return Ok(l.clone());
    }
    let mut linker = Linker::new(engine_for(compiler));
    wasmtime_wasi::p1::add_to_linker_sync(&mut linker, StoreState::p1)
        .map_err(|e| format!("linking WASI preview1: {e:#}"))?;
    crate::guest::park::shadow_p1(&mut linker).map_err(|e| format!("bounding WASI preview1's waits: {e:#}"))?;
    // preview1's `proc_exit` asks for the caller's `memory` export it never reads; a library-linked
    // module (`CoreLibrary`) that exports none may call it too. Every status is the program's, as
    // it passed it (decision 0155): wasmtime's refusal of 126 and above guards a CLI that exits
    // with the guest's status, and gg does not.
    linker.allow_shadowing(true);
    linker
        .func_wrap(
            "wasi_snapshot_preview1",
            "proc_exit",
            |status: i32| -> wasmtime::Result<()> { Err(wasmtime_wasi::I32Exit(status).into()) },
        )
        .map_err(|e| format!("linking proc_exit: {e:#}"))?;
    linker.allow_shadowing(false);
    crate::program::membrane::abi::add_to_linker(&mut linker).map_err(|e| format!("linking the wire: {e:#}"))?;
    if let Some(host) = arm.core_host() {
        host.link(&mut linker)
            .map_err(|e| format!("linking the {} arm's own imports: {e:#}", arm.id()))?;
    }
    let linker = Arc::new(linker);
    linkers.insert((arm.id(), compiler), linker.clone());
    Ok(linker)
}

/// A program's core module ready to instantiate: linked alone, or after its arm's libraries.
pub(crate) enum CorePre {
    Alone(InstancePre<StoreState>),
    Linked {
        linker: Arc<Linker<StoreState>>,
        libraries: Vec<(String, Module)>,
        program: Module,
    },
}

impl CorePre {
    /// Links `module` against the arm's linker, after its libraries if it has any (each compiled
    /// once per process, through the disk cache).
    pub(crate) fn new(
        arm: &Arc<dyn ProgramLanguage>,
        compiler: Compiler,
        module: &Module,
        cache: &CompileCache,
    ) -> Result<CorePre, LoadError> {
        let linker = linker(arm, compiler)?;
        let libraries = arm.core_host().map(|h| h.libraries()).unwrap_or_default();
        if libraries.is_empty() {
            return linker.instantiate_pre(module).map(CorePre::Alone).map_err(|e| match e
                .downcast_ref::<wasmtime::UnknownImportError>()
            {
                Some(unknown) => LoadError::UnknownImport {
                    module: unknown.module().to_owned(),
                    name: unknown.name().to_owned(),
                    kind: extern_kind(unknown.ty()).to_owned(),
                },
                None => LoadError::Gg(format!("linking the {} arm's core module: {e:#}", arm.id())),
            });
        }
        let libraries = libraries
            .iter()
            .map(|l| library(compiler, l, cache).map(|m| (l.name.clone(), m)))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(CorePre::Linked {
            linker,
            libraries,
            program: module.clone(),
        })
    }

    /// A fresh instance of the program (and of its libraries) in `store`.
    pub(crate) fn instantiate(&self, store: &mut Store<StoreState>) -> wasmtime::Result<Instance> {
        let (linker, libraries, program) = match self {
            CorePre::Alone(pre) => return pre.instantiate(store),
            CorePre::Linked {
                linker,
                libraries,
                program,
            } => (linker, libraries, program),
        };
        let mut done: Vec<(&str, Instance)> = Vec::with_capacity(libraries.len());
        for (name, module) in libraries.iter().map(|(n, m)| (n.as_str(), m)).chain([("", program)]) {
            let mut imports = Vec::new();
            for import in module.imports() {
                let export = match done.iter().find(|(n, _)| *n == import.module()) {
                    Some((_, library)) => library.get_export(&mut *store, import.name()).ok_or_else(|| {
                        wasmtime::Error::msg(format!(
                            "the library `{}` exports no `{}`",
                            import.module(),
                            import.name()
                        ))
                    })?,
                    None => linker.get(&mut *store, import.module(), import.name())?,
                };
                imports.push(export);
            }
            let instance = Instance::new(&mut *store, module, &imports)?;
            if store.data().library_memory.is_none() {
                store.data_mut().library_memory = instance.get_memory(&mut *store, "memory");
            }
            done.push((name, instance));
        }
        Ok(done.pop().expect("the program was instantiated").1)
    }
}

/// One library's module, compiled (or loaded from the disk cache) once per process and compiler.
pub(crate) fn library(compiler: Compiler, library: &CoreLibrary, cache: &CompileCache) -> Result<Module, String> {
    type Libraries = Mutex<HashMap<(Compiler, [u8; 32]), Module>>;
    static LIBRARIES: OnceLock<Libraries> = OnceLock::new();
    use sha2::Digest as _;
    let digest: [u8; 32] = sha2::Sha256::digest(library.bytes.as_slice()).into();
    let mut kept = LIBRARIES
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    if let Some(m) = kept.get(&(compiler, digest)) {
        return Ok(m.clone());
    }
    let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
    let (module, _) = crate::engine::compile_module(compiler, &library.bytes, Some(&hex), cache)
        .map_err(|e| format!("compiling the library `{}`: {e:#}", library.name))?;
    kept.insert((compiler, digest), module.clone());
    Ok(module)
}

/// Runs a program's instance through the arm's entry, or `_start`.
pub(crate) fn run(
    arm: &dyn ProgramLanguage,
    store: &mut Store<StoreState>,
    instance: &Instance,
    input: ProgramInput<'_>,
) -> wasmtime::Result<()> {
    if input.specialised.is_some() {
        SPECIALISED_RUNS.fetch_add(1, Ordering::SeqCst);
    }
    match arm.core_host() {
        Some(host) => host.run(store, instance, input),
        None => start(store, instance),
    }
}

/// Waits `wait` on the guest's behalf, between the events of a guest runtime whose event loop its
/// arm's entry drives from the host (a timer the guest set, with no WASI call of its own to park
/// in): as a parked WASI call waits, it is stopped at the guest's deadline, a timeout.
pub fn wait(store: &mut Store<StoreState>, wait: std::time::Duration) -> wasmtime::Result<()> {
    crate::guest::park::wait(store.data_mut(), wait)
}
