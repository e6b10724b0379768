//! Guest shapes and their WASI reach.
//!
//! - `loaded`: a guest ready to instantiate: the component linker, each arm's shared guest, a
//!   program's own guest, the warm-up.
//! - `core_module`: the core-module shape: WASI preview1, the wire, an arm's own host functions.
//! - `park`: a WASI call that parks the guest, stopped at the run's deadline.
//! - `fifo`: a FIFO the guest opened through its own reach, read and written as a pipe.
//! - `open_guard`: what an open on a program's behalf may not reach, whatever the reach.

pub mod core_module;
pub(crate) mod fifo;
mod loaded;
pub mod open_guard;
pub(crate) mod park;

pub use loaded::*;
