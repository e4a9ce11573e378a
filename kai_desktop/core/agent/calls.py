"""The builtins and the allowed methods of the sandboxed language, with size pre-checks.

Each builtin takes the evaluated positional and keyword arguments and the run's
:class:`~kai_desktop.core.agent.values.Meter`; none of them takes a callable, so no
builtin ever runs code of the program or reaches an object's attributes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from kai_desktop.core.agent.language import DICT_METHODS, LIST_METHODS, STR_METHODS
from kai_desktop.core.agent.values import (
    EvalError,
    LimitExceeded,
    Meter,
    items_of,
    safe_repr,
    safe_str,
    sized,
    type_name,
)

Builtin = Callable[[list[Any], dict[str, Any], Meter], Any]
_NUMBERS: Final = (bool, int, float)


def _no_kwargs(name: str, kwargs: dict[str, Any], allowed: tuple[str, ...] = ()) -> None:
    for key in kwargs:
        if key not in allowed:
            raise EvalError(f"{name}() got an unexpected keyword argument {key!r}")


def _arity(name: str, args: list[Any], low: int, high: int) -> None:
    if not low <= len(args) <= high:
        want = str(low) if low == high else f"{low} to {high}"
        raise EvalError(f"{name}() takes {want} arguments ({len(args)} given)")


def _print(args: list[Any], kwargs: dict[str, Any], meter: Meter) -> str:
    _no_kwargs("print", kwargs, ("sep", "end"))
    sep, end = kwargs.get("sep", " "), kwargs.get("end", "\n")
    if type(sep) is not str or type(end) is not str:
        raise EvalError("print() sep and end must be strings")
    return sep.join(safe_str(a, meter) for a in args) + end


def _len(args: list[Any], kwargs: dict[str, Any], _meter: Meter) -> int:
    _no_kwargs("len", kwargs)
    _arity("len", args, 1, 1)
    return len(sized(args[0], "len()"))


def _str(args: list[Any], kwargs: dict[str, Any], meter: Meter) -> str:
    _no_kwargs("str", kwargs)
    _arity("str", args, 0, 1)
    return safe_str(args[0], meter) if args else ""


def _repr(args: list[Any], kwargs: dict[str, Any], meter: Meter) -> str:
    _no_kwargs("repr", kwargs)
    _arity("repr", args, 1, 1)
    text = safe_repr(args[0], meter.limits.max_str, strict=True)
    meter.charge(len(text))
    return text


def _int(args: list[Any], kwargs: dict[str, Any], meter: Meter) -> int:
    _no_kwargs("int", kwargs)
    _arity("int", args, 0, 2)
    if not args:
        return 0
    value = args[0]
    if type(value) not in (str, bool, int, float):
        raise EvalError(f"int() needs a number or a string, not {type_name(value)}")
    if type(value) is str and len(value) > 4000:
        raise LimitExceeded("int() of a string over 4000 characters is too large")
    if len(args) == 2:
        if type(value) is not str or type(args[1]) is not int:
            raise EvalError("int(text, base) needs a string and an integer base")
        return meter.check_int(int(value, args[1]))
    return meter.check_int(int(value))


def _float(args: list[Any], kwargs: dict[str, Any], _meter: Meter) -> float:
    _no_kwargs("float", kwargs)
    _arity("float", args, 0, 1)
    if not args:
        return 0.0
    if type(args[0]) not in (str, bool, int, float):
        raise EvalError(f"float() needs a number or a string, not {type_name(args[0])}")
    if type(args[0]) is str and len(args[0]) > 4000:
        raise LimitExceeded("float() of a string over 4000 characters is too long")
    return float(args[0])


def _bool(args: list[Any], kwargs: dict[str, Any], _meter: Meter) -> bool:
    _no_kwargs("bool", kwargs)
    _arity("bool", args, 0, 1)
    return bool(args[0]) if args else False


def _list(args: list[Any], kwargs: dict[str, Any], meter: Meter) -> list[Any]:
    _no_kwargs("list", kwargs)
    _arity("list", args, 0, 1)
    return items_of(args[0], "list()", meter) if args else []


def _tuple(args: list[Any], kwargs: dict[str, Any], meter: Meter) -> tuple[Any, ...]:
    _no_kwargs("tuple", kwargs)
    _arity("tuple", args, 0, 1)
    return tuple(items_of(args[0], "tuple()", meter)) if args else ()


def _dict(args: list[Any], kwargs: dict[str, Any], meter: Meter) -> dict[Any, Any]:
    _arity("dict", args, 0, 1)
    source: Any = args[0] if args else {}
    if type(source) is dict:
        result = dict(source)
    else:
        result = {}
        for pair in items_of(source, "dict()", meter):
            if type(pair) not in (list, tuple) or len(pair) != 2:
                raise EvalError("dict() needs a dict or a list of (key, value) pairs")
            result[pair[0]] = pair[1]
    result.update(kwargs)
    meter.check_items(len(result))
    return result


def _range(args: list[Any], kwargs: dict[str, Any], meter: Meter) -> range:
    _no_kwargs("range", kwargs)
    _arity("range", args, 1, 3)
    if any(type(a) not in (int, bool) for a in args):
        raise EvalError("range() needs integers")
    result = range(*args)
    if len(result) > meter.limits.max_range:
        raise LimitExceeded(f"range() of {len(result)} numbers is over {meter.limits.max_range}")
    return result


def _extreme(name: str, pick: Callable[..., Any]) -> Builtin:
    def run(args: list[Any], kwargs: dict[str, Any], meter: Meter) -> Any:
        _no_kwargs(name, kwargs, ("default",))
        values = items_of(args[0], f"{name}()", meter) if len(args) == 1 else list(args)
        if not values:
            if "default" in kwargs:
                return kwargs["default"]
            raise EvalError(f"{name}() of an empty sequence")
        return pick(values)

    return run


def _sum(args: list[Any], kwargs: dict[str, Any], meter: Meter) -> Any:
    _no_kwargs("sum", kwargs, ("start",))
    _arity("sum", args, 1, 2)
    total = args[1] if len(args) == 2 else kwargs.get("start", 0)
    values = items_of(args[0], "sum()", meter)
    if type(total) not in _NUMBERS or any(type(v) not in _NUMBERS for v in values):
        raise EvalError("sum() adds numbers only; use ''.join() for strings")
    for value in values:
        total = meter.check_int(total + value)
    return total


def _sorted(args: list[Any], kwargs: dict[str, Any], meter: Meter) -> list[Any]:
    _no_kwargs("sorted", kwargs, ("reverse",))
    _arity("sorted", args, 1, 1)
    return sorted(items_of(args[0], "sorted()", meter), reverse=bool(kwargs.get("reverse")))


def _reversed(args: list[Any], kwargs: dict[str, Any], meter: Meter) -> list[Any]:
    _no_kwargs("reversed", kwargs)
    _arity("reversed", args, 1, 1)
    return items_of(args[0], "reversed()", meter)[::-1]


def _enumerate(args: list[Any], kwargs: dict[str, Any], meter: Meter) -> list[Any]:
    _no_kwargs("enumerate", kwargs, ("start",))
    _arity("enumerate", args, 1, 2)
    start = args[1] if len(args) == 2 else kwargs.get("start", 0)
    if type(start) is not int:
        raise EvalError("enumerate() start must be an integer")
    return list(enumerate(items_of(args[0], "enumerate()", meter), meter.check_int(start)))


def _zip(args: list[Any], kwargs: dict[str, Any], meter: Meter) -> list[Any]:
    _no_kwargs("zip", kwargs)
    columns = [items_of(a, "zip()", meter) for a in args]
    return list(zip(*columns, strict=False))


def _abs(args: list[Any], kwargs: dict[str, Any], _meter: Meter) -> Any:
    _no_kwargs("abs", kwargs)
    _arity("abs", args, 1, 1)
    if type(args[0]) not in _NUMBERS:
        raise EvalError(f"abs() needs a number, not {type_name(args[0])}")
    return abs(args[0])


def _round(args: list[Any], kwargs: dict[str, Any], _meter: Meter) -> Any:
    _no_kwargs("round", kwargs)
    _arity("round", args, 1, 2)
    if type(args[0]) not in _NUMBERS or (len(args) == 2 and type(args[1]) not in (int, bool)):
        raise EvalError("round() needs a number and an optional integer")
    if len(args) == 2 and abs(args[1]) > 1000:
        raise LimitExceeded("round() to over 1000 digits is not allowed")
    return round(*args)


def _any(args: list[Any], kwargs: dict[str, Any], meter: Meter) -> bool:
    _no_kwargs("any", kwargs)
    _arity("any", args, 1, 1)
    return any(items_of(args[0], "any()", meter))


def _all(args: list[Any], kwargs: dict[str, Any], meter: Meter) -> bool:
    _no_kwargs("all", kwargs)
    _arity("all", args, 1, 1)
    return all(items_of(args[0], "all()", meter))


BUILTINS: Final[dict[str, Builtin]] = {
    "print": _print, "len": _len, "str": _str, "repr": _repr, "int": _int, "float": _float,
    "bool": _bool, "list": _list, "tuple": _tuple, "dict": _dict, "range": _range,
    "min": _extreme("min", min), "max": _extreme("max", max), "sum": _sum,
    "sorted": _sorted, "reversed": _reversed, "enumerate": _enumerate, "zip": _zip,
    "abs": _abs, "round": _round, "any": _any, "all": _all,
}  # fmt: skip

_METHODS: Final[dict[type, frozenset[str]]] = {
    str: STR_METHODS, list: LIST_METHODS, dict: DICT_METHODS,
}  # fmt: skip


def call_method(obj: Any, name: str, args: list[Any], kwargs: dict[str, Any], meter: Meter) -> Any:
    """Call an allowed method of a str, list or dict after checking what it would build."""
    kind = type(obj)
    allowed = _METHODS.get(kind)
    if allowed is None or name not in allowed:
        raise EvalError(f"{type_name(obj)} has no method .{name}() in this language")
    if kind is str:
        _precheck_str(obj, name, args, kwargs, meter)
    elif kind is list:
        _precheck_list(obj, name, args, kwargs, meter)
    elif name in ("update", "setdefault"):
        extra = len(args[0]) if args and type(args[0]) is dict else 1
        meter.check_items(len(obj) + extra + len(kwargs))
        if name == "update" and args and type(args[0]) is not dict:
            raise EvalError("dict.update() takes a dict")
    result = getattr(obj, name)(*args, **kwargs)
    if name in ("keys", "values", "items"):
        result = list(result)
    return meter.check_sized(result) if type(result) in (str, list, dict, int) else result


def _precheck_str(
    text: str, name: str, args: list[Any], kwargs: dict[str, Any], meter: Meter
) -> None:
    if kwargs and name not in ("split", "rsplit", "splitlines"):
        raise EvalError(f"str.{name}() takes no keyword arguments here")
    if name == "replace":
        if len(args) < 2 or type(args[0]) is not str or type(args[1]) is not str:
            raise EvalError("str.replace() needs two strings")
        old, new = args[0], args[1]
        hits = text.count(old) if old else len(text) + 1
        if len(args) > 2 and type(args[2]) is int and args[2] >= 0:
            hits = min(hits, args[2])
        meter.check_str(len(text) + hits * (len(new) - len(old)))
    elif name == "join":
        if len(args) != 1:
            raise EvalError("str.join() takes one list")
        parts = items_of(args[0], "str.join()", meter)
        if any(type(p) is not str for p in parts):
            raise EvalError("str.join() joins strings only")
        meter.check_str(sum(map(len, parts)) + len(text) * max(len(parts) - 1, 0))
    elif name in ("ljust", "rjust", "center", "zfill"):
        if not args or type(args[0]) is not int:
            raise EvalError(f"str.{name}() needs an integer width")
        meter.check_str(args[0])


def _precheck_list(
    items: list[Any], name: str, args: list[Any], kwargs: dict[str, Any], meter: Meter
) -> None:
    if name == "sort":
        _no_kwargs("list.sort", kwargs, ("reverse",))
        if args:
            raise EvalError("list.sort() takes only reverse=")
    elif kwargs:
        raise EvalError(f"list.{name}() takes no keyword arguments")
    if name in ("index", "remove") and args and args[0] not in items:
        # Checked here so the error never carries a repr of a program value.
        raise EvalError(f"list.{name}(): the value is not in the list")
    if name in ("append", "insert"):
        meter.check_items(len(items) + 1)
    elif name == "extend":
        if len(args) != 1:
            raise EvalError("list.extend() takes one list")
        meter.check_items(len(items) + len(items_of(args[0], "list.extend()", meter)))
