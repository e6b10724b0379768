"""Keep notes that outlive the session: write, read, search and delete memories."""

import sys as _sys
from dataclasses import dataclass as _dataclass

from wit_world.imports import memories as _wire

from gg import _sdk
from gg._sdk import operation

__all__ = ["Memory", "MemoryHit", "delete", "read", "search", "write"]


@_dataclass(frozen=True)
class Memory:
    """A memory, whole."""

    name: str
    """Its name."""
    description: str
    """One line saying what it is for."""
    body: str
    """Its text."""
    code: str | None
    """Python code bound as a module under `lib` from the next program on, if any."""


@_dataclass(frozen=True)
class MemoryHit:
    """A memory a search found."""

    name: str
    """Its name."""
    description: str
    """One line saying what it is for."""
    score: int
    """How well it matched; higher is better."""


@operation("memories.write")
def write(name: str, body: str, description: str | None = None, code: str | None = None) -> None:
    """Create or replace a memory (`description` defaults to the body's first line); its code, if any, binds as `lib.<name>` from the next program on.

    Args:
        name: Its name.
        body: Its text.
        description: One line saying what it is for (default: the body's first non-blank line, cut at 80 characters).
        code: Python code to bind as a module.

    Raises:
        ApiError: invalid-argument when the name is malformed.
    """
    f = "write"
    args = (
        _sdk.text(f, "name", name),
        _sdk.text(f, "body", body),
        _sdk.opt_text(f, "description", description),
        _sdk.opt_text(f, "code", code),
    )
    _sdk.call("memories.write", _wire.write, *args)


@operation("memories.read")
def read(name: str) -> Memory:
    """Read a memory by name.

    Args:
        name: Its name.

    Raises:
        ApiError: not-found when there is no such memory.
    """
    m = _sdk.call("memories.read", _wire.read, _sdk.text("read", "name", name))
    return Memory(m.name, m.description, m.body, m.code)


@operation("memories.search")
def search(keywords: list[str]) -> list[MemoryHit]:
    """Memories whose name, description or body holds any keyword (the name weighs most), best first; no keywords lists them all.

    Args:
        keywords: Words to look for; an empty list lists every memory, by name.

    Raises:
        ApiError: invalid-argument when the list is too long.
    """
    hits = _sdk.call("memories.search", _wire.search, _sdk.texts("search", "keywords", keywords))
    return [MemoryHit(h.name, h.description, h.score) for h in hits]


@operation("memories.delete")
def delete(name: str) -> None:
    """Delete a memory.

    Args:
        name: Its name.

    Raises:
        ApiError: not-found when there is no such memory.
    """
    _sdk.call("memories.delete", _wire.delete, _sdk.text("delete", "name", name))


def __getattr__(name):
    raise _sdk.unknown_name(_sys.modules[__name__], name)
