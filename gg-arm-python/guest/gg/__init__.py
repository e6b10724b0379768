"""The agent's tools, one module per capability; `import gg` is the line that reaches all of them.

Every function is a gg operation: files, shell, tasks, board, memories, skills, views, docs,
session and programs. A call the agent was not granted raises ApiError, as does any failure the
host reports; the error names the operation that failed.
"""

import sys as _sys
from enum import Enum as _Enum

from gg import _sdk

__all__ = [
    "ApiError",
    "ErrorCode",
    "Unchanged",
    "UNCHANGED",
    "board",
    "docs",
    "files",
    "memories",
    "programs",
    "session",
    "shell",
    "skills",
    "tasks",
    "views",
]


class ErrorCode(_Enum):
    """Why a gg call failed, as the host classified it."""

    INVALID_ARGUMENT = "invalid-argument"
    """An argument was out of range or malformed."""
    NOT_FOUND = "not-found"
    """The file, task, issue, memory, skill or name does not exist."""
    CONFLICT = "conflict"
    """The call contradicts what is there (e.g. an edit whose text occurs several times)."""
    REFUSED = "refused"
    """The tool refused the request (e.g. a path outside the workspace)."""
    UNAVAILABLE = "unavailable"
    """The operation is not granted to this agent."""
    LIMIT_EXCEEDED = "limit-exceeded"
    """The run's budget is spent, or a bound was exceeded."""
    IO_ERROR = "io-error"
    """The tool hit an I/O failure."""
    OTHER = "other"
    """Any other failure."""


class ApiError(Exception):
    """A gg call that was refused or failed; catch it to carry on.

    Its string names the operation, the code and the host's message.
    """

    code: ErrorCode
    """Why the call failed."""
    operation: str
    """The gg operation that failed, e.g. `files.read_file`."""
    message: str
    """The host's explanation."""

    def __init__(self, code, operation, message):
        super().__init__(code, operation, message)
        self.code = code
        self.operation = operation
        self.message = message

    def __str__(self):
        return f"{self.operation} failed ({self.code.value}): {self.message}"


class Unchanged(_Enum):
    """The third state of a patch argument: keep what is there.

    Leave a patch argument out (it defaults to UNCHANGED) to keep the field, pass None to clear
    it, pass a value to replace it.
    """

    UNCHANGED = "unchanged"
    """Keep the field as it is; also spelled `gg.UNCHANGED`."""


UNCHANGED = Unchanged.UNCHANGED

from gg import board, docs, files, memories, programs, session, shell, skills, tasks, views  # noqa: E402

_sdk.guard_records(_sys.modules[__name__], board, docs, files, memories, programs, session, shell, skills, tasks, views)


def __getattr__(name):
    raise _sdk.unknown_name(_sys.modules[__name__], name)
