//! Running one program as a turn: prepare, get its guest (shared, or its own through the compile
//! cache), instantiate a fresh store under both ceilings, run it, classify how it ended (by type,
//! never by message text; see `classify`), and assemble the outcome.

use std::collections::BTreeSet;
use std::sync::Arc;
use std::time::{Duration, Instant};

use wasmtime::{Store, Trap, UpdateDeadline};

use crate::api::library::ProgramEntry;
use crate::engine::clock::{GuestClock, RunBudget};
use crate::engine::limits::{GUEST_HEAD_START, Limits, MemoryCap};
use crate::engine::{self, CompileCache, GuestKind};
use crate::guest::{self, LoadError, LoadedGuest, LoadedShape};
use crate::program::capture::{SharedLogs, SharedStderr, clip};
use crate::program::core_host::ProgramInput;
use crate::program::language::{
    Diagnostic, PrepareCx, PrepareError, Prepared, ProgramFault, ProgramGuest, ProgramLanguage, SourceLocation,
};
use crate::program::membrane::{Grant, Membrane, MembraneSetup};
use crate::program::modules::{BindingCheck, ModuleBinding};
use crate::program::session::Session;
use crate::program::store::{GuestReach, GuestStdout, StoreState, guest_context};
use crate::toolchain::{Cancel, ToolSandbox};
use crate::turn::classify::{Ending, ShadowStack, classify, error, oom, program_error, shadow_stack};
use crate::turn::outcome::{
    DIAGNOSTIC_MAX_MESSAGE, ErrorClass, LimitsReport, OUTCOME_MAX_DIAGNOSTICS, OUTCOME_MAX_ERROR, SandboxOutcome,
    Status, Timing,
};
use crate::wire::{CodeModule, EndingKind};

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
            reach: GuestReach::default(),
            grant: None,
            ending: EndingKind::None,
            library: true,
            budget: RunBudget::unbounded(),
            cache: CompileCache::from_env(),
        }
    }
}

impl RunOptions {
    fn granted(&self) -> Grant {
        match &self.grant {
            Some(ids) => Grant::only(ids.clone()),
            None => Grant::every(),
        }
    }
}

/// What the blocking half of a run hands back.
struct GuestRun {
    state: StoreState,
    result: Result<(), wasmtime::Error>,
    instantiate: Duration,
    /// The trapped module's shadow stack, read from the store before it goes.
    stack: Option<ShadowStack>,
}

/// Stack for a preparation thread. An arm's in-process analysers (a type stripper, an export
/// analysis) may recurse on the program's nesting, and the 2 MiB of a runtime thread overflowed on
/// 1,500 nested parentheses in TypeScript, aborting gg; the stack is reserved, not committed, so
/// an idle prepare costs what it touches.
pub const PREPARE_STACK: usize = 256 << 20;

/// Runs the blocking `f` (a guest's run) where blocking is allowed, its panic caught as its
/// message. On a multi-thread runtime that is the calling thread itself (`block_in_place`; a
/// worker hands its other tasks to another thread first): the hop to the blocking pool and the
/// wake back were ~15% of a trivial JavaScript turn. A current-thread runtime cannot block in
/// place, so there `f` goes to the blocking pool. `f` may wait on the runtime's handle (a tool
/// call's `block_on`) either way.
async fn blocking<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> Result<T, String> {
    use tokio::runtime::{Handle, RuntimeFlavor};
    let in_place = Handle::try_current().is_ok_and(|h| h.runtime_flavor() == RuntimeFlavor::MultiThread);
    if in_place {
        tokio::task::block_in_place(|| std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)))
            .map_err(|panic| panic_message(&*panic))
    } else {
        tokio::task::spawn_blocking(f)
            .await
            .map_err(|join| match join.try_into_panic() {
                Ok(panic) => panic_message(&*panic),
                Err(join) => join.to_string(),
            })
    }
}

/// What a caught panic says.
fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".to_owned())
}

