//! The Kotlin arm's integration tests, one binary (wasmtime's `tests/all`): one module per former test file.

mod natural;
mod neighbours;
mod snapshots;
mod surface;
