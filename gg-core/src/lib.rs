//! gg-core: the language-free sandbox every arm stands on.
//!
//! It owns the `ProgramLanguage` trait and the arm registry, the process-wide engine with one
//! compiled guest per arm, the store per program under both ceilings, the guest context, the
//! membrane host, the outcome and its classification, the program library and the catalogue model.
//! It names no language.

mod bench;
mod cache_entry;
pub mod capture;
pub mod catalogue;
mod classify;
pub mod clock;
pub mod columns;
pub mod core_module;
pub mod daemon;
pub mod engine;
mod fifo;
pub mod language;
pub mod library;
pub mod limits;
pub mod membrane;
pub mod modules;
pub mod open_guard;
pub mod outcome;
mod park;
pub mod registry;
pub(crate) mod run;
pub mod session;
pub mod store;
#[cfg(feature = "testing")]
pub mod testing;
pub mod toolchain;
pub mod tools;
pub mod wire;
#[cfg(feature = "testing")]
pub mod wire_harness;

/// The membrane's WIT, the one trust boundary every guest is built against. Arm build scripts
/// read the same file at `DEP_GG_CORE_WIT` (gg-core's `links` key).
pub const WIT: &str = include_str!("../wit/gg-sandbox.wit");

#[cfg(any(test, feature = "testing"))]
mod testing_arm;

#[doc(hidden)]
pub use inventory as __inventory;
pub use store::StoreState;
/// The wasmtime gg-core is built on, for an arm's own host functions (`CoreModuleHost::link`), so an
/// arm crate depends on gg-core only and cannot drift to another wasmtime.
pub use wasmtime;

pub use catalogue::Catalogue;
pub use clock::RunBudget;
pub use core_module::{CoreLibrary, CoreModuleHost, ProgramInput, Specialisation, Specialised};
pub use engine::CompileCache;
pub use language::{
    Checker, CodeMask, Diagnostic, GuestArtifact, GuestKind, LocationMap, ModuleExport, PrepareCx, PrepareError,
    Prepared, ProgramFault, ProgramGuest, ProgramLanguage, SourceLocation, ToolchainStatus, first_code_use,
    lines_with_brace_depth,
};
pub use library::{ProgramEntry, ProgramLibrary};
pub use limits::Limits;
pub use modules::{BindingChange, BindingCheck, ExportLine, ModuleBinding};
pub use outcome::{ErrorClass, OutcomeError, SandboxOutcome, Status};
pub use registry::{Registry, RegistryError};
pub use run::RunOptions;
pub use session::{ArmModules, Session, SessionState};
pub use store::GuestReach;
pub use tools::{Skill, SkillCode, ToolApi, ToolCx, ToolError, ToolResult};