/// Runs `f` on a thread of its own with [`PREPARE_STACK`], off the async threads.
async fn on_prepare_thread<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> Result<T, String> {
    let (tx, rx) = tokio::sync::oneshot::channel();
    let spawned = std::thread::Builder::new()
        .name("gg-prepare".into())
        .stack_size(PREPARE_STACK)
        .spawn(move || {
            let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
            let _ = tx.send(result);
        });
    if let Err(e) = spawned {
        return Err(format!("could not start a preparation thread: {e}"));
    }
    match rx.await {
        Ok(Ok(value)) => Ok(value),
        Ok(Err(panic)) => Err(panic_message(&*panic)),
        Err(_) => Err("the preparation thread ended without an answer".to_owned()),
    }
}

/// Cancels a preparation still running when the run that started it is dropped (an abandoned request).
struct CancelOnDrop(Cancel);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.cancel();
    }
}

impl Session {
    /// Runs a program file's bytes as this session's next turn: text that is not UTF-8 is the
    /// program's syntax error (no language reads it), located at the first byte that is not part
    /// of a character, and filed like any other turn.
    pub async fn run_bytes(&mut self, bytes: &[u8], options: &RunOptions) -> SandboxOutcome {
        let invalid = match std::str::from_utf8(bytes) {
            Ok(source) => return self.run(source, options).await,
            Err(e) => e,
        };
        let wall = Instant::now();
        let turn = self.state.library.next_turn();
        let mut outcome = blank_outcome(self.arm.id(), turn, &options.limits);
        let at = invalid.valid_up_to();
        let before = String::from_utf8_lossy(&bytes[..at]);
        let line = before.matches('\n').count() as u32 + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) as u32 + 1;
        let file = format!("program.{}", self.arm.extensions().first().copied().unwrap_or("txt"));
        let message = format!(
            "{file}:{line}:{column}: the program is not UTF-8 text: byte 0x{:02X} is not part of a \
             character; save the program as UTF-8",
            bytes[at]
        );
        let location = SourceLocation { file, line, column };
        outcome.diagnostics = vec![Diagnostic {
            message: message.clone(),
            location: Some(location.clone()),
        }];
        let mut e = error(ErrorClass::Syntax, message);
        e.location = Some(location);
        outcome.status = Status::PrepareError;
        outcome.error = Some(e);
        let source = String::from_utf8_lossy(bytes).into_owned();
        self.file(&source, outcome, wall, options)
    }

    /// Runs `source` as this session's next turn. Never fails: every path ends in an outcome.
    pub async fn run(&mut self, source: &str, options: &RunOptions) -> SandboxOutcome {
        let wall = Instant::now();
        let turn = self.state.library.next_turn();
        let mut outcome = blank_outcome(self.arm.id(), turn, &options.limits);

        let prepared = match self.prepare(source, options, &mut outcome).await {
            Some(p) => p,
            None => return self.file(source, outcome, wall, options),
        };
        let Prepared {
            source: program,
            guest: program_guest,
            locations,
            modules,
        } = prepared;
        let guest = match self.guest(program_guest, options, &mut outcome).await {
            Ok(guest) => guest,
            Err(LoadError::UnknownImport { module, name, kind }) => {
                // The program's own module asks for what no host defines: it compiled, but cannot
                // be linked. The program's fault, like a linker's undefined symbol.
                let mut e = error(
                    ErrorClass::Compile,
                    format!(
                        "the program cannot be linked: it imports the {kind} `{name}` from `{module}`, which gg's \
                         host does not define (a declaration with no definition the program links?). Call only \
                         what the SDK and the standard library provide."
                    ),
                );
                let file = format!("program.{}", self.arm.extensions().first().copied().unwrap_or("txt"));
                e.location = first_mention(source, &name).map(|l| SourceLocation { file, ..l });
                outcome.status = Status::PrepareError;
                outcome.error = Some(e);
                return self.file(source, outcome, wall, options);
            }
            Err(LoadError::Gg(message)) => {
                outcome.status = Status::InternalError;
                outcome.error = Some(error(ErrorClass::Internal, message));
                return self.file(source, outcome, wall, options);
            }
        };

        // Each program's `/tmp` is its own: empty when it starts and when it ends.
        if let Err(e) = options.reach.empty_tmp() {
            outcome.status = Status::InternalError;
            outcome.error = Some(error(
                ErrorClass::Internal,
                format!("emptying the program's temporary directory: {e}"),
            ));
            return self.file(source, outcome, wall, options);
        }
        // What crosses is what prepared: a module that failed its check stays out of the guest too.
        let modules = modules.or_else(|| Some(self.state.modules_in_scope()));
        let logs = SharedLogs::default();
        let setup = MembraneSetup {
            tools: self.tools.clone(),
            runtime: tokio::runtime::Handle::current(),
            arm: self.arm.clone(),
            grant: options.granted(),
            budget: options.budget,
            ending_kind: options.ending,
            library: options.library,
            session: std::mem::take(&mut self.state),
            logs: logs.clone(),
        };
        let stderr = SharedStderr::default();
        let stdout = if self.arm.stdout_is_feedback() {
            GuestStdout::Logs(logs)
        } else {
            GuestStdout::Withheld
        };
        let input = GuestInput {
            program,
            modules,
            ending: options.ending,
            library: options.library,
        };
        let (limits, reach, captured) = (options.limits, options.reach.clone(), stderr.clone());
        let (arm, cache) = (self.arm.clone(), options.cache.clone());
        let run =
            blocking(move || run_guest(&arm, &guest, setup, captured, stdout, limits, &reach, &cache, input)).await;
        let emptied = options.reach.empty_tmp();
        let run = match run {
            Ok(run) => run,
            Err(panic) => {
                // A panic in gg's own host code: the session's state went with it.
                outcome.status = Status::InternalError;
                outcome.error = Some(error(
                    ErrorClass::Internal,
                    format!("gg's host panicked running the program: {panic}"),
                ));
                return self.file(source, outcome, wall, options);
            }
        };
        outcome.stderr = match &locations {
            Some(map) => map.rewrite(&stderr.render()),
            None => stderr.render(),
        };
        self.conclude(run, locations.as_deref(), &mut outcome);
        if let Err(e) = emptied
            && outcome.status != Status::InternalError
        {
            outcome.status = Status::InternalError;
            outcome.error = Some(error(
                ErrorClass::Internal,
                format!("emptying the program's temporary directory after it: {e}"),
            ));
        }
        self.report_bindings(options, &mut outcome).await;
        self.file(source, outcome, wall, options)
    }

    /// The code modules this program bound, rebound or unbound, into the outcome: each one bound
    /// is checked alone now (within the run's budget, where `prepare` would check it) so the
    /// model learns in this turn whether the next program has it, and what it exports. Checks
    /// and export analyses run on a preparation thread: both read text a program wrote.
    async fn report_bindings(&mut self, options: &RunOptions, outcome: &mut SandboxOutcome) {
        let touched = self.state.take_touched();
        if touched.is_empty() {
            return;
        }
        let dropped = touched.len().saturating_sub(crate::program::modules::MAX_BINDINGS);
        let bound: Vec<CodeModule> = touched
            .iter()
            .filter_map(|(key, _)| self.state.modules.get(key).cloned())
            .collect();
        let started = Instant::now();
        let deadline = options
            .budget
            .deadline
            .unwrap_or_else(|| started + PrepareCx::MAX_PREPARE);
        let cancel = Cancel::default();
        // Each module is checked as `prepare` would: told every module bound in the session (a
        // module may name a sibling), and which stay out for a failed check.
        let everything: Vec<CodeModule> = self.state.modules.values().cloned().collect();
        let left_out: Vec<String> = self
            .state
            .module_checks
            .iter()
            .filter(|(key, check)| check.is_err() && !touched.iter().any(|(k, _)| k == *key))
            .map(|(key, _)| key.clone())
            .collect();
        let cx = PrepareCx::new(deadline, cancel.clone(), &options.cache).with_modules(everything, left_out);
        let Ok(cx) = confine(cx, &options.reach) else {
            // No sandbox for a confined compiler: the checks are left for the program's
            // preparation, which says why.
            return;
        };
        let arm = self.arm.clone();
        let work = move || {
            let checks: Vec<(String, Result<(), PrepareError>)> = bound
                .iter()
                .map(|m| (m.key.clone(), arm.check_module(&cx, m)))
                .collect();
            let bindings: Vec<ModuleBinding> = touched
                .into_iter()
                .take(crate::program::modules::MAX_BINDINGS)
                .map(|(key, change)| {
                    let source = bound.iter().find(|m| m.key == key).map(|m| m.source.as_str());
                    let check = source.map(|_| match checks.iter().find(|(k, _)| *k == key) {
                        Some((_, Ok(()))) => BindingCheck::Passed,
                        Some((_, Err(PrepareError::Program { .. }))) => BindingCheck::Failed,
                        _ => BindingCheck::Pending,
                    });
                    ModuleBinding::new(arm.as_ref(), &key, change, check, source)
                })
                .collect();
            (checks, bindings)
        };
        let _cancel_if_abandoned = CancelOnDrop(cancel);
        let Ok((checks, bindings)) = on_prepare_thread(work).await else {
            // gg's own fault: the checks are left for the next program's preparation.
            return;
        };
        // A check that could not finish (its toolchain failed, the budget ran out) is left for
        // the next program's preparation to make.
        for (key, check) in checks {
            if matches!(check, Ok(()) | Err(PrepareError::Program { .. })) {
                self.state.module_checks.insert(key.clone(), module_check(key, check));
            }
        }
        outcome.module_bindings = bindings;
        outcome.module_bindings_dropped = dropped;
    }

    /// Prepares the program within the run's budget (capped at `PrepareCx::MAX_PREPARE`), off the
    /// async threads when the arm runs a toolchain; on failure fills the outcome and returns `None`.
    async fn prepare(&mut self, source: &str, options: &RunOptions, outcome: &mut SandboxOutcome) -> Option<Prepared> {
        let arm = self.arm.clone();
        // Modules bound since the last program are checked alone first; one that fails stays out.
        let (checked, pending): (Vec<CodeModule>, Vec<CodeModule>) = self
            .state
            .modules
            .values()
            .cloned()
            .partition(|m| self.state.module_checks.contains_key(&m.key));
        let bound: Vec<CodeModule> = self.state.modules.values().cloned().collect();
        let (checked, failed): (Vec<CodeModule>, Vec<CodeModule>) = checked
            .into_iter()
            .partition(|m| matches!(self.state.module_checks.get(&m.key), Some(Ok(()))));
        let left_out: Vec<String> = failed.into_iter().map(|m| m.key).collect();
        let started = Instant::now();
        let deadline = options
            .budget
            .deadline
            .unwrap_or_else(|| started + PrepareCx::MAX_PREPARE);
        let cancel = Cancel::default();
        let cx = PrepareCx::new(deadline, cancel.clone(), &options.cache).with_modules(bound, left_out);
        let (cx, unconfinable) = match confine(cx, &options.reach) {
            Ok(cx) => (cx, None),
            Err((cx, e)) => (cx, self.arm.checker().is_some().then_some(e)),
        };
        let work = move |arm: &dyn ProgramLanguage, text: &str| {
            if let Some(e) = unconfinable {
                return (Vec::new(), Err(e));
            }
            let mut cx = cx;
            let checks: Vec<(String, Result<(), PrepareError>)> = pending
                .iter()
                .map(|m| (m.key.clone(), arm.check_module(&cx, m)))
                .collect();
            cx.left_out.extend(
                checks
                    .iter()
                    .filter(|(_, check)| matches!(check, Err(PrepareError::Program { .. })))
                    .map(|(key, _)| key.clone()),
            );
            cx.left_out.sort();
            let mut modules = checked;
            modules.extend(
                pending
                    .into_iter()
                    .zip(&checks)
                    .filter(|(_, (_, check))| !matches!(check, Err(PrepareError::Program { .. })))
                    .map(|(m, _)| m),
            );
            modules.sort_by(|a, b| a.key.cmp(&b.key));
            (checks, arm.prepare(&cx, text, &modules))
        };
        let prepared = if arm.checker().is_none() {
            // No checker, no toolchain: preparation is a copy, not worth a thread hop.
            Ok(work(arm.as_ref(), source))
        } else {
            let _cancel_if_abandoned = CancelOnDrop(cancel);
            let text = source.to_owned();
            on_prepare_thread(move || work(arm.as_ref(), &text)).await
        };
        let prepared = prepared.map(|(checks, prepared)| {
            for (key, check) in checks {
                self.state.module_checks.insert(key.clone(), module_check(key, check));
            }
            prepared
        });
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
                mut diagnostics,
                mut dropped,
            } => {
                // Bounded here whatever the arm kept: a count, and each message's bytes.
                if diagnostics.len() > OUTCOME_MAX_DIAGNOSTICS {
                    dropped += diagnostics.len() - OUTCOME_MAX_DIAGNOSTICS;
                    diagnostics.truncate(OUTCOME_MAX_DIAGNOSTICS);
                }
                for d in &mut diagnostics {
                    d.message = clip(std::mem::take(&mut d.message), DIAGNOSTIC_MAX_MESSAGE);
                }
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
            PrepareError::TimedOut { step } => (
                Status::Timeout,
                error(
                    ErrorClass::Timeout,
                    format!("preparation did not finish within the run's budget: {step} was stopped"),
                ),
            ),
        };
        outcome.status = status;
        outcome.error = Some(err);
        None
    }

    /// The guest this program runs on: its own (through the compile cache, timed as `compile_ms`),
    /// or the arm's shared one.
    async fn guest(
        &self,
        own: ProgramGuest,
        options: &RunOptions,
        outcome: &mut SandboxOutcome,
    ) -> Result<Arc<LoadedGuest>, LoadError> {
        let (kind, bytes) = match own {
            ProgramGuest::Shared => {
                if let Some(loaded) = guest::loaded_guest(self.arm.id()) {
                    return Ok(loaded);
                }
                let (arm, cache) = (self.arm.clone(), options.cache.clone());
                return Ok(tokio::task::spawn_blocking(move || guest::arm_guest(&arm, &cache))
                    .await
                    .map_err(|join| format!("loading the guest panicked: {join}"))??);
            }
            ProgramGuest::Component(bytes) => (GuestKind::Component, bytes),
            ProgramGuest::CoreModule(bytes) => (GuestKind::CoreModule, bytes),
        };
        let (arm, cache) = (self.arm.clone(), options.cache.clone());
        let (guest, took) = tokio::task::spawn_blocking(move || guest::program_guest(&arm, kind, bytes, &cache))
            .await
            .map_err(|join| format!("compiling the program's guest panicked: {join}"))?
            .map_err(|e| match e {
                LoadError::Gg(message) => LoadError::Gg(format!("this program's guest: {message}")),
                unknown => unknown,
            })?;
        outcome.timing.compile_ms = Some(ms(took));
        Ok(guest)
    }

    /// Fills the outcome from the finished store, classifying how the guest ended.
    fn conclude(&mut self, run: GuestRun, locations: Option<&dyn crate::LocationMap>, outcome: &mut SandboxOutcome) {
        let GuestRun {
            state,
            result,
            instantiate,
            stack,
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
            error_is_syntax,
            module_errors,
            returned_value_discarded,
            ending,
            rerun,
            rerun_arm,
            pinned,
            ..
        } = membrane;
        self.state = session;
        let (calls, calls_dropped) = calls.into_parts();
        let (logs, logs_dropped) = logs.take();
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

        let reported = reported
            .map(|r| {
                let message = r.message.clone();
                program_error(r, &|loc: Option<SourceLocation>| match (locations, loc) {
                    (Some(m), Some(l)) => m.locate(&l, &message).or(Some(l)),
                    (_, l) => l,
                })
            })
            .map(|mut e| {
                if let Some(m) = locations {
                    e.message = m.rewrite(&e.message);
                }
                if error_is_syntax {
                    e.kind = ErrorClass::Syntax;
                }
                e
            });
        let limits = &outcome.limits;
        let (status, err, exit_status) = match result {
            Ok(()) => match (reported, memory.denied()) {
                (Some(e), Some(d)) => (Status::OutOfMemory, Some(oom(limits, d, Some(e))), None),
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
                let ending = Ending {
                    timed_out: clock.timed_out() || stopped_itself,
                    denied: memory.denied(),
                    exit,
                    reported,
                    guest_stops_itself: self.arm.guest_stops_itself(),
                    locations,
                    stack,
                };
                classify(&e, ending, limits)
            }
        };
        outcome.status = status;
        outcome.error = err;
        outcome.exit_status = exit_status;
        outcome.ending = ending;
        outcome.rerun = rerun;
        outcome.rerun_arm = rerun_arm;
        if !outcome.ok() {
            // A failure revokes the ending and the rerun the program asked for before it failed.
            outcome.ending = None;
            outcome.rerun = None;
            outcome.rerun_arm = None;
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
        // Bound modules that failed their check are out of scope: say so in every outcome.
        let mut module_errors: Vec<_> = self
            .state
            .module_checks
            .iter()
            .filter(|(key, _)| self.state.modules.contains_key(*key))
            .filter_map(|(_, check)| check.clone().err())
            .collect();
        module_errors.append(&mut outcome.module_errors);
        outcome.module_errors = module_errors;
        outcome.views = self.state.views.clone();
        if let Some(e) = &mut outcome.error {
            e.message = clip(std::mem::take(&mut e.message), OUTCOME_MAX_ERROR);
        }
        outcome.timing.wall_ms = ms(wall.elapsed());
        outcome
    }
}

