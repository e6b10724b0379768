//! Running one program as a turn: prepare, instantiate a fresh store under both ceilings, call the
//! guest, classify how it ended (by type, never by message text), and assemble the outcome.

use std::collections::BTreeSet;
use std::sync::Arc;
use std::time::{Duration, Instant};

use wasmtime::{Store, Trap, UpdateDeadline};

use crate::capture::SharedStderr;
use crate::clock::{GuestClock, RunBudget};
use crate::engine::{self, CompileCache, LoadedGuest};
use crate::language::{PrepareError, Prepared, ProgramFault, SourceLocation};
use crate::library::ProgramEntry;
use crate::limits::{GUEST_HEAD_START, Limits, MAX_WASM_STACK, MemoryCap, human_bytes};
use crate::membrane::{Membrane, MembraneSetup, OPERATIONS, code_name};
use crate::outcome::{ErrorClass, LimitsReport, OutcomeError, SandboxOutcome, Status, Timing};
use crate::session::{Session, SessionState};
use crate::store::{GuestExit, GuestReach, StoreState, guest_context};
use crate::wire::{CodeModule, EndingKind, ErrorKind, ProgramError};

/// What one program runs under, beside its source.
#[derive(Debug, Clone)]
pub struct RunOptions {
    pub limits: Limits,
    pub reach: GuestReach,
    /// The operations granted; `None` grants every one.
    pub grant: Option<BTreeSet<String>>,
    pub ending: EndingKind,
    /// Whether the program library is kept (and `programs.*` served).
    pub library: bool,
    /// The run's wall-clock budget, checked before every bridged call.
    pub budget: RunBudget,
    pub cache: CompileCache,
}

impl Default for RunOptions {
    fn default() -> Self {
        Self {
            limits: Limits::default(),
            reach: GuestReach::Full,
            grant: None,
            ending: EndingKind::None,
            library: true,
            budget: RunBudget::unbounded(),
            cache: CompileCache::from_env(),
        }
    }
}

impl RunOptions {
    fn granted(&self) -> BTreeSet<String> {
        self.grant
            .clone()
            .unwrap_or_else(|| OPERATIONS.iter().map(|o| o.id.to_owned()).collect())
    }
}

/// What the blocking half of a run hands back.
struct GuestRun {
    state: StoreState,
    result: Result<(), wasmtime::Error>,
    instantiate: Duration,
}

impl Session {
    /// Runs `source` as this session's next turn. Never fails: every path ends in an outcome.
    pub async fn run(&mut self, source: &str, options: &RunOptions) -> SandboxOutcome {
        let wall = Instant::now();
        let turn = self.state.library.next_turn();
        let mut outcome = blank_outcome(self.arm.id(), turn, &options.limits);

        let prepared = match self.prepare(source, &mut outcome).await {
            Some(p) => p,
            None => return self.file(source, outcome, wall, options),
        };
        let guest = match self.guest(&prepared, options).await {
            Ok(guest) => guest,
            Err(message) => {
                outcome.status = Status::InternalError;
                outcome.error = Some(error(ErrorClass::Internal, message));
                return self.file(source, outcome, wall, options);
            }
        };

        let setup = MembraneSetup {
            tools: self.tools.clone(),
            runtime: tokio::runtime::Handle::current(),
            arm: self.arm.clone(),
            grant: options.granted(),
            budget: options.budget,
            ending_kind: options.ending,
            library: options.library,
            session: std::mem::take(&mut self.state),
        };
        let stderr = SharedStderr::default();
        let limits = options.limits;
        let reach = options.reach.clone();
        let ending = options.ending;
        let library = options.library;
        let program = prepared.source.clone();
        let modules = prepared.modules.clone();
        let captured = stderr.clone();
        let run = tokio::task::spawn_blocking(move || {
            run_guest(
                &guest, setup, captured, limits, &reach, &program, modules, ending, library,
            )
        })
        .await;
        let run = match run {
            Ok(run) => run,
            Err(join) => {
                // A panic in gg's own host code: the session's state went with it.
                outcome.status = Status::InternalError;
                outcome.error = Some(error(
                    ErrorClass::Internal,
                    format!("gg's host panicked running the program: {join}"),
                ));
                return self.file(source, outcome, wall, options);
            }
        };
        outcome.stderr = match &prepared.locations {
            Some(map) => map.rewrite(&stderr.render()),
            None => stderr.render(),
        };
        self.conclude(run, &prepared, &mut outcome);
        self.file(source, outcome, wall, options)
    }

