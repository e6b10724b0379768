//! gg-core's integration tests, one binary (wasmtime's `tests/all`): the WIT world and the wire
//! corpus. `tests/daemon.rs` stays a binary of its own: it has its own `main` and re-runs itself as
//! a second gg process sharing the daemon.

mod wire_corpus;
mod world;
