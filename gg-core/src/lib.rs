//! gg-core: the language-free sandbox every arm stands on.
//!
//! It owns the `ProgramLanguage` trait and the arm registry, the process-wide engine with one
//! compiled guest per arm, the store per program under both ceilings, the guest context, the
//! membrane host, the outcome and its classification, the program library and the catalogue model.
//! It names no language.

pub mod capture;
pub mod catalogue;
pub mod clock;
pub mod engine;
pub mod language;
pub mod library;
pub mod limits;
pub mod membrane;
pub mod outcome;
pub mod registry;
mod run;
pub mod session;
pub mod store;
#[cfg(feature = "testing")]
pub mod testing;
pub mod tools;
pub mod wire;

#[cfg(test)]
mod testing_arm;

#[doc(hidden)]
pub use inventory as __inventory;

pub use catalogue::Catalogue;
pub use clock::RunBudget;
pub use engine::CompileCache;
pub use language::{
    Checker, CodeMask, Diagnostic, GuestArtifact, LocationMap, ModuleExport, PrepareError, Prepared, ProgramFault,
    ProgramLanguage, SourceLocation, ToolchainStatus,
};
pub use library::{ProgramEntry, ProgramLibrary};
pub use limits::Limits;
pub use outcome::{ErrorClass, OutcomeError, SandboxOutcome, Status};
pub use registry::{Registry, RegistryError};
pub use run::RunOptions;
pub use session::{Session, SessionState};
pub use store::GuestReach;
pub use tools::{Skill, ToolApi, ToolCx, ToolError, ToolResult};
