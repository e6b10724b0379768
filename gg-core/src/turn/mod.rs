//! The turn: one program run from the model's text to its outcome.
//!
//! - `run`: prepare, get the guest, run it under both ceilings, conclude.
//! - `classify`: how a program ended, decided by type and by the store's own records.
//! - `outcome`: `SandboxOutcome`, what one program did, returned on every path.
//! - `bench`: bench and diagnostic support, off the run path.

pub mod bench;
pub(crate) mod classify;
pub mod outcome;
pub(crate) mod run;
