//! `files`: reading, writing, editing, listing and searching files, confined to the workspace root.
//!
//! A path is resolved the way the kernel would, one component at a time, following every symlink
//! (also dangling ones, and components that do not exist yet); the result must lie under the root
//! and outside `.gg/`, gg's own state, which the other tool families own. A process can still swap
//! a component between this check and the operation; the shell tool is not confined anyway.

use std::collections::VecDeque;
use std::ffi::OsString;
use std::fs;
use std::io::{self, BufRead, BufReader};
use std::path::{Component, Path, PathBuf};
use std::time::Instant;

use gg_core::wire::{DirEntry, EntryKind, FileRead, SearchMatch};
use gg_core::{ToolError, ToolResult};

/// 262144 (256 KiB): the most file contents one read returns, so one read cannot flood a context.
pub const READ_CEILING: usize = 256 * 1024;
/// 1000: the most matches one search returns (it stops there), so a broad pattern cannot flood a context.
pub const SEARCH_MAX_MATCHES: usize = 1000;
/// 500: the most bytes of a matching line a search returns, so one minified line cannot flood a context.
pub const SEARCH_LINE_MAX: usize = 500;
/// 16 MiB: larger files are skipped by search, being data rather than text anyone greps.
pub const SEARCH_FILE_MAX: u64 = 16 * 1024 * 1024;
/// 40: the most symlinks one path may pass through (Linux's own limit), so a loop is an error.
const MAX_SYMLINKS: u32 = 40;
/// The directory, under the root, where gg keeps the tools' state.
const STATE_DIR: &str = ".gg";

/// One step of a path still to resolve.
enum Step {
    Root,
    Parent,
    Name(OsString),
}

fn steps(path: &Path) -> impl DoubleEndedIterator<Item = Step> + '_ {
    path.components().filter_map(|c| match c {
        Component::RootDir | Component::Prefix(_) => Some(Step::Root),
        Component::CurDir => None,
        Component::ParentDir => Some(Step::Parent),
        Component::Normal(name) => Some(Step::Name(name.to_owned())),
    })
}

/// The real location of `path` (relative to `root`, or absolute), refused unless it is inside
/// the workspace. Components that do not exist are taken as they are written.
pub fn resolve(root: &Path, path: &str) -> ToolResult<PathBuf> {
    if path.contains('\0') {
        return Err(ToolError::invalid(format!("{path:?} contains a NUL byte")));
    }
    let given = Path::new(path);
    let mut resolved = if given.is_absolute() {
        PathBuf::from("/")
    } else {
        root.to_path_buf()
    };
    let mut pending: VecDeque<Step> = steps(given).collect();
    let mut links = 0;
    while let Some(step) = pending.pop_front() {
        match step {
            Step::Root => resolved = PathBuf::from("/"),
            Step::Parent => {
                resolved.pop();
            }
            Step::Name(name) => {
                let next = resolved.join(&name);
                match fs::symlink_metadata(&next) {
                    Ok(meta) if meta.file_type().is_symlink() => {
                        links += 1;
                        if links > MAX_SYMLINKS {
                            return Err(ToolError::invalid(format!(
                                "`{path}` passes through too many symbolic links"
                            )));
                        }
                        let target = fs::read_link(&next).map_err(|e| ToolError::io(format!("`{path}`: {e}")))?;
                        // A relative target resolves against the link's directory, `resolved`.
                        for step in steps(&target).rev() {
                            pending.push_front(step);
                        }
                    }
                    Ok(_) => resolved = next,
                    Err(e) if matches!(e.kind(), io::ErrorKind::NotFound | io::ErrorKind::NotADirectory) => {
                        resolved = next;
                    }
                    Err(e) => return Err(ToolError::io(format!("`{path}`: {e}"))),
                }
            }
        }
    }
    if !resolved.starts_with(root) {
        return Err(ToolError::refused(format!("`{path}` is outside the workspace")));
    }
    if resolved.starts_with(root.join(STATE_DIR)) {
        return Err(ToolError::refused(format!(
            "`{path}` is in `{STATE_DIR}/`, gg's own state: use the tasks, board, memories and skills tools"
        )));
    }
    Ok(resolved)
}

