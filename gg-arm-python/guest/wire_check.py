"""Holds every argument of the generated bindings (`wit_world.imports.*`) to its WIT type.

componentize-py lowers a Python value into the component's canonical form in Rust, and a value of
the wrong type or range there (`files.read_file(123, ...)`, a u32 of -1, a str with a lone
surrogate) is a panic, which traps the instance: the program loses everything it was doing and
reads a Rust backtrace. So every imported function is replaced, at bake time, by one that checks
its arguments against `wire_spec.py` (generated from the WIT by build.rs) first and raises what the
host raises for a refused call: `Err(ApiError(invalid-argument, ...))`, naming the argument, and
tells the host (`feedback.refused_call`), which records the call as one it refused.

The gg package checks its own arguments (its wrong types are the program's TypeError), then calls
the unchecked function (`unchecked`), so a call through the SDK is checked once.
"""

import builtins
import importlib
import json

import wire_spec
from componentize_py_types import Err

_RANGES = {
    "u8": (0, 2**8 - 1),
    "u16": (0, 2**16 - 1),
    "u32": (0, 2**32 - 1),
    "u64": (0, 2**64 - 1),
    "s8": (-(2**7), 2**7 - 1),
    "s16": (-(2**15), 2**15 - 1),
    "s32": (-(2**31), 2**31 - 1),
    "s64": (-(2**63), 2**63 - 1),
}


class _Refused(Exception):
    pass


def _camel(name):
    return "".join(w[:1].upper() + w[1:] for w in name.split("-"))


def _snake(name):
    return name.replace("-", "_")


def _module(iface):
    return importlib.import_module(f"wit_world.imports.{_snake(iface)}")


def _what(value):
    return type(value).__name__


class _Checker:
    """Checks (and, where the binding needs it, converts) a value of one WIT type."""

    def __init__(self):
        self._classes = {}

    def named(self, key):
        """The generated class of a record or enum, or of each case of a variant."""
        found = self._classes.get(key)
        if found is None:
            kind, iface, name, members = wire_spec.TYPES[key]
            module = _module(iface)
            if kind == "variant":
                found = {case: getattr(module, f"{_camel(name)}_{_camel(case)}") for case, _ in members}
            else:
                found = getattr(module, _camel(name))
            self._classes[key] = found
        return found

    def check(self, ty, value, path):
        kind = ty[0]
        if kind == "string":
            if not isinstance(value, str):
                raise _Refused(f"{path} must be str, not {_what(value)}")
            try:
                value.encode("utf-8")
            except UnicodeEncodeError as e:
                raise _Refused(f"{path} is not valid text: {e.reason} at index {e.start}") from None
            return value
        if kind in _RANGES:
            if isinstance(value, bool) or not isinstance(value, int):
                raise _Refused(f"{path} must be int, not {_what(value)}")
            low, high = _RANGES[kind]
            if not low <= value <= high:
                raise _Refused(f"{path} must be between {low} and {high}, not {value}")
            return int(value)
        if kind in ("f32", "f64"):
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise _Refused(f"{path} must be a number, not {_what(value)}")
            try:
                return float(value)
            except OverflowError:
                raise _Refused(f"{path} is too large for a float") from None
        if kind == "bool":
            if not isinstance(value, bool):
                raise _Refused(f"{path} must be bool, not {_what(value)}")
            return value
        if kind == "char":
            if not isinstance(value, str) or len(value) != 1:
                raise _Refused(f"{path} must be a str of one character, not {value!r:.40}")
            return self.check(("string",), value, path)
        if kind == "option":
            return None if value is None else self.check(ty[1], value, path)
        if kind == "list":
            if not isinstance(value, (builtins.list, tuple)):
                raise _Refused(f"{path} must be a list, not {_what(value)}")
            return [self.check(ty[1], item, f"{path}[{i}]") for i, item in enumerate(value)]
        if kind == "named":
            return self.check_named(ty[1], value, path)
        raise _Refused(f"{path}: gg cannot check a {kind}")

    def check_named(self, key, value, path):
        kind, iface, name, members = wire_spec.TYPES[key]
        found = self.named(key)
        spelled = f"wit_world.imports.{_snake(iface)}.{_camel(name)}"
        if kind == "record":
            if not isinstance(value, found):
                raise _Refused(f"{path} must be a {spelled}, not {_what(value)}")
            fields = [self.check(t, getattr(value, _snake(f)), f"{path}.{_snake(f)}") for f, t in members]
            return found(*fields)
        if kind == "enum":
            if not isinstance(value, found):
                raise _Refused(f"{path} must be a {spelled} member, not {value!r:.60}")
            return value
        for case, payload in members:
            if isinstance(value, found[case]):
                if payload is None:
                    return value
                return found[case](self.check(payload, value.value, f"{path}.value"))
        cases = ", ".join(f"{spelled}_{_camel(c)}" for c, _ in members)
        raise _Refused(f"{path} must be one of {cases}, not {_what(value)}")


_CHECKER = _Checker()


def _guarded(iface, name, params, fn):
    op = f"{_snake(iface)}.{_snake(name)}"

    def guarded(*args, **kwargs):
        from wit_world.imports import types

        try:
            bound = _bind(params, args, kwargs, fn.__name__)
            checked = [_CHECKER.check(t, bound[i], _snake(p)) for i, (p, t) in enumerate(params)]
        except _Refused as refused:
            _tell_host(op, bound, str(refused))
            raise Err(types.ApiError(types.ErrorCode.INVALID_ARGUMENT, op, str(refused))) from None
        return fn(*checked)

    guarded.__name__ = guarded.__qualname__ = fn.__name__
    guarded.__doc__ = fn.__doc__
    guarded.__annotations__ = getattr(fn, "__annotations__", {})
    guarded.__module__ = fn.__module__
    guarded.__gg_unchecked__ = fn
    return guarded


def _tell_host(op, values, message):
    """Records the refused call in the host's record, its arguments described by their types."""
    from wit_world.imports import feedback

    message = "".join("\ufffd" if "\ud800" <= c <= "\udfff" else c for c in message)
    unchecked(feedback.refused_call)(op, json.dumps([_what(v) for v in values]), message)


def _bind(params, args, kwargs, fn_name):
    """The arguments in parameter order, as Python would bind them (a missing or extra one is the
    program's TypeError, as calling the binding itself would be)."""
    names = [_snake(p) for p, _ in params]
    if len(args) > len(names):
        raise TypeError(f"{fn_name}() takes {len(names)} positional arguments but {len(args)} were given")
    bound = builtins.list(args)
    for name in names[len(args):]:
        if name not in kwargs:
            raise TypeError(f"{fn_name}() missing required argument: '{name}'")
        bound.append(kwargs.pop(name))
    if kwargs:
        raise TypeError(f"{fn_name}() got an unexpected keyword argument '{next(iter(kwargs))}'")
    return bound


def install():
    """Replaces every imported function of the generated bindings by its guarded form (once)."""
    for iface, name, params in wire_spec.FUNCTIONS:
        module = _module(iface)
        fn = getattr(module, _snake(name))
        if getattr(fn, "__gg_unchecked__", None) is not None:
            continue
        setattr(module, _snake(name), _guarded(iface, name, params, fn))
    # Every named type resolves now, at bake time: a spelling the bindings do not have fails the
    # build rather than a program.
    for key in wire_spec.TYPES:
        _CHECKER.named(key)


def unchecked(fn):
    """The binding behind a guarded function, for a caller that has checked its arguments."""
    return getattr(fn, "__gg_unchecked__", fn)
