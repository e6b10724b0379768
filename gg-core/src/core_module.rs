//! The core-module guest shape: WASI preview1 with the spec's guest context, the wire, and an arm's
//! own imports, linked per arm; and the entry a program's instance is run through.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use wasmtime::{Instance, Linker, Store};

use crate::engine::{Compiler, engine_for};
use crate::language::ProgramLanguage;
use crate::store::StoreState;
use crate::wire::CodeModule;

/// What one program hands a core module's entry: its text and the code modules in scope (a guest
/// compiled per program carries both inside already; a shared one, such as an interpreter, needs them).
#[derive(Debug, Clone, Copy)]
pub struct ProgramInput<'a> {
    pub source: &'a str,
    pub modules: &'a [CodeModule],
    /// The reach the instance's WASI context was built with (its preopens and environment): an
    /// arm that reuses guest state initialised under one reach keys that state by it.
    pub reach: &'a crate::store::GuestReach,
}

/// What an arm adds to a core-module guest. Its host functions reach the membrane through
/// [`StoreState::wire_call`], and keep per-program state with [`StoreState::set_arm_data`].
pub trait CoreModuleHost: Send + Sync {
    /// Adds the arm's own imports to the linker (it already holds WASI preview1 and the wire).
    fn link(&self, _linker: &mut Linker<StoreState>) -> wasmtime::Result<()> {
        Ok(())
    }

    /// Runs the program in its fresh instance; the guest clock is already running. The default
    /// calls the command entry `_start`.
    fn run(
        &self,
        store: &mut Store<StoreState>,
        instance: &Instance,
        _input: ProgramInput<'_>,
    ) -> wasmtime::Result<()> {
        start(store, instance)
    }
}

/// Calls a command module's `_start`.
pub fn start(store: &mut Store<StoreState>, instance: &Instance) -> wasmtime::Result<()> {
    let start = instance
        .get_typed_func::<(), ()>(&mut *store, "_start")
        .map_err(|e| wasmtime::Error::msg(format!("the core module has no `_start` entry: {e}")))?;
    start.call(store, ())
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
    crate::park::shadow_p1(&mut linker).map_err(|e| format!("bounding WASI preview1's waits: {e:#}"))?;
    crate::wire::abi::add_to_linker(&mut linker).map_err(|e| format!("linking the wire: {e:#}"))?;
    if let Some(host) = arm.core_host() {
        host.link(&mut linker)
            .map_err(|e| format!("linking the {} arm's own imports: {e:#}", arm.id()))?;
    }
    let linker = Arc::new(linker);
    linkers.insert((arm.id(), compiler), linker.clone());
    Ok(linker)
}

/// Runs a program's instance through the arm's entry, or `_start`.
pub(crate) fn run(
    arm: &dyn ProgramLanguage,
    store: &mut Store<StoreState>,
    instance: &Instance,
    input: ProgramInput<'_>,
) -> wasmtime::Result<()> {
    match arm.core_host() {
        Some(host) => host.run(store, instance, input),
        None => start(store, instance),
    }
}