/// Where the program's text first names `name` as a whole word (1-based line, character column).
fn first_mention(source: &str, name: &str) -> Option<SourceLocation> {
    let word = |c: char| c.is_alphanumeric() || c == '_';
    if name.is_empty() {
        return None;
    }
    source.lines().enumerate().find_map(|(i, line)| {
        line.match_indices(name).find_map(|(at, _)| {
            let before = line[..at].chars().next_back();
            let after = line[at + name.len()..].chars().next();
            (!before.is_some_and(word) && !after.is_some_and(word)).then(|| SourceLocation {
                file: String::new(),
                line: i as u32 + 1,
                column: line[..at].chars().count() as u32 + 1,
            })
        })
    })
}

/// A module check's verdict as the session keeps it: only the program's own fault keeps a module
/// out (a toolchain that fails checking it will fail the program's own preparation too).
/// The preparation context for `reach`: under the confined reach, its toolchain processes run in
/// the compile-time sandbox (a program's text reaches a compiler's file reads). Without one here,
/// the context back unconfined with the toolchain failure a compiling arm reports instead.
#[allow(clippy::result_large_err)]
fn confine(cx: PrepareCx, reach: &GuestReach) -> Result<PrepareCx, (PrepareCx, PrepareError)> {
    if !matches!(reach, GuestReach::Confined { .. }) {
        return Ok(cx);
    }
    match ToolSandbox::shared() {
        Ok(sandbox) => Ok(cx.confined(sandbox)),
        Err(why) => Err((
            cx,
            PrepareError::Toolchain {
                tool: "bubblewrap".into(),
                message: format!("a confined program's compiler runs in a sandbox, and this machine has none: {why}"),
            },
        )),
    }
}

