//! The membrane host: every import of the sandbox world goes through one bracket that checks the
//! grant and the run's budget, times the call as host time, and records it.

pub mod abi;
mod board;
pub mod dispatch;
mod docs;
mod feedback;
mod files;
mod memories;
mod programs;
mod record;
mod session;
mod shell;
mod skills;
mod tasks;
mod views;

use std::collections::BTreeSet;
use std::future::Future;
use std::sync::Arc;
use std::time::Instant;

use serde::Serialize;
use serde_json::Value;
use wasmtime::component::{HasSelf, Linker};

pub use self::feedback::MAX_MODULE_ERRORS;
pub use self::programs::RERUN_MAX_SOURCE;
pub use self::record::{
    CallRecord, CallRecords, RECORD_END_BYTES, RECORD_HEAD, RECORD_MAX_STRING, RECORD_MAX_VALUE, RECORD_TAIL,
    RecordedError, code_name,
};
pub use self::session::{ENDING_MAX_ITEMS, ENDING_MAX_TEXT};
pub use self::skills::{MAX_PINNED, PINNED_MAX_BODY};
use crate::api::tools::{ToolApi, ToolCx, ToolError, ToolResult};
use crate::engine::clock::RunBudget;
use crate::program::capture::SharedLogs;
use crate::program::language::ProgramLanguage;
use crate::program::session::SessionState;
use crate::program::store::StoreState;
use crate::wire::bindings;
use crate::wire::{ApiError, EndingKind, ErrorCode, ProgramError};

/// One operation of the world: its id and whether it dispatches a tool (and so is budget-checked).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Operation {
    pub id: &'static str,
    pub dispatches_tool: bool,
}

const fn op(id: &'static str, dispatches_tool: bool) -> Operation {
    Operation { id, dispatches_tool }
}

/// Every operation the host serves, in WIT order. `feedback` is the shim's channel, not an operation.
pub const OPERATIONS: &[Operation] = &[
    op("files.read_file", true),
    op("files.write_file", true),
    op("files.edit_file", true),
    op("files.list_dir", true),
    op("files.search", true),
    op("shell.run", true),
    op("tasks.add", true),
    op("tasks.update", true),
    op("tasks.complete", true),
    op("tasks.remove", true),
    op("tasks.list", true),
    op("board.create_issue", true),
    op("board.update_issue", true),
    op("board.list_issues", true),
    op("board.remove_issue", true),
    op("memories.write", true),
    op("memories.read", true),
    op("memories.search", true),
    op("memories.delete", true),
    op("skills.read", true),
    // views.open_file performs a read, so it is budget-checked; the rest of the carve-outs are not.
    op("views.open_file", true),
    op("views.open_text", false),
    op("views.open_docs", false),
    op("views.close", false),
    op("views.current", false),
    op("docs.search", false),
    op("session.finish", false),
    op("session.approve", false),
    op("session.request_changes", false),
    op("programs.history", false),
    op("programs.get", false),
    op("programs.rerun", false),
];

/// The operation with this id.
pub fn operation(id: &str) -> Option<Operation> {
    OPERATIONS.iter().copied().find(|o| o.id == id)
}

fn known(id: &'static str) -> Operation {
    operation(id).unwrap_or_else(|| panic!("`{id}` is missing from OPERATIONS"))
}

/// Items one list argument may carry; past it the call is an invalid argument, not a host stall.
pub const MAX_LIST_ITEMS: usize = 10_000;
/// Bytes a name or path argument may carry.
pub const MAX_NAME_BYTES: usize = 4096;

/// How a program's session ended, if it reached an ending.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Ending {
    Finish { summary: String },
    Approve,
    RequestChanges { items: Vec<String> },
}

/// A skill body a program read, pinned once per session for the record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PinnedSkill {
    pub name: String,
    pub body: String,
}

