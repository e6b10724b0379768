//! `ProgramLanguage`: what an arm owns between the model's text and the membrane.

use std::borrow::Cow;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::Instant;

use serde::{Deserialize, Serialize};

use crate::api::catalogue::Catalogue;
use crate::engine::{CompileCache, GuestKind};
use crate::program::core_host::CoreModuleHost;
use crate::toolchain::{Cancel, Scratch, Stopped, ToolFailure, ToolSandbox};
use crate::wire::CodeModule;

/// A position in the model's own source: 1-based line and column.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SourceLocation {
    pub file: String,
    pub line: u32,
    pub column: u32,
}

/// One message a checker or compiler emitted about the program.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Diagnostic {
    pub message: String,
    pub location: Option<SourceLocation>,
}

/// Which of the program's own faults stopped preparation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ProgramFault {
    /// The text does not parse.
    Syntax,
    /// It parses but the checker or compiler rejects it.
    Compile,
    /// It asks for something this arm cannot run.
    Unsupported,
}

/// Why preparation failed, split by whose fault it is.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PrepareError {
    /// The program's own fault, with the diagnostics that locate it (`dropped` were not kept).
    #[error("{fault:?} error in the program")]
    Program {
        fault: ProgramFault,
        diagnostics: Vec<Diagnostic>,
        dropped: usize,
    },
    /// The toolchain is missing or crashed: never the program's fault.
    #[error("toolchain `{tool}` failed: {message}")]
    Toolchain { tool: String, message: String },
    /// gg lowered the program wrongly (its own declarations, its own glue): gg's defect.
    #[error("gg could not lower the program: {message}")]
    Lowering { message: String },
    /// Preparation reached the run's deadline: `step` (a checker, a compiler) was stopped. Reported
    /// as the run's timeout: a compiler that spins on a program is stopped like a loop that spins.
    #[error("preparation did not finish before the run's deadline: {step} was stopped")]
    TimedOut { step: String },
}

impl PrepareError {
    /// The program's compile error for a compiler whose frontend crashed on it while the process
    /// itself exited (a driver that reports its frontend's crash by its status), `how` as the
    /// driver told it. A process that died is [`PrepareError::compiler_stopped`]'s.
    pub fn compiler_crash(tool: &str, how: &str) -> Self {
        Self::Program {
            fault: ProgramFault::Compile,
            diagnostics: vec![Diagnostic {
                message: format!(
                    "the compiler crashed ({how}) on this program: {tool} could not compile it; simplify \
                     what it chokes on (very deep nesting, huge constants, huge includes)"
                ),
                location: None,
            }],
            dropped: 0,
        }
    }

    /// A toolchain step that ended without output: its deadline is [`PrepareError::TimedOut`]
    /// naming `tool`; anything else (not installed, not startable, cancelled) the toolchain's
    /// failure, with `hint` (what installs it) after a missing tool's message.
    pub fn tool_failed(tool: &str, failure: &ToolFailure, hint: &str) -> Self {
        match failure {
            ToolFailure::TimedOut { .. } => Self::TimedOut { step: tool.to_owned() },
            ToolFailure::NotFound { .. } | ToolFailure::Spawn { .. } if !hint.is_empty() => Self::Toolchain {
                tool: tool.to_owned(),
                message: format!("{failure} ({hint})"),
            },
            _ => Self::Toolchain {
                tool: tool.to_owned(),
                message: failure.to_string(),
            },
        }
    }

    /// A compiler stopped by a ceiling or a crash on the program's text (`stopped`): the program's
    /// compile error, saying what stopped `tool`, with the last lines it wrote (`stderr`).
    pub fn compiler_stopped(tool: &str, stopped: &Stopped, stderr: &str) -> Self {
        let last: Vec<&str> = stderr.lines().filter(|l| !l.trim().is_empty()).collect();
        let tail = last[last.len().saturating_sub(3)..].join("\n");
        let mut message = stopped.describe(tool);
        if !tail.is_empty() {
            message.push_str(":\n");
            message.push_str(&tail);
        }
        Self::Program {
            fault: ProgramFault::Compile,
            diagnostics: vec![Diagnostic {
                message,
                location: None,
            }],
            dropped: 0,
        }
    }
}

