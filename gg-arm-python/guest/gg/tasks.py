"""Keep the agent's task list: add, update, complete, remove and list tasks."""

import builtins as _builtins
import sys as _sys
from dataclasses import dataclass as _dataclass
from enum import Enum as _Enum

from wit_world.imports import tasks as _wire

from gg import UNCHANGED, Unchanged, _sdk
from gg._sdk import operation

__all__ = ["Task", "TaskStatus", "add", "complete", "list", "remove", "update"]


class TaskStatus(_Enum):
    """Where a task stands."""

    PENDING = "pending"
    """Not started."""
    IN_PROGRESS = "in-progress"
    """Being worked on."""
    DONE = "done"
    """Finished."""


@_dataclass(frozen=True)
class Task:
    """One task of the list."""

    id: int
    """The task's id."""
    title: str
    """A one-line title."""
    description: str | None
    """Longer text, if any."""
    status: TaskStatus
    """Where the task stands."""
    blocked_by: _builtins.list[int]
    """Ids of the tasks this one waits for."""


def _task(t) -> Task:
    return Task(t.id, t.title, t.description, TaskStatus[t.status.name], _builtins.list(t.blocked_by))


@operation("tasks.add")
def add(
    title: str,
    description: str | None = None,
    blocked_by: _builtins.list[int] = (),
    id: int | None = None,
) -> Task:
    """Add a task; returns the task as added, its id in `id`.

    Args:
        title: A one-line title.
        description: Longer text.
        blocked_by: Ids of the tasks this one waits for.
        id: The id to give it (default: the next free one).

    Raises:
        ApiError: conflict when the id is taken.
    """
    f = "add"
    task = _wire.TaskInput(
        _sdk.opt_u32(f, "id", id),
        _sdk.text(f, "title", title),
        _sdk.opt_text(f, "description", description),
        _sdk.u32s(f, "blocked_by", blocked_by),
    )
    return _task(_sdk.call("tasks.add", _wire.add, task))


@operation("tasks.update")
def update(
    id: int,
    *,
    title: str | Unchanged = UNCHANGED,
    description: str | None | Unchanged = UNCHANGED,
    status: TaskStatus | Unchanged = UNCHANGED,
) -> None:
    """Change some fields of a task; the fields left out keep what they hold.

    Args:
        id: The task's id.
        title: A new title.
        description: A new description, or None to clear it.
        status: A new status.

    Raises:
        ApiError: not-found when there is no such task.
    """
    f = "update"
    patch = _wire.TaskPatch(
        None if title is UNCHANGED else _sdk.text(f, "title", _sdk.reject_clear(f, "title", title)),
        _sdk.text_edit(f, "description", description),
        None
        if status is UNCHANGED
        else _sdk.choice(f, "status", _sdk.reject_clear(f, "status", status), TaskStatus, _wire.TaskStatus),
    )
    _sdk.call("tasks.update", _wire.update, _sdk.u32(f, "id", id), patch)


@operation("tasks.complete")
def complete(id: int) -> None:
    """Mark a task done.

    Args:
        id: The task's id.

    Raises:
        ApiError: not-found when there is no such task.
    """
    _sdk.call("tasks.complete", _wire.complete, _sdk.u32("complete", "id", id))


@operation("tasks.remove")
def remove(id: int) -> None:
    """Remove a task from the list.

    Args:
        id: The task's id.

    Raises:
        ApiError: not-found when there is no such task.
    """
    _sdk.call("tasks.remove", _wire.remove, _sdk.u32("remove", "id", id))


@operation("tasks.list")
def list() -> _builtins.list[Task]:
    """Every task, in id order.

    Raises:
        ApiError: unavailable when the call is not granted.
    """
    return [_task(t) for t in _sdk.call("tasks.list", _wire.list)]


def __getattr__(name):
    raise _sdk.unknown_name(_sys.modules[__name__], name)
