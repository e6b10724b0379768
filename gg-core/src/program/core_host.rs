//! `CoreModuleHost`: what an arm adds to a core-module guest (its imports, libraries, specialised
//! modules, entry), and what its methods are handed.

use std::sync::Arc;

use wasmtime::{Instance, Linker, Store};

use crate::program::store::StoreState;
use crate::wire::CodeModule;

/// What one program hands a core module's entry: its text and the code modules in scope (a guest
/// compiled per program carries both inside already; a shared one, such as an interpreter, needs them).
#[derive(Debug, Clone, Copy)]
pub struct ProgramInput<'a> {
    pub source: &'a str,
    pub modules: &'a [CodeModule],
    /// The reach the instance's WASI context was built with (its preopens and environment): an
    /// arm that reuses guest state initialised under one reach keys that state by it.
    pub reach: &'a crate::program::store::GuestReach,
    /// The key of the [`Specialised`] module this instance is of, or `None` for the arm's own.
    pub specialised: Option<&'a str>,
}

/// A module an arm runs instead of its shared one under some reach: the shared module with state
/// the arm initialised under that reach baked into its data (wizer-style), so an instance starts
/// from it through the engine's copy-on-write memory image instead of copying it in per program.
pub struct Specialised {
    /// Names what is baked in, uniquely in this process (the same key, the same module).
    pub key: String,
    /// Makes the module; called at most once per key and process, on a thread of its own.
    pub make: Box<dyn Specialisation>,
}

/// How a [`Specialised`] module is made.
pub trait Specialisation: Send {
    /// The hex SHA-256 (or as strong a digest) of exactly what [`bytes`](Self::bytes) returns: the
    /// compile cache's key, so a module compiled by an earlier process is loaded, not rebuilt.
    fn digest(&self) -> String;
    /// The module's bytes; asked only when the compile cache has no compiled copy.
    fn bytes(&self) -> Result<Vec<u8>, String>;
}

/// A core module a program's module imports from by module name (a compiler's standard library
/// compiled once, rather than into every program): instantiated fresh in each program's store
/// before the program, its own imports answered by the linker and the libraries before it.
#[derive(Debug, Clone)]
pub struct CoreLibrary {
    /// The module name the program's imports use (a compiler's runtime module, say).
    pub name: String,
    pub bytes: Arc<Vec<u8>>,
}

/// What an arm adds to a core-module guest. Its host functions reach the membrane through
/// [`StoreState::wire_call`], and keep per-program state with [`StoreState::set_arm_data`].
pub trait CoreModuleHost: Send + Sync {
    /// Adds the arm's own imports to the linker (it already holds WASI preview1 and the wire).
    fn link(&self, _linker: &mut Linker<StoreState>) -> wasmtime::Result<()> {
        Ok(())
    }

    /// The libraries a program's module imports from, in instantiation order (each may import
    /// from those before it); compiled once through the compile cache. Asked when a program's
    /// module is loaded, so after its preparation, and after the arm's warm-up (which compiles
    /// them ahead of the first program). Default: none.
    fn libraries(&self) -> Vec<CoreLibrary> {
        Vec::new()
    }

    /// A module to run instead of the arm's own for a program under `reach` ([`Specialised`]),
    /// or `None`. Asked before every program of the arm, so cheap: the making is deferred to
    /// [`Specialised::make`]. [`run`](Self::run) is told by [`ProgramInput::specialised`] which
    /// module its instance is of. Default: none.
    fn specialised(&self, _reach: &crate::program::store::GuestReach) -> Option<Specialised> {
        None
    }

    /// The most linear memory the guest can use, when its own runtime stops below gg's limit (a
    /// heap sized when the module was built): gg's limit is lowered to it for this arm, so the
    /// guest meets gg's denial, reported as out of memory, before its own abort. Default: none.
    fn memory_ceiling(&self) -> Option<u64> {
        None
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

/// What an arm's entry returns when the guest ran out of a stack of its own that wasmtime does not
/// watch (a shadow stack in linear memory, a runtime's buffer of saved frames), as the arm read
/// from the store's state after the trap, never from its message: filed as a stack overflow with
/// `stack`'s words, which say which stack ran out.
#[derive(Debug, Clone, thiserror::Error)]
#[error("the guest's stack ran out: {stack}")]
pub struct StackExhausted {
    pub stack: String,
}

/// Calls a command module's `_start`.
pub fn start(store: &mut Store<StoreState>, instance: &Instance) -> wasmtime::Result<()> {
    let start = instance
        .get_typed_func::<(), ()>(&mut *store, "_start")
        .map_err(|e| wasmtime::Error::msg(format!("the core module has no `_start` entry: {e}")))?;
    start.call(store, ())
}
