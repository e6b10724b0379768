//! The guest's own execution budget: `GG_SANDBOX_DEADLINE_MS` from the call into `run`, less the
//! time spent inside membrane calls (a program parked in a long shell command is not looping); and
//! the run's clock behind `performance`. All of it is per run: nothing is kept from a snapshot.

use std::cell::Cell;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

thread_local! {
    static STARTED: Cell<Option<Instant>> = const { Cell::new(None) };
    /// `None` until this run first needs it; then the deadline gg set, if it set one.
    static DEADLINE: Cell<Option<Option<Duration>>> = const { Cell::new(None) };
    static MEMBRANE: Cell<Duration> = const { Cell::new(Duration::ZERO) };
    static STOPPED: Cell<bool> = const { Cell::new(false) };
    /// The run's start in milliseconds since the Unix epoch, once asked for.
    static ORIGIN: Cell<Option<f64>> = const { Cell::new(None) };
}

/// The run begins now. The deadline is read from the environment gg set when the engine first asks
/// whether to stop: reading the whole environment through WASI was half of a trivial program's
/// guest time, and a program that ends before the engine's first check never needs it.
pub fn start() {
    STARTED.set(Some(Instant::now()));
    MEMBRANE.set(Duration::ZERO);
    STOPPED.set(false);
    DEADLINE.set(None);
    ORIGIN.set(None);
}

/// This run's deadline (absent: none).
fn deadline() -> Option<Duration> {
    if let Some(read) = DEADLINE.get() {
        return read;
    }
    let read = std::env::var("GG_SANDBOX_DEADLINE_MS")
        .ok()
        .and_then(|v| v.trim().parse::<u64>().ok())
        .map(Duration::from_millis);
    DEADLINE.set(Some(read));
    read
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
    let Some(started) = STARTED.get() else { return false };
    let Some(deadline) = deadline() else { return false };
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

/// `performance.now()`: milliseconds since the run began.
pub fn now_ms() -> f64 {
    STARTED.get().map_or(0.0, |s| s.elapsed().as_secs_f64() * 1e3)
}

/// `performance.timeOrigin`: when the run began, in milliseconds since the Unix epoch.
pub fn origin_ms() -> f64 {
    if let Some(origin) = ORIGIN.get() {
        return origin;
    }
    let since_epoch = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default()
        .as_secs_f64()
        * 1e3;
    let origin = since_epoch - now_ms();
    ORIGIN.set(Some(origin));
    origin
}
