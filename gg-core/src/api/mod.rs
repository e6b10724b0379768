//! What gg-core exchanges with its embedder and its arms, below any program: the tool families an
//! embedder implements, the signature catalogue an arm declares, and the program library's entries.
//! Plain data and traits over the wire's types; nothing here knows a store, a guest or a turn.
//!
//! - `tools`: `ToolApi`, the tool families an embedder implements.
//! - `catalogue`: the signature catalogue's data model, what `docs.search` and documentation views read.
//! - `listing`: the catalogue as the prompt's SDK listing, each line in the arm's `Notation`.
//! - `library`: the program library, one entry per submitted program.

pub mod catalogue;
pub mod library;
pub mod listing;
pub mod tools;
