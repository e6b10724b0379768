//! The workspace a run's tools act on: a directory the user names, or a fresh temporary one seeded
//! with the default workspace embedded in this binary.

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

/// A workspace directory, removed on drop when gg made it.
#[derive(Debug)]
pub struct Workspace {
    root: PathBuf,
    _temporary: Option<tempfile::TempDir>,
}

impl Workspace {
    /// `dir`, created if missing; or a fresh temporary directory seeded with the default workspace.
    pub fn open(dir: Option<&Path>) -> std::io::Result<Self> {
        match dir {
            Some(dir) => {
                std::fs::create_dir_all(dir)?;
                Ok(Self {
                    root: dir.canonicalize()?,
                    _temporary: None,
                })
            }
            None => {
                let tmp = tempfile::Builder::new().prefix("gg-workspace-").tempdir()?;
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