fn module_check(name: String, check: Result<(), PrepareError>) -> Result<(), crate::program::membrane::ModuleError> {
    match check {
        Err(PrepareError::Program {
            diagnostics, dropped, ..
        }) => {
            let mut message: Vec<String> = diagnostics.iter().map(|d| d.message.clone()).collect();
            if dropped > 0 {
                message.push(format!("… {dropped} more diagnostics dropped"));
            }
            Err(crate::program::membrane::ModuleError {
                name,
                message: format!("failed to prepare, so no program sees it: {}", message.join("\n")),
                location: diagnostics.into_iter().find_map(|d| d.location),
            })
        }
        _ => Ok(()),
    }
}

/// A store for one program: its context, both ceilings armed, the membrane set up.
pub(crate) fn new_store(
    engine: &wasmtime::Engine,
    setup: MembraneSetup,
    stderr: SharedStderr,
    stdout: GuestStdout,
    limits: Limits,
    reach: &GuestReach,
    kind: GuestKind,
) -> Store<StoreState> {
    let guest_deadline = limits.timeout.saturating_sub(GUEST_HEAD_START);
    let state = StoreState {
        wasi: guest_context(
            reach,
            stderr,
            stdout,
            guest_deadline.as_millis() as u64,
            kind == GuestKind::CoreModule,
        ),
        table: Default::default(),
        memory: MemoryCap::new(limits.max_memory_bytes),
        clock: GuestClock::new(limits.timeout),
        membrane: Membrane::new(setup),
        exit: None,
        wire: Default::default(),
        arm_data: None,
        library_memory: None,
    };
    arm_store(engine, state)
}

