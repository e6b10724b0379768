//! `files`: reading, writing, editing, listing and searching files, confined to the workspace root.
//!
//! A path is resolved the way the kernel would, one component at a time, following every symlink
//! (also dangling ones, and components that do not exist yet); the result must lie under the root
//! and outside `.gg/`, gg's own state, which the other tool families own. A process can still swap
//! a component between this check and the operation; the shell tool is not confined anyway.

use std::collections::VecDeque;
use std::ffi::OsString;
use std::fs;
use std::io::{self, BufRead, BufReader, Read};
use std::path::{Component, Path, PathBuf};
use std::time::Instant;

use gg_core::wire::{DirEntry, EntryKind, FileRead, SearchMatch};
use gg_core::{ToolError, ToolResult};

use super::regular::{self, fs_error};

/// 262144 (256 KiB): the most file contents one read returns, so one read cannot flood a context.
pub const READ_CEILING: usize = 256 * 1024;
/// 64 MiB: the most of one file a read scans (to count its lines and check that it is text):
/// a program can make a sparse file of gigabytes in an instant, and scanning 64 MiB takes ~50 ms.
pub const READ_SCAN_MAX: u64 = 64 * 1024 * 1024;
/// 64 KiB: what a read takes from the file at a time (the most it holds beyond the window).
const READ_CHUNK: usize = 64 * 1024;
/// 64 MiB: the largest file an edit rewrites, since it holds the file (twice) in memory.
pub const EDIT_MAX: u64 = 64 * 1024 * 1024;
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

/// A stream's UTF-8 checked piece by piece: a character split between two pieces is carried.
#[derive(Default)]
struct Utf8Check {
    carry: Vec<u8>,
}

impl Utf8Check {
    /// Whether `bytes`, after what came before, can still be UTF-8.
    fn feed(&mut self, mut bytes: &[u8]) -> bool {
        while !self.carry.is_empty() && !bytes.is_empty() {
            self.carry.push(bytes[0]);
            bytes = &bytes[1..];
            match std::str::from_utf8(&self.carry) {
                Ok(_) => self.carry.clear(),
                Err(e) if e.error_len().is_some() => return false,
                Err(_) => {}
            }
        }
        match std::str::from_utf8(bytes) {
            Ok(_) => true,
            Err(e) if e.error_len().is_some() => false,
            Err(e) => {
                self.carry.extend_from_slice(&bytes[e.valid_up_to()..]);
                true
            }
        }
    }

    /// Whether the stream ended on a whole character.
    fn finish(&self) -> bool {
        self.carry.is_empty()
    }
}

/// `bytes` as text up to the last whole character (a cut may have split the last one).
fn whole_chars(bytes: &[u8]) -> &str {
    match std::str::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => std::str::from_utf8(&bytes[..e.valid_up_to()]).expect("valid up to there"),
    }
}

/// The lines a read returns, gathered as the file streams past.
struct Window {
    offset: u32,
    limit: Option<u32>,
    contents: String,
    first_line: u32,
    last_line: u32,
    included: u32,
    truncated: bool,
    /// Once `limit` lines are in or the ceiling is reached.
    closed: bool,
    /// The first bytes of the line being read, when the window wants it: enough to decide it
    /// against the ceiling (one byte past it) and to cut it there.
    line: Vec<u8>,
}

impl Window {
    fn wants(&self, index: u32) -> bool {
        !self.closed && index >= self.offset
    }

    /// More bytes of line `number` (1-based).
    fn extend(&mut self, number: u32, piece: &[u8]) {
        if self.wants(number - 1) && self.line.len() <= READ_CEILING {
            let room = READ_CEILING + 1 - self.line.len();
            self.line.extend_from_slice(&piece[..piece.len().min(room)]);
        }
    }

    /// Line `number` (1-based), `len` bytes in all, has ended.
    fn end_line(&mut self, number: u32, len: usize) {
        if !self.wants(number - 1) {
            return;
        }
        let line = std::mem::take(&mut self.line);
        if self.contents.len() + len > READ_CEILING {
            if self.included == 0 {
                self.contents.push_str(cut_at_char(whole_chars(&line), READ_CEILING));
                (self.first_line, self.last_line) = (number, number);
            }
            self.truncated = true;
            self.closed = true;
            return;
        }
        self.contents.push_str(whole_chars(&line));
        if self.included == 0 {
            self.first_line = number;
        }
        self.last_line = number;
        self.included += 1;
        self.closed = self.limit.is_some_and(|limit| self.included >= limit);
    }
}

