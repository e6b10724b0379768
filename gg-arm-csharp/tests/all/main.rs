//! The C# arm's integration tests, one binary, over the support in `tests/common/`.

#[path = "../common/mod.rs"]
mod common;

mod figures;
mod snapshots;
mod surface;
