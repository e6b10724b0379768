//! gg-core's integration tests, one binary (wasmtime's `tests/all`): the WIT world and the wire
//! corpus. (The compile daemon's test, which has its own `main`, is gg-jvm's `tests/daemon.rs`.)

mod wire_corpus;
mod world;
