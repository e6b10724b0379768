//! Bench and diagnostic support, off the run path: idle instances of an arm's shared guest, held to
//! measure the memory each costs.

use std::sync::Arc;

use wasmtime::Store;

use crate::capture::SharedStderr;
use crate::engine::{CompileCache, LoadedShape, arm_guest};
use crate::language::ProgramLanguage;
use crate::membrane::MembraneSetup;
use crate::run::{RunOptions, new_store};
use crate::store::{GuestStdout, StoreState};

/// An instance of an arm's shared guest in a store built as a program's, held and never called.
pub struct IdleInstance {
    _store: Store<StoreState>,
    _instance: Box<dyn std::any::Any + Send>,
}

/// `n` instances of the arm's shared guest, each in a fresh store built as a program's under the
/// default options (no tools, nothing granted), on the current tokio runtime, held idle.
pub fn idle_instances(
    arm: &Arc<dyn ProgramLanguage>,
    n: usize,
    cache: &CompileCache,
) -> Result<Vec<IdleInstance>, String> {
    let guest = arm_guest(arm, cache)?;
    let runtime =
        tokio::runtime::Handle::try_current().map_err(|e| format!("an idle instance needs a tokio runtime: {e}"))?;
    struct NoTools;
    impl crate::ToolApi for NoTools {}
    let options = RunOptions::default();
    (0..n)
        .map(|_| {
            let setup = MembraneSetup::bare(
                Arc::new(NoTools),
                runtime.clone(),
                arm.clone(),
                options.budget,
                options.ending,
            );
            let mut store = new_store(
                setup,
                SharedStderr::default(),
                GuestStdout::Withheld,
                options.limits,
                &options.reach,
                guest.kind(),
            );
            let instance: Box<dyn std::any::Any + Send> = match &guest.shape {
                LoadedShape::Component(pre) => Box::new(
                    pre.instantiate(&mut store)
                        .map_err(|e| format!("instantiating: {e:#}"))?,
                ),
                LoadedShape::Core(pre) => Box::new(
                    pre.instantiate(&mut store)
                        .map_err(|e| format!("instantiating: {e:#}"))?,
                ),
            };
            Ok(IdleInstance {
                _store: store,
                _instance: instance,
            })
        })
        .collect()
}