    /// Prepares the program; on failure fills the outcome and returns `None`.
    async fn prepare(&self, source: &str, outcome: &mut SandboxOutcome) -> Option<Prepared> {
        let arm = self.arm.clone();
        let modules: Vec<_> = self.state.modules.values().cloned().collect();
        let started = Instant::now();
        let prepared = if arm.checker().is_none() {
            // No checker, no compiler: preparation is a copy, not worth a thread hop.
            Ok(arm.prepare(source, &modules))
        } else {
            let text = source.to_owned();
            tokio::task::spawn_blocking(move || arm.prepare(&text, &modules)).await
        };
        if self.arm.checker().is_some() {
            outcome.timing.prepare_ms = Some(ms(started.elapsed()));
        }
        let failure = match prepared {
            Ok(Ok(prepared)) => return Some(prepared),
            Ok(Err(failure)) => failure,
            Err(join) => PrepareError::Lowering {
                message: format!("the arm's preparation panicked: {join}"),
            },
        };
        let (status, err) = match failure {
            PrepareError::Program {
                fault,
                diagnostics,
                dropped,
            } => {
                let class = match fault {
                    ProgramFault::Syntax => ErrorClass::Syntax,
                    ProgramFault::Compile => ErrorClass::Compile,
                    ProgramFault::Unsupported => ErrorClass::Unsupported,
                };
                let first = diagnostics.first().cloned();
                let mut message: Vec<String> = diagnostics.iter().map(|d| d.message.clone()).collect();
                if dropped > 0 {
                    message.push(format!("… {dropped} more diagnostics dropped"));
                }
                outcome.diagnostics = diagnostics;
                outcome.diagnostics_dropped = dropped;
                let mut e = error(class, message.join("\n"));
                e.location = first.and_then(|d| d.location);
                (Status::PrepareError, e)
            }
            PrepareError::Toolchain { tool, message } => (
                Status::ToolchainError,
                error(ErrorClass::Toolchain, format!("the {tool} toolchain failed: {message}")),
            ),
            PrepareError::Lowering { message } => (Status::InternalError, error(ErrorClass::Internal, message)),
        };
        outcome.status = status;
        outcome.error = Some(err);
        None
    }

    /// The guest this program runs on: its own component, or the arm's shared one.
    async fn guest(&self, prepared: &Prepared, options: &RunOptions) -> Result<Arc<LoadedGuest>, String> {
        if prepared.component.is_none()
            && let Some(loaded) = engine::loaded_guest(self.arm.id())
        {
            return Ok(loaded);
        }
        let arm = self.arm.clone();
        let own = prepared.component.clone();
        let cache = options.cache.clone();
        tokio::task::spawn_blocking(move || match own {
            Some(bytes) => {
                let (component, by) = engine::compile(&bytes, &CompileCache::disabled())
                    .map_err(|e| format!("compiling this program's component: {e:#}"))?;
                engine::load(&component, by)
                    .map(Arc::new)
                    .map_err(|e| format!("linking this program's component: {e:#}"))
            }
            None => match arm.guest() {
                Some(artifact) => {
                    engine::shared_guest_with_digest(arm.id(), &artifact.component, artifact.digest, &cache)
                }
                None => Err(format!(
                    "the {} arm produced no component and has no shared guest",
                    arm.id()
                )),
            },
        })
        .await
        .map_err(|join| format!("loading the guest panicked: {join}"))?
    }

