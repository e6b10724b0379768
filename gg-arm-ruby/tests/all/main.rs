//! The Ruby arm's integration tests, one binary (wasmtime's `tests/all`), over the support in
//! `tests/common/`. Two files stay binaries of their own, since each needs the process to itself:
//! `tests/baked.rs` counts the process's programs on the baked guest (and its loads and compiles),
//! which every program here adds to, and `tests/baked_background.rs` sets the process-wide policy
//! for building the baked guest.

#[path = "../common/mod.rs"]
mod common;

mod fifo;
mod figures;
mod natural;
mod reach;
mod snapshots;
mod surface;
mod workspace;
