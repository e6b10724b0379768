//! gg-core: the language-free sandbox every arm stands on.
//!
//! It owns the `ProgramLanguage` trait and the arm registry, the process-wide engine with one
//! compiled guest per arm, the store per program under both ceilings, the guest context, the
//! membrane host, the outcome and its classification, the program library and the catalogue model.
//! It names no language.

pub mod api;
pub mod arm;
pub mod engine;
pub mod guest;
pub mod program;
#[cfg(feature = "testing")]
pub mod testing;
pub mod toolchain;
pub mod turn;
pub mod wire;

/// The membrane's WIT, the one trust boundary every guest is built against. Arm build scripts
/// read the same file at `DEP_GG_CORE_WIT` (gg-core's `links` key).
pub const WIT: &str = include_str!("../wit/gg-sandbox.wit");

#[doc(hidden)]
pub use inventory as __inventory;
pub use program::store::StoreState;
/// The wasmtime gg-core is built on, for an arm's own host functions (`CoreModuleHost::link`), so an
/// arm crate depends on gg-core only and cannot drift to another wasmtime.
pub use wasmtime;

pub use api::catalogue::Catalogue;
pub use api::library::{ProgramEntry, ProgramLibrary};
pub use api::tools::{Skill, SkillCode, ToolApi, ToolCx, ToolError, ToolResult};
pub use arm::registry::{Registry, RegistryError};
pub use engine::clock::RunBudget;
pub use engine::limits::Limits;
pub use engine::{CompileCache, GuestKind};
pub use program::core_host::{CoreLibrary, CoreModuleHost, ProgramInput, Specialisation, Specialised, StackExhausted};
pub use program::language::{
    Checker, CodeMask, Diagnostic, GuestArtifact, LocationMap, ModuleExport, PrepareCx, PrepareError, Prepared,
    ProgramFault, ProgramGuest, ProgramLanguage, SourceLocation, ToolchainStatus, first_code_use,
    lines_with_brace_depth,
};
pub use program::modules::{BindingChange, BindingCheck, ExportLine, ModuleBinding};
pub use program::session::{ArmModules, Session, SessionState};
pub use program::store::GuestReach;
pub use turn::outcome::{ErrorClass, OutcomeError, SandboxOutcome, Status};
pub use turn::run::RunOptions;