    /// Fills the outcome from the finished store, classifying how the guest ended.
    fn conclude(&mut self, run: GuestRun, prepared: &Prepared, outcome: &mut SandboxOutcome) {
        let GuestRun {
            state,
            result,
            instantiate,
        } = run;
        let StoreState {
            membrane,
            clock,
            memory,
            exit,
            ..
        } = state;
        let Membrane {
            session,
            calls,
            logs,
            error: reported,
            module_errors,
            returned_value_discarded,
            ending,
            rerun,
            pinned,
            ..
        } = membrane;
        self.state = session;
        let (calls, calls_dropped) = calls.into_parts();
        let (logs, logs_dropped) = logs.into_parts();
        outcome.calls = calls;
        outcome.calls_dropped = calls_dropped;
        outcome.logs = logs;
        outcome.logs_dropped = logs_dropped;
        outcome.module_errors = module_errors;
        outcome.returned_value_discarded = returned_value_discarded;
        outcome.pinned_skills = pinned;
        outcome.timing.instantiate_ms = ms(instantiate);
        outcome.timing.guest_ms = ms(clock.guest_time());
        outcome.timing.host_ms = ms(clock.host_time());

        let map = |loc: Option<SourceLocation>| match (&prepared.locations, loc) {
            (Some(m), Some(l)) => m.map(&l).or(Some(l)),
            (_, l) => l,
        };
        let reported = reported.map(|r| program_error(r, &map)).map(|mut e| {
            if let Some(m) = &prepared.locations {
                e.message = m.rewrite(&e.message);
            }
            e
        });
        let limits = &outcome.limits;
        let (status, err, exit_status) = match result {
            Ok(()) => match (reported, memory.denied()) {
                (Some(e), Some(d)) => (Status::OutOfMemory, Some(oom(limits, d.requested, Some(e))), None),
                (Some(e), None) => (Status::ProgramError, Some(e), None),
                (None, _) => (Status::Completed, None, None),
            },
            Err(e) => {
                // A guest that stops a runaway itself reports the engine's words and traps once its
                // own deadline (GG_SANDBOX_DEADLINE_MS) has passed: that trap is the timeout.
                let guest_deadline = Duration::from_secs_f64(limits.timeout_secs).saturating_sub(GUEST_HEAD_START);
                let stopped_itself = self.arm.guest_stops_itself()
                    && reported.is_some()
                    && e.downcast_ref::<Trap>().is_some()
                    && clock.guest_time() >= guest_deadline;
                let timed_out = clock.timed_out() || stopped_itself;
                classify(
                    &e,
                    timed_out,
                    memory.denied().map(|d| d.requested),
                    exit,
                    reported,
                    limits,
                    self.arm.guest_stops_itself(),
                )
            }
        };
        outcome.status = status;
        outcome.error = err;
        outcome.exit_status = exit_status;
        outcome.ending = ending;
        outcome.rerun = rerun;
        if !outcome.ok() {
            // A failure revokes the ending and the rerun the program asked for before it failed.
            outcome.ending = None;
            outcome.rerun = None;
        }
    }

    /// Files the program in the library, finishes the timing and the views.
    fn file(
        &mut self,
        source: &str,
        mut outcome: SandboxOutcome,
        wall: Instant,
        options: &RunOptions,
    ) -> SandboxOutcome {
        if options.library {
            self.state.library.push(ProgramEntry {
                turn: outcome.turn,
                arm: outcome.arm.clone(),
                source: source.to_owned(),
                ok: outcome.ok(),
                error: outcome.headline(),
            });
        }
        outcome.views = self.state.views.clone();
        outcome.timing.wall_ms = ms(wall.elapsed());
        outcome
    }
}

/// A store for one program: its context, both ceilings armed, the membrane set up.
fn new_store(setup: MembraneSetup, stderr: SharedStderr, limits: Limits, reach: &GuestReach) -> Store<StoreState> {
    let guest_deadline = limits.timeout.saturating_sub(GUEST_HEAD_START);
    let state = StoreState {
        wasi: guest_context(reach, stderr, guest_deadline.as_millis() as u64),
        table: Default::default(),
        memory: MemoryCap::new(limits.max_memory_bytes),
        clock: GuestClock::new(limits.timeout),
        membrane: Membrane::new(setup),
        exit: None,
    };
    let mut store = Store::new(engine::engine(), state);
    store.limiter(|s| &mut s.memory);
    store.epoch_deadline_callback(|mut cx| match cx.data_mut().clock.on_deadline() {
        Some(ticks) => Ok(UpdateDeadline::Continue(ticks)),
        None => Err(Trap::Interrupt.into()),
    });
    // Instantiation is gg's own work: the clock starts at the call into the guest.
    store.set_epoch_deadline(store.data().clock.initial_ticks());
    store
}

/// An instance of an arm's shared guest in a store built as a program's, held and never called.
pub struct IdleInstance {
    _store: Store<StoreState>,
    _sandbox: crate::membrane::bindings::Sandbox,
}

