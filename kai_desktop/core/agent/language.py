"""The language a model's program may use, checked on its syntax tree before it runs.

Accepted: assignments (to names, tuples of names and subscripts), ``if``, ``for`` (with
``break``/``continue``), ``del`` of names and items, expressions of literals, names,
arithmetic, comparisons, boolean logic, subscripts, f-strings whose format specs are
constant, list/dict comprehensions and generator expressions (evaluated eagerly over
finite values), calls to the memory tools, to a few pure builtins and to an allow-list of
``str``/``list``/``dict`` methods.

Everything else is refused with a message that names the construct: imports, ``def``,
``class``, ``lambda``, ``try``, ``while``, ``match``, ``with``, ``global``/``nonlocal``,
``yield``/``await``, ``raise``, ``assert``, walrus, starred expressions, sets, bytes,
attribute access other than an allowed method call, every name starting with ``_``,
tool and builtin names used as values or rebound, ``str.format``/``format_map`` and ``%``
formatting. Tools and builtins are never values, so nothing can reach their attributes.
"""

from __future__ import annotations

import ast
import re
from typing import Final

from kai_desktop.core.agent.limits import Limits

TOOL_NAMES: Final = frozenset(
    {
        "create_file", "update_file", "read_file", "delete_file", "list_files",
        "check_if_file_exists", "check_if_dir_exists", "create_dir", "get_size",
        "go_to_link", "search",
    }
)  # fmt: skip

BUILTIN_NAMES: Final = frozenset(
    {
        "print", "len", "str", "repr", "int", "float", "bool", "list", "tuple", "dict",
        "range", "min", "max", "sum", "sorted", "reversed", "enumerate", "zip", "abs",
        "round", "any", "all",
    }
)  # fmt: skip

STR_METHODS: Final = frozenset(
    {
        "lower", "upper", "strip", "lstrip", "rstrip", "split", "rsplit", "splitlines",
        "join", "replace", "startswith", "endswith", "find", "rfind", "count", "title",
        "capitalize", "isdigit", "isalpha", "isalnum", "isspace", "islower", "isupper",
        "partition", "rpartition", "removeprefix", "removesuffix", "zfill", "ljust",
        "rjust", "center",
    }
)  # fmt: skip
LIST_METHODS: Final = frozenset(
    {"append", "extend", "insert", "pop", "remove", "index", "count", "sort", "reverse",
     "copy", "clear"}
)  # fmt: skip
DICT_METHODS: Final = frozenset(
    {"get", "keys", "values", "items", "pop", "setdefault", "update", "copy", "clear"}
)
ALL_METHODS: Final = STR_METHODS | LIST_METHODS | DICT_METHODS

_REFUSED: Final[dict[type[ast.AST], str]] = {
    ast.Import: "import is not allowed: only the memory tools and a few builtins exist",
    ast.ImportFrom: "import is not allowed: only the memory tools and a few builtins exist",
    ast.FunctionDef: "def is not allowed: write the steps out",
    ast.AsyncFunctionDef: "def is not allowed: write the steps out",
    ast.ClassDef: "class is not allowed",
    ast.Lambda: "lambda is not allowed",
    ast.Try: "try is not allowed: a failing call stops the program and you see the error",
    ast.While: "while is not allowed: use for over a list or range()",
    ast.Match: "match is not allowed: use if/elif",
    ast.With: "with is not allowed",
    ast.AsyncWith: "with is not allowed",
    ast.AsyncFor: "async for is not allowed",
    ast.Global: "global is not allowed",
    ast.Nonlocal: "nonlocal is not allowed",
    ast.Yield: "yield is not allowed",
    ast.YieldFrom: "yield is not allowed",
    ast.Await: "await is not allowed",
    ast.Raise: "raise is not allowed",
    ast.Assert: "assert is not allowed: use if and print()",
    ast.NamedExpr: "the walrus operator := is not allowed",
    ast.Starred: "starred expressions (*x) are not allowed",
    ast.Set: "sets are not allowed: use a list",
    ast.SetComp: "set comprehensions are not allowed: use a list",
    ast.Return: "return is not allowed outside a function",
}
if hasattr(ast, "TryStar"):
    _REFUSED[ast.TryStar] = "try is not allowed"

