"""The programs this session ran: their history and sources, and running one again."""

import sys as _sys
from dataclasses import dataclass as _dataclass

from wit_world.imports import programs as _wire

from gg import _sdk
from gg._sdk import operation

__all__ = ["ProgramSummary", "get", "history", "rerun"]


@_dataclass(frozen=True)
class ProgramSummary:
    """One program of the session's library."""

    turn: int
    """The turn it ran at."""
    lines: int
    """How many lines its source has."""
    chars: int
    """How many characters its source has."""
    ok: bool
    """Whether it succeeded."""
    error: str | None
    """How it failed, if it did."""


@operation("programs.history")
def history() -> list[ProgramSummary]:
    """Every program this session ran, oldest first.

    Raises:
        ApiError: unavailable when the program library is off.
    """
    return [
        ProgramSummary(p.turn, p.lines, p.chars, p.ok, p.error) for p in _sdk.call("programs.history", _wire.history)
    ]


@operation("programs.get")
def get(turn: int | None = None) -> str:
    """The source of a program this session ran.

    Args:
        turn: Its turn (default: the latest before this one).

    Raises:
        ApiError: not-found when no program ran at that turn.
    """
    return _sdk.call("programs.get", _wire.get, _sdk.opt_u32("get", "turn", turn))


@operation("programs.rerun")
def rerun(source: str) -> None:
    """Run a source as the next program of this turn, once this program succeeds; a library program's source runs in its own language.

    Args:
        source: The whole program.

    Raises:
        ApiError: limit-exceeded when a rerun was already queued this turn.
    """
    _sdk.call("programs.rerun", _wire.rerun, _sdk.text("rerun", "source", source))


def __getattr__(name):
    raise _sdk.unknown_name(_sys.modules[__name__], name)
