//! Opening the files a tool reads or writes: regular files only, never a blocking `open(2)`, and
//! never more bytes read than the caller's bound.
//!
//! A program can make anything with the shell: a FIFO blocks `open(2)` until a writer appears (a
//! thread of gg's stayed there and kept the process alive), a device reads without end, a sparse
//! file of gigabytes costs nothing to make. So every tool opens through here (the files family
//! through `beneath.rs`, the same checks on paths opened beneath the workspace): `symlink_metadata`
//! first (what is not a regular file is refused before any open), then `open` with `O_NONBLOCK`
//! and `O_NOFOLLOW` (a node swapped in after the check cannot block the open or lead elsewhere),
//! then `fstat` of what was opened (refused unless it is a regular file). A write is also refused
//! what `gg_core::guest::open_guard` refuses (gg's compile cache, procfs), before anything is truncated.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Read};
use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
use std::path::Path;

use gg_core::{ToolError, ToolResult};
use rustix::fs::OFlags;

/// The flags every open here adds: no blocking on a FIFO, no following a last-component symlink.
fn flags() -> i32 {
    (OFlags::NONBLOCK | OFlags::NOFOLLOW | OFlags::CLOEXEC).bits() as i32
}

/// The refusal of `shown` (the path as the program wrote it) for being of the type `mode` (an
/// `st_mode`) names.
pub fn not_regular(shown: &str, mode: u32) -> ToolError {
    use rustix::fs::FileType;
    let what = match FileType::from_raw_mode(mode) {
        FileType::Directory => return ToolError::invalid(format!("`{shown}` is a directory")),
        FileType::Fifo => "a FIFO",
        FileType::Socket => "a socket",
        FileType::CharacterDevice => "a character device",
        FileType::BlockDevice => "a block device",
        FileType::Symlink => "a symbolic link",
        _ => "not a regular file",
    };
    ToolError::invalid(format!(
        "`{shown}` is {what}, not a regular file: the file tools read and write regular files only"
    ))
}

/// An I/O failure on `shown`, coded by its kind.
pub fn fs_error(shown: &str, e: io::Error) -> ToolError {
    match e.kind() {
        io::ErrorKind::NotFound => ToolError::not_found(format!("`{shown}` does not exist")),
        io::ErrorKind::IsADirectory => ToolError::invalid(format!("`{shown}` is a directory")),
        io::ErrorKind::NotADirectory => ToolError::invalid(format!("a parent of `{shown}` is not a directory")),
        _ => ToolError::io(format!("`{shown}`: {e}")),
    }
}

/// Refuses what `path` names unless it is a regular file; `Ok(false)` when nothing is there.
pub fn check(path: &Path, shown: &str) -> ToolResult<bool> {
    match fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_file() => Ok(true),
        Ok(meta) => Err(not_regular(shown, meta.mode())),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(false),
        Err(e) => Err(fs_error(shown, e)),
    }
}

/// Refuses an opened `file` unless it is a regular file.
pub fn verify(file: File, shown: &str) -> ToolResult<File> {
    let meta = file.metadata().map_err(|e| fs_error(shown, e))?;
    if meta.file_type().is_file() {
        Ok(file)
    } else {
        Err(not_regular(shown, meta.mode()))
    }
}

/// The whole regular file at `path`, `None` when it does not exist; more than `max` bytes is a
/// `limit-exceeded` refusal, found without reading past the bound.
pub fn read_bounded(path: &Path, shown: &str, max: u64) -> ToolResult<Option<Vec<u8>>> {
    if !check(path, shown)? {
        return Ok(None);
    }
    let file = match OpenOptions::new().read(true).custom_flags(flags()).open(path) {
        Ok(file) => verify(file, shown)?,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(fs_error(shown, e)),
    };
    let mut bytes = Vec::new();
    file.take(max + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| fs_error(shown, e))?;
    if bytes.len() as u64 > max {
        return Err(too_large(shown, max));
    }
    Ok(Some(bytes))
}

/// The refusal of a file over a tool's bound of `max` bytes.
pub fn too_large(shown: &str, max: u64) -> ToolError {
    ToolError::new(
        gg_core::wire::ErrorCode::LimitExceeded,
        format!(
            "`{shown}` is over {} MiB, the most this tool reads of one file",
            max >> 20
        ),
    )
}

/// The refusal of a write to `shown` that `open_guard` refused.
pub fn refused(shown: &str, why: gg_core::guest::open_guard::Refused) -> ToolError {
    use gg_core::guest::open_guard::Refused;
    let what = match why {
        Refused::CacheEntry => "one of gg's compiled guests, which nothing but gg writes",
        Refused::ProcfsWrite | Refused::ProcessMemory => "a file of /proc, which programs do not write",
    };
    ToolError::new(gg_core::wire::ErrorCode::Refused, format!("`{shown}` is {what}"))
}

/// Creates a new file at `path` for writing; fails, never blocks, if anything is already there.
pub fn create_new(path: &Path) -> io::Result<File> {
    OpenOptions::new()
        .write(true)
        .create_new(true)
        .custom_flags(flags())
        .open(path)
}
