//! The workspace a run's tools act on: a directory the user names (which must exist, unless the
//! user asks gg to create it), or a fresh temporary one seeded with the default workspace embedded
//! in this binary; and beside it, out of a program's reach, gg's own state for it (tasks, board,
//! memories, skills, the program library: [`state_home`]).

use std::path::{Path, PathBuf};

/// The default workspace's files, embedded so `gg run` needs nothing on disk but the program.
const DEFAULT_FILES: &[(&str, &str)] = &[
    ("README.md", include_str!("../workspace/README.md")),
    ("notes/todo.txt", include_str!("../workspace/notes/todo.txt")),
];

/// The default workspace's state: its skills.
const DEFAULT_STATE: &[(&str, &str)] = &[
    (
        "skills/greeting.md",
        include_str!("../workspace-state/skills/greeting.md"),
    ),
    (
        "skills/greeting.py",
        include_str!("../workspace-state/skills/greeting.py"),
    ),
    (
        "skills/greeting.ts",
        include_str!("../workspace-state/skills/greeting.ts"),
    ),
];

/// Where gg keeps the state of named workspaces: `$GG_STATE_HOME`, else `$XDG_STATE_HOME/gg`,
/// else `~/.local/state/gg`; one directory per workspace under `workspaces/`.
pub fn state_home() -> PathBuf {
    if let Some(dir) = std::env::var_os("GG_STATE_HOME").filter(|d| !d.is_empty()) {
        return PathBuf::from(dir);
    }
    if let Some(dir) = std::env::var_os("XDG_STATE_HOME").filter(|d| !d.is_empty()) {
        return PathBuf::from(dir).join("gg");
    }
    let home = std::env::var_os("HOME")
        .map(PathBuf::from)
        .unwrap_or_else(std::env::temp_dir);
    home.join(".local/state/gg")
}

/// The state directory of the workspace at `root` (canonical): its name, then the first 16 hex
/// digits of the SHA-256 of its path, so two workspaces of one name stay apart.
pub fn state_dir_for(root: &Path) -> PathBuf {
    use sha2::Digest;
    let digest = sha2::Sha256::digest(root.as_os_str().as_encoded_bytes());
    let hex: String = digest[..8].iter().map(|b| format!("{b:02x}")).collect();
    let name = root
        .file_name()
        .map(|n| {
            n.to_string_lossy()
                .chars()
                .filter(|c| c.is_alphanumeric() || "-_.".contains(*c))
                .collect::<String>()
        })
        .filter(|n| !n.is_empty())
        .unwrap_or_else(|| "root".into());
    state_home().join("workspaces").join(format!("{name}-{hex}"))
}

/// Where gg kept a workspace's state before it moved out of the workspace.
const LEGACY_STATE: &str = ".gg";

/// Moves a workspace's `.gg/` to its state directory the first time this gg opens it (when the
/// state directory does not exist yet); later, a `.gg/` in the workspace is the user's own
/// directory, never read as state (a program could have made it). Says so on stderr.
fn migrate(root: &Path, state: &Path) -> std::io::Result<()> {
    let legacy = root.join(LEGACY_STATE);
    let is_dir = std::fs::symlink_metadata(&legacy).is_ok_and(|m| m.is_dir());
    if !is_dir || state.exists() {
        return Ok(());
    }
    std::fs::create_dir_all(state.parent().expect("a state directory has a parent"))?;
    if std::fs::rename(&legacy, state).is_err() {
        copy_tree(&legacy, state)?;
        std::fs::remove_dir_all(&legacy)?;
    }
    eprintln!(
        "gg: moved {} to {} (gg's state now lives outside the workspace, out of programs' reach)",
        legacy.display(),
        state.display()
    );
    Ok(())
}

/// Copies the directories and regular files under `from` to `to` (which must not exist).
fn copy_tree(from: &Path, to: &Path) -> std::io::Result<()> {
    std::fs::create_dir(to)?;
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        let kind = entry.file_type()?;
        let target = to.join(entry.file_name());
        if kind.is_dir() {
            copy_tree(&entry.path(), &target)?;
        } else if kind.is_file() {
            std::fs::copy(entry.path(), target)?;
        }
    }
    Ok(())
}

