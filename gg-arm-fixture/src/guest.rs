//! The fixture guest component, built from `guest/` by `build.rs`.

/// The fixture guest as a wasm32-wasip2 component binary.
pub const COMPONENT: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/fixture.wasm"));
