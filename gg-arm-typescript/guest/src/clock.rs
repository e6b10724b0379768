//! The guest's own execution budget: `GG_SANDBOX_DEADLINE_MS` from the call into `run`, less the
//! time spent inside membrane calls (a program parked in a long shell command is not looping).

use std::cell::Cell;
use std::time::{Duration, Instant};

thread_local! {
    static STARTED: Cell<Option<Instant>> = const { Cell::new(None) };
    static DEADLINE: Cell<Option<Duration>> = const { Cell::new(None) };
    static MEMBRANE: Cell<Duration> = const { Cell::new(Duration::ZERO) };
    static STOPPED: Cell<bool> = const { Cell::new(false) };
}

/// The run begins now; the deadline is read from the environment gg set (absent: no deadline).
pub fn start() {
    STARTED.set(Some(Instant::now()));
    MEMBRANE.set(Duration::ZERO);
    STOPPED.set(false);
    let deadline = std::env::var("GG_SANDBOX_DEADLINE_MS").ok().and_then(|v| v.trim().parse::<u64>().ok());
    DEADLINE.set(deadline.map(Duration::from_millis));
}

/// Runs one membrane call, counting its time out of the budget.
pub fn membrane<T>(call: impl FnOnce() -> T) -> T {
    let started = Instant::now();
    let result = call();
    MEMBRANE.set(MEMBRANE.get() + started.elapsed());
    result
}

/// The interrupt handler's question: is the budget spent? Answers yes once, so the engine raises
/// `InternalError: interrupted` and the guest can still render it.
pub fn should_interrupt() -> bool {
    if STOPPED.get() {
        return false;
    }
    let (Some(started), Some(deadline)) = (STARTED.get(), DEADLINE.get()) else { return false };
    if started.elapsed().saturating_sub(MEMBRANE.get()) >= deadline {
        STOPPED.set(true);
        return true;
    }
    false
}

/// Whether the guest stopped the program at its deadline.
pub fn stopped() -> bool {
    STOPPED.get()
}