/// Maps a location the guest reports (in what crossed the membrane) back to the model's text.
pub trait LocationMap: Send + Sync {
    fn map(&self, location: &SourceLocation) -> Option<SourceLocation>;
    /// Where a failure the guest reported is in the model's text, given the location the guest
    /// chose and the failure's whole message (its frames): by default that location, mapped. An
    /// arm whose programs fail inside library code they called (the guest's first frame is the
    /// library's) looks down the frames for the program's own.
    fn locate(&self, location: &SourceLocation, _message: &str) -> Option<SourceLocation> {
        self.map(location)
    }
    /// Rewrites the locations written inside a text the guest produced (an error's message, a
    /// stack, stderr) into the model's coordinates; the default leaves the text as it is.
    fn rewrite(&self, text: &str) -> String {
        text.to_owned()
    }
}

/// What a program runs on, as its arm prepared it.
#[derive(Clone, PartialEq, Eq)]
pub enum ProgramGuest {
    /// The arm's shared guest ([`ProgramLanguage::guest`]), handed the program's text.
    Shared,
    /// A component compiled for this program alone, exporting the sandbox world.
    Component(Vec<u8>),
    /// A core module compiled for this program alone: WASI preview1 and the wire (see `core_module`).
    CoreModule(Vec<u8>),
}

impl fmt::Debug for ProgramGuest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Shared => f.write_str("Shared"),
            Self::Component(b) => write!(f, "Component({} bytes)", b.len()),
            Self::CoreModule(b) => write!(f, "CoreModule({} bytes)", b.len()),
        }
    }
}

/// The program as it crosses the membrane.
pub struct Prepared {
    /// The text handed to the guest's `run` (the model's own text where the arm needs no lowering).
    pub source: String,
    /// What the program runs on: the arm's shared guest, or its own component or core module.
    pub guest: ProgramGuest,
    /// Reads guest locations back into the model's coordinates; `None` when they already are.
    pub locations: Option<Box<dyn LocationMap>>,
    /// The code modules as they cross, when the arm lowers them too; `None` sends them unchanged.
    pub modules: Option<Vec<CodeModule>>,
}

impl Prepared {
    /// The model's text, unchanged, on the arm's shared guest.
    pub fn unchanged(source: &str) -> Self {
        Self {
            source: source.to_owned(),
            guest: ProgramGuest::Shared,
            locations: None,
            modules: None,
        }
    }
}

impl fmt::Debug for Prepared {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Prepared")
            .field("source_len", &self.source.len())
            .field("guest", &self.guest)
            .field("locations", &self.locations.is_some())
            .finish()
    }
}

/// What an arm's preparation may use: the deadline it must finish by, a cancellation signal, a
/// scratch directory of its own (made on first use, removed with the context), and gg's cache
/// directory for what the arm builds once per machine (an SDK object, a daemon's socket).
pub struct PrepareCx {
    /// When preparation must be done: the run's wall-clock deadline, capped at
    /// [`PrepareCx::MAX_PREPARE`] from its start.
    pub deadline: Instant,
    /// Set when the run was abandoned; a toolchain process is killed when it is.
    pub cancel: Cancel,
    cache_dir: PathBuf,
    scratch_base: PathBuf,
    scratch: OnceLock<Scratch>,
    bound: Vec<CodeModule>,
    pub(crate) left_out: Vec<String>,
    sandbox: Option<&'static ToolSandbox>,
}

impl PrepareCx {
    /// The longest any preparation may take, whatever the run's budget (a compiler that spins on
    /// hostile input must not hold a turn for the whole budget).
    pub const MAX_PREPARE: std::time::Duration = std::time::Duration::from_secs(120);

    /// A context whose scratch directories and per-machine builds live under `cache`'s directory
    /// (the system's temporary directory when the cache is off).
    pub fn new(deadline: Instant, cancel: Cancel, cache: &CompileCache) -> Self {
        let cap = Instant::now() + Self::MAX_PREPARE;
        Self {
            deadline: deadline.min(cap),
            cancel,
            cache_dir: cache
                .dir()
                .map_or_else(|| std::env::temp_dir().join("gg-cache"), Path::to_path_buf),
            scratch_base: cache.scratch_base(),
            scratch: OnceLock::new(),
            bound: Vec::new(),
            left_out: Vec::new(),
            sandbox: None,
        }
    }