/// One [`IdleInstance`]: the store a program gets under the default options, with no tools and
/// nothing granted, on the current tokio runtime (see `engine::idle_instances`).
pub(crate) fn idle_instance(
    guest: &LoadedGuest,
    arm: &Arc<dyn crate::ProgramLanguage>,
) -> Result<IdleInstance, String> {
    struct NoTools;
    impl crate::ToolApi for NoTools {}
    let runtime =
        tokio::runtime::Handle::try_current().map_err(|e| format!("an idle instance needs a tokio runtime: {e}"))?;
    let options = RunOptions::default();
    let setup = MembraneSetup {
        tools: Arc::new(NoTools),
        runtime,
        arm: arm.clone(),
        grant: BTreeSet::new(),
        budget: options.budget,
        ending_kind: options.ending,
        library: false,
        session: SessionState::default(),
    };
    let mut store = new_store(setup, SharedStderr::default(), options.limits, &options.reach);
    let sandbox = guest
        .pre
        .instantiate(&mut store)
        .map_err(|e| format!("instantiating: {e:#}"))?;
    Ok(IdleInstance {
        _store: store,
        _sandbox: sandbox,
    })
}

#[allow(clippy::too_many_arguments)]
fn run_guest(
    guest: &LoadedGuest,
    setup: MembraneSetup,
    stderr: SharedStderr,
    limits: Limits,
    reach: &GuestReach,
    program: &str,
    modules: Option<Vec<CodeModule>>,
    ending: EndingKind,
    library: bool,
) -> GuestRun {
    let grant: Vec<String> = setup.grant.iter().cloned().collect();
    let modules = modules.unwrap_or_else(|| setup.session.modules.values().cloned().collect());
    let mut store = new_store(setup, stderr, limits, reach);
    let started = Instant::now();
    let instance = guest.pre.instantiate(&mut store);
    let instantiate = started.elapsed();
    // A panic in gg's own host code must not take the session's state with it: the store (and the
    // state in it) outlives the unwind, and the panic becomes gg's own fault in the outcome.
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        instance.and_then(|sandbox| {
            store.data_mut().clock.start();
            store.set_epoch_deadline(store.data().clock.initial_ticks());
            sandbox.call_run(&mut store, program, &modules, &grant, ending, library)
        })
    }))
    .unwrap_or_else(|panic| {
        let what = panic
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic without a message".to_owned());
        Err(wasmtime::Error::msg(format!("gg's host panicked: {what}")))
    });
    GuestRun {
        state: store.into_data(),
        result,
        instantiate,
    }
}

impl Session {
    /// Every operation id the arm's shared guest binds (its `bound-operations` export), for
    /// holding each guest against the host's table.
    pub async fn bound_operations(&mut self, options: &RunOptions) -> Result<Vec<String>, String> {
        let guest = self.guest(&Prepared::unchanged(""), options).await?;
        let setup = MembraneSetup {
            tools: self.tools.clone(),
            runtime: tokio::runtime::Handle::current(),
            arm: self.arm.clone(),
            grant: BTreeSet::new(),
            budget: options.budget,
            ending_kind: options.ending,
            library: false,
            session: SessionState::default(),
        };
        let (limits, reach) = (options.limits, options.reach.clone());
        tokio::task::spawn_blocking(move || {
            let mut store = new_store(setup, SharedStderr::default(), limits, &reach);
            let sandbox = guest
                .pre
                .instantiate(&mut store)
                .map_err(|e| format!("instantiating: {e:#}"))?;
            store.data_mut().clock.start();
            sandbox
                .call_bound_operations(&mut store)
                .map_err(|e| format!("calling bound-operations: {e:#}"))
        })
        .await
        .map_err(|e| format!("bound-operations panicked: {e}"))?
    }
}

