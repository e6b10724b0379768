//! `WorkspaceTools`: the tools `gg run` gives a program by default, over one workspace directory.
//!
//! `files` act on the directory itself, confined to it (`beneath.rs`); `shell` runs in it (in a
//! sandbox that sees only it when the reach is confined, `confine.rs`); tasks, the board,
//! memories and skills live in the workspace's state directory, outside it. Each family is one
//! module below; this one only wires them to `gg_core::ToolApi`, running their blocking file work
//! off the async runtime.

mod beneath;
mod board;
pub mod confine;
mod files;
mod memories;
pub(crate) mod regular;
mod shell;
mod skills;
mod store;
mod tasks;

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use async_trait::async_trait;
use gg_core::wire::{
    DirEntry, ErrorCode, FileRead, Issue, IssueInput, IssuePatch, IssueStatus, Memory, MemoryHit, SearchMatch,
    ShellOutput, Task, TaskInput, TaskPatch,
};
use gg_core::{GuestReach, Skill, ToolApi, ToolCx, ToolError, ToolResult};

use confine::ShellConfinement;

pub use files::{EDIT_MAX, READ_CEILING, READ_SCAN_MAX, SEARCH_FILE_MAX, SEARCH_LINE_MAX, SEARCH_MAX_MATCHES};
pub use memories::SEARCH_MAX_HITS as MEMORY_SEARCH_MAX_HITS;
pub use shell::OUTPUT_TAIL as SHELL_OUTPUT_TAIL;
pub use store::STORE_FILE_MAX;

/// The default tools over a workspace directory. Cheap to share: clones see the same workspace.
#[derive(Debug, Clone)]
pub struct WorkspaceTools {
    inner: Arc<Inner>,
    shell: Shell,
    /// The session's control group every confined shell command joins (`gg serve --http`).
    cgroup: Option<Arc<crate::ceiling::SessionCgroup>>,
}

/// Where `shell` runs.
#[derive(Debug, Clone)]
enum Shell {
    /// As gg does (the spec's full reach).
    Open,
    /// In this sandbox.
    Confined(Arc<ShellConfinement>),
    /// Nowhere: the reach is confined and this machine cannot confine the shell (why).
    Refused(Arc<str>),
}

#[derive(Debug)]
struct Inner {
    /// Canonical, so a resolved path can be checked against it by prefix.
    root: PathBuf,
    /// The root, open: every files operation acts beneath it.
    dir: beneath::Beneath,
    /// gg's own state (tasks, board, memories, skills), outside the root.
    state: PathBuf,
    /// Serialises every read-modify-write of a store file.
    store_lock: Mutex<()>,
}

impl WorkspaceTools {
    /// The tools over the workspace `root` with its state in `state`, creating both when missing.
    pub fn open(root: impl Into<PathBuf>, state: impl Into<PathBuf>) -> std::io::Result<Self> {
        let (root, state) = (root.into(), state.into());
        std::fs::create_dir_all(&root)?;
        std::fs::create_dir_all(&state)?;
        let root = root.canonicalize()?;
        Ok(Self {
            inner: Arc::new(Inner {
                dir: beneath::Beneath::open(&root)?,
                root,
                state: state.canonicalize()?,
                store_lock: Mutex::new(()),
            }),
            shell: Shell::Open,
            cgroup: None,
        })
    }

    /// The same tools with every confined shell command joining `cgroup` before it execs.
    pub fn with_cgroup(mut self, cgroup: Arc<crate::ceiling::SessionCgroup>) -> Self {
        self.cgroup = Some(cgroup);
        self
    }

    /// The same tools with `shell` given the guest's `reach`: under a confined reach the command
    /// runs in a sandbox that sees only the workspace (and the program's `/tmp`), with the same
    /// environment allowlist and no network; `Err` says why this machine cannot do that (nothing
    /// then runs unconfined).
    pub fn with_reach(mut self, reach: &GuestReach) -> Result<Self, String> {
        self.shell = match reach {
            GuestReach::Full { .. } => Shell::Open,
            GuestReach::Confined { env, tmp, .. } => {
                Shell::Confined(Arc::new(ShellConfinement::new(env, tmp.clone())?))
            }
        };
        Ok(self)
    }

    /// The same tools under a confined `reach`, with the shell refused (saying `why`) where this
    /// machine cannot confine it: `gg serve --http`'s default, which must not leave the shell open.
    pub fn with_reach_or_no_shell(self, reach: &GuestReach) -> Self {
        let fallback = self.clone();
        match self.with_reach(reach) {
            Ok(tools) => tools,
            Err(why) => Self {
                shell: Shell::Refused(why.into()),
                ..fallback
            },
        }
    }

    /// Why `shell.run` is refused here, when it is.
    pub fn shell_refused(&self) -> Option<&str> {
        match &self.shell {
            Shell::Refused(why) => Some(why),
            _ => None,
        }
    }

    /// The workspace directory, canonicalised.
    pub fn root(&self) -> &Path {
        &self.inner.root
    }

    /// gg's own state for the workspace, canonicalised.
    pub fn state(&self) -> &Path {
        &self.inner.state
    }

