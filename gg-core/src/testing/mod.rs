//! Test support for arm crates and gg (feature `testing`).
//!
//! - `support`: an in-memory `ToolApi`, the readable report of an outcome, fixture runners.
//! - `wire_harness`: one program's store state with no guest behind it, driven by wire calls.

mod support;
pub mod wire_harness;

pub use support::*;
