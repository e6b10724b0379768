"""Read the skills the agent was given."""

import sys as _sys

from wit_world.imports import skills as _wire

from gg import _sdk
from gg._sdk import operation

__all__ = ["read"]


@operation("skills.read")
def read(name: str) -> str:
    """Read a skill's body (text); its code, if any, binds as `lib.<name>` from the next program on.

    Args:
        name: The skill's name.

    Raises:
        ApiError: not-found when there is no such skill.
    """
    return _sdk.call("skills.read", _wire.read, _sdk.text("read", "name", name))


def __getattr__(name):
    raise _sdk.unknown_name(_sys.modules[__name__], name)