    /// The same context, told every code module bound in the session (`bound`, whatever its
    /// check's verdict) and the keys of those kept out of scope because they failed it.
    pub fn with_modules(mut self, bound: Vec<CodeModule>, left_out: Vec<String>) -> Self {
        self.bound = bound;
        self.left_out = left_out;
        self
    }

    /// Every code module bound in the session when this preparation started, in or out of scope:
    /// a module's check may compile it beside its siblings, which it may name.
    pub fn bound_modules(&self) -> &[CodeModule] {
        &self.bound
    }

    /// The keys of the bound modules kept out of this program's scope because they failed their
    /// check, so an arm can say so plainly when the program names one.
    pub fn left_out_modules(&self) -> &[String] {
        &self.left_out
    }

    /// A context with no run behind it (an arm's warm-up): the cap for a deadline, never cancelled.
    pub fn detached(cache: &CompileCache) -> Self {
        Self::new(Instant::now() + Self::MAX_PREPARE, Cancel::default(), cache)
    }

    /// A context for tests and tools: [`detached`](Self::detached) over the environment's cache.
    pub fn for_tests() -> Self {
        Self::detached(&CompileCache::from_env())
    }

    /// The same context for a program under the confined reach: its toolchain processes run in
    /// `sandbox`, so what the program's text makes a compiler read is only the toolchain's own
    /// files and the program's scratch directory.
    pub fn confined(mut self, sandbox: &'static ToolSandbox) -> Self {
        self.sandbox = Some(sandbox);
        self
    }

    /// This program's own scratch directory (with `home/` and `tmp/` inside), made on first use;
    /// confined when the context is.
    pub fn scratch(&self) -> std::io::Result<&Scratch> {
        if let Some(s) = self.scratch.get() {
            return Ok(s);
        }
        let mut made = Scratch::new(&self.scratch_base)?;
        if let Some(sandbox) = self.sandbox {
            made.confine(sandbox);
        }
        Ok(self.scratch.get_or_init(|| made))
    }

    /// gg's cache directory: where an arm keeps what it builds once per machine, keyed by content.
    pub fn cache_dir(&self) -> &Path {
        &self.cache_dir
    }
}

impl fmt::Debug for PrepareCx {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PrepareCx")
            .field("deadline", &self.deadline)
            .field("cache_dir", &self.cache_dir)
            .field("scratch", &self.scratch.get().map(|s| s.path().to_owned()))
            .finish()
    }
}

/// The compiler a program is judged by, as `gg arms` and the prompt name it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Checker {
    pub name: String,
    pub version: String,
}

/// Whether an arm's toolchain is on this machine.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum ToolchainStatus {
    /// The arm needs nothing outside the binary.
    NotNeeded,
    Installed {
        detail: String,
    },
    Missing {
        install: String,
    },
}

/// Which bytes of a source are code rather than string or comment text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CodeMask {
    pub code: Vec<bool>,
}

impl CodeMask {
    pub fn is_code(&self, byte: usize) -> bool {
        self.code.get(byte).copied().unwrap_or(false)
    }
}

