//! The JSON files of a workspace's state directory the tools keep their state in: whole-file reads, atomic replacement.
//!
//! Every read-modify-write happens under `WorkspaceTools`' store lock, so calls of one process do
//! not interleave; two processes sharing a workspace may still race (last writer wins).

use std::fs;
use std::io::{self, Write};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};

use gg_core::{ToolError, ToolResult};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// 64: the longest memory or skill name, so a name stays a short key and a safe file name.
pub const NAME_MAX: usize = 64;

/// 16 MiB: the largest store file read (the tools' own JSON; the shell could make one of any size).
pub const STORE_FILE_MAX: u64 = 16 * 1024 * 1024;

/// Tells temporary files of one process apart when two saves overlap.
static TMP_SEQ: AtomicU64 = AtomicU64::new(0);

/// The value stored at `rel` (a path under the state directory `root`, e.g. `tasks.json`); `None` when absent.
pub fn load<T: DeserializeOwned>(root: &Path, rel: &str) -> ToolResult<Option<T>> {
    // A regular file only, opened without blocking: the shell can leave a FIFO here.
    let Some(bytes) = super::regular::read_bounded(&root.join(rel), rel, STORE_FILE_MAX)? else {
        return Ok(None);
    };
    serde_json::from_slice(&bytes)
        .map(Some)
        .map_err(|e| ToolError::io(format!("the store file `{rel}` is corrupt: {e}")))
}

/// The value stored at `rel`, or `T::default()` when the file does not exist yet.
pub fn load_or_default<T: DeserializeOwned + Default>(root: &Path, rel: &str) -> ToolResult<T> {
    Ok(load(root, rel)?.unwrap_or_default())
}

/// Replaces the file at `rel` with `value`: written to a temporary file beside it, then renamed
/// over it, so a reader never sees half a file.
pub fn save<T: Serialize>(root: &Path, rel: &str, value: &T) -> ToolResult<()> {
    let path = root.join(rel);
    let fail = |what: &str, e: io::Error| ToolError::io(format!("{what} `{rel}`: {e}"));
    let dir = path.parent().expect("a store file lies in a directory");
    fs::create_dir_all(dir).map_err(|e| fail("creating the directory of", e))?;
    let text = serde_json::to_vec_pretty(value).map_err(|e| ToolError::io(format!("encoding `{rel}`: {e}")))?;
    let name = path.file_name().expect("a store file has a name").to_string_lossy();
    let seq = TMP_SEQ.fetch_add(1, Ordering::Relaxed);
    let tmp = dir.join(format!(".{name}.{}-{seq}.tmp", std::process::id()));
    // A new file only: whatever the shell left at this name is an error, never a blocking open.
    let written = super::regular::create_new(&tmp).and_then(|mut f| {
        f.write_all(&text)?;
        f.sync_all()
    });
    if let Err(e) = written.and_then(|()| fs::rename(&tmp, &path)) {
        let _ = fs::remove_file(&tmp);
        return Err(fail("writing", e));
    }
    Ok(())
}

/// Removes the file at `rel`; `false` when there was none.
pub fn remove(root: &Path, rel: &str) -> ToolResult<bool> {
    match fs::remove_file(root.join(rel)) {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(false),
        Err(e) => Err(ToolError::io(format!("removing `{rel}`: {e}"))),
    }
}

/// Whether `name` is a valid memory or skill name: 1–[`NAME_MAX`] of `[A-Za-z0-9_-]`.
pub fn is_valid_name(name: &str) -> bool {
    (1..=NAME_MAX).contains(&name.len())
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

/// Refuses an invalid `name` of a `kind` ("memory", "skill") with `invalid-argument`.
pub fn check_name(kind: &str, name: &str) -> ToolResult<()> {
    if is_valid_name(name) {
        Ok(())
    } else {
        Err(ToolError::invalid(format!(
            "`{name}` is not a valid {kind} name: use 1-{NAME_MAX} of the characters A-Z a-z 0-9 _ -"
        )))
    }
}