/// A fresh directory for the default workspace: under `$TMPDIR` when the user set it, else in
/// memory-backed storage (`$XDG_RUNTIME_DIR`, then `/dev/shm`) where it lets files be executed and
/// has [`ROOM`] free, else in the system's temporary directory. A disk file system pays for the
/// default's 5 files and 3 directories twice: on an ext4 `/tmp` mounted with `discard`, making and
/// removing them was ~0.8 ms of a 5.5 ms `gg run` (BENCHMARKS.md, "The cold process, again").
fn temporary_directory() -> std::io::Result<tempfile::TempDir> {
    let mut parents = Vec::new();
    if std::env::var_os("TMPDIR").is_none() {
        let memory = std::env::var_os("XDG_RUNTIME_DIR").map(PathBuf::from);
        parents.extend(
            memory
                .into_iter()
                .chain([PathBuf::from("/dev/shm")])
                .filter(|dir| roomy_and_executable(dir)),
        );
    }
    parents.push(std::env::temp_dir());
    first_made(&parents)
}

/// The free space a memory-backed directory must have to hold the default workspace: a container's
/// `/dev/shm` is often 64 MiB, less than a program may write to its workspace.
const ROOM: u64 = 1 << 30;

/// Whether `dir`'s file system has [`ROOM`] free and is not mounted `noexec` (as a container's
/// `/dev/shm` often is): a program's shell runs scripts it wrote to the workspace.
fn roomy_and_executable(dir: &Path) -> bool {
    rustix::fs::statvfs(dir).is_ok_and(|fs| {
        suitable(
            fs.f_flag.contains(rustix::fs::StatVfsMountFlags::NOEXEC),
            fs.f_bavail.saturating_mul(fs.f_frsize),
        )
    })
}

fn suitable(noexec: bool, free_bytes: u64) -> bool {
    !noexec && free_bytes >= ROOM
}

/// A fresh `gg-workspace-*` directory in the first of `parents` that takes one; else the last
/// one's error.
fn first_made(parents: &[PathBuf]) -> std::io::Result<tempfile::TempDir> {
    let mut last = std::io::Error::other("no directory to make the workspace in");
    for parent in parents {
        match tempfile::Builder::new().prefix("gg-workspace-").tempdir_in(parent) {
            Ok(dir) => return Ok(dir),
            Err(e) => last = e,
        }
    }
    Err(last)
}

/// Why a named workspace cannot be used.
#[derive(Debug)]
pub enum WorkspaceError {
    /// It does not exist, and creating it was not asked for: a typo must not become an empty
    /// workspace that silently loses the tasks and library of the one meant.
    Missing(PathBuf),
    NotADirectory(PathBuf),
    Io(std::io::Error),
}

impl std::fmt::Display for WorkspaceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Missing(dir) => write!(f, "the workspace {} does not exist", dir.display()),
            Self::NotADirectory(dir) => write!(f, "the workspace {} is not a directory", dir.display()),
            Self::Io(e) => e.fmt(f),
        }
    }
}

impl From<std::io::Error> for WorkspaceError {
    fn from(e: std::io::Error) -> Self {
        Self::Io(e)
    }
}

/// A workspace directory and its state directory; both removed on drop when gg made them.
#[derive(Debug)]
pub struct Workspace {
    root: PathBuf,
    state: PathBuf,
    /// A confined program's private temporary directory, made on first ask.
    tmp: Option<PathBuf>,
    /// That directory, when gg made it apart from the workspace.
    _tmp_dir: Option<tempfile::TempDir>,
    _temporary: Option<Temporary>,
}

/// A directory gg made: `workspace/`, `state/` and `tmp/` inside it; a tmpfs of its own when
/// mounted with a ceiling.
#[derive(Debug)]
struct Temporary {
    dir: tempfile::TempDir,
    ceiling: Option<u64>,
}

impl Drop for Temporary {
    fn drop(&mut self) {
        if self.ceiling.is_some() {
            crate::tenancy::unmount(self.dir.path());
        }
    }
}

