//! The fixture arm's integration tests, one binary (wasmtime's `tests/all`), over the support in
//! `tests/common/`. Two files stay binaries of their own, since each needs the process to itself:
//! `tests/pool.rs` chooses the engine's instance pool before anything makes the engine, and
//! `tests/shapes.rs` counts the process's compiles, which every program here may add to.

#[path = "../common/mod.rs"]
mod common;

mod membrane;
mod sandbox;
mod snapshots;

/// The test that counts the process's compiles (`sandbox`'s shared-guest slot) and the one that
/// compiles a program of its own for each fixture (`snapshots`): one at a time.
pub static COMPILES: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());
