//! One program's world: the arm contract that prepares it, the store it runs in, the membrane it
//! calls, and the session whose state it carries. These name each other (a store holds the
//! membrane, the membrane holds the arm, the arm's core-module host links against the store), so
//! they share one folder; everything else stands below or above it.
//!
//! - `language`: `ProgramLanguage`, what an arm owns between the model's text and the membrane.
//! - `core_host`: `CoreModuleHost`, what an arm adds to a core-module guest.
//! - `catalogue`: the signature catalogue's data model, what `docs.search` and documentation views read.
//! - `listing`: the catalogue as the prompt's SDK listing, each line in the arm's `Notation`.
//! - `store`: one store per program: its state, the guest's WASI context, stdout and stderr.
//! - `capture`: bounded capture of a guest's stderr and a program's log lines.
//! - `membrane`: the host of every import of the sandbox world, and the wire that carries it to
//!   core-module guests.
//! - `tools`: `ToolApi`, the tool families an embedder implements.
//! - `session`: the turns of one agent on one arm, and the state that outlives a program.
//! - `library`: the program library, one entry per submitted program.
//! - `modules`: what a code module offers a model: its binding, its exports, their docs.
//! - `testing_arm`: a minimal arm for gg-core's own unit tests.

pub mod capture;
pub mod catalogue;
pub mod core_host;
pub mod language;
pub mod library;
pub mod listing;
pub mod membrane;
pub mod modules;
pub mod session;
pub mod store;
#[cfg(any(test, feature = "testing"))]
pub(crate) mod testing_arm;
pub mod tools;
