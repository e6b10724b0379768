//! The engine: what every program of the process shares and what bounds each one.
//!
//! - `engines`: the process-wide wasmtime engines (one per compiler), the pooling allocator, the
//!   epoch ticker; compiling, and the compile cache on disk.
//! - `cache_entry`: a compile-cache entry, verified against its digest before it is deserialised.
//! - `limits`: the two ceilings a program runs under, and the memory limiter that records denials.
//! - `clock`: guest-execution time, the deadline the epoch callback enforces.

pub(crate) mod cache_entry;
pub mod clock;
mod engines;
pub mod limits;

pub use engines::*;