/// What the membrane knows and gathers for one program.
pub struct Membrane {
    pub(crate) tools: Arc<dyn ToolApi>,
    pub(crate) runtime: tokio::runtime::Handle,
    pub(crate) arm: Arc<dyn ProgramLanguage>,
    pub(crate) grant: Grant,
    pub(crate) budget: RunBudget,
    pub(crate) ending_kind: EndingKind,
    pub(crate) library: bool,
    pub(crate) session: SessionState,
    pub(crate) ordinal: u64,
    pub(crate) calls: CallRecords,
    pub(crate) logs: SharedLogs,
    pub(crate) error: Option<ProgramError>,
    /// The reported error is the program's text failing to parse (`StoreState::report_syntax_error`).
    pub(crate) error_is_syntax: bool,
    pub(crate) extra_error_reports: u32,
    pub(crate) module_errors: Vec<ModuleError>,
    pub(crate) returned_value_discarded: bool,
    pub(crate) ending: Option<Ending>,
    pub(crate) rerun: Option<String>,
    /// The arm the queued rerun runs in, when it is not this program's (`SandboxOutcome::rerun_arm`).
    pub(crate) rerun_arm: Option<String>,
    pub(crate) pinned: Vec<PinnedSkill>,
}

/// A code module that failed to prepare (kept out of scope) or whose body raised while loading.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ModuleError {
    pub name: String,
    pub message: String,
    /// Where in the module, when the arm's check located it.
    pub location: Option<crate::program::language::SourceLocation>,
}

/// The operations a program may call: the set the bracket checks and the list its guest's `run`
/// is handed, both shared. Every operation granted (the usual case) is one grant per process, not
/// ~100 strings built twice a turn.
#[derive(Debug, Clone)]
pub struct Grant {
    set: Arc<BTreeSet<String>>,
    list: Arc<[String]>,
}

impl Grant {
    /// Every operation of the membrane.
    pub fn every() -> Self {
        static EVERY: std::sync::OnceLock<Grant> = std::sync::OnceLock::new();
        EVERY
            .get_or_init(|| Self::only(OPERATIONS.iter().map(|o| o.id.to_owned()).collect()))
            .clone()
    }

    /// Only the operations `ids` names.
    pub fn only(ids: BTreeSet<String>) -> Self {
        let list = ids.iter().cloned().collect();
        Self {
            set: Arc::new(ids),
            list,
        }
    }

    pub fn contains(&self, id: &str) -> bool {
        self.set.contains(id)
    }

    /// The granted ids in order.
    pub fn list(&self) -> &[String] {
        &self.list
    }
}

/// What one program is given, beside its source.
pub struct MembraneSetup {
    pub tools: Arc<dyn ToolApi>,
    pub runtime: tokio::runtime::Handle,
    pub arm: Arc<dyn ProgramLanguage>,
    pub grant: Grant,
    pub budget: RunBudget,
    pub ending_kind: EndingKind,
    pub library: bool,
    pub session: SessionState,
    /// Where the program's printed lines go (shared with a stdout that is the program's feedback).
    pub logs: SharedLogs,
}

impl MembraneSetup {
    /// A program's setup with no session behind it: nothing granted, no library, fresh state
    /// (an idle instance, the `bound-operations` call).
    pub(crate) fn bare(
        tools: Arc<dyn ToolApi>,
        runtime: tokio::runtime::Handle,
        arm: Arc<dyn ProgramLanguage>,
        budget: RunBudget,
        ending_kind: EndingKind,
    ) -> Self {
        Self {
            tools,
            runtime,
            arm,
            grant: Grant::only(BTreeSet::new()),
            budget,
            ending_kind,
            library: false,
            session: SessionState::default(),
            logs: SharedLogs::default(),
        }
    }
}