/// How a trapped or stopped guest ended, by the error's type and the store's own records.
fn classify(
    err: &wasmtime::Error,
    timed_out: bool,
    denied: Option<u64>,
    exit: Option<GuestExit>,
    reported: Option<OutcomeError>,
    limits: &LimitsReport,
    guest_stops_itself: bool,
) -> (Status, Option<OutcomeError>, Option<i32>) {
    let trap = err.downcast_ref::<Trap>().copied();
    if timed_out || trap == Some(Trap::Interrupt) {
        let mut message = format!(
            "the program ran past its execution time limit of {} s and was stopped \
             (time parked in tool calls is not counted)",
            limits.timeout_secs
        );
        if let Some(words) = reported.as_ref().filter(|_| guest_stops_itself) {
            message = format!("{}\n{message}", words.message);
        }
        let mut e = error(ErrorClass::Timeout, message);
        e.location = reported.and_then(|r| r.location);
        return (Status::Timeout, Some(e), None);
    }
    if let Some(exit) = exit.or_else(|| err.downcast_ref::<GuestExit>().copied()) {
        match exit {
            GuestExit::Status { success: true } | GuestExit::Code(0) => return (Status::Exited, None, Some(0)),
            _ if denied.is_some() => {}
            GuestExit::Status { success: false } => {
                let e = error(
                    ErrorClass::Exit,
                    "the program stopped itself with a non-zero exit status (the status number does not reach gg)"
                        .into(),
                );
                return (Status::Exited, Some(with_report(e, reported)), None);
            }
            GuestExit::Code(n) => {
                let e = error(
                    ErrorClass::Exit,
                    format!("the program's entry point returned status {n}"),
                );
                return (Status::Exited, Some(with_report(e, reported)), Some(i32::from(n)));
            }
        }
    }
    if let Some(requested) = denied {
        return (Status::OutOfMemory, Some(oom(limits, requested, reported)), None);
    }
    match trap {
        Some(Trap::StackOverflow) => {
            let e = error(
                ErrorClass::StackOverflow,
                format!(
                    "the program exhausted the {} wasm call stack (a recursion without a base case?)",
                    human_bytes(MAX_WASM_STACK as u64)
                ),
            );
            (Status::StackOverflow, Some(with_report(e, reported)), None)
        }
        Some(trap) => {
            let mut message = format!("the program trapped: {trap}");
            if let Some(bt) = err.downcast_ref::<wasmtime::WasmBacktrace>() {
                // wasmtime names a frame by index alone where the guest carries no name: struck.
                let frames: Vec<String> = bt
                    .frames()
                    .iter()
                    .filter_map(|f| f.func_name().map(|n| format!("  at {:#}", rustc_demangle::demangle(n))))
                    .take(10)
                    .collect();
                if !frames.is_empty() {
                    message = format!("{message}\n{}", frames.join("\n"));
                }
            }
            (
                Status::Trap,
                Some(with_report(error(ErrorClass::Trap, message), reported)),
                None,
            )
        }
        None => (
            Status::InternalError,
            Some(error(
                ErrorClass::Internal,
                format!("gg failed while running the program: {err:#}"),
            )),
            None,
        ),
    }
}

/// The out-of-memory failure, naming the configured limit; the guest's own words follow.
fn oom(limits: &LimitsReport, requested: u64, reported: Option<OutcomeError>) -> OutcomeError {
    let e = error(
        ErrorClass::OutOfMemory,
        format!(
            "the program reached its memory limit of {} (max_memory_bytes = {}): growing linear memory to {} bytes was denied",
            human_bytes(limits.max_memory_bytes),
            limits.max_memory_bytes,
            requested
        ),
    );
    with_report(e, reported)
}

/// A classified failure, with what the guest reported before it (words and location) kept.
fn with_report(mut e: OutcomeError, reported: Option<OutcomeError>) -> OutcomeError {
    if let Some(r) = reported {
        e.message = format!("{}\nthe program reported: {}", e.message, r.message);
        e.location = r.location;
    }
    e
}

fn program_error(r: ProgramError, map: &impl Fn(Option<SourceLocation>) -> Option<SourceLocation>) -> OutcomeError {
    OutcomeError {
        kind: match r.kind {
            ErrorKind::ApiFailure => ErrorClass::ApiFailure,
            ErrorKind::UnknownName => ErrorClass::UnknownName,
            ErrorKind::Other => ErrorClass::Other,
        },
        code: r.code.map(code_name),
        message: r.message,
        location: map(r.location.map(|l| SourceLocation {
            file: l.file,
            line: l.line,
            column: l.column,
        })),
    }
}

fn error(kind: ErrorClass, message: String) -> OutcomeError {
    OutcomeError {
        kind,
        code: None,
        message,
        location: None,
    }
}

fn ms(d: Duration) -> f64 {
    (d.as_secs_f64() * 1e6).round() / 1e3
}

