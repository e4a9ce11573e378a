"""The operators of the sandboxed language over plain values, with size pre-checks.

``+`` and ``*`` on strings, lists and tuples check the length of the result, and ``*``
and ``**`` on integers its bit length, before anything is built; ``%`` on strings
(printf formatting) and the shift and matrix operators do not exist.
"""

from __future__ import annotations

import ast
import operator
from collections.abc import Callable
from typing import Any, Final

from kai_desktop.core.agent.values import EvalError, LimitExceeded, Meter, type_name

NUM: Final = (bool, int, float)
INT: Final = (bool, int)
SEQ: Final = (str, list, tuple)
_ARITH: Final[dict[type[ast.operator], Callable[[Any, Any], Any]]] = {
    ast.Sub: operator.sub, ast.Div: operator.truediv, ast.FloorDiv: operator.floordiv,
    ast.Mod: operator.mod, ast.BitAnd: operator.and_, ast.BitOr: operator.or_,
    ast.BitXor: operator.xor,
}  # fmt: skip


_COMPARE: Final[dict[type[ast.cmpop], Callable[[Any, Any], Any]]] = {
    ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Lt: operator.lt, ast.LtE: operator.le,
    ast.Gt: operator.gt, ast.GtE: operator.ge, ast.Is: operator.is_,
    ast.IsNot: operator.is_not,
}  # fmt: skip


def compare(op: ast.cmpop, left: Any, right: Any) -> bool:
    """One comparison of a chain; ``in`` needs a container on the right."""
    if isinstance(op, ast.In | ast.NotIn):
        if type(right) not in (str, list, tuple, dict, range):
            raise EvalError(
                f"'in' needs a str, list, tuple, dict or range on the right, "
                f"not {type_name(right)}"
            )
        return (left in right) == isinstance(op, ast.In)
    return bool(_COMPARE[type(op)](left, right))


def _too_big(meter: Meter) -> LimitExceeded:
    return LimitExceeded(f"an integer over {meter.limits.max_int_bits} bits is too large")


def unary(op: ast.unaryop, value: Any) -> Any:
    """``op value`` for numbers (``not`` for anything)."""
    if isinstance(op, ast.Not):
        return not value
    if type(value) not in (INT if isinstance(op, ast.Invert) else NUM):
        raise EvalError(f"bad operand type for unary operator: {type_name(value)}")
    if isinstance(op, ast.USub):
        return -value
    return ~value if isinstance(op, ast.Invert) else +value



def binop(op: ast.operator, a: Any, b: Any, meter: Meter) -> Any:
    """``a op b``, with the size of what it would build checked first."""
    ta, tb = type(a), type(b)
    if isinstance(op, ast.Add):
        if ta is tb and ta in SEQ:
            size = len(a) + len(b)
            meter.check_str(size) if ta is str else meter.check_items(size)
            return a + b
        if ta in NUM and tb in NUM:
            return meter.check_int(a + b)
    elif isinstance(op, ast.Mult):
        if ta in NUM and tb in NUM:
            if ta is not float and tb is not float and (
                abs(a).bit_length() + abs(b).bit_length() > meter.limits.max_int_bits + 1
            ):
                raise _too_big(meter)
            return meter.check_int(a * b)
        seq, times = (a, b) if ta in SEQ and tb in INT else (b, a)
        if type(seq) in SEQ and type(times) in INT:
            size = len(seq) * max(int(times), 0)
            meter.check_str(size) if type(seq) is str else meter.check_items(size)
            return seq * times
    elif isinstance(op, ast.Pow):
        if ta in NUM and tb in NUM:
            if ta in INT and tb in INT and b > 0 and abs(a) > 1 and (
                (abs(a).bit_length() - 1) * b > meter.limits.max_int_bits
            ):
                raise _too_big(meter)
            return meter.check_int(a**b)
    elif type(op) in _ARITH:
        if isinstance(op, ast.Mod) and ta is str:
            raise EvalError("% formatting is not allowed: use an f-string")
        allowed = INT if isinstance(op, ast.BitAnd | ast.BitOr | ast.BitXor) else NUM
        if ta in allowed and tb in allowed:
            return meter.check_int(_ARITH[type(op)](a, b))
    else:
        raise EvalError(f"the operator {type(op).__name__} is not allowed")
    raise EvalError(
        f"unsupported operand types for {type(op).__name__}: {type_name(a)} and {type_name(b)}"
    )