/// An I/O failure on `path`, coded by its kind.
fn fs_error(path: &str, e: io::Error) -> ToolError {
    match e.kind() {
        io::ErrorKind::NotFound => ToolError::not_found(format!("`{path}` does not exist")),
        io::ErrorKind::IsADirectory => ToolError::invalid(format!("`{path}` is a directory")),
        io::ErrorKind::NotADirectory => ToolError::invalid(format!("a parent of `{path}` is not a directory")),
        _ => ToolError::io(format!("`{path}`: {e}")),
    }
}

fn not_text(path: &str) -> ToolError {
    ToolError::invalid(format!("`{path}` is not a text file (it is not UTF-8)"))
}

/// The longest prefix of `s` of at most `max` bytes that ends at a character boundary.
pub fn cut_at_char(s: &str, max: usize) -> &str {
    if s.len() <= max {
        return s;
    }
    let mut end = max;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    &s[..end]
}

/// Lines `offset..offset + limit` (0-based) of a text file, whole lines up to [`READ_CEILING`]
/// bytes. When the first line of the window alone exceeds the ceiling, its first
/// [`READ_CEILING`] bytes are returned (truncated), so a read always makes progress.
pub fn read_file(root: &Path, path: &str, offset: Option<u32>, limit: Option<u32>) -> ToolResult<FileRead> {
    let full = resolve(root, path)?;
    if fs::metadata(&full).map_err(|e| fs_error(path, e))?.is_dir() {
        return Err(ToolError::invalid(format!(
            "`{path}` is a directory; list it with list_dir"
        )));
    }
    let mut reader = BufReader::new(fs::File::open(&full).map_err(|e| fs_error(path, e))?);
    let offset = offset.unwrap_or(0);
    let mut contents = String::new();
    let (mut first_line, mut last_line, mut included) = (0u32, 0u32, 0u32);
    let mut truncated = false;
    // The window is closed once `limit` lines are in or the ceiling is reached; the rest of the
    // file is still read, to count its lines and to check that it is text.
    let mut closed = limit == Some(0);
    let mut total: u32 = 0;
    let mut line = Vec::new();
    loop {
        line.clear();
        if reader.read_until(b'\n', &mut line).map_err(|e| fs_error(path, e))? == 0 {
            break;
        }
        let index = total; // 0-based
        total = total.saturating_add(1);
        // A newline byte is never inside a multi-byte character, so checking line by line is exact.
        let text = std::str::from_utf8(&line).map_err(|_| not_text(path))?;
        if closed || index < offset {
            continue;
        }
        if contents.len() + text.len() > READ_CEILING {
            if included == 0 {
                contents.push_str(cut_at_char(text, READ_CEILING));
                (first_line, last_line) = (total, total);
            }
            truncated = true;
            closed = true;
            continue;
        }
        contents.push_str(text);
        if included == 0 {
            first_line = total;
        }
        last_line = total;
        included += 1;
        closed = limit.is_some_and(|limit| included >= limit);
    }
    Ok(FileRead {
        contents,
        first_line,
        last_line,
        total_lines: total,
        truncated,
    })
}

/// Creates or replaces a file, creating its parent directories; returns the bytes written.
pub fn write_file(root: &Path, path: &str, contents: &str) -> ToolResult<u64> {
    let full = resolve(root, path)?;
    if full.is_dir() {
        return Err(ToolError::invalid(format!("`{path}` is a directory")));
    }
    if let Some(parent) = full.parent() {
        fs::create_dir_all(parent).map_err(|e| fs_error(path, e))?;
    }
    fs::write(&full, contents).map_err(|e| fs_error(path, e))?;
    Ok(contents.len() as u64)
}