/// A store over `state` with both ceilings armed; the guest clock not yet started.
fn arm_store(engine: &wasmtime::Engine, state: StoreState) -> Store<StoreState> {
    let mut store = Store::new(engine, state);
    store.limiter(|s| &mut s.memory);
    store.epoch_deadline_callback(|mut cx| match cx.data_mut().clock.on_deadline() {
        Some(ticks) => Ok(UpdateDeadline::Continue(ticks)),
        None => Err(Trap::Interrupt.into()),
    });
    // Instantiation is gg's own work: the clock starts at the call into the guest.
    store.set_epoch_deadline(store.data().clock.initial_ticks());
    store
}

/// What the guest's entry is handed.
struct GuestInput {
    program: String,
    modules: Option<Vec<CodeModule>>,
    ending: EndingKind,
    library: bool,
}

#[allow(clippy::too_many_arguments)]
fn run_guest(
    arm: &Arc<dyn ProgramLanguage>,
    guest: &LoadedGuest,
    setup: MembraneSetup,
    stderr: SharedStderr,
    stdout: GuestStdout,
    limits: Limits,
    reach: &GuestReach,
    cache: &CompileCache,
    input: GuestInput,
) -> GuestRun {
    let grant = setup.grant.clone();
    let modules = input
        .modules
        .unwrap_or_else(|| setup.session.modules.values().cloned().collect());
    let limits = match arm.core_host().and_then(|host| host.memory_ceiling()) {
        Some(ceiling) if ceiling < limits.max_memory_bytes => Limits {
            max_memory_bytes: ceiling,
            ..limits
        },
        _ => limits,
    };
    let mut slot = Some(new_store(
        guest.engine(),
        setup,
        stderr,
        stdout,
        limits,
        reach,
        guest.kind(),
    ));
    let started = Instant::now();
    // A panic in gg's own host code must not take the session's state with it: the store (and the
    // state in it) outlives the unwind, and the panic becomes gg's own fault in the outcome.
    let mut instantiate = Duration::ZERO;
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| match &guest.shape {
        LoadedShape::Component(pre) => {
            let instance = instantiate_in_pool(&mut slot, |s| pre.instantiate(s));
            instantiate = started.elapsed();
            let store = slot.as_mut().expect("the store is back after instantiating");
            instance.and_then(|sandbox| {
                start_clock(store);
                sandbox.call_run(
                    store,
                    &input.program,
                    &modules,
                    grant.list(),
                    input.ending,
                    input.library,
                )
            })
        }
        LoadedShape::Core(own) => {
            // The arm's module specialised for this reach, once built; else its own.
            let special = crate::guest::core_module::specialised(arm, guest.compiler, reach, cache);
            let (pre, specialised) = match &special {
                Some((pre, key)) => (&**pre, Some(key.as_str())),
                None => (own, None),
            };
            let instance = instantiate_in_pool(&mut slot, |s| pre.instantiate(s));
            instantiate = started.elapsed();
            let store = slot.as_mut().expect("the store is back after instantiating");
            instance.and_then(|instance| {
                start_clock(store);
                let input = ProgramInput {
                    source: &input.program,
                    modules: &modules,
                    reach,
                    specialised,
                };
                crate::guest::core_module::run(arm.as_ref(), store, &instance, input)
            })
        }
    }))
    .unwrap_or_else(|panic| {
        let what = panic_message(&*panic);
        Err(wasmtime::Error::msg(format!("gg's host panicked: {what}")))
    });
    let mut store = slot.expect("the store outlives the run");
    // What follows (the instances' teardown, a pooled memory's reset) is gg's time, not the guest's.
    store.data_mut().clock.stop();
    let stack = result.as_ref().err().and_then(|e| shadow_stack(&mut store, e));
    let state = store.into_data();
    // The store's instances went back to the pool with it.
    engine::pool_slot_released();
    GuestRun {
        state,
        result,
        instantiate,
        stack,
    }
}