impl Membrane {
    pub(crate) fn new(s: MembraneSetup) -> Self {
        Self {
            tools: s.tools,
            runtime: s.runtime,
            arm: s.arm,
            grant: s.grant,
            budget: s.budget,
            ending_kind: s.ending_kind,
            library: s.library,
            session: s.session,
            ordinal: 0,
            calls: CallRecords::default(),
            logs: s.logs,
            error: None,
            error_is_syntax: false,
            extra_error_reports: 0,
            module_errors: Vec::new(),
            returned_value_discarded: false,
            ending: None,
            rerun: None,
            rerun_arm: None,
            pinned: Vec::new(),
        }
    }

    /// Why `op` is refused before it runs, if it is: not granted, or the run's budget is spent.
    fn refusal(&self, op: Operation) -> Option<ToolError> {
        if !self.grant.contains(op.id) {
            return Some(ToolError::new(
                ErrorCode::Unavailable,
                format!("{} is not granted to this agent", op.id),
            ));
        }
        if op.dispatches_tool && self.budget.spent() {
            return Some(ToolError::new(
                ErrorCode::LimitExceeded,
                format!("the run's wall-clock budget is spent; {} was not performed", op.id),
            ));
        }
        None
    }

    fn tool_cx(&self) -> ToolCx {
        ToolCx {
            deadline: self.budget.deadline,
        }
    }

    /// Waits on the embedder's runtime for a tool, no longer than what is left of the run's budget.
    fn wait<T>(&self, op: &str, fut: impl Future<Output = ToolResult<T>>) -> ToolResult<T> {
        match self.budget.remaining() {
            None => self.runtime.block_on(fut),
            Some(left) => self
                .runtime
                .block_on(async { tokio::time::timeout(left, fut).await })
                .unwrap_or_else(|_| {
                    Err(ToolError::new(
                        ErrorCode::LimitExceeded,
                        format!("the run's wall-clock budget ran out while {op} was running"),
                    ))
                }),
        }
    }
}

impl StoreState {
    /// The bracket every operation goes through: refuse, or run `body`; time it as host time;
    /// record it as `program:{ordinal}:{operation}` with its arguments and result, both in the
    /// wire's JSON mapping (`args` arrives keyed by the Rust parameter names, serde-spelled).
    fn bracket<T: Serialize>(
        &mut self,
        id: &'static str,
        args: Value,
        body: impl FnOnce(&mut Self) -> ToolResult<T>,
    ) -> Result<T, ApiError> {
        let types = crate::program::membrane::dispatch::types();
        let sig = types.function(id);
        self.bracket_with(id, args, body, |args, result| match sig {
            Some(sig) => (
                types.args_to_wit(sig, args),
                result.map(|v| {
                    let v = serde_json::to_value(v).unwrap_or(Value::Null);
                    match &sig.ok {
                        Some(ty) => types.to_wit(ty, v),
                        None => v,
                    }
                }),
            ),
            None => (args, result.map(|v| serde_json::to_value(v).unwrap_or(Value::Null))),
        })
    }

    /// [`bracket`](Self::bracket) for a call whose arguments are recorded as they arrived.
    pub(crate) fn bracket_raw<T: Serialize>(
        &mut self,
        id: &'static str,
        args: Value,
        body: impl FnOnce(&mut Self) -> ToolResult<T>,
    ) -> Result<T, ApiError> {
        self.bracket_with(id, args, body, |args, result| {
            (args, result.map(|v| serde_json::to_value(v).unwrap_or(Value::Null)))
        })
    }

