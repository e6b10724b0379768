//! `ProgramLanguage`: what an arm owns between the model's text and the membrane.

use std::borrow::Cow;
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::catalogue::Catalogue;
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
}

/// Maps a location the guest reports (in what crossed the membrane) back to the model's text.
pub trait LocationMap: Send + Sync {
    fn map(&self, location: &SourceLocation) -> Option<SourceLocation>;
    /// Rewrites the locations written inside a text the guest produced (an error's message, a
    /// stack, stderr) into the model's coordinates; the default leaves the text as it is.
    fn rewrite(&self, text: &str) -> String {
        text.to_owned()
    }
}

/// The program as it crosses the membrane.
pub struct Prepared {
    /// The text handed to the guest's `run` (the model's own text where the arm needs no lowering).
    pub source: String,
    /// A component compiled for this program alone; `None` runs on the arm's shared guest.
    pub component: Option<Vec<u8>>,
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
            component: None,
            locations: None,
            modules: None,
        }
    }
}

impl fmt::Debug for Prepared {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Prepared")
            .field("source_len", &self.source.len())
            .field("component_len", &self.component.as_ref().map(Vec::len))
            .field("locations", &self.locations.is_some())
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
    /// A component's bytes (encoded, ready for `Component::new`).
    pub component: Cow<'static, [u8]>,
    /// The hex SHA-256 of `component`, computed when it was built, so a cold process keys the
    /// compile cache without hashing the bytes again (25 MB for Python: ~14 ms). `None`: hashed here.
    pub digest: Option<&'static str>,
}

/// An arm: everything between the model's text and the membrane. Object-safe.
pub trait ProgramLanguage: Send + Sync + 'static {
    /// Stable id, as `--lang` and the config name it (`python`, `typescript`).
    fn id(&self) -> &'static str;
    /// Human name (`Python`, `TypeScript`).
    fn display_name(&self) -> &'static str;
    /// Program file extensions without the dot; `gg run` picks the arm by these.
    fn extensions(&self) -> &'static [&'static str];
    /// Extensions a skill's or memory's code must carry to be a code module on this arm.
    fn module_extensions(&self) -> &'static [&'static str];
    /// The compiler a program is judged by; `None` means no prepare time is reported at all.
    fn checker(&self) -> Option<Checker>;
    /// Whether the tools this arm needs at run time are installed.
    fn toolchain(&self) -> ToolchainStatus;
    /// The model's text and the code modules in scope → what crosses the membrane.
    fn prepare(&self, source: &str, modules: &[CodeModule]) -> Result<Prepared, PrepareError>;
    /// The shared guest, or `None` when every program is compiled to its own component.
    fn guest(&self) -> Option<GuestArtifact>;
    /// Whether the guest stops a runaway itself at `GG_SANDBOX_DEADLINE_MS` (and says where).
    fn guest_stops_itself(&self) -> bool;
    /// The signature catalogue, in this arm's own spellings.
    fn catalogue(&self) -> &Catalogue;
    /// Which bytes are code; `None` when the source does not lex cleanly.
    fn code_mask(&self, source: &str) -> Option<CodeMask>;
    /// The names a code module's source declares, in source order.
    fn module_exports(&self, source: &str) -> Vec<ModuleExport>;
    /// How a module key is spelled in this language (`my_notes`, `myNotes`).
    fn binding_name(&self, name: &str) -> String;
    /// How a program reaches a module by key (`lib:myNotes`, `lib.my_notes`).
    fn lib_access(&self, key: &str) -> String;
    /// This arm's paragraph of the system prompt, every spelling in it resolved from the catalogue.
    fn prompt_segment(&self) -> Option<String> {
        None
    }
}
