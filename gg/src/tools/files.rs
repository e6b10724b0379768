//! `files`: reading, writing, editing, listing and searching files, confined to the workspace root.
//!
//! A path is resolved the way the kernel would, one component at a time, following every symlink
//! (also dangling ones, and components that do not exist yet); the result must lie under the root.
//! The operation then opens that link-free path beneath the root in one step (`beneath.rs`), so a
//! component swapped for a link in between is refused rather than followed. gg's own state is not
//! in the workspace at all (`crate::workspace::state_home`).

use std::collections::VecDeque;
use std::ffi::OsString;
use std::io::{self, BufRead, BufReader, Read};
use std::path::{Component, Path, PathBuf};
use std::time::Instant;

use gg_core::wire::{DirEntry, EntryKind, FileRead, SearchMatch};
use gg_core::{ToolError, ToolResult};

use super::beneath::{self, Beneath, Kind};
use super::regular;

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
/// the workspace; returned relative to `root`, with no symbolic link left in it. Components that
/// do not exist are taken as they are written.
pub fn resolve(root: &Path, dir: &Beneath, path: &str) -> ToolResult<PathBuf> {
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
                // Outside the root nothing is looked at: the path is refused below unless later
                // components lead back in by name.
                let Ok(rel) = next.strip_prefix(root) else {
                    resolved = next;
                    continue;
                };
                match dir.kind(rel) {
                    Ok(Kind::Symlink) => {
                        links += 1;
                        if links > MAX_SYMLINKS {
                            return Err(ToolError::invalid(format!(
                                "`{path}` passes through too many symbolic links"
                            )));
                        }
                        let target = dir
                            .read_link(rel)
                            .map_err(|e| ToolError::io(format!("`{path}`: {e}")))?;
                        // A relative target resolves against the link's directory, `resolved`.
                        for step in steps(&target).rev() {
                            pending.push_front(step);
                        }
                    }
                    Ok(_) => resolved = next,
                    Err(e) => return Err(ToolError::io(format!("`{path}`: {e}"))),
                }
            }
        }
    }
    match resolved.strip_prefix(root) {
        Ok(rel) => Ok(rel.to_owned()),
        Err(_) => Err(ToolError::refused(format!("`{path}` is outside the workspace"))),
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
pub fn read_file(
    root: &Path,
    dir: &Beneath,
    path: &str,
    offset: Option<u32>,
    limit: Option<u32>,
) -> ToolResult<FileRead> {
    let rel = resolve(root, dir, path)?;
    let file = open_regular(dir, &rel, path, false)?;
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
        let chunk = reader.fill_buf().map_err(|e| beneath::error(path, e))?;
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

/// Opens the regular file at `rel` (from [`resolve`]): what is there and not a regular file (a
/// FIFO, a device, a directory) is refused, never opened; what was opened is checked again.
fn open_regular(dir: &Beneath, rel: &Path, shown: &str, write: bool) -> ToolResult<std::fs::File> {
    match beneath::ok(dir.kind(rel), shown)? {
        Kind::File { .. } => {}
        Kind::Missing if write => {}
        Kind::Missing => return Err(ToolError::not_found(format!("`{shown}` does not exist"))),
        Kind::Directory if !write => {
            return Err(ToolError::invalid(format!(
                "`{shown}` is a directory; list it with list_dir"
            )));
        }
        Kind::Directory => return Err(ToolError::invalid(format!("`{shown}` is a directory"))),
        Kind::Symlink => return Err(regular::not_regular(shown, rustix::fs::FileType::Symlink.as_raw_mode())),
        Kind::Other { mode } => return Err(regular::not_regular(shown, mode)),
    }
    let file = beneath::ok(dir.open_file(rel, write), shown)?;
    regular::verify(file, shown)
}

/// Replaces what `file` (a regular file opened for writing) holds with `bytes`, unless
/// `open_guard` refuses the file (gg's compile cache, procfs); nothing is truncated before that.
fn replace(mut file: std::fs::File, shown: &str, bytes: &[u8]) -> ToolResult<()> {
    if let Some(why) = gg_core::guest::open_guard::refusal(&file, true) {
        return Err(regular::refused(shown, why));
    }
    file.set_len(0).map_err(|e| beneath::error(shown, e))?;
    io::Write::write_all(&mut file, bytes).map_err(|e| beneath::error(shown, e))
}

/// Creates or replaces a file, creating its parent directories; returns the bytes written.
/// What is there and not a regular file (a FIFO, a device) is refused, never opened.
pub fn write_file(root: &Path, dir: &Beneath, path: &str, contents: &str) -> ToolResult<u64> {
    let rel = resolve(root, dir, path)?;
    if rel.as_os_str().is_empty() {
        return Err(ToolError::invalid(format!(
            "`{path}` is the workspace itself, a directory"
        )));
    }
    if let Some(parent) = rel.parent() {
        beneath::ok(dir.create_dirs(parent), path)?;
    }
    let file = open_regular(dir, &rel, path, true)?;
    replace(file, path, contents.as_bytes())?;
    Ok(contents.len() as u64)
}

/// Replaces the single occurrence of `old` with `new`; returns 1, the count replaced. A file
/// over [`EDIT_MAX`] is refused.
pub fn edit_file(root: &Path, dir: &Beneath, path: &str, old: &str, new: &str) -> ToolResult<u32> {
    if old.is_empty() {
        return Err(ToolError::invalid("`old` is empty: give the text to replace"));
    }
    let rel = resolve(root, dir, path)?;
    let file = open_regular(dir, &rel, path, false)?;
    let mut bytes = Vec::new();
    file.take(EDIT_MAX + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| beneath::error(path, e))?;
    if bytes.len() as u64 > EDIT_MAX {
        return Err(regular::too_large(path, EDIT_MAX));
    }
    let text = String::from_utf8(bytes).map_err(|_| not_text(path))?;
    match text.matches(old).count() {
        0 => Err(ToolError::not_found(format!("`old` does not occur in `{path}`"))),
        1 => {
            let file = open_regular(dir, &rel, path, true)?;
            replace(file, path, text.replacen(old, new, 1).as_bytes())?;
            Ok(1)
        }
        n => Err(ToolError::new(
            gg_core::wire::ErrorCode::Conflict,
            format!("`old` occurs {n} times in `{path}`; make it unique"),
        )),
    }
}

/// The kind of entry a listing reports.
fn entry_kind(kind: &Kind) -> EntryKind {
    match kind {
        Kind::File { .. } => EntryKind::File,
        Kind::Directory => EntryKind::Directory,
        Kind::Symlink => EntryKind::Symlink,
        Kind::Other { .. } | Kind::Missing => EntryKind::Other,
    }
}

/// The entries of a directory, sorted by name.
pub fn list_dir(root: &Path, dir: &Beneath, path: Option<&str>) -> ToolResult<Vec<DirEntry>> {
    let path = path.unwrap_or(".");
    let rel = resolve(root, dir, path)?;
    match beneath::ok(dir.kind(&rel), path)? {
        Kind::Directory => {}
        Kind::Missing => return Err(ToolError::not_found(format!("`{path}` does not exist"))),
        _ => return Err(ToolError::invalid(format!("`{path}` is not a directory"))),
    }
    let mut entries: Vec<DirEntry> = beneath::ok(dir.entries(&rel), path)?
        .into_iter()
        .map(|(name, kind)| DirEntry {
            kind: entry_kind(&kind),
            path: shown(&rel.join(&name)),
            name,
        })
        .collect();
    entries.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(entries)
}

/// Lines matching the regular expression `pattern` (case-insensitively when `ignore_case`) in the
/// text files under `path` (a directory or one file), in path order. Skips `.git` directories, symlinks (not followed),
/// files that are not UTF-8 or contain NUL, and files over [`SEARCH_FILE_MAX`]; stops at
/// [`SEARCH_MAX_MATCHES`] matches. Past the run's `deadline` it fails with `limit-exceeded`.
///
/// The walk keeps names, not open directories, and opens each directory beneath the root by its
/// link-free path, so a tree of any depth costs no descriptors and no stack, and a directory
/// swapped for a link mid-walk is skipped.
pub fn search(
    root: &Path,
    dir: &Beneath,
    pattern: &str,
    path: Option<&str>,
    ignore_case: bool,
    deadline: Option<Instant>,
) -> ToolResult<Vec<SearchMatch>> {
    let regex = regex::RegexBuilder::new(pattern)
        .case_insensitive(ignore_case)
        .build()
        .map_err(|e| ToolError::invalid(format!("invalid regular expression (Rust `regex` syntax): {e}")))?;
    let path = path.unwrap_or(".");
    let start = resolve(root, dir, path)?;
    let mut matches = Vec::new();
    // Each frame: a directory's path and its entries still to visit, in name order.
    let mut frames: Vec<(PathBuf, std::vec::IntoIter<(String, Kind)>)> = Vec::new();
    match beneath::ok(dir.kind(&start), path)? {
        Kind::Missing => return Err(ToolError::not_found(format!("`{path}` does not exist"))),
        Kind::Directory => frames.push((start.clone(), sorted_entries(dir, &start).into_iter())),
        Kind::File { len } => {
            search_file(dir, &start, len, &regex, &mut matches);
            return Ok(matches);
        }
        _ => return Ok(matches),
    }
    while let Some((at, entries)) = frames.last_mut() {
        let Some((name, kind)) = entries.next() else {
            frames.pop();
            continue;
        };
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(ToolError::new(
                gg_core::wire::ErrorCode::LimitExceeded,
                format!(
                    "the search of `{path}` ran out of the run's time after {} matches",
                    matches.len()
                ),
            ));
        }
        let rel = at.join(&name);
        match kind {
            Kind::Directory if name != ".git" => {
                let entries = sorted_entries(dir, &rel);
                frames.push((rel, entries.into_iter()));
            }
            Kind::File { len } => {
                if search_file(dir, &rel, len, &regex, &mut matches) {
                    return Ok(matches);
                }
            }
            _ => {}
        }
    }
    Ok(matches)
}

/// A directory's entries in name order; one that cannot be read (permissions, gone, swapped for
/// a link) has none, as `grep -rs` skips it.
fn sorted_entries(dir: &Beneath, rel: &Path) -> Vec<(String, Kind)> {
    let mut entries = dir.entries(rel).unwrap_or_default();
    entries.sort_by(|a, b| a.0.cmp(&b.0));
    entries
}

/// `rel` as a program writes a path: relative to the workspace, `/`-separated.
fn shown(rel: &Path) -> String {
    rel.components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

/// Adds the matching lines of the text file `rel` to `matches`; `true` once they are full.
fn search_file(dir: &Beneath, rel: &Path, len: u64, regex: &regex::Regex, matches: &mut Vec<SearchMatch>) -> bool {
    if len > SEARCH_FILE_MAX {
        return false;
    }
    // Opened as a regular file only: a FIFO swapped in after the listing is skipped.
    let Ok(file) = open_regular(dir, rel, "", false) else {
        return false;
    };
    let mut bytes = Vec::new();
    if file.take(SEARCH_FILE_MAX + 1).read_to_end(&mut bytes).is_err() || bytes.len() as u64 > SEARCH_FILE_MAX {
        return false;
    }
    if bytes.contains(&0) {
        return false;
    }
    let Ok(text) = String::from_utf8(bytes) else {
        return false;
    };
    let shown = shown(rel);
    for (index, line) in text.lines().enumerate() {
        if regex.is_match(line) {
            matches.push(SearchMatch {
                path: shown.clone(),
                line: u32::try_from(index + 1).unwrap_or(u32::MAX),
                text: cut_at_char(line, SEARCH_LINE_MAX).to_owned(),
            });
            if matches.len() == SEARCH_MAX_MATCHES {
                return true;
            }
        }
    }
    false
}
