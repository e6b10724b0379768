//! Guest-execution time: the deadline the epoch callback enforces, less time parked in host calls.

use std::time::{Duration, Instant};

use crate::engine::EPOCH_TICK;

/// One program's execution budget, measured from the call into the guest.
#[derive(Debug)]
pub struct GuestClock {
    budget: Duration,
    started: Option<Instant>,
    /// When the guest's call returned: the store's teardown after it is not the guest's time.
    stopped: Option<Instant>,
    /// Time spent inside bridged host calls, which the budget does not count.
    host: Duration,
    /// Set when the deadline callback stopped the guest.
    timed_out: bool,
}

impl GuestClock {
    pub fn new(budget: Duration) -> Self {
        Self {
            budget,
            started: None,
            stopped: None,
            host: Duration::ZERO,
            timed_out: false,
        }
    }

    /// The call into the guest begins now; instantiation before it is gg's own time.
    pub fn start(&mut self) {
        self.started = Some(Instant::now());
    }

    /// The call into the guest has returned (or trapped).
    pub fn stop(&mut self) {
        self.stopped.get_or_insert_with(Instant::now);
    }

    pub fn add_host_time(&mut self, spent: Duration) {
        self.host += spent;
    }

    pub fn host_time(&self) -> Duration {
        self.host
    }

    /// Wall time from the call into the guest to its return (or now, while it runs), less host time.
    pub fn guest_time(&self) -> Duration {
        self.started.map_or(Duration::ZERO, |s| {
            let end = self.stopped.unwrap_or_else(Instant::now);
            end.saturating_duration_since(s).saturating_sub(self.host)
        })
    }

    pub fn timed_out(&self) -> bool {
        self.timed_out
    }

    /// The instant the budget runs out if no host call intervenes (`None` before the call into
    /// the guest): what a WASI call that parks the guest is raced against.
    pub fn deadline(&self) -> Option<Instant> {
        let left = self.budget.saturating_sub(self.guest_time());
        Some(Instant::now() + left).filter(|_| self.started.is_some())
    }

    /// A parked WASI call reached [`deadline`](Self::deadline): the guest is being stopped.
    pub fn time_out(&mut self) {
        self.timed_out = true;
    }

    /// Called from the epoch deadline callback: `Some(ticks)` to re-arm for the budget left,
    /// `None` once it is spent (and the guest is to be stopped).
    pub fn on_deadline(&mut self) -> Option<u64> {
        match self.budget.checked_sub(self.guest_time()) {
            Some(left) if !left.is_zero() => Some(ticks_for(left)),
            _ => {
                self.timed_out = true;
                None
            }
        }
    }

    /// Ticks to arm before the first callback.
    pub fn initial_ticks(&self) -> u64 {
        ticks_for(self.budget)
    }
}

/// Whole epoch ticks covering `d`, at least one: the callback re-checks, so it is never early by
/// more than a tick's phase and never late by more than one tick.
fn ticks_for(d: Duration) -> u64 {
    (d.as_nanos().div_ceil(EPOCH_TICK.as_nanos()) as u64).max(1)
}

/// The run's wall-clock deadline, which every bridged call is checked against.
#[derive(Debug, Clone, Copy)]
pub struct RunBudget {
    pub deadline: Option<Instant>,
}

impl RunBudget {
    pub fn unbounded() -> Self {
        Self { deadline: None }
    }
    pub fn lasting(d: Duration) -> Self {
        Self {
            deadline: Some(Instant::now() + d),
        }
    }
    pub fn spent(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }
    pub fn remaining(&self) -> Option<Duration> {
        self.deadline.map(|d| d.saturating_duration_since(Instant::now()))
    }
}