/// Lines `offset..offset + limit` (0-based) of a text file, whole lines up to [`READ_CEILING`]
/// bytes. When the first line of the window alone exceeds the ceiling, its first
/// [`READ_CEILING`] bytes are returned (truncated), so a read always makes progress.
///
/// The file streams past, never held: at most [`READ_CEILING`] bytes of it are kept, and at most
/// [`READ_SCAN_MAX`] read (to count its lines and check that it is text). Past that bound
/// `total_lines` counts the lines read so far, and a window starting past it is refused.
pub fn read_file(root: &Path, path: &str, offset: Option<u32>, limit: Option<u32>) -> ToolResult<FileRead> {
    let full = resolve(root, path)?;
    if fs::symlink_metadata(&full).is_ok_and(|m| m.is_dir()) {
        return Err(ToolError::invalid(format!(
            "`{path}` is a directory; list it with list_dir"
        )));
    }
    let file = regular::open_read(&full, path)?;
    let mut reader = BufReader::with_capacity(READ_CHUNK, file.take(READ_SCAN_MAX));
    let mut window = Window {
        offset: offset.unwrap_or(0),
        limit,
        contents: String::new(),
        first_line: 0,
        last_line: 0,
        included: 0,
        truncated: false,
        closed: limit == Some(0),
        line: Vec::new(),
    };
    let mut utf8 = Utf8Check::default();
    // Lines begun so far; the length of the last one, and whether it is still open.
    let (mut total, mut line_len, mut in_line) = (0u32, 0usize, false);
    let mut scanned: u64 = 0;
    loop {
        let chunk = reader.fill_buf().map_err(|e| fs_error(path, e))?;
        if chunk.is_empty() {
            break;
        }
        let n = chunk.len();
        scanned += n as u64;
        if !utf8.feed(chunk) {
            return Err(not_text(path));
        }
        let mut rest = chunk;
        while !rest.is_empty() {
            if !in_line {
                (in_line, line_len) = (true, 0);
                total = total.saturating_add(1);
            }
            let (piece, ends) = match memchr::memchr(b'\n', rest) {
                Some(i) => (&rest[..=i], true),
                None => (rest, false),
            };
            rest = &rest[piece.len()..];
            line_len += piece.len();
            window.extend(total, piece);
            if ends {
                in_line = false;
                window.end_line(total, line_len);
            }
        }
        reader.consume(n);
    }
    // Stopped at the scan bound, or at the end of the file?
    let whole = scanned < READ_SCAN_MAX || matches!(reader.into_inner().into_inner().read(&mut [0u8]), Ok(0));
    if whole && !utf8.finish() {
        return Err(not_text(path));
    }
    if in_line {
        window.end_line(total, line_len);
    }
    if !whole && window.included == 0 && !window.truncated && window.offset >= total {
        return Err(ToolError::new(
            gg_core::wire::ErrorCode::LimitExceeded,
            format!(
                "line {} of `{path}` lies past its first {} MiB, the most read_file scans; \
                 read further into a file this large with the shell (`sed -n`, `tail`)",
                u64::from(window.offset) + 1,
                READ_SCAN_MAX >> 20
            ),
        ));
    }
    Ok(FileRead {
        contents: window.contents,
        first_line: window.first_line,
        last_line: window.last_line,
        total_lines: total,
        truncated: window.truncated,
    })
}

/// Creates or replaces a file, creating its parent directories; returns the bytes written.
/// What is there and not a regular file (a FIFO, a device) is refused, never opened.
pub fn write_file(root: &Path, path: &str, contents: &str) -> ToolResult<u64> {
    let full = resolve(root, path)?;
    regular::check(&full, path)?;
    if let Some(parent) = full.parent() {
        fs::create_dir_all(parent).map_err(|e| fs_error(path, e))?;
    }
    regular::write(&full, path, contents.as_bytes())?;
    Ok(contents.len() as u64)
}

/// Replaces the single occurrence of `old` with `new`; returns 1, the count replaced. A file
/// over [`EDIT_MAX`] is refused.
pub fn edit_file(root: &Path, path: &str, old: &str, new: &str) -> ToolResult<u32> {
    if old.is_empty() {
        return Err(ToolError::invalid("`old` is empty: give the text to replace"));
    }
    let full = resolve(root, path)?;
    let bytes = regular::read_bounded(&full, path, EDIT_MAX)?
        .ok_or_else(|| ToolError::not_found(format!("`{path}` does not exist")))?;
    let text = String::from_utf8(bytes).map_err(|_| not_text(path))?;
    match text.matches(old).count() {
        0 => Err(ToolError::not_found(format!("`old` does not occur in `{path}`"))),
        1 => {
            regular::write(&full, path, text.replacen(old, new, 1).as_bytes())?;
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
        // Opened as a regular file only: a FIFO swapped in after the walk looked is skipped.
        let Ok(Some(bytes)) = regular::read_bounded(entry.path(), "", SEARCH_FILE_MAX) else {
            continue;
        };
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
