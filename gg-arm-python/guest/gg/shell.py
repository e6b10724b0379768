"""Run shell commands in the workspace."""

import sys as _sys
from dataclasses import dataclass as _dataclass

from wit_world.imports import shell as _wire

from gg import _sdk
from gg._sdk import operation

__all__ = ["ShellOutput", "run"]


@_dataclass(frozen=True)
class ShellOutput:
    """What a command left behind; a non-zero exit is a value, not an error."""

    exit_code: int
    """The exit status as a shell reports it: 124 when the timeout killed it, 128+N for signal N."""
    timed_out: bool
    """The timeout killed the command."""
    output: str
    """Its interleaved stdout and stderr (the tail, when long)."""
    truncated: bool
    """The output was cut to its tail."""


@operation("shell.run")
def run(command: str, timeout_secs: float | None = None) -> ShellOutput:
    """Run a command with /bin/sh in the workspace.

    The timeout is clamped to what is left of the run's budget and to one day.

    Args:
        command: The shell command line.
        timeout_secs: Seconds before the command is killed (default: the tool's own).

    Raises:
        ApiError: invalid-argument for a negative or non-finite timeout.
    """
    f = "run"
    timeout = None if timeout_secs is None else _sdk.number(f, "timeout_secs", timeout_secs)
    out = _sdk.call("shell.run", _wire.run, _sdk.text(f, "command", command), timeout)
    return ShellOutput(out.exit_code, out.timed_out, out.output, out.truncated)


def __getattr__(name):
    raise _sdk.unknown_name(_sys.modules[__name__], name)