/// Replaces the single occurrence of `old` with `new`; returns 1, the count replaced.
pub fn edit_file(root: &Path, path: &str, old: &str, new: &str) -> ToolResult<u32> {
    if old.is_empty() {
        return Err(ToolError::invalid("`old` is empty: give the text to replace"));
    }
    let full = resolve(root, path)?;
    if fs::metadata(&full).map_err(|e| fs_error(path, e))?.is_dir() {
        return Err(ToolError::invalid(format!("`{path}` is a directory")));
    }
    let bytes = fs::read(&full).map_err(|e| fs_error(path, e))?;
    let text = String::from_utf8(bytes).map_err(|_| not_text(path))?;
    match text.matches(old).count() {
        0 => Err(ToolError::not_found(format!("`old` does not occur in `{path}`"))),
        1 => {
            fs::write(&full, text.replacen(old, new, 1)).map_err(|e| fs_error(path, e))?;
            Ok(1)
        }
        n => Err(ToolError::new(
            gg_core::wire::ErrorCode::Conflict,
            format!("`old` occurs {n} times in `{path}`; make it unique"),
        )),
    }
}

/// The entries of a directory, sorted by name; the root's `.gg` is not listed.
pub fn list_dir(root: &Path, path: Option<&str>) -> ToolResult<Vec<DirEntry>> {
    let path = path.unwrap_or(".");
    let full = resolve(root, path)?;
    if !fs::metadata(&full).map_err(|e| fs_error(path, e))?.is_dir() {
        return Err(ToolError::invalid(format!("`{path}` is not a directory")));
    }
    let mut entries = Vec::new();
    for entry in fs::read_dir(&full).map_err(|e| fs_error(path, e))? {
        let entry = entry.map_err(|e| fs_error(path, e))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if full == root && name == STATE_DIR {
            continue;
        }
        let kind = match entry.file_type() {
            Ok(t) if t.is_symlink() => EntryKind::Symlink,
            Ok(t) if t.is_dir() => EntryKind::Directory,
            Ok(t) if t.is_file() => EntryKind::File,
            _ => EntryKind::Other,
        };
        entries.push(DirEntry { name, kind });
    }
    entries.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(entries)
}

/// Lines matching the regular expression `pattern` in the text files under `path` (a directory
/// or one file), in path order. Skips `.gg` and `.git` directories, symlinks (not followed),
/// files that are not UTF-8 or contain NUL, and files over [`SEARCH_FILE_MAX`]; stops at
/// [`SEARCH_MAX_MATCHES`] matches. Past the run's `deadline` it fails with `limit-exceeded`.
pub fn search(
    root: &Path,
    pattern: &str,
    path: Option<&str>,
    deadline: Option<Instant>,
) -> ToolResult<Vec<SearchMatch>> {
    let regex =
        regex::Regex::new(pattern).map_err(|e| ToolError::invalid(format!("invalid regular expression: {e}")))?;
    let path = path.unwrap_or(".");
    let start = resolve(root, path)?;
    fs::metadata(&start).map_err(|e| fs_error(path, e))?;
    let walk = walkdir::WalkDir::new(&start)
        .follow_links(false)
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|e| {
            e.depth() == 0 || !(e.file_type().is_dir() && matches!(e.file_name().to_str(), Some(".gg" | ".git")))
        });
    let mut matches = Vec::new();
    // Entries the walk cannot read (permissions, a vanished file) are skipped, as grep -s does.
    for entry in walk.filter_map(Result::ok) {
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(ToolError::new(
                gg_core::wire::ErrorCode::LimitExceeded,
                format!(
                    "the search of `{path}` ran out of the run's time after {} matches",
                    matches.len()
                ),
            ));
        }
        if !entry.file_type().is_file() || entry.metadata().map_or(true, |m| m.len() > SEARCH_FILE_MAX) {
            continue;
        }
        let Ok(bytes) = fs::read(entry.path()) else { continue };
        if bytes.contains(&0) {
            continue;
        }
        let Ok(text) = String::from_utf8(bytes) else { continue };
        let rel = entry.path().strip_prefix(root).expect("the walk stays under the root");
        let rel = rel
            .components()
            .map(|c| c.as_os_str().to_string_lossy())
            .collect::<Vec<_>>()
            .join("/");
        for (index, line) in text.lines().enumerate() {
            if regex.is_match(line) {
                matches.push(SearchMatch {
                    path: rel.clone(),
                    line: u32::try_from(index + 1).unwrap_or(u32::MAX),
                    text: cut_at_char(line, SEARCH_LINE_MAX).to_owned(),
                });
                if matches.len() == SEARCH_MAX_MATCHES {
                    return Ok(matches);
                }
            }
        }
    }
    Ok(matches)
}
