"""The SDK's private machinery: the @operation registry, argument checks, and the wire calls.

Every public function of the gg package is a thin declaration over `call`: its arguments are
checked here (a wrong type is the program's TypeError, never a trap in the lowering) and a
failure the host returns becomes the ApiError the package declares.
"""

import builtins
import math

from componentize_py_types import Err

# operation id -> qualified name of the function that binds it, in declaration order.
_BOUND = {}

U32_MAX = 2**32 - 1


def operation(op_id):
    """Marks a function as the spelling of the gg operation `op_id` (one function per operation)."""

    def mark(fn):
        qualified = f"{fn.__module__}.{fn.__qualname__}"
        if op_id in _BOUND:
            raise RuntimeError(f"{op_id} is bound by both {_BOUND[op_id]} and {qualified}")
        _BOUND[op_id] = qualified
        fn.__gg_operation__ = op_id
        return fn

    return mark


def bound_operations():
    """Every operation id the package binds."""
    return builtins.list(_BOUND)


def call(op_id, fn, *args):
    """Calls the wire function `fn`; the host's error value is raised as the package's ApiError."""
    from gg import ApiError, ErrorCode

    # The arguments are checked above, so the binding's own guard (wire_check.py) is skipped.
    fn = getattr(fn, "__gg_unchecked__", fn)
    try:
        return fn(*args)
    except Err as err:
        wire = err.value
        raise ApiError(ErrorCode[wire.code.name], wire.operation, wire.message) from None


def _name(fn_name, arg):
    return f"{fn_name}() argument '{arg}'"


def text(fn_name, arg, value):
    """A `str` argument, encodable as UTF-8."""
    if not isinstance(value, str):
        raise TypeError(f"{_name(fn_name, arg)} must be str, not {type(value).__name__}")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as e:
        raise ValueError(f"{_name(fn_name, arg)} is not valid text: {e.reason} at index {e.start}") from None
    return value


def opt_text(fn_name, arg, value):
    return None if value is None else text(fn_name, arg, value)


def u32(fn_name, arg, value):
    """A non-negative integer that fits the wire's u32."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{_name(fn_name, arg)} must be int, not {type(value).__name__}")
    if not 0 <= value <= U32_MAX:
        raise ValueError(f"{_name(fn_name, arg)} must be between 0 and {U32_MAX}, not {value}")
    return value


def opt_u32(fn_name, arg, value):
    return None if value is None else u32(fn_name, arg, value)


def opt_flag(fn_name, arg, value):
    """An optional `bool` (None: the WIT's default, false)."""
    if value is not None and not isinstance(value, bool):
        raise TypeError(f"{_name(fn_name, arg)} must be bool, not {type(value).__name__}")
    return value


def number(fn_name, arg, value):
    """A real number, as the wire's f64 (the host judges its range)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{_name(fn_name, arg)} must be a number, not {type(value).__name__}")
    try:
        return float(value)
    except OverflowError:
        return math.inf if value > 0 else -math.inf


def _items(fn_name, arg, value, kind):
    """The items of an iterable argument, as a list. One this 32-bit interpreter cannot even hold
    (`range(2**32 - 1)` is longer than a list can be) is the program's ValueError, not the
    OverflowError or MemoryError that building it would raise."""
    try:
        return builtins.list(value)
    except TypeError:
        raise TypeError(f"{_name(fn_name, arg)} must be a list of {kind}, not {type(value).__name__}") from None
    except (OverflowError, MemoryError):
        raise ValueError(f"{_name(fn_name, arg)} has too many items to be a list") from None


def texts(fn_name, arg, value):
    """A list of `str` (any iterable but a lone str)."""
    if isinstance(value, (str, bytes)):
        raise TypeError(f"{_name(fn_name, arg)} must be a list of str, not a single {type(value).__name__}")
    items = _items(fn_name, arg, value, "str")
    return [text(fn_name, f"{arg}[{i}]", v) for i, v in enumerate(items)]


def u32s(fn_name, arg, value):
    """A list of u32 (any iterable)."""
    items = _items(fn_name, arg, value, "int")
    return [u32(fn_name, f"{arg}[{i}]", v) for i, v in enumerate(items)]


def choice(fn_name, arg, value, enum, wire_enum):
    """A member of the package's `enum`, or its value as a string (`"in-progress"`), as the wire's
    enum member of the same name."""
    if isinstance(value, str) and not isinstance(value, enum):
        member = next((m for m in enum if m.value == value), None)
        if member is None:
            values = ", ".join(repr(m.value) for m in enum)
            raise ValueError(f"{_name(fn_name, arg)} must be one of {values}, not {value!r}")
        value = member
    if not isinstance(value, enum):
        raise TypeError(
            f"{_name(fn_name, arg)} must be a {enum.__module__}.{enum.__qualname__} member, not {value!r}"
        )
    return wire_enum[value.name]


def opt_choice(fn_name, arg, value, enum, wire_enum):
    return None if value is None else choice(fn_name, arg, value, enum, wire_enum)


def reject_clear(fn_name, arg, value):
    """A patch argument that can be kept or replaced but not cleared."""
    if value is None:
        raise ValueError(f"{_name(fn_name, arg)} cannot be cleared; leave it out to keep it")
    return value


def unchanged(value):
    from gg import UNCHANGED

    return value is UNCHANGED


def text_edit(fn_name, arg, value):
    """A clearable patch argument as the wire's three states: UNCHANGED keeps, None clears."""
    from wit_world.imports import types

    if unchanged(value):
        return types.TextEdit_Keep()
    if value is None:
        return types.TextEdit_Clear()
    return types.TextEdit_Set(text(fn_name, arg, value))


def unknown_name(module, name):
    """The AttributeError for a name a gg module does not declare, listing what it does."""
    declared = ", ".join(sorted(n for n in getattr(module, "__all__", ()) if not n.startswith("_")))
    return AttributeError(
        f"module '{module.__name__}' has no attribute '{name}'; it declares: {declared}",
        name=name,
        obj=module,
    )


def _missing_field(self, name):
    """The AttributeError for a field a gg record does not have, listing the ones it has."""
    import dataclasses

    if name.startswith("__"):
        raise AttributeError(name)
    has = ", ".join(f.name for f in dataclasses.fields(self))
    raise AttributeError(
        f"'{type(self).__name__}' has no field '{name}'; its fields: {has}",
        name=name,
        obj=self,
    )


def guard_records(*modules):
    """Gives every record (dataclass) the modules declare the missing-field error above."""
    import dataclasses

    for module in modules:
        for name in getattr(module, "__all__", ()):
            cls = getattr(module, name, None)
            if isinstance(cls, type) and dataclasses.is_dataclass(cls):
                cls.__getattr__ = _missing_field