/// Instantiates with `f`; while the engine's pool has no free slot, waits for one and tries again
/// in a fresh store over the same state (a refused component may hold the slots its first core
/// instances took until its store goes). A program is queued, never failed, by a full pool.
pub(crate) fn instantiate_in_pool<T>(
    slot: &mut Option<Store<StoreState>>,
    mut f: impl FnMut(&mut Store<StoreState>) -> wasmtime::Result<T>,
) -> wasmtime::Result<T> {
    loop {
        let store = slot.as_mut().expect("a store to instantiate in");
        match f(store) {
            Err(e) if engine::is_pool_full(&e) => {
                let engine = store.engine().clone();
                let mut state = slot.take().expect("the store just used").into_data();
                engine::pool_slot_released();
                state.memory = MemoryCap::new(state.memory.limit());
                engine::wait_for_pool_slot();
                *slot = Some(arm_store(&engine, state));
            }
            result => return result,
        }
    }
}

/// The guest's clock starts at the call into the guest; the deadline is armed from there.
fn start_clock(store: &mut Store<StoreState>) {
    store.data_mut().clock.start();
    store.set_epoch_deadline(store.data().clock.initial_ticks());
}

impl Session {
    /// Every operation id the arm's shared component guest binds (its `bound-operations` export),
    /// for holding each guest against the host's table.
    pub async fn bound_operations(&mut self, options: &RunOptions) -> Result<Vec<String>, String> {
        let (arm, cache) = (self.arm.clone(), options.cache.clone());
        let guest = tokio::task::spawn_blocking(move || guest::arm_guest(&arm, &cache))
            .await
            .map_err(|e| format!("loading the guest panicked: {e}"))??;
        self.call_bound_operations(guest, options).await
    }