_ALLOWED: Final = frozenset(
    {
        ast.Module, ast.Expr, ast.Assign, ast.AugAssign, ast.If, ast.For, ast.Break,
        ast.Continue, ast.Pass, ast.Delete,
        ast.BoolOp, ast.BinOp, ast.UnaryOp, ast.Compare, ast.IfExp, ast.Call, ast.Constant,
        ast.JoinedStr, ast.FormattedValue, ast.List, ast.Tuple, ast.Dict, ast.Subscript,
        ast.Slice, ast.Name, ast.Attribute, ast.ListComp, ast.DictComp, ast.GeneratorExp,
        ast.comprehension, ast.keyword,
        ast.Load, ast.Store, ast.Del, ast.And, ast.Or,
        ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Mod, ast.Pow,
        ast.BitAnd, ast.BitOr, ast.BitXor,
        ast.Not, ast.USub, ast.UAdd, ast.Invert,
        ast.Eq, ast.NotEq, ast.Lt, ast.LtE, ast.Gt, ast.GtE, ast.In, ast.NotIn, ast.Is,
        ast.IsNot,
    }
)  # fmt: skip

_OPERATOR_NAMES: Final[dict[type[ast.AST], str]] = {
    ast.LShift: "<<", ast.RShift: ">>", ast.MatMult: "@",
}  # fmt: skip

# A standard format spec with small width and precision: no nested fields, no attributes.
SAFE_FORMAT_SPEC: Final = re.compile(
    r"(?:.?[<>=^])?[+\- ]?z?#?0?(?:\d{1,4})?[,_]?(?:\.\d{1,4})?[bcdeEfFgGnosxX%]?\Z", re.S
)
_CONSTANT_TYPES: Final = (str, int, float, bool, type(None))


