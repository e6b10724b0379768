//! `SandboxOutcome`: what one program did, returned on every path (a trap included) and
//! serialisable to the JSON `gg run --json` prints.

use serde::Serialize;

use crate::program::language::{Diagnostic, SourceLocation};
use crate::program::membrane::{CallRecord, Ending, ModuleError, PinnedSkill};
use crate::program::session::View;

/// How the program ended. Serialised in snake_case; these names are a public schema.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Completed,
    /// The program's own uncaught failure, reported by the guest.
    ProgramError,
    /// The program did not get past its arm's checker or compiler.
    PrepareError,
    Timeout,
    OutOfMemory,
    StackOverflow,
    /// Any other trap: the instance is discarded.
    Trap,
    /// The program stopped the process itself.
    Exited,
    /// The arm's toolchain is missing or failed: not the program's fault.
    ToolchainError,
    /// gg's own fault: not the program's.
    InternalError,
}

impl Status {
    /// Whether the outcome is the program's doing (exit status 1 from `gg run`).
    pub fn is_program_fault(self) -> bool {
        !matches!(
            self,
            Status::Completed | Status::Exited | Status::ToolchainError | Status::InternalError
        )
    }
}

/// The class of a failure, finer than [`Status`]: whose fault and which shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorClass {
    /// An uncaught failed call: the wire's code is in `code`.
    ApiFailure,
    /// A name the program reached for that does not exist.
    UnknownName,
    /// Any other uncaught program failure.
    Other,
    Syntax,
    Compile,
    Unsupported,
    Timeout,
    OutOfMemory,
    StackOverflow,
    Trap,
    Exit,
    Toolchain,
    Internal,
}

/// The failure a model reads.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OutcomeError {
    pub kind: ErrorClass,
    /// The wire's error code (`not-found`) for an API failure.
    pub code: Option<&'static str>,
    pub message: String,
    pub location: Option<SourceLocation>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LimitsReport {
    pub timeout_secs: f64,
    pub max_memory_bytes: u64,
}

/// Milliseconds: checker/compiler (absent when the arm has no checker), wasmtime's compile of the
/// program's own guest (absent on a shared guest; a cache hit is its lookup), guest execution less
/// host calls, host calls, and everything from submission to outcome.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Timing {
    pub prepare_ms: Option<f64>,
    pub compile_ms: Option<f64>,
    pub instantiate_ms: f64,
    pub guest_ms: f64,
    pub host_ms: f64,
    pub wall_ms: f64,
}

/// Bytes of the failure's message kept: 64 KiB (a guest's report is already cut to 16 KiB; this
/// bounds what gg adds to it, frames and all).
pub const OUTCOME_MAX_ERROR: usize = 64 * 1024;
/// Diagnostics kept (the rest counted in `diagnostics_dropped`), each message cut to 4 KiB.
pub const OUTCOME_MAX_DIAGNOSTICS: usize = 64;
/// Bytes of one diagnostic's message kept.
pub const DIAGNOSTIC_MAX_MESSAGE: usize = 4096;

/// The bound on one outcome: the sum of its parts' bounds, each enforced where the part is
/// gathered, plus 64 KiB for the fixed fields. Bytes of text, except the calls, which are
/// counted as their JSON; a JSON spelling of the rest escapes control characters (6 bytes each).
/// About 7.1 MiB; an honest program's outcome is a few kilobytes.
pub const OUTCOME_MAX_BYTES: usize = 2 * crate::program::membrane::RECORD_END_BYTES // calls
    + crate::program::capture::LOG_MAX_BYTES + 64 * crate::program::capture::LOG_MAX_LINES // logs, their cut notes
    + crate::program::session::VIEWS_MAX_BYTES + 4096 * crate::program::session::MAX_VIEWS // views, their selectors
    + 2 * crate::program::capture::STDERR_END_BYTES + 64 // stderr and its line
    + OUTCOME_MAX_ERROR
    + OUTCOME_MAX_DIAGNOSTICS * (DIAGNOSTIC_MAX_MESSAGE + 4096) // messages and file names
    + crate::program::membrane::MAX_MODULE_ERRORS * (2 * crate::program::capture::LOG_MAX_LINE_BYTES) // names, messages
    + crate::program::modules::BINDINGS_MAX_BYTES
    + crate::program::membrane::MAX_PINNED * (crate::program::membrane::PINNED_MAX_BODY + 64)
    + crate::program::membrane::ENDING_MAX_TEXT // a summary, or (the larger) the items:
    + (crate::program::membrane::ENDING_MAX_ITEMS + 1) * crate::program::membrane::RECORD_MAX_STRING
    + crate::program::membrane::RERUN_MAX_SOURCE
    + 64 * 1024;

/// One program's outcome.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SandboxOutcome {
    pub arm: String,
    /// The turn this program is filed under in the program library.
    pub turn: u32,
    pub status: Status,
    pub error: Option<OutcomeError>,
    /// The number the program exited with, where gg was told one.
    pub exit_status: Option<i32>,
    pub logs: Vec<String>,
    pub logs_dropped: u64,
    pub calls: Vec<CallRecord>,
    pub calls_dropped: u64,
    /// Every view open after this program (views persist across a session's turns).
    pub views: Vec<View>,
    pub ending: Option<Ending>,
    pub stderr: String,
    pub limits: LimitsReport,
    pub timing: Timing,
    /// The checker's or compiler's messages, when preparation failed or warned.
    pub diagnostics: Vec<Diagnostic>,
    pub diagnostics_dropped: usize,
    pub module_errors: Vec<ModuleError>,
    /// Code modules this program bound, rebound or unbound (`memories.write` with code,
    /// `memories.delete`, `skills.read`), by key: how the next program reaches each and what it
    /// exports, or that its check failed (why is in `module_errors`).
    pub module_bindings: Vec<crate::program::modules::ModuleBinding>,
    /// Bindings past [`crate::program::modules::MAX_BINDINGS`], counted.
    pub module_bindings_dropped: usize,
    /// Skill bodies this program pinned in the session record (each once per session).
    pub pinned_skills: Vec<PinnedSkill>,
    /// The program left a top-level value that was discarded.
    pub returned_value_discarded: bool,
    /// The source the program queued to run next (`programs.rerun`).
    pub rerun: Option<String>,
    /// The arm the queued rerun runs in when it is not this program's: the arm of the latest
    /// library entry whose source is the rerun's, byte for byte. `None`: this program's arm.
    pub rerun_arm: Option<String>,
    /// Why the embedder did not run the queued rerun, when it stopped a chain of them (a count
    /// or the run's budget); `None` when the rerun ran or none was queued.
    pub rerun_stopped: Option<String>,
}

impl SandboxOutcome {
    /// Whether the program did what it was asked without failing (an `exit(0)` included).
    pub fn ok(&self) -> bool {
        match self.status {
            Status::Completed => true,
            Status::Exited => self.exit_status == Some(0),
            _ => false,
        }
    }

    /// `timeout: the program ran past…` — the library's one-line account of a failure.
    pub fn headline(&self) -> Option<String> {
        let e = self.error.as_ref()?;
        let first = e.message.lines().next().unwrap_or_default();
        Some(format!(
            "{}: {first}",
            serde_json::to_value(self.status).ok()?.as_str()?
        ))
    }
}