    /// [`bound_operations`](Self::bound_operations) of the guest `program` is prepared to: an
    /// arm with no shared guest compiles a program (its surface program, say) to its own
    /// component, whose SDK's `bound-operations` is then asked.
    pub async fn bound_operations_of(&mut self, program: &str, options: &RunOptions) -> Result<Vec<String>, String> {
        let mut scratch = blank_outcome(self.arm.id(), 0, &options.limits);
        let Some(prepared) = self.prepare(program, options, &mut scratch).await else {
            let why = scratch.error.map(|e| e.message).unwrap_or_default();
            return Err(format!("the program did not prepare: {why}"));
        };
        let guest = self
            .guest(prepared.guest, options, &mut scratch)
            .await
            .map_err(|e| e.to_string())?;
        self.call_bound_operations(guest, options).await
    }

    async fn call_bound_operations(
        &mut self,
        guest: Arc<LoadedGuest>,
        options: &RunOptions,
    ) -> Result<Vec<String>, String> {
        let LoadedShape::Component(pre) = &guest.shape else {
            return Err(format!(
                "the {} arm's guest is a core module, which has no bound-operations export",
                self.arm.id()
            ));
        };
        let (pre, engine) = (pre.clone(), guest.engine());
        let setup = MembraneSetup::bare(
            self.tools.clone(),
            tokio::runtime::Handle::current(),
            self.arm.clone(),
            options.budget,
            options.ending,
        );
        let (limits, reach) = (options.limits, options.reach.clone());
        tokio::task::spawn_blocking(move || {
            let mut slot = Some(new_store(
                engine,
                setup,
                SharedStderr::default(),
                GuestStdout::Withheld,
                limits,
                &reach,
                GuestKind::Component,
            ));
            let sandbox =
                instantiate_in_pool(&mut slot, |s| pre.instantiate(s)).map_err(|e| format!("instantiating: {e:#}"))?;
            let store = slot.as_mut().expect("the store is back after instantiating");
            store.data_mut().clock.start();
            let operations = sandbox
                .call_bound_operations(store)
                .map_err(|e| format!("calling bound-operations: {e:#}"));
            drop(slot);
            engine::pool_slot_released();
            operations
        })
        .await
        .map_err(|e| format!("bound-operations panicked: {e}"))?
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
            compile_ms: None,
            instantiate_ms: 0.0,
            guest_ms: 0.0,
            host_ms: 0.0,
            wall_ms: 0.0,
        },
        diagnostics: Vec::new(),
        diagnostics_dropped: 0,
        module_errors: Vec::new(),
        module_bindings: Vec::new(),
        module_bindings_dropped: 0,
        pinned_skills: Vec::new(),
        returned_value_discarded: false,
        rerun: None,
        rerun_arm: None,
        rerun_stopped: None,
    }
}
