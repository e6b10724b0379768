"""Choose what is shown next turn: regions of files, texts, and documentation."""

import sys as _sys
from dataclasses import dataclass as _dataclass
from enum import Enum as _Enum

from wit_world.imports import views as _wire

from gg import _sdk
from gg._sdk import operation
from gg.files import FileRead, _file_read

__all__ = ["OpenView", "ViewKind", "close", "current", "open_docs", "open_file", "open_text"]


class ViewKind(_Enum):
    """What a view shows."""

    FILE = "file"
    """A region of a file."""
    TEXT = "text"
    """A text under a label."""
    DOCS = "docs"
    """The documentation of a name."""


@_dataclass(frozen=True)
class OpenView:
    """A view that will be shown next turn."""

    kind: ViewKind
    """What it shows."""
    selector: str
    """The path, label or name it is closed by."""
    offset: int | None
    """The 0-based first line of a file view."""
    limit: int | None
    """How many lines a file view shows."""


@operation("views.open_file")
def open_file(path: str, offset: int | None = None, limit: int | None = None) -> FileRead:
    """Show a region of a file next turn (0-based `offset`, `limit` lines); returns what it read.

    Args:
        path: The file, relative to the workspace.
        offset: The 0-based line to start at.
        limit: How many lines to show.

    Raises:
        ApiError: not-found when the file does not exist.
    """
    f = "open_file"
    args = (_sdk.text(f, "path", path), _sdk.opt_u32(f, "offset", offset), _sdk.opt_u32(f, "limit", limit))
    return _file_read(_sdk.call("views.open_file", _wire.open_file, *args))


@operation("views.open_text")
def open_text(body: str, label: str | None = None) -> None:
    """Show a text next turn under `label` (default: the body's first line, numbered if taken); a label shown again is replaced.

    Args:
        body: The text.
        label: The label it is shown and closed by (default: the body's first non-blank line, cut at 60 characters, numbered ` (2)` and on if another view has it).

    Raises:
        ApiError: invalid-argument when the label is malformed.
    """
    f = "open_text"
    _sdk.call("views.open_text", _wire.open_text, _sdk.text(f, "body", body), _sdk.opt_text(f, "label", label))


@operation("views.open_docs")
def open_docs(name: str) -> None:
    """Show the documentation of a name next turn.

    Args:
        name: A fully-qualified name, e.g. `gg.files.read_file`.

    Raises:
        ApiError: not-found when the name is not documented.
    """
    _sdk.call("views.open_docs", _wire.open_docs, _sdk.text("open_docs", "name", name))


@operation("views.close")
def close(selector: str) -> int:
    """Close the views shown under a selector; returns how many closed.

    Args:
        selector: A path, label or name; `*` closes every view.

    Raises:
        ApiError: invalid-argument when the selector is malformed.
    """
    return _sdk.call("views.close", _wire.close, _sdk.text("close", "selector", selector))


@operation("views.current")
def current() -> list[OpenView]:
    """The views that will be shown next turn.

    Raises:
        ApiError: unavailable when the call is not granted.
    """
    return [
        OpenView(ViewKind[v.kind.name], v.selector, v.offset, v.limit) for v in _sdk.call("views.current", _wire.current)
    ]


def __getattr__(name):
    raise _sdk.unknown_name(_sys.modules[__name__], name)
