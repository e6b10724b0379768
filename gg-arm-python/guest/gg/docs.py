"""Search the documentation of this package."""

import sys as _sys
from dataclasses import dataclass as _dataclass

from wit_world.imports import docs as _wire

from gg import _sdk
from gg._sdk import operation

__all__ = ["DocHit", "DocSearch", "search"]


@_dataclass(frozen=True)
class DocHit:
    """One documented name a search found."""

    name: str
    """The fully-qualified name, as gg.views.open_docs takes it."""
    module: str
    """The module it is in."""
    brief: str
    """Its one-line summary."""
    signature: str
    """How it is called."""


@_dataclass(frozen=True)
class DocSearch:
    """A page of search hits."""

    total: int
    """How many names matched in all."""
    offset: int
    """The index of the first hit of this page."""
    hits: list[DocHit]
    """The hits of this page."""


@operation("docs.search")
def search(query: str, module: str | None = None, offset: int | None = None, limit: int | None = None) -> DocSearch:
    """Search the documented names for any word of `query` (the name weighs most), best first; an empty query lists them all.

    Args:
        query: Words to look for.
        module: Only names in this module, e.g. `gg.files` (`files` too).
        offset: How many hits to skip.
        limit: How many hits to return (default 10, at most 100).

    Raises:
        ApiError: unavailable when the call is not granted.
    """
    f = "search"
    args = (
        _sdk.text(f, "query", query),
        _sdk.opt_text(f, "module", module),
        _sdk.opt_u32(f, "offset", offset),
        _sdk.opt_u32(f, "limit", limit),
    )
    r = _sdk.call("docs.search", _wire.search, *args)
    return DocSearch(r.total, r.offset, [DocHit(h.name, h.module, h.brief, h.signature) for h in r.hits])


def __getattr__(name):
    raise _sdk.unknown_name(_sys.modules[__name__], name)
