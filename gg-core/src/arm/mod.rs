//! What an arm crate uses beside the contract.
//!
//! - `registry`: arms register themselves with `register_arm!`; gg composes the set from it.
//! - `columns`: columns as a model reads them, mapped from a toolchain's own counting.
//! - `daemon`: a warm compiler behind a Unix socket, shared by every gg process of one user.

pub mod columns;
pub mod daemon;
pub mod registry;