    fn bracket_with<T>(
        &mut self,
        id: &'static str,
        args: Value,
        body: impl FnOnce(&mut Self) -> ToolResult<T>,
        spell: impl for<'a> FnOnce(Value, Result<&'a T, &'a ToolError>) -> (Value, Result<Value, &'a ToolError>),
    ) -> Result<T, ApiError> {
        let op = known(id);
        let started = Instant::now();
        self.membrane.ordinal += 1;
        let ordinal = self.membrane.ordinal;
        let result = match self.membrane.refusal(op) {
            Some(refused) => Err(refused),
            None => body(self),
        };
        self.clock.add_host_time(started.elapsed());
        let (args, recorded) = spell(args, result.as_ref());
        self.membrane
            .calls
            .push(CallRecord::new(ordinal, op.id, args, recorded));
        result.map_err(|e| ApiError {
            code: e.code,
            operation: op.id.to_owned(),
            message: e.message,
        })
    }

    /// Runs a tool future on the embedder's runtime, bounded by the run's budget.
    fn dispatch<T, F>(&mut self, id: &'static str, call: impl FnOnce(Arc<dyn ToolApi>, ToolCx) -> F) -> ToolResult<T>
    where
        F: Future<Output = ToolResult<T>>,
    {
        let fut = call(self.membrane.tools.clone(), self.membrane.tool_cx());
        self.membrane.wait(id, fut)
    }
}

/// An argument as the record keeps it: strings past [`record::RECORD_MAX_STRING`] abbreviated.
fn rec<T: Serialize + ?Sized>(value: &T) -> Value {
    record::abbreviate(serde_json::to_value(value).unwrap_or(Value::Null))
}

/// A list of strings as the record keeps it, without copying more of it than is kept.
fn rec_strs(items: &[String]) -> Value {
    record::abbreviate_strs(items)
}

/// A string argument as the record keeps it, without copying more of it than is kept.
fn rec_str(s: &str) -> Value {
    Value::String(record::abbreviate_str(s))
}

/// A text as the record keeps it (abbreviated past [`RECORD_MAX_STRING`]).
pub(crate) fn record_text(s: &str) -> String {
    record::abbreviate_str(s)
}

/// The first line of `text` with anything but whitespace on it, trimmed and cut to `max_chars`
/// characters (on a character boundary): the default a program's left-out one-line text takes.
fn first_line(text: &str, max_chars: usize) -> String {
    let line = text.lines().map(str::trim).find(|l| !l.is_empty()).unwrap_or("");
    line.chars().take(max_chars).collect::<String>().trim_end().to_owned()
}

fn check_name(what: &str, value: &str) -> ToolResult<()> {
    if value.len() > MAX_NAME_BYTES {
        return Err(ToolError::invalid(format!(
            "{what} is {} bytes; at most {MAX_NAME_BYTES} are accepted",
            value.len()
        )));
    }
    if value.contains('\0') {
        return Err(ToolError::invalid(format!("{what} contains a NUL character")));
    }
    Ok(())
}

fn check_list<T>(what: &str, items: &[T]) -> ToolResult<()> {
    if items.len() > MAX_LIST_ITEMS {
        return Err(ToolError::invalid(format!(
            "{what} has {} items; at most {MAX_LIST_ITEMS} are accepted",
            items.len()
        )));
    }
    Ok(())
}

/// Adds every membrane interface to the linker, served by the program's `StoreState`.
pub(crate) fn add_to_linker(linker: &mut Linker<StoreState>) -> wasmtime::Result<()> {
    bindings::Sandbox::add_to_linker::<StoreState, HasSelf<StoreState>>(linker, |s| s)
}

impl bindings::gg::sandbox::types::Host for StoreState {}

#[cfg(test)]
mod tests {
    use super::first_line;

    #[test]
    fn a_default_one_liner_is_the_first_non_blank_line_cut_on_a_character() {
        assert_eq!(first_line("\n  \n  deploy with make\nsecond", 80), "deploy with make");
        assert_eq!(first_line("", 80), "");
        assert_eq!(first_line(" \n\t\n", 80), "");
        assert_eq!(first_line(&"é".repeat(100), 80), "é".repeat(80));
        assert_eq!(
            first_line("a long line cut here and not further", 20),
            "a long line cut here"
        );
        assert_eq!(first_line("cut after a space here", 6), "cut af");
        assert_eq!(first_line("cut at a space", 4), "cut");
    }
}
