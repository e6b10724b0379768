"""End the session: finish it, or approve or request changes in a review."""

import sys as _sys

from wit_world.imports import session as _wire

from gg import _sdk
from gg._sdk import operation

__all__ = ["approve", "finish", "request_changes"]


@operation("session.finish")
def finish(summary: str) -> None:
    """End the session as finished once this program succeeds; the last ending set wins.

    Args:
        summary: What was done.

    Raises:
        ApiError: unavailable when this agent's session does not end by finishing.
    """
    _sdk.call("session.finish", _wire.finish, _sdk.text("finish", "summary", summary))


@operation("session.approve")
def approve() -> None:
    """End a review by approving the work once this program succeeds.

    Raises:
        ApiError: unavailable when this agent's session is not a review.
    """
    _sdk.call("session.approve", _wire.approve)


@operation("session.request_changes")
def request_changes(items: list[str]) -> None:
    """End a review by asking for changes once this program succeeds.

    Args:
        items: The changes asked for, one per item.

    Raises:
        ApiError: unavailable when this agent's session is not a review.
    """
    _sdk.call("session.request_changes", _wire.request_changes, _sdk.texts("request_changes", "items", items))


def __getattr__(name):
    raise _sdk.unknown_name(_sys.modules[__name__], name)