fn blank_outcome(arm: &str, turn: u32, limits: &Limits) -> SandboxOutcome {
    SandboxOutcome {
        arm: arm.to_owned(),
        turn,
        status: Status::Completed,
        error: None,
        exit_status: None,
        logs: Vec::new(),
        logs_dropped: 0,
        calls: Vec::new(),
        calls_dropped: 0,
        views: Vec::new(),
        ending: None,
        stderr: String::new(),
        limits: LimitsReport {
            timeout_secs: limits.timeout.as_secs_f64(),
            max_memory_bytes: limits.max_memory_bytes,
        },
        timing: Timing {
            prepare_ms: None,
            instantiate_ms: 0.0,
            guest_ms: 0.0,
            host_ms: 0.0,
            wall_ms: 0.0,
        },
        diagnostics: Vec::new(),
        diagnostics_dropped: 0,
        module_errors: Vec::new(),
        pinned_skills: Vec::new(),
        returned_value_discarded: false,
        rerun: None,
    }
}

#[cfg(test)]
mod tests {
    //! `classify` on errors built the way the host builds them. The fixture guest reaches every
    //! branch but `exit-with-code`, which no Rust std exposes; that one is shown here.
    use super::*;

    fn limits() -> LimitsReport {
        LimitsReport {
            timeout_secs: 2.0,
            max_memory_bytes: 1 << 20,
        }
    }

    fn exit_err(exit: GuestExit) -> wasmtime::Error {
        wasmtime::Error::new(exit)
    }

    #[test]
    fn an_entry_points_status_keeps_its_number_and_a_plain_failure_has_none() {
        let (status, err, code) = classify(
            &exit_err(GuestExit::Code(7)),
            false,
            None,
            Some(GuestExit::Code(7)),
            None,
            &limits(),
            false,
        );
        assert_eq!((status, code), (Status::Exited, Some(7)));
        assert_eq!(err.unwrap().message, "the program's entry point returned status 7");
        let failure = GuestExit::Status { success: false };
        let (status, _, code) = classify(&exit_err(failure), false, None, Some(failure), None, &limits(), false);
        assert_eq!((status, code), (Status::Exited, None));
        let (status, err, code) = classify(&exit_err(GuestExit::Code(0)), false, None, None, None, &limits(), false);
        assert_eq!((status, err, code), (Status::Exited, None, Some(0)));
    }

    #[test]
    fn the_deadline_wins_over_everything_and_the_limiter_over_a_failing_exit() {
        let (status, ..) = classify(&Trap::Interrupt.into(), false, Some(10), None, None, &limits(), false);
        assert_eq!(status, Status::Timeout);
        let failure = GuestExit::Status { success: false };
        let (status, err, _) = classify(
            &exit_err(failure),
            false,
            Some(4 << 20),
            Some(failure),
            None,
            &limits(),
            false,
        );
        assert_eq!(status, Status::OutOfMemory);
        assert!(
            err.unwrap()
                .message
                .contains("memory limit of 1 MiB (max_memory_bytes = 1048576)")
        );
    }

    #[test]
    fn a_guest_that_stops_itself_has_its_words_in_front_of_ggs() {
        let words = OutcomeError {
            kind: ErrorClass::Other,
            code: None,
            message: "InternalError: interrupted\n    at spin (program.js:3:5)".into(),
            location: Some(SourceLocation {
                file: "program.js".into(),
                line: 3,
                column: 5,
            }),
        };
        let (status, err, _) = classify(
            &Trap::UnreachableCodeReached.into(),
            true,
            None,
            None,
            Some(words),
            &limits(),
            true,
        );
        let err = err.unwrap();
        assert_eq!(status, Status::Timeout);
        assert!(
            err.message
                .starts_with("InternalError: interrupted\n    at spin (program.js:3:5)\nthe program ran past")
        );
        assert_eq!(err.location.unwrap().line, 3);
    }

    #[test]
    fn a_host_error_that_is_not_a_trap_is_ggs_own_fault() {
        let (status, err, _) = classify(
            &wasmtime::Error::msg("linker mismatch"),
            false,
            None,
            None,
            None,
            &limits(),
            false,
        );
        assert_eq!(status, Status::InternalError);
        assert_eq!(err.unwrap().kind, ErrorClass::Internal);
    }
}
