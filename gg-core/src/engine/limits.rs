//! The two ceilings a program runs under, and the memory limiter that records what it denied.

use std::time::Duration;

use serde::Serialize;

/// A program's ceilings: armed per program, never clamped (a study may starve the sandbox on purpose).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Limits {
    /// Guest-execution time: the engine's start-up, the program, and marshalling, not instantiation.
    #[serde(serialize_with = "secs")]
    pub timeout: Duration,
    /// Guest linear memory; a `memory.grow` past it is denied.
    pub max_memory_bytes: u64,
}

fn secs<S: serde::Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64(d.as_secs_f64())
}

impl Default for Limits {
    /// 30 s and 256 MiB: far above an honest program (the heaviest measured spends ~1.8 s; the
    /// ECMAScript engine rests at 10.3 MiB, spec "Execution limits").
    fn default() -> Self {
        Self {
            timeout: Duration::from_secs(30),
            max_memory_bytes: 256 * 1024 * 1024,
        }
    }
}

/// The guest's own head start: `GG_SANDBOX_DEADLINE_MS` is this much short of gg's deadline.
pub const GUEST_HEAD_START: Duration = Duration::from_millis(500);
/// wasm call stack a guest may spend before wasmtime traps it (spec "Fixed bounds").
pub const MAX_WASM_STACK: usize = 1 << 20;

/// A `memory.grow` the limiter refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Denial {
    pub requested: u64,
    pub limit: u64,
}

/// Table elements one store may hold across all its tables: far above any guest measured (the
/// Python guest's ~5,700 function-table entries), far below what would exhaust the host.
pub const MAX_TABLE_ELEMENTS: u64 = 1 << 20;

/// Caps the linear memories of one store, all together, at the configured limit (a module with
/// several memories, or a GC heap wasmtime backs with one, shares the one budget), caps table
/// growth, and remembers the first denial.
#[derive(Debug)]
pub struct MemoryCap {
    limit: u64,
    /// Bytes the store's memories hold now, summed.
    used: u64,
    table_elements: u64,
    denied: Option<Denial>,
}

impl MemoryCap {
    pub fn new(limit: u64) -> Self {
        Self {
            limit,
            used: 0,
            table_elements: 0,
            denied: None,
        }
    }
    pub fn denied(&self) -> Option<Denial> {
        self.denied
    }
    /// The ceiling this cap was made with.
    pub fn limit(&self) -> u64 {
        self.limit
    }
}

impl wasmtime::ResourceLimiter for MemoryCap {
    fn memory_growing(&mut self, current: usize, desired: usize, _maximum: Option<usize>) -> wasmtime::Result<bool> {
        let after = self.used.saturating_sub(current as u64).saturating_add(desired as u64);
        if after > self.limit {
            self.denied.get_or_insert(Denial {
                requested: after,
                limit: self.limit,
            });
            return Ok(false);
        }
        self.used = after;
        Ok(true)
    }

    fn table_growing(&mut self, current: usize, desired: usize, _maximum: Option<usize>) -> wasmtime::Result<bool> {
        let after = self
            .table_elements
            .saturating_sub(current as u64)
            .saturating_add(desired as u64);
        if after > MAX_TABLE_ELEMENTS {
            return Ok(false);
        }
        self.table_elements = after;
        Ok(true)
    }
}

/// `268435456` → `256 MiB`; other values in the largest unit that divides them, else bytes.
pub fn human_bytes(bytes: u64) -> String {
    for (unit, size) in [("GiB", 1u64 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)] {
        if bytes >= size && bytes.is_multiple_of(size) {
            return format!("{} {unit}", bytes / size);
        }
    }
    format!("{bytes} bytes")
}
