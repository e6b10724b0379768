//! The membrane's value types, as the generated bindings spell them, under one short path.
//!
//! - `bindings`: the host bindings `bindgen!` generates from `wit/gg-sandbox.wit`.
//! - `json`: the JSON mapping of WIT values the wire carries to core-module guests.

pub mod bindings;
pub mod json;

pub use crate::wire::bindings::CodeModule;
pub use crate::wire::bindings::gg::sandbox::board::{Issue, IssueInput, IssuePatch, IssueStatus};
pub use crate::wire::bindings::gg::sandbox::docs::{DocHit, DocSearch};
pub use crate::wire::bindings::gg::sandbox::feedback::{ErrorKind, Location, ProgramError};
pub use crate::wire::bindings::gg::sandbox::files::{DirEntry, EntryKind, SearchMatch};
pub use crate::wire::bindings::gg::sandbox::memories::{Memory, MemoryHit};
pub use crate::wire::bindings::gg::sandbox::programs::ProgramSummary;
pub use crate::wire::bindings::gg::sandbox::shell::ShellOutput;
pub use crate::wire::bindings::gg::sandbox::tasks::{Task, TaskInput, TaskPatch, TaskStatus};
pub use crate::wire::bindings::gg::sandbox::types::{ApiError, EndingKind, ErrorCode, FileRead, TextEdit};
pub use crate::wire::bindings::gg::sandbox::views::{OpenView, ViewKind};
