//! The membrane's value types, as the generated bindings spell them, under one short path; and the
//! wire: the JSON mapping of WIT values (`json`), the operation dispatch by id (`dispatch`), and
//! the import module through which a core-module guest calls the membrane (`abi`).

pub mod abi;
pub mod dispatch;
pub mod json;

pub use crate::membrane::bindings::CodeModule;
pub use crate::membrane::bindings::gg::sandbox::board::{Issue, IssueInput, IssuePatch, IssueStatus};
pub use crate::membrane::bindings::gg::sandbox::docs::{DocHit, DocSearch};
pub use crate::membrane::bindings::gg::sandbox::feedback::{ErrorKind, Location, ProgramError};
pub use crate::membrane::bindings::gg::sandbox::files::{DirEntry, EntryKind, SearchMatch};
pub use crate::membrane::bindings::gg::sandbox::memories::{Memory, MemoryHit};
pub use crate::membrane::bindings::gg::sandbox::programs::ProgramSummary;
pub use crate::membrane::bindings::gg::sandbox::shell::ShellOutput;
pub use crate::membrane::bindings::gg::sandbox::tasks::{Task, TaskInput, TaskPatch, TaskStatus};
pub use crate::membrane::bindings::gg::sandbox::types::{ApiError, EndingKind, ErrorCode, FileRead, TextEdit};
pub use crate::membrane::bindings::gg::sandbox::views::{OpenView, ViewKind};
