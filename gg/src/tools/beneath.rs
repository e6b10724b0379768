//! `Beneath`: the workspace root as an open directory, and every file operation of the files
//! tools done relative to it in one step — `openat2` with `RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS`
//! — so a symbolic link a program (or its shell) plants or swaps in between gg's check of a path
//! and its use cannot lead outside the workspace: the open fails instead.
//!
//! `files::resolve` first turns the program's path into one with no symbolic link in it (every
//! link followed, the result checked to lie in the workspace); a link that appears after that is
//! refused here (`ELOOP`), and a `..` past the root too (`EXDEV`).

use std::ffi::OsString;
use std::fs::File;
use std::io;
use std::os::fd::OwnedFd;
use std::os::unix::ffi::OsStringExt;
use std::path::{Component, Path, PathBuf};

use gg_core::{ToolError, ToolResult};
use rustix::fs::{AtFlags, FileType, Mode, OFlags, ResolveFlags};
use rustix::io::Errno;

/// The workspace root, opened once.
#[derive(Debug)]
pub struct Beneath {
    root: OwnedFd,
}

/// What is at a path, without following a last-component link.
pub enum Kind {
    File {
        len: u64,
    },
    Directory,
    Symlink,
    /// A FIFO, a socket, a device: its `st_mode`, for the refusal to name.
    Other {
        mode: u32,
    },
    Missing,
}

impl Kind {
    fn of(st: &rustix::fs::Stat) -> Self {
        match FileType::from_raw_mode(st.st_mode) {
            FileType::RegularFile => Kind::File { len: st.st_size as u64 },
            FileType::Directory => Kind::Directory,
            FileType::Symlink => Kind::Symlink,
            _ => Kind::Other { mode: st.st_mode },
        }
    }
}

impl Beneath {
    /// Opens `root` (a directory) as the base of every later operation.
    pub fn open(root: &Path) -> io::Result<Self> {
        let root = rustix::fs::open(root, OFlags::PATH | OFlags::DIRECTORY | OFlags::CLOEXEC, Mode::empty())?;
        Ok(Self { root })
    }

    fn resolve_flags() -> ResolveFlags {
        ResolveFlags::BENEATH | ResolveFlags::NO_SYMLINKS | ResolveFlags::NO_MAGICLINKS
    }

    /// Opens `rel` (relative to the root, no symlink in it; empty for the root itself).
    pub fn open_at(&self, rel: &Path, flags: OFlags, mode: Mode) -> io::Result<OwnedFd> {
        let rel = if rel.as_os_str().is_empty() {
            Path::new(".")
        } else {
            rel
        };
        let flags = flags | OFlags::CLOEXEC | OFlags::NOFOLLOW;
        match rustix::fs::openat2(&self.root, rel, flags, mode, Self::resolve_flags()) {
            // A kernel before 5.6: the last component is still not followed.
            Err(Errno::NOSYS) => Ok(rustix::fs::openat(&self.root, rel, flags, mode)?),
            other => Ok(other?),
        }
    }

    /// What is at `rel`, its last component not followed (earlier components are link-free when
    /// `rel` came from `files::resolve`).
    pub fn kind(&self, rel: &Path) -> io::Result<Kind> {
        let rel_or_dot = if rel.as_os_str().is_empty() {
            Path::new(".")
        } else {
            rel
        };
        match rustix::fs::statat(&self.root, rel_or_dot, AtFlags::SYMLINK_NOFOLLOW) {
            Ok(st) => Ok(Kind::of(&st)),
            Err(Errno::NOENT | Errno::NOTDIR) => Ok(Kind::Missing),
            Err(e) => Err(e.into()),
        }
    }

    /// The target of the symlink at `rel`.
    pub fn read_link(&self, rel: &Path) -> io::Result<PathBuf> {
        let target = rustix::fs::readlinkat(&self.root, rel, Vec::new())?;
        Ok(PathBuf::from(OsString::from_vec(target.into_bytes())))
    }

    /// Opens `rel` as a file (read, or write-and-create); `O_NONBLOCK`, so a FIFO swapped in
    /// cannot block the open.
    pub fn open_file(&self, rel: &Path, write: bool) -> io::Result<File> {
        let flags = if write {
            OFlags::WRONLY | OFlags::CREATE | OFlags::NONBLOCK
        } else {
            OFlags::RDONLY | OFlags::NONBLOCK
        };
        // openat2 refuses a mode without O_CREAT.
        let mode = if write {
            Mode::from_raw_mode(0o644)
        } else {
            Mode::empty()
        };
        let fd = self.open_at(rel, flags, mode)?;
        Ok(File::from(fd))
    }

    /// Makes every missing directory of `rel`, each made inside the one before it.
    pub fn create_dirs(&self, rel: &Path) -> io::Result<()> {
        let mut done = PathBuf::new();
        for component in rel.components() {
            let Component::Normal(name) = component else {
                return Err(io::Error::other("a resolved path has only names"));
            };
            let parent = self.open_at(&done, OFlags::PATH | OFlags::DIRECTORY, Mode::empty())?;
            match rustix::fs::mkdirat(&parent, name, Mode::from_raw_mode(0o755)) {
                Ok(()) | Err(Errno::EXIST) => {}
                Err(e) => return Err(e.into()),
            }
            done.push(name);
        }
        Ok(())
    }

    /// The entries of the directory `rel`: name and type (a link is a link, never followed).
    pub fn entries(&self, rel: &Path) -> io::Result<Vec<(String, Kind)>> {
        let dir = self.open_at(rel, OFlags::RDONLY | OFlags::DIRECTORY, Mode::empty())?;
        let mut out = Vec::new();
        for entry in rustix::fs::Dir::read_from(&dir)? {
            let entry = entry?;
            let name = entry.file_name().to_bytes();
            if name == b"." || name == b".." {
                continue;
            }
            let name_os = OsString::from_vec(name.to_vec());
            let kind = match rustix::fs::statat(&dir, name_os.as_os_str(), AtFlags::SYMLINK_NOFOLLOW) {
                Ok(st) => Kind::of(&st),
                // Gone since the listing: skipped, as `ls` would not show it either.
                Err(_) => continue,
            };
            out.push((name_os.to_string_lossy().into_owned(), kind));
        }
        Ok(out)
    }
}

/// A failure of an operation beneath the root, in the files tools' words: a link that appeared
/// or a `..` past the root is a refusal; a full workspace is `limit-exceeded`.
pub fn error(shown: &str, e: io::Error) -> ToolError {
    match Errno::from_io_error(&e) {
        Some(Errno::LOOP) => ToolError::refused(format!(
            "`{shown}` changed while gg opened it (a symbolic link appeared in it); try again"
        )),
        Some(Errno::XDEV) => ToolError::refused(format!("`{shown}` is outside the workspace")),
        Some(Errno::NOSPC | Errno::DQUOT) => ToolError::new(
            gg_core::wire::ErrorCode::LimitExceeded,
            format!("`{shown}`: the workspace is full (no space left on its file system)"),
        ),
        _ => super::regular::fs_error(shown, e),
    }
}

/// `r` with its failure in the files tools' words ([`error`]).
pub fn ok<T>(r: io::Result<T>, shown: &str) -> ToolResult<T> {
    r.map_err(|e| error(shown, e))
}