/// Each line of `source` (with its newline) with its byte offset and the depth of `{ }` nesting at
/// its start, counting only braces that `code` marks as code: what a brace language's export
/// analysis walks to find its top-level declarations.
pub fn lines_with_brace_depth<'a>(
    source: &'a str,
    code: &'a [bool],
) -> impl Iterator<Item = (usize, &'a str, usize)> + 'a {
    let mut offset = 0usize;
    let mut depth = 0usize;
    source.split_inclusive('\n').map(move |line| {
        let at = (offset, line, depth);
        for (i, c) in line.bytes().enumerate() {
            if code.get(offset + i).copied().unwrap_or(false) {
                match c {
                    b'{' => depth += 1,
                    b'}' => depth = depth.saturating_sub(1),
                    _ => {}
                }
            }
        }
        offset += line.len();
        at
    })
}

/// A module key as a snake_case ASCII identifier, the [`ProgramLanguage::binding_name`] of the
/// arms that name modules so (`My Notes`, `myNotes`, `notes-v2` → `my_notes`, `my_notes`,
/// `notes_v2`): words split at anything but an ASCII letter or digit and before a capital after a
/// lower-case letter or digit, lower-cased and joined by `_`; no word at all is `module`, a
/// leading digit gets `m_`, and one of the arm's `keywords` a trailing `_`.
pub fn snake_case_binding(key: &str, keywords: &[&str]) -> String {
    let mut out = String::new();
    let mut prev: Option<char> = None;
    for c in key.chars() {
        if c.is_ascii_alphanumeric() {
            if c.is_ascii_uppercase() && prev.is_some_and(|p| p.is_ascii_lowercase() || p.is_ascii_digit()) {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('_') {
            out.push('_');
        }
        prev = Some(c);
    }
    let mut out = out.trim_matches('_').to_owned();
    if out.is_empty() {
        out = "module".into();
    }
    if out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert_str(0, "m_");
    }
    if keywords.contains(&out.as_str()) {
        out.push('_');
    }
    out
}

/// Where `path` (a dotted name such as `lib.notes`) first appears in `source` as code (`code`
/// marks code bytes; `None`: all of it), not inside a longer name: its 1-based line and character
/// column. What a brace language's arm uses to point at a program's use of a code module.
pub fn first_code_use(source: &str, code: Option<&[bool]>, path: &str) -> Option<(u32, u32)> {
    let ident = |c: char| c.is_alphanumeric() || c == '_' || c == '$';
    source.match_indices(path).map(|(at, _)| at).find_map(|at| {
        let is_code = code.is_none_or(|c| c.get(at).copied().unwrap_or(false));
        let before = source[..at].chars().next_back();
        let after = source[at + path.len()..].chars().next();
        (is_code && !before.is_some_and(|c| ident(c) || c == '.') && !after.is_some_and(ident)).then(|| {
            let line_start = source[..at].rfind('\n').map_or(0, |n| n + 1);
            (
                source[..at].matches('\n').count() as u32 + 1,
                source[line_start..at].chars().count() as u32 + 1,
            )
        })
    })
}

/// A name a code module's source declares, with what documents it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ModuleExport {
    pub name: String,
    /// The declaration up to the body's opening.
    pub declaration: String,
    pub doc: Option<String>,
    /// Type names written in return position.
    pub returns: Vec<String>,
    /// Type names written in parameter position.
    pub parameters: Vec<String>,
}

/// The guest an arm's programs run on, embedded in the binary.
#[derive(Debug, Clone)]
pub struct GuestArtifact {
    pub kind: GuestKind,
    /// The encoded component or core module, ready for wasmtime.
    pub bytes: Cow<'static, [u8]>,
    /// The hex SHA-256 of `bytes`, computed when it was built, so a cold process keys the
    /// compile cache without hashing the bytes again (25 MB for Python: ~14 ms). `None`: hashed here.
    pub digest: Option<&'static str>,
}

impl GuestArtifact {
    /// A component guest.
    pub fn component(bytes: &'static [u8], digest: Option<&'static str>) -> Self {
        Self {
            kind: GuestKind::Component,
            bytes: Cow::Borrowed(bytes),
            digest,
        }
    }
}

/// An arm: everything between the model's text and the membrane. Object-safe.
pub trait ProgramLanguage: Send + Sync + 'static {
    /// Stable id, as `--lang` and the config name it (`python`, `typescript`).
    fn id(&self) -> &'static str;
    /// Human name (`Python`, `TypeScript`).
    fn display_name(&self) -> &'static str;
    /// Program file extensions without the dot; `gg run` picks the arm by these.
    fn extensions(&self) -> &'static [&'static str];
    /// Extensions a skill's or memory's code must carry to be a code module on this arm, the one it
    /// prefers first (a skill with both binds that one); none by default (no code modules).
    fn module_extensions(&self) -> &'static [&'static str] {
        &[]
    }
    /// The compiler a program is judged by; `None` (the default) means no prepare time is reported
    /// at all, and that preparation runs no toolchain (it is then run inline, without a thread hop).
    fn checker(&self) -> Option<Checker> {
        None
    }
    /// Whether the tools this arm needs at run time are installed. Default: it needs nothing
    /// outside the binary (an interpreter inside the guest, which is inside the binary).
    fn toolchain(&self) -> ToolchainStatus {
        ToolchainStatus::NotNeeded
    }
    /// The model's text and the code modules in scope → what crosses the membrane. Runs off the
    /// async threads (unless [`checker`](Self::checker) is `None`), within `cx.deadline`.
    fn prepare(&self, cx: &PrepareCx, source: &str, modules: &[CodeModule]) -> Result<Prepared, PrepareError>;
    /// Checks one code module alone, once per binding, before any program sees it. A program
    /// fault (`PrepareError::Program`, located in the module) keeps the module out of every
    /// program's scope and is reported in each outcome's `module_errors` while it stays bound, so
    /// a broken module fails only the programs that import it (`cx.left_out_modules()` names it
    /// to their preparation). `cx.bound_modules()` holds its siblings, which it may name. Runs
    /// where [`prepare`](Self::prepare) runs. Default: every module is accepted.
    fn check_module(&self, _cx: &PrepareCx, _module: &CodeModule) -> Result<(), PrepareError> {
        Ok(())
    }
    /// The shared guest, or `None` (the default) when every program is compiled to its own.
    fn guest(&self) -> Option<GuestArtifact> {
        None
    }
    /// Which of wasmtime's compilers turns this arm's per-program guests into machine code. A
    /// program compiled once and run briefly is done sooner by Winch (3.8× faster to compile, its
    /// code 1.64× slower, BENCHMARKS.md), which has no GC or exceptions; shared guests always use
    /// Cranelift.
    fn program_compiler(&self) -> crate::engine::Compiler {
        crate::engine::Compiler::Cranelift
    }
    /// What a core-module guest needs beyond WASI preview1 and the wire: the arm's own imports and
    /// its entry. `None`: the defaults (`_start`, no extra imports).
    fn core_host(&self) -> Option<&dyn CoreModuleHost> {
        None
    }
    /// Whether the guest's stdout is the program's feedback (`println!`, `printf`, `puts`): its
    /// lines then land in the outcome's logs, bounded like them. gg's own fd 1 stays withheld.
    fn stdout_is_feedback(&self) -> bool {
        false
    }
    /// Warms what preparation needs (a compile daemon, a precompiled header) on a thread of its
    /// own, fired once per process by the embedder beside the first model request; `cx` is a
    /// detached context over the run's cache.
    fn warm_up(&self, _cx: &PrepareCx) {}
    /// Whether the guest stops a runaway itself at `GG_SANDBOX_DEADLINE_MS` (and says where).
    fn guest_stops_itself(&self) -> bool {
        false
    }
    /// The signature catalogue, in this arm's own spellings.
    fn catalogue(&self) -> &Catalogue;
    /// Which bytes are code; `None` when the source does not lex cleanly (or the arm has no lexer).
    fn code_mask(&self, _source: &str) -> Option<CodeMask> {
        None
    }
    /// The names a code module's source declares, in source order.
    fn module_exports(&self, _source: &str) -> Vec<ModuleExport> {
        Vec::new()
    }
    /// How a module key is spelled in this language (`my_notes`, `myNotes`).
    fn binding_name(&self, name: &str) -> String {
        name.to_owned()
    }
    /// How a program reaches a module by key (`lib:myNotes`, `lib.my_notes`).
    fn lib_access(&self, key: &str) -> String {
        format!("lib.{}", self.binding_name(key))
    }
    /// The name one export of a module bound under `key` is documented by, as a program writes it
    /// (`lib.notes.summarize`, `lib::notes::summarize`): what `docs.search` finds and
    /// `views.open_docs` opens. Default: the access spelling, a dot, the export's name.
    fn export_access(&self, key: &str, name: &str) -> String {
        format!("{}.{name}", self.lib_access(key))
    }
    /// This arm's paragraph of the system prompt, every spelling in it resolved from the catalogue.
    fn prompt_segment(&self) -> Option<String> {
        self.prompt_segment_from(self.catalogue())
    }
    /// The same, rendered from `catalogue`: this arm's own, or one that leaves an agent's refused
    /// operations out of the listing ([`Catalogue::leaving_out`]).
    fn prompt_segment_from(&self, _catalogue: &Catalogue) -> Option<String> {
        None
    }
}
