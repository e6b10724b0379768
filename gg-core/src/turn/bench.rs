//! Bench and diagnostic support, off the run path: idle instances of an arm's shared guest, held to
//! measure the memory each costs; many sessions at once, to measure throughput and turn latency.

use std::sync::Arc;

use wasmtime::Store;

use crate::engine::CompileCache;
use crate::guest::{LoadedShape, arm_guest};
use crate::program::capture::SharedStderr;
use crate::program::language::ProgramLanguage;
use crate::program::membrane::MembraneSetup;
use crate::program::store::{GuestStdout, StoreState};
use crate::turn::run::{RunOptions, new_store};

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
                guest.engine(),
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

/// What [`throughput`] measured: sessions running at once in one process, the way `gg serve`
/// runs them.
#[derive(Debug, Clone)]
pub struct Throughput {
    pub sessions: usize,
    pub programs: usize,
    pub elapsed: std::time::Duration,
    /// Each turn's wall time as its caller saw it (`Session::run`), sorted.
    pub latencies: Vec<std::time::Duration>,
}

impl Throughput {
    pub fn per_second(&self) -> f64 {
        self.programs as f64 / self.elapsed.as_secs_f64()
    }

    /// The turn latency at `q` (0.5 the median) in milliseconds.
    pub fn quantile_ms(&self, q: f64) -> f64 {
        let i = ((self.latencies.len() as f64 - 1.0) * q).round() as usize;
        self.latencies.get(i).map_or(f64::NAN, |d| d.as_secs_f64() * 1e3)
    }
}

/// Runs `program` as `turns` turns in each of `sessions` sessions at once on the current tokio
/// runtime, every session with its own tools from `tools`, after one untimed turn each; fails
/// on the first turn that does not complete.
pub async fn throughput(
    arm: &Arc<dyn ProgramLanguage>,
    tools: impl Fn() -> Arc<dyn crate::ToolApi>,
    program: &str,
    options: &RunOptions,
    sessions: usize,
    turns: usize,
) -> Result<Throughput, String> {
    let mut ready = Vec::with_capacity(sessions);
    for _ in 0..sessions {
        let mut session = crate::Session::new(arm.clone(), tools());
        let o = session.run(program, options).await;
        if o.status != crate::Status::Completed {
            return Err(format!("the warm-up turn ended {:?}: {:?}", o.status, o.error));
        }
        ready.push(session);
    }
    let started = std::time::Instant::now();
    let tasks: Vec<_> = ready
        .into_iter()
        .map(|mut session| {
            let (program, options) = (program.to_owned(), options.clone());
            tokio::spawn(async move {
                let mut latencies = Vec::with_capacity(turns);
                for _ in 0..turns {
                    let turn = std::time::Instant::now();
                    let o = session.run(&program, &options).await;
                    if o.status != crate::Status::Completed {
                        return Err(format!("a turn ended {:?}: {:?}", o.status, o.error));
                    }
                    latencies.push(turn.elapsed());
                }
                Ok(latencies)
            })
        })
        .collect();
    let mut latencies = Vec::with_capacity(sessions * turns);
    for task in tasks {
        latencies.extend(task.await.map_err(|e| format!("a session panicked: {e}"))??);
    }
    let elapsed = started.elapsed();
    latencies.sort();
    Ok(Throughput {
        sessions,
        programs: latencies.len(),
        elapsed,
        latencies,
    })
}
