//! The C++ arm's integration tests, one binary (wasmtime's `tests/all`): one module per former test file.

mod natural;
mod snapshots;
mod surface;
mod workspace;
