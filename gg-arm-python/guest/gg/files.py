"""Read, write, edit, list and search the workspace's files."""

import sys as _sys
from dataclasses import dataclass as _dataclass
from enum import Enum as _Enum

from wit_world.imports import files as _wire

from gg import _sdk
from gg._sdk import operation

__all__ = ["DirEntry", "EntryKind", "FileRead", "SearchMatch", "edit_file", "list_dir", "read_file", "search", "write_file"]


@_dataclass(frozen=True)
class FileRead:
    """A region of a text file, as read_file and gg.views.open_file return it."""

    contents: str
    """The lines read."""
    first_line: int
    """1-based number of the first line in `contents` (0 when no line is included)."""
    last_line: int
    """1-based number of the last line in `contents`."""
    total_lines: int
    """How many lines the whole file has."""
    truncated: bool
    """The read stopped at the tool's byte ceiling before reaching `limit` lines."""


class EntryKind(_Enum):
    """What a directory entry is."""

    FILE = "file"
    """A regular file."""
    DIRECTORY = "directory"
    """A directory."""
    SYMLINK = "symlink"
    """A symbolic link."""
    OTHER = "other"
    """Anything else."""


@_dataclass(frozen=True)
class DirEntry:
    """One entry of a directory listing."""

    name: str
    """The entry's name within its directory."""
    path: str
    """The entry's path relative to the workspace, as read_file and list_dir take it."""
    kind: EntryKind
    """What the entry is."""


@_dataclass(frozen=True)
class SearchMatch:
    """One line that matched a search."""

    path: str
    """The file the line is in."""
    line: int
    """The line's 1-based number."""
    text: str
    """The line itself."""


def _file_read(r):
    return FileRead(r.contents, r.first_line, r.last_line, r.total_lines, r.truncated)


@operation("files.read_file")
def read_file(path: str, offset: int | None = None, limit: int | None = None) -> FileRead:
    """Read a text file, or `limit` lines from the 0-based line `offset`; returns a FileRead, the text in `contents`.

    Without `offset` and `limit` the read starts at the top and stops at the tool's ceiling.

    Args:
        path: The file, relative to the workspace.
        offset: The 0-based line to start at.
        limit: How many lines to read.

    Raises:
        ApiError: not-found when the file does not exist.
    """
    f = "read_file"
    args = (_sdk.text(f, "path", path), _sdk.opt_u32(f, "offset", offset), _sdk.opt_u32(f, "limit", limit))
    return _file_read(_sdk.call("files.read_file", _wire.read_file, *args))


@operation("files.write_file")
def write_file(path: str, contents: str) -> int:
    """Create or replace a file; returns the number of bytes written.

    Args:
        path: The file, relative to the workspace.
        contents: The whole new text of the file.

    Raises:
        ApiError: refused when the path leaves the workspace.
    """
    f = "write_file"
    return _sdk.call("files.write_file", _wire.write_file, _sdk.text(f, "path", path), _sdk.text(f, "contents", contents))


@operation("files.edit_file")
def edit_file(path: str, old: str, new: str) -> int:
    """Replace the one occurrence of `old` in a file with `new`; returns how many were replaced.

    Args:
        path: The file, relative to the workspace.
        old: The exact text to replace; it must occur exactly once.
        new: The replacement text.

    Raises:
        ApiError: not-found when `old` does not occur, conflict when it occurs more than once.
    """
    f = "edit_file"
    args = (_sdk.text(f, "path", path), _sdk.text(f, "old", old), _sdk.text(f, "new", new))
    return _sdk.call("files.edit_file", _wire.edit_file, *args)


@operation("files.list_dir")
def list_dir(path: str | None = None) -> list[DirEntry]:
    """The entries of a directory (default: the workspace root), sorted by name.

    Args:
        path: The directory, relative to the workspace (default: the workspace root).

    Raises:
        ApiError: not-found when the directory does not exist.
    """
    entries = _sdk.call("files.list_dir", _wire.list_dir, _sdk.opt_text("list_dir", "path", path))
    return [DirEntry(e.name, e.path, EntryKind[e.kind.name]) for e in entries]


@operation("files.search")
def search(pattern: str, path: str | None = None, ignore_case: bool | None = None) -> list[SearchMatch]:
    """Lines matching `pattern`, a Rust `regex`, in the files under `path`; case-sensitive unless `ignore_case`.

    Args:
        pattern: A regular expression (Rust `regex` syntax: no look-around or backreferences).
        path: The directory or file to search, relative to the workspace (default: the workspace root).
        ignore_case: Match letters in either case (default: case-sensitive).

    Raises:
        ApiError: invalid-argument when the pattern does not compile.
    """
    f = "search"
    args = (_sdk.text(f, "pattern", pattern), _sdk.opt_text(f, "path", path), _sdk.opt_flag(f, "ignore_case", ignore_case))
    return [SearchMatch(m.path, m.line, m.text) for m in _sdk.call("files.search", _wire.search, *args)]


def __getattr__(name):
    raise _sdk.unknown_name(_sys.modules[__name__], name)