    /// Runs `work` on the blocking pool with the workspace root, open.
    async fn blocking<T, F>(&self, work: F) -> ToolResult<T>
    where
        T: Send + 'static,
        F: FnOnce(&Path, &beneath::Beneath) -> ToolResult<T> + Send + 'static,
    {
        let inner = Arc::clone(&self.inner);
        tokio::task::spawn_blocking(move || work(&inner.root, &inner.dir))
            .await
            .map_err(|e| ToolError::new(ErrorCode::Other, format!("the tool failed: {e}")))?
    }

    /// Runs `work` on the blocking pool with the state directory, holding the store lock.
    async fn stored<T, F>(&self, work: F) -> ToolResult<T>
    where
        T: Send + 'static,
        F: FnOnce(&Path) -> ToolResult<T> + Send + 'static,
    {
        let inner = Arc::clone(&self.inner);
        tokio::task::spawn_blocking(move || {
            let _held = inner.store_lock.lock().unwrap_or_else(|p| p.into_inner());
            work(&inner.state)
        })
        .await
        .map_err(|e| ToolError::new(ErrorCode::Other, format!("the tool failed: {e}")))?
    }
}

#[async_trait]
impl ToolApi for WorkspaceTools {
    async fn read_file(
        &self,
        _cx: &ToolCx,
        path: String,
        offset: Option<u32>,
        limit: Option<u32>,
    ) -> ToolResult<FileRead> {
        self.blocking(move |root, dir| files::read_file(root, dir, &path, offset, limit))
            .await
    }

    async fn write_file(&self, _cx: &ToolCx, path: String, contents: String) -> ToolResult<u64> {
        self.blocking(move |root, dir| files::write_file(root, dir, &path, &contents))
            .await
    }

    async fn edit_file(&self, _cx: &ToolCx, path: String, old: String, new: String) -> ToolResult<u32> {
        self.blocking(move |root, dir| files::edit_file(root, dir, &path, &old, &new))
            .await
    }

    async fn list_dir(&self, _cx: &ToolCx, path: Option<String>) -> ToolResult<Vec<DirEntry>> {
        self.blocking(move |root, dir| files::list_dir(root, dir, path.as_deref()))
            .await
    }

    async fn search_files(
        &self,
        cx: &ToolCx,
        pattern: String,
        path: Option<String>,
        ignore_case: bool,
    ) -> ToolResult<Vec<SearchMatch>> {
        let deadline = cx.deadline;
        self.blocking(move |root, dir| files::search(root, dir, &pattern, path.as_deref(), ignore_case, deadline))
            .await
    }

    async fn shell(&self, _cx: &ToolCx, command: String, timeout: Duration) -> ToolResult<ShellOutput> {
        let confinement = match &self.shell {
            Shell::Open => None,
            Shell::Confined(confinement) => Some(confinement.as_ref()),
            Shell::Refused(why) => {
                return Err(ToolError::refused(format!(
                    "the shell is not available in this sandbox: {why}"
                )));
            }
        };
        shell::run(self.root(), &command, timeout, confinement, self.cgroup.as_deref()).await
    }

    async fn add_task(&self, _cx: &ToolCx, task: TaskInput) -> ToolResult<Task> {
        self.stored(move |root| tasks::add(root, task)).await
    }

    async fn update_task(&self, _cx: &ToolCx, id: u32, patch: TaskPatch) -> ToolResult<()> {
        self.stored(move |root| tasks::update(root, id, patch)).await
    }

    async fn complete_task(&self, _cx: &ToolCx, id: u32) -> ToolResult<()> {
        self.stored(move |root| tasks::complete(root, id)).await
    }

    async fn remove_task(&self, _cx: &ToolCx, id: u32) -> ToolResult<()> {
        self.stored(move |root| tasks::remove(root, id)).await
    }

    async fn list_tasks(&self, _cx: &ToolCx) -> ToolResult<Vec<Task>> {
        self.stored(tasks::list).await
    }

    async fn create_issue(&self, _cx: &ToolCx, issue: IssueInput) -> ToolResult<Issue> {
        self.stored(move |root| board::create(root, issue)).await
    }

    async fn update_issue(&self, _cx: &ToolCx, id: u32, patch: IssuePatch) -> ToolResult<()> {
        self.stored(move |root| board::update(root, id, patch)).await
    }

    async fn list_issues(&self, _cx: &ToolCx, status: Option<IssueStatus>) -> ToolResult<Vec<Issue>> {
        self.stored(move |root| board::list(root, status)).await
    }

    async fn remove_issue(&self, _cx: &ToolCx, id: u32) -> ToolResult<()> {
        self.stored(move |root| board::remove(root, id)).await
    }

    async fn write_memory(&self, _cx: &ToolCx, memory: Memory) -> ToolResult<()> {
        self.stored(move |root| memories::write(root, memory)).await
    }

    async fn read_memory(&self, _cx: &ToolCx, name: String) -> ToolResult<Memory> {
        self.stored(move |root| memories::read(root, &name)).await
    }

    async fn search_memories(&self, _cx: &ToolCx, keywords: Vec<String>) -> ToolResult<Vec<MemoryHit>> {
        self.stored(move |root| memories::search(root, &keywords)).await
    }

    async fn delete_memory(&self, _cx: &ToolCx, name: String) -> ToolResult<()> {
        self.stored(move |root| memories::delete(root, &name)).await
    }

    async fn read_skill(&self, _cx: &ToolCx, name: String) -> ToolResult<Skill> {
        self.stored(move |state| skills::read(state, &name)).await
    }
}
