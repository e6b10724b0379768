"""File and track issues on the project's board."""

import builtins as _builtins
import sys as _sys
from dataclasses import dataclass as _dataclass
from enum import Enum as _Enum

from wit_world.imports import board as _wire

from gg import UNCHANGED, Unchanged, _sdk
from gg._sdk import operation

__all__ = ["Issue", "IssueStatus", "create_issue", "list_issues", "remove_issue", "update_issue"]


class IssueStatus(_Enum):
    """Whether an issue is open."""

    OPEN = "open"
    """Still to be dealt with."""
    CLOSED = "closed"
    """Dealt with."""


@_dataclass(frozen=True)
class Issue:
    """One issue on the board."""

    id: int
    """The issue's id."""
    title: str
    """A one-line title."""
    description: str | None
    """Longer text, if any."""
    labels: _builtins.list[str]
    """Its labels."""
    status: IssueStatus
    """Whether it is open."""


def _issue(i) -> Issue:
    return Issue(i.id, i.title, i.description, _builtins.list(i.labels), IssueStatus[i.status.name])


@operation("board.create_issue")
def create_issue(title: str, description: str | None = None, labels: _builtins.list[str] = ()) -> Issue:
    """File an issue; returns the issue as filed, its id in `id`.

    Args:
        title: A one-line title.
        description: Longer text.
        labels: Labels to file it under.

    Raises:
        ApiError: invalid-argument when an argument is malformed.
    """
    f = "create_issue"
    issue = _wire.IssueInput(
        _sdk.text(f, "title", title), _sdk.opt_text(f, "description", description), _sdk.texts(f, "labels", labels)
    )
    return _issue(_sdk.call("board.create_issue", _wire.create_issue, issue))


@operation("board.update_issue")
def update_issue(
    id: int,
    *,
    title: str | Unchanged = UNCHANGED,
    description: str | None | Unchanged = UNCHANGED,
    labels: _builtins.list[str] | Unchanged = UNCHANGED,
    status: IssueStatus | Unchanged = UNCHANGED,
) -> None:
    """Change some fields of an issue; the fields left out keep what they hold.

    Args:
        id: The issue's id.
        title: A new title.
        description: A new description, or None to clear it.
        labels: The new set of labels.
        status: A new status.

    Raises:
        ApiError: not-found when there is no such issue.
    """
    f = "update_issue"
    keep = _sdk.unchanged
    patch = _wire.IssuePatch(
        None if keep(title) else _sdk.text(f, "title", _sdk.reject_clear(f, "title", title)),
        _sdk.text_edit(f, "description", description),
        None if keep(labels) else _sdk.texts(f, "labels", _sdk.reject_clear(f, "labels", labels)),
        None
        if keep(status)
        else _sdk.choice(f, "status", _sdk.reject_clear(f, "status", status), IssueStatus, _wire.IssueStatus),
    )
    _sdk.call("board.update_issue", _wire.update_issue, _sdk.u32(f, "id", id), patch)


@operation("board.list_issues")
def list_issues(status: IssueStatus | None = None) -> _builtins.list[Issue]:
    """Issues in id order, optionally only those with one status.

    Args:
        status: Only issues with this status (default: all).

    Raises:
        ApiError: unavailable when the call is not granted.
    """
    wire_status = _sdk.opt_choice("list_issues", "status", status, IssueStatus, _wire.IssueStatus)
    return [_issue(i) for i in _sdk.call("board.list_issues", _wire.list_issues, wire_status)]


@operation("board.remove_issue")
def remove_issue(id: int) -> None:
    """Remove an issue from the board.

    Args:
        id: The issue's id.

    Raises:
        ApiError: not-found when there is no such issue.
    """
    _sdk.call("board.remove_issue", _wire.remove_issue, _sdk.u32("remove_issue", "id", id))


def __getattr__(name):
    raise _sdk.unknown_name(_sys.modules[__name__], name)