class SandboxViolation(Exception):
    """The program uses something outside the language; the message says what and where."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(f"line {line}: {message}" if line else message)
        self.line = line


def check_program(source: str, limits: Limits | None = None) -> ast.Module:
    """Parse ``source`` and check it against the language; raise SandboxViolation if not."""
    limits = limits or Limits()
    if not isinstance(source, str):
        raise SandboxViolation("the program must be text")
    if len(source) > limits.max_source_chars:
        raise SandboxViolation(
            f"the program is {len(source)} characters long; the limit is "
            f"{limits.max_source_chars}"
        )
    if "\x00" in source:
        raise SandboxViolation("the program contains a NUL character")
    try:
        tree = ast.parse(source, mode="exec")
    except SyntaxError as exc:
        raise SandboxViolation(f"syntax error: {exc.msg}", exc.lineno) from None
    except (RecursionError, MemoryError, ValueError, OverflowError):
        raise SandboxViolation("the program is nested too deeply to read") from None
    _check_tree(tree, limits)
    return tree


def _check_tree(tree: ast.Module, limits: Limits) -> None:
    call_funcs: set[int] = set()
    stack: list[tuple[ast.AST, int]] = [(tree, 0)]
    count = 0
    while stack:
        node, depth = stack.pop()
        count += 1
        if count > limits.max_ast_nodes:
            raise SandboxViolation(
                f"the program is too long (over {limits.max_ast_nodes} syntax nodes)"
            )
        line = getattr(node, "lineno", None)
        if depth > limits.max_ast_depth:
            raise SandboxViolation("the program is nested too deeply", line)
        _check_node(node, line, call_funcs)
        if isinstance(node, ast.Call):
            call_funcs.add(id(node.func))
        if isinstance(node, ast.FormattedValue) and node.format_spec is not None:
            _check_format_spec(node.format_spec, line)
            stack.append((node.value, depth + 1))
            continue
        # Children go on the stack last first, so problems are found in source order.
        children = list(ast.iter_child_nodes(node))
        stack.extend((child, depth + 1) for child in reversed(children))


def _check_node(node: ast.AST, line: int | None, call_funcs: set[int]) -> None:
    kind = type(node)
    if kind in _REFUSED:
        raise SandboxViolation(_REFUSED[kind], line)
    if kind in _OPERATOR_NAMES:
        raise SandboxViolation(f"the operator {_OPERATOR_NAMES[kind]} is not allowed", line)
    if kind not in _ALLOWED:
        raise SandboxViolation(f"{kind.__name__} is not allowed", line)
    if isinstance(node, ast.Name):
        _check_name(node, line, is_call=id(node) in call_funcs)
    elif isinstance(node, ast.Attribute):
        _check_attribute(node, line, is_call=id(node) in call_funcs)
    elif isinstance(node, ast.Constant):
        if not isinstance(node.value, _CONSTANT_TYPES):
            raise SandboxViolation(
                f"{type(node.value).__name__} literals are not allowed", line
            )
    elif isinstance(node, ast.BinOp):
        left = node.left
        if isinstance(node.op, ast.Mod) and (
            isinstance(left, ast.JoinedStr)
            or (isinstance(left, ast.Constant) and isinstance(left.value, str))
        ):
            raise SandboxViolation("% formatting is not allowed: use an f-string", line)
    elif isinstance(node, ast.Call):
        if not isinstance(node.func, ast.Name | ast.Attribute):
            raise SandboxViolation("only tools, builtins and methods can be called", line)
        for kw in node.keywords:
            if kw.arg is None:
                raise SandboxViolation("**keyword arguments are not allowed", line)
            if kw.arg.startswith("_"):
                raise SandboxViolation(f"the keyword {kw.arg!r} is not allowed", line)
    elif isinstance(node, ast.comprehension) and node.is_async:
        raise SandboxViolation("async comprehensions are not allowed", line)


def _check_name(node: ast.Name, line: int | None, *, is_call: bool) -> None:
    name = node.id
    if name.startswith("_"):
        raise SandboxViolation(f"names starting with '_' are not allowed ({name})", line)
    if name in TOOL_NAMES or name in BUILTIN_NAMES:
        what = "tool" if name in TOOL_NAMES else "builtin"
        if not isinstance(node.ctx, ast.Load):
            raise SandboxViolation(f"{name} is a {what} and cannot be assigned or deleted", line)
        if not is_call:
            raise SandboxViolation(f"the {what} {name} can only be called, as {name}(...)", line)
    elif is_call:
        raise SandboxViolation(f"{name} is not a tool or builtin; it cannot be called", line)


def _check_attribute(node: ast.Attribute, line: int | None, *, is_call: bool) -> None:
    attr = node.attr
    if attr.startswith("_"):
        raise SandboxViolation(f"the attribute {attr} is not allowed", line)
    if attr in ("format", "format_map"):
        raise SandboxViolation(f"str.{attr}() is not allowed: use an f-string", line)
    if not is_call or not isinstance(node.ctx, ast.Load):
        raise SandboxViolation(
            f"attributes cannot be read or set ({attr}); only methods can be called", line
        )
    if attr not in ALL_METHODS:
        raise SandboxViolation(f"the method .{attr}() is not available", line)


def _check_format_spec(spec: ast.expr, line: int | None) -> None:
    if not isinstance(spec, ast.JoinedStr) or not all(
        isinstance(part, ast.Constant) and isinstance(part.value, str) for part in spec.values
    ):
        raise SandboxViolation("format specs must be constant (no {...} inside them)", line)
    text = "".join(str(part.value) for part in spec.values if isinstance(part, ast.Constant))
    if not SAFE_FORMAT_SPEC.match(text):
        raise SandboxViolation(f"the format spec {text!r} is not allowed", line)
