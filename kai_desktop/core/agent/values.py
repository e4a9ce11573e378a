"""Values of the sandboxed language: the meter that bounds them, safe text forms, builtins.

Values are only ``None``, ``bool``, ``int``, ``float``, ``str``, ``list``, ``tuple``,
``dict`` and ``range``: exact built-in types, whose methods run no code of the program.
Every operation that can grow a value checks the result's size *before* building it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, Final, TypeVar

from kai_desktop.core.agent.limits import Limits

_T = TypeVar("_T")
_SCALARS: Final = (type(None), bool, int, float, str)
_SIZED: Final = (str, list, tuple, dict, range)


class EvalError(Exception):
    """A program failed; the message is for the model (the line is added by the caller)."""


class LimitExceeded(EvalError):
    """A program hit one of its limits."""


class Meter:
    """Counts the steps and the allocation of one run and enforces the limits."""

    def __init__(self, limits: Limits, clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = limits
        self.steps = 0
        self.allocated = 0
        self._clock = clock
        self._deadline = clock() + limits.deadline_s

    def tick(self) -> None:
        self.steps += 1
        if self.steps > self.limits.max_steps:
            raise LimitExceeded(f"the program ran over {self.limits.max_steps} steps")
        if not self.steps & 1023 and self._clock() > self._deadline:
            raise LimitExceeded(f"the program ran past its {self.limits.deadline_s:g} s limit")

    def charge(self, n: int) -> None:
        self.allocated += n
        if self.allocated > self.limits.max_alloc:
            raise LimitExceeded(
                f"the program built over {self.limits.max_alloc} characters and items in total"
            )

    def check_str(self, n: int) -> None:
        if n > self.limits.max_str:
            raise LimitExceeded(
                f"a string of {n} characters is over the limit of {self.limits.max_str}"
            )
        self.charge(n)

    def check_items(self, n: int) -> None:
        if n > self.limits.max_items:
            raise LimitExceeded(f"{n} items are over the limit of {self.limits.max_items}")
        self.charge(n)

    def check_int(self, value: _T) -> _T:
        if isinstance(value, int) and value.bit_length() > self.limits.max_int_bits:
            raise LimitExceeded(f"an integer over {self.limits.max_int_bits} bits is too large")
        return value

    def check_sized(self, value: Any) -> Any:
        """Check the size of a freshly built value; return it."""
        if type(value) is str:
            self.check_str(len(value))
        elif type(value) in (list, tuple, dict):
            self.check_items(len(value))
        else:
            self.check_int(value)
        return value


def type_name(value: Any) -> str:
    return type(value).__name__


def is_value(value: Any) -> bool:
    return type(value) in (*_SCALARS, list, tuple, dict, range)


def safe_repr(value: Any, limit: int, *, strict: bool = False) -> str:
    """``repr`` of a value built within ``limit`` characters, 20 levels deep at most.

    Shared and deep structures cost at most ``limit``: past it the text ends with ``…``,
    or ``strict`` raises :class:`LimitExceeded`.
    """
    parts: list[str] = []
    budget = [limit]

    def put(text: str) -> None:
        if len(text) > budget[0]:
            if strict:
                raise LimitExceeded(f"the text form is over the limit of {limit} characters")
            parts.append(text[: max(budget[0], 0)])
            budget[0] = -1
            raise _Full
        parts.append(text)
        budget[0] -= len(text)

    def walk(v: Any, depth: int) -> None:
        kind = type(v)
        if kind is str:
            put(repr(v[: budget[0] + 2]) if len(v) > budget[0] + 2 and not strict else repr(v))
        elif kind in (type(None), bool, float):
            put(repr(v))
        elif kind is int:
            put(repr(v) if v.bit_length() <= 4096 else "<int too large>")
        elif kind is range:
            put(repr(v))
        elif kind in (list, tuple, dict):
            if depth >= 20:
                put("...")
                return
            brackets = "[]" if kind is list else "()" if kind is tuple else "{}"
            open_, close = brackets[0], brackets[1]
            put(open_)
            items = v.items() if kind is dict else v
            for i, item in enumerate(items):
                if i:
                    put(", ")
                if kind is dict:
                    walk(item[0], depth + 1)
                    put(": ")
                    walk(item[1], depth + 1)
                else:
                    walk(item, depth + 1)
            if kind is tuple and len(v) == 1:
                put(",")
            put(close)
        else:
            put(f"<{kind.__name__}>")

    try:
        walk(value, 0)
    except _Full:
        parts.append("…")
    return "".join(parts)


class _Full(Exception):
    pass


def safe_str(value: Any, meter: Meter) -> str:
    """``str(value)`` for a program: strings as they are, other values as safe_repr."""
    if type(value) is str:
        return value
    if type(value) is int:
        meter.check_int(value)
        return str(value)
    text = safe_repr(value, meter.limits.max_str, strict=True)
    meter.charge(len(text))
    return text


def sized(value: Any, what: str) -> Any:
    """Raise unless ``value`` is one of the finite iterables the language has."""
    if type(value) not in _SIZED:
        raise EvalError(f"{what} needs a str, list, tuple, dict or range, not {type_name(value)}")
    return value


def items_of(value: Any, what: str, meter: Meter) -> list[Any]:
    """A fresh list of the elements of a finite iterable (dict: its keys), size-checked."""
    sized(value, what)
    if type(value) is range and len(value) > meter.limits.max_range:
        raise LimitExceeded(f"range() of {len(value)} numbers is over {meter.limits.max_range}")
    meter.check_items(len(value))
    return list(value)


def iterate(value: Any, meter: Meter) -> Any:
    """What a for loop walks over: a snapshot, so growing a list in its own loop ends."""
    sized(value, "for")
    if type(value) in (str, range, tuple):
        if type(value) is range and len(value) > meter.limits.max_range:
            raise LimitExceeded(f"range() of {len(value)} numbers is over {meter.limits.max_range}")
        return value
    meter.charge(len(value))
    return list(value)
