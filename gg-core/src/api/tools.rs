//! `ToolApi`: the tool families an embedder implements, and what a tool is told about its budget.

use std::time::{Duration, Instant};

use async_trait::async_trait;

use crate::wire::{
    DirEntry, ErrorCode, FileRead, Issue, IssueInput, IssuePatch, IssueStatus, Memory, MemoryHit, SearchMatch,
    ShellOutput, Task, TaskInput, TaskPatch,
};

/// A tool's own failure: the membrane adds the operation id and hands it to the program.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct ToolError {
    pub code: ErrorCode,
    pub message: String,
}

impl ToolError {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        Self {
            code,
            message: message.into(),
        }
    }
    pub fn invalid(message: impl Into<String>) -> Self {
        Self::new(ErrorCode::InvalidArgument, message)
    }
    pub fn not_found(message: impl Into<String>) -> Self {
        Self::new(ErrorCode::NotFound, message)
    }
    pub fn refused(message: impl Into<String>) -> Self {
        Self::new(ErrorCode::Refused, message)
    }
    pub fn io(message: impl Into<String>) -> Self {
        Self::new(ErrorCode::IoError, message)
    }
}

/// What a tool knows about the call it serves.
#[derive(Debug, Clone)]
pub struct ToolCx {
    /// The run's wall-clock deadline: a tool must return by then (`None`: the run has none).
    pub deadline: Option<Instant>,
}

impl ToolCx {
    /// What is left of the run's budget (`None`: unbounded).
    pub fn remaining(&self) -> Option<Duration> {
        self.deadline.map(|d| d.saturating_duration_since(Instant::now()))
    }
}

/// A skill as the embedder stores it: the body a model reads, and code bound as a module, one
/// source per language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Skill {
    pub body: String,
    /// A skill's code binds only on an arm whose `module_extensions` has its extension.
    pub code: Vec<SkillCode>,
}

/// One source of a skill's code, with the file extension that names its language (`py`, `ts`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SkillCode {
    pub extension: String,
    pub source: String,
}

impl Skill {
    /// A skill with a body and no code.
    pub fn new(body: impl Into<String>) -> Self {
        Self {
            body: body.into(),
            code: Vec::new(),
        }
    }

    /// This skill with code in the language of `extension` too.
    pub fn with_code(mut self, extension: impl Into<String>, source: impl Into<String>) -> Self {
        self.code.push(SkillCode {
            extension: extension.into(),
            source: source.into(),
        });
        self
    }

    /// The code an arm offering modules with these extensions binds, if any: `extensions` are in
    /// the arm's order of preference (TypeScript's `.ts` before `.js`), whatever order the skill's
    /// files are in.
    pub fn code_for(&self, extensions: &[&str]) -> Option<&str> {
        extensions
            .iter()
            .find_map(|ext| self.code.iter().find(|c| c.extension == *ext))
            .map(|c| c.source.as_str())
    }
}

pub type ToolResult<T> = Result<T, ToolError>;

/// The tool families a program reaches through the membrane. Every method has a default that
/// refuses with `unavailable`, so an embedder implements only the families it offers.
#[async_trait]
#[allow(unused_variables)]
pub trait ToolApi: Send + Sync {
    async fn read_file(
        &self,
        cx: &ToolCx,
        path: String,
        offset: Option<u32>,
        limit: Option<u32>,
    ) -> ToolResult<FileRead> {
        Err(absent("files"))
    }
    async fn write_file(&self, cx: &ToolCx, path: String, contents: String) -> ToolResult<u64> {
        Err(absent("files"))
    }
    async fn edit_file(&self, cx: &ToolCx, path: String, old: String, new: String) -> ToolResult<u32> {
        Err(absent("files"))
    }
    async fn list_dir(&self, cx: &ToolCx, path: Option<String>) -> ToolResult<Vec<DirEntry>> {
        Err(absent("files"))
    }
    /// `pattern` is a regular expression in Rust `regex` syntax, matched case-insensitively when
    /// `ignore_case`.
    async fn search_files(
        &self,
        cx: &ToolCx,
        pattern: String,
        path: Option<String>,
        ignore_case: bool,
    ) -> ToolResult<Vec<SearchMatch>> {
        Err(absent("files"))
    }
    /// `timeout` is already clamped to what is left of the run's budget and to one day.
    async fn shell(&self, cx: &ToolCx, command: String, timeout: Duration) -> ToolResult<ShellOutput> {
        Err(absent("shell"))
    }
    /// Returns the task as added.
    async fn add_task(&self, cx: &ToolCx, task: TaskInput) -> ToolResult<Task> {
        Err(absent("tasks"))
    }
    async fn update_task(&self, cx: &ToolCx, id: u32, patch: TaskPatch) -> ToolResult<()> {
        Err(absent("tasks"))
    }
    async fn complete_task(&self, cx: &ToolCx, id: u32) -> ToolResult<()> {
        Err(absent("tasks"))
    }
    async fn remove_task(&self, cx: &ToolCx, id: u32) -> ToolResult<()> {
        Err(absent("tasks"))
    }
    async fn list_tasks(&self, cx: &ToolCx) -> ToolResult<Vec<Task>> {
        Err(absent("tasks"))
    }
    /// Returns the issue as filed.
    async fn create_issue(&self, cx: &ToolCx, issue: IssueInput) -> ToolResult<Issue> {
        Err(absent("board"))
    }
    async fn update_issue(&self, cx: &ToolCx, id: u32, patch: IssuePatch) -> ToolResult<()> {
        Err(absent("board"))
    }
    async fn list_issues(&self, cx: &ToolCx, status: Option<IssueStatus>) -> ToolResult<Vec<Issue>> {
        Err(absent("board"))
    }
    async fn remove_issue(&self, cx: &ToolCx, id: u32) -> ToolResult<()> {
        Err(absent("board"))
    }
    async fn write_memory(&self, cx: &ToolCx, memory: Memory) -> ToolResult<()> {
        Err(absent("memories"))
    }
    async fn read_memory(&self, cx: &ToolCx, name: String) -> ToolResult<Memory> {
        Err(absent("memories"))
    }
    async fn search_memories(&self, cx: &ToolCx, keywords: Vec<String>) -> ToolResult<Vec<MemoryHit>> {
        Err(absent("memories"))
    }
    async fn delete_memory(&self, cx: &ToolCx, name: String) -> ToolResult<()> {
        Err(absent("memories"))
    }
    async fn read_skill(&self, cx: &ToolCx, name: String) -> ToolResult<Skill> {
        Err(absent("skills"))
    }
}

fn absent(family: &str) -> ToolError {
    ToolError::new(
        ErrorCode::Unavailable,
        format!("this embedder offers no {family} tools"),
    )
}

#[cfg(test)]
mod tests {
    use super::Skill;

    #[test]
    fn a_skill_binds_the_code_its_arm_prefers_whatever_the_files_order() {
        let skill = Skill::new("body").with_code("js", "js code").with_code("ts", "ts code");
        assert_eq!(skill.code_for(&["ts", "js"]), Some("ts code"));
        assert_eq!(skill.code_for(&["js"]), Some("js code"));
        assert_eq!(skill.code_for(&["py"]), None);
        assert_eq!(
            Skill::new("b").with_code("js", "only js").code_for(&["ts", "js"]),
            Some("only js")
        );
    }
}
