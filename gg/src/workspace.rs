//! The workspace a run's tools act on: a directory the user names (which must exist, unless the
//! user asks gg to create it), or a fresh temporary one seeded with the default workspace embedded
//! in this binary.

use std::path::{Path, PathBuf};

/// The default workspace's files, embedded so `gg run` needs nothing on disk but the program.
const DEFAULT_FILES: &[(&str, &str)] = &[
    ("README.md", include_str!("../workspace/README.md")),
    ("notes/todo.txt", include_str!("../workspace/notes/todo.txt")),
    (
        ".gg/skills/greeting.md",
        include_str!("../workspace/.gg/skills/greeting.md"),
    ),
    (
        ".gg/skills/greeting.py",
        include_str!("../workspace/.gg/skills/greeting.py"),
    ),
    (
        ".gg/skills/greeting.ts",
        include_str!("../workspace/.gg/skills/greeting.ts"),
    ),
];

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

/// A workspace directory, removed on drop when gg made it.
#[derive(Debug)]
pub struct Workspace {
    root: PathBuf,
    _temporary: Option<tempfile::TempDir>,
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
                Ok(Self {
                    root: dir.canonicalize()?,
                    _temporary: None,
                })
            }
            None => {
                let tmp = temporary_directory()?;
                for (path, text) in DEFAULT_FILES {
                    let file = tmp.path().join(path);
                    std::fs::create_dir_all(file.parent().expect("a default file has a directory"))?;
                    std::fs::write(file, text)?;
                }
                Ok(Self {
                    root: tmp.path().canonicalize()?,
                    _temporary: Some(tmp),
                })
            }
        }
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    pub fn is_temporary(&self) -> bool {
        self._temporary.is_some()
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