impl Workspace {
    /// `dir`, which must exist unless `create` (then it is made, empty, and gg says so on
    /// stderr); or, with no `dir`, a fresh temporary directory seeded with the default workspace.
    pub fn open(dir: Option<&Path>, create: bool) -> Result<Self, WorkspaceError> {
        match dir {
            Some(dir) => {
                match std::fs::metadata(dir) {
                    Ok(m) if m.is_dir() => {}
                    Ok(_) => return Err(WorkspaceError::NotADirectory(dir.to_owned())),
                    Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                        if !create {
                            return Err(WorkspaceError::Missing(dir.to_owned()));
                        }
                        std::fs::create_dir_all(dir)?;
                        eprintln!("gg: created the workspace {} (empty)", dir.display());
                    }
                    Err(e) => return Err(e.into()),
                }
                let root = dir.canonicalize()?;
                let state = state_dir_for(&root);
                migrate(&root, &state)?;
                std::fs::create_dir_all(&state)?;
                let _ = std::fs::write(state.join("workspace"), format!("{}\n", root.display()));
                Ok(Self {
                    root,
                    state,
                    tmp: None,
                    _tmp_dir: None,
                    _temporary: None,
                })
            }
            None => Self::temporary(temporary_directory()?, None),
        }
    }

    /// A fresh temporary workspace on a tmpfs of its own of `bytes` (its files, its state and its
    /// temporary directory together), mounted in this process's private namespace
    /// (`tenancy::enter`): a program that fills it gets "no space left" and nothing else does.
    pub fn ceiled(bytes: u64) -> Result<Self, WorkspaceError> {
        let dir = temporary_directory()?;
        crate::tenancy::mount_ceiled(dir.path(), bytes)?;
        Self::temporary(dir, Some(bytes))
    }

    fn temporary(dir: tempfile::TempDir, ceiling: Option<u64>) -> Result<Self, WorkspaceError> {
        let temporary = Temporary { dir, ceiling };
        let base = temporary.dir.path().canonicalize()?;
        let (root, state) = (base.join("workspace"), base.join("state"));
        for (files, under) in [(DEFAULT_FILES, &root), (DEFAULT_STATE, &state)] {
            std::fs::create_dir_all(under)?;
            for (path, text) in files {
                let file = under.join(path);
                std::fs::create_dir_all(file.parent().expect("a default file has a directory"))?;
                std::fs::write(file, text)?;
            }
        }
        Ok(Self {
            root,
            state,
            tmp: None,
            _tmp_dir: None,
            _temporary: Some(temporary),
        })
    }

    /// The directory the program and the files tools see.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// gg's own state for this workspace, outside [`Self::root`].
    pub fn state(&self) -> &Path {
        &self.state
    }

    pub fn is_temporary(&self) -> bool {
        self._temporary.is_some()
    }

    /// The size ceiling of a [`Self::ceiled`] workspace.
    pub fn ceiling(&self) -> Option<u64> {
        self._temporary.as_ref().and_then(|t| t.ceiling)
    }

    /// `base` as this workspace's programs get it: a confined reach with this workspace as its
    /// root and its private temporary directory; the full reach with this workspace as its working
    /// directory.
    pub fn reach(&mut self, base: &gg_core::GuestReach) -> std::io::Result<gg_core::GuestReach> {
        let mut reach = base.clone();
        match &mut reach {
            gg_core::GuestReach::Confined { root, tmp, .. } => {
                self.root.clone_into(root);
                *tmp = Some(self.private_tmp()?);
            }
            gg_core::GuestReach::Full { cwd } => *cwd = Some(self.root.clone()),
        }
        Ok(reach)
    }

    /// A confined program's private temporary directory: `tmp/` beside a temporary workspace, else
    /// a fresh directory under the system's, removed with the workspace.
    fn private_tmp(&mut self) -> std::io::Result<PathBuf> {
        if let Some(tmp) = &self.tmp {
            return Ok(tmp.clone());
        }
        let tmp = match &self._temporary {
            Some(t) => t.dir.path().canonicalize()?.join("tmp"),
            None => {
                let dir = tempfile::Builder::new().prefix("gg-tmp-").tempdir()?;
                let path = dir.path().canonicalize()?;
                self._tmp_dir = Some(dir);
                path
            }
        };
        std::fs::create_dir_all(&tmp)?;
        self.tmp = Some(tmp.clone());
        Ok(tmp)
    }
}

#[cfg(test)]
mod tests {
    use super::first_made;
    use std::path::PathBuf;

    #[test]
    fn the_default_workspace_goes_to_the_first_directory_that_takes_it() {
        let there = tempfile::tempdir().expect("a temporary directory");
        let missing = there.path().join("missing");
        let made = first_made(&[missing.clone(), there.path().to_owned()]).expect("made in the second");
        assert_eq!(made.path().parent(), Some(there.path()));
        assert!(
            made.path()
                .file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("gg-workspace-")
        );
        let refused = first_made(&[missing.clone()]).expect_err("nowhere to make it");
        assert_eq!(refused.kind(), std::io::ErrorKind::NotFound);
        assert!(first_made(&[] as &[PathBuf]).is_err());
    }

    #[test]
    fn memory_storage_is_taken_only_with_room_and_exec() {
        assert!(super::suitable(false, 2 << 30));
        assert!(!super::suitable(true, 2 << 30), "a noexec mount");
        assert!(!super::suitable(false, 64 << 20), "a container's 64 MiB /dev/shm");
        assert!(!super::roomy_and_executable(std::path::Path::new("/nonexistent/gg")));
    }
}
