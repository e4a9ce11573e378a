"""The AST walker that runs a checked program, with step, size and time limits. Nothing
goes to ``exec``/``eval``: each node is interpreted over plain built-in values, tools are
reached only through ``call_tool``, and every failure ends the run with a message for the
model. :meth:`Interpreter.run` never raises for any program text."""

from __future__ import annotations

import ast
import time
from collections.abc import Callable
from typing import Any

from kai_desktop.core.agent.calls import BUILTINS, call_method
from kai_desktop.core.agent.language import TOOL_NAMES, SandboxViolation, check_program
from kai_desktop.core.agent.limits import Limits
from kai_desktop.core.agent.operators import INT, SEQ, binop, compare, unary
from kai_desktop.core.agent.results import (
    RunResult,
    ToolError,
    error_message,
    render_variables,
)
from kai_desktop.core.agent.values import (
    EvalError,
    LimitExceeded,
    Meter,
    items_of,
    iterate,
    safe_repr,
    safe_str,
    type_name,
)

ToolGateway = Callable[[str, list[Any], dict[str, Any]], Any]
"""Performs one tool call (name, positional, keyword arguments) and returns its JSON value;
raises :class:`ToolError` with a message for the model."""



class _Break(Exception):
    pass


class _Continue(Exception):
    pass


class Interpreter:
    """Runs one program at a time; make a new one per run (it holds the run's state)."""

    def __init__(
        self,
        call_tool: ToolGateway,
        limits: Limits | None = None,
        *,
        clock: Callable[[], float] = time.monotonic,
        variables: dict[str, Any] | None = None,
    ) -> None:
        """``variables``: the names an earlier step of the same answer left (updated in
        place); the result shows only the names this run assigned."""
        self.limits = limits or Limits()
        self._call_tool = call_tool
        self._clock = clock
        self.meter = Meter(self.limits, clock)
        self.variables: dict[str, Any] = variables if variables is not None else {}
        self._assigned: set[str] = set()
        self._output: list[str] = []
        self._output_size = 0
        self._line = 0
        self.tool_calls = 0

    # -- running -------------------------------------------------------------------------
    def run(self, source: str) -> RunResult:
        error: str | None = None
        try:
            tree = check_program(source, self.limits)
            self._block(tree.body)
        except SandboxViolation as exc:
            error = f"Refused: {exc}"
        except (_Break, _Continue):
            error = self._at("break/continue outside a loop")
        except LimitExceeded as exc:
            error = self._at(f"limit reached: {exc}")
        except EvalError as exc:
            error = self._at(str(exc))
        except RecursionError:
            error = self._at("the values are nested too deeply")
        except MemoryError:
            error = self._at("the program ran out of memory")
        except Exception as exc:  # any error of a builtin operation, e.g. TypeError
            error = self._at(f"{type(exc).__name__}: {error_message(exc)}")
        return RunResult(
            variables=render_variables(
                {k: v for k, v in self.variables.items() if k in self._assigned}
            ),
            output="".join(self._output),
            error=error,
            tool_calls=self.tool_calls,
            steps=self.meter.steps,
        )

    def _at(self, message: str) -> str:
        return f"line {self._line}: {message}" if self._line else message

    # -- statements ----------------------------------------------------------------------
    def _block(self, body: list[ast.stmt]) -> None:
        for stmt in body:
            self._exec(stmt)

    def _exec(self, node: ast.stmt) -> None:
        self.meter.tick()
        self._line = node.lineno
        if isinstance(node, ast.Expr):
            self._eval(node.value)
        elif isinstance(node, ast.Assign):
            value = self._eval(node.value)
            for target in node.targets:
                self._assign(target, value)
        elif isinstance(node, ast.AugAssign):
            self._aug_assign(node)
        elif isinstance(node, ast.If):
            self._block(node.body if self._eval(node.test) else node.orelse)
        elif isinstance(node, ast.For):
            self._for(node)
        elif isinstance(node, ast.Break):
            raise _Break
        elif isinstance(node, ast.Continue):
            raise _Continue
        elif isinstance(node, ast.Delete):
            for target in node.targets:
                self._delete(target)
        elif not isinstance(node, ast.Pass):
            raise EvalError(f"{type(node).__name__} is not allowed")

    def _for(self, node: ast.For) -> None:
        for item in iterate(self._eval(node.iter), self.meter):
            self.meter.tick()
            self._assign(node.target, item)
            try:
                self._block(node.body)
            except _Break:
                return
            except _Continue:
                continue
        self._block(node.orelse)

    def _assign(self, target: ast.expr, value: Any) -> None:
        if isinstance(target, ast.Name):
            self.variables[target.id] = value
            self._assigned.add(target.id)
        elif isinstance(target, ast.Tuple | ast.List):
            values = items_of(value, "unpacking", self.meter)
            if len(values) != len(target.elts):
                raise EvalError(f"cannot unpack {len(values)} values into {len(target.elts)}")
            for sub, item in zip(target.elts, values, strict=True):
                self._assign(sub, item)
        elif isinstance(target, ast.Subscript):
            self._set_item(self._eval(target.value), self._index(target.slice), value)
        else:
            raise EvalError(f"cannot assign to {type(target).__name__}")

    def _aug_assign(self, node: ast.AugAssign) -> None:
        target = node.target
        if isinstance(target, ast.Name):
            current = self._load(target.id)
            self.variables[target.id] = binop(node.op, current, self._eval(node.value), self.meter)
            self._assigned.add(target.id)
        elif isinstance(target, ast.Subscript):
            obj, key = self._eval(target.value), self._index(target.slice)
            updated = binop(node.op, self._get_item(obj, key), self._eval(node.value), self.meter)
            self._set_item(obj, key, updated)
        else:
            raise EvalError(f"cannot assign to {type(target).__name__}")

    def _delete(self, target: ast.expr) -> None:
        if isinstance(target, ast.Name):
            if target.id not in self.variables:
                raise EvalError(f"name {target.id!r} is not defined")
            del self.variables[target.id]
        elif isinstance(target, ast.Subscript):
            obj, key = self._eval(target.value), self._index(target.slice)
            if type(obj) is dict:
                self._get_item(obj, key)
                del obj[key]
            elif type(obj) is list and type(key) in (*INT, slice):
                del obj[key]
            else:
                raise EvalError(f"cannot delete items of {type_name(obj)}")
        else:
            raise EvalError(f"cannot delete {type(target).__name__}")

    # -- expressions ---------------------------------------------------------------------
    def _eval(self, node: ast.expr) -> Any:
        self.meter.tick()
        if isinstance(node, ast.Constant):
            return node.value
        if isinstance(node, ast.Name):
            return self._load(node.id)
        if isinstance(node, ast.Call):
            return self._call(node)
        if isinstance(node, ast.BinOp):
            return binop(node.op, self._eval(node.left), self._eval(node.right), self.meter)
        if isinstance(node, ast.Compare):
            return self._compare(node)
        if isinstance(node, ast.BoolOp):
            return self._boolop(node)
        if isinstance(node, ast.UnaryOp):
            return unary(node.op, self._eval(node.operand))
        if isinstance(node, ast.IfExp):
            return self._eval(node.body if self._eval(node.test) else node.orelse)
        if isinstance(node, ast.Subscript):
            return self._get_item(self._eval(node.value), self._index(node.slice))
        if isinstance(node, ast.List | ast.Tuple):
            self.meter.check_items(len(node.elts))
            items = [self._eval(e) for e in node.elts]
            return items if isinstance(node, ast.List) else tuple(items)
        if isinstance(node, ast.Dict):
            return self._dict(node)
        if isinstance(node, ast.JoinedStr):
            return self._fstring(node)
        if isinstance(node, ast.ListComp | ast.GeneratorExp | ast.DictComp):
            return self._comprehension(node)
        raise EvalError(f"{type(node).__name__} is not allowed here")

    def _load(self, name: str) -> Any:
        try:
            return self.variables[name]
        except KeyError:
            raise EvalError(f"name {name!r} is not defined") from None

    def _dict(self, node: ast.Dict) -> dict[Any, Any]:
        self.meter.check_items(len(node.keys))
        result: dict[Any, Any] = {}
        for key_node, value_node in zip(node.keys, node.values, strict=True):
            if key_node is None:
                raise EvalError("{**x} is not allowed")
            result[self._eval(key_node)] = self._eval(value_node)
        return result

    def _fstring(self, node: ast.JoinedStr) -> str:
        parts: list[str] = []
        size = 0
        for part in node.values:
            if isinstance(part, ast.Constant):
                text = str(part.value)
            elif isinstance(part, ast.FormattedValue):
                text = self._formatted(part)
            else:
                raise EvalError("bad f-string")
            size += len(text)
            self.meter.check_str(size)
            parts.append(text)
        return "".join(parts)

    def _formatted(self, node: ast.FormattedValue) -> str:
        value = self._eval(node.value)
        if node.conversion in (ord("r"), ord("a")):
            value = safe_repr(value, self.limits.max_str, strict=True)
            if node.conversion == ord("a"):
                value = ascii(value)[1:-1]
        elif type(value) not in (str, int, float, bool, type(None)):
            value = safe_str(value, self.meter)
        spec = ""
        if isinstance(node.format_spec, ast.JoinedStr):
            spec = "".join(str(getattr(p, "value", "")) for p in node.format_spec.values)
        if type(value) is int:
            self.meter.check_int(value)
        return format(value, spec)

    def _comprehension(self, node: ast.ListComp | ast.GeneratorExp | ast.DictComp) -> Any:
        bound = {
            n.id for g in node.generators for n in ast.walk(g.target) if isinstance(n, ast.Name)
        }
        saved = {name: self.variables[name] for name in bound if name in self.variables}
        out: list[Any] = []
        out_dict: dict[Any, Any] = {}

        def emit() -> None:
            if len(out) + len(out_dict) >= self.limits.max_items:
                raise LimitExceeded(f"a comprehension built over {self.limits.max_items} items")
            self.meter.charge(1)
            if isinstance(node, ast.DictComp):
                out_dict[self._eval(node.key)] = self._eval(node.value)
            else:
                out.append(self._eval(node.elt))

        try:
            self._generate(node.generators, 0, emit)
        finally:
            for name in bound:
                self.variables.pop(name, None)
            self.variables.update(saved)
        return out_dict if isinstance(node, ast.DictComp) else out

    def _generate(
        self, gens: list[ast.comprehension], index: int, emit: Callable[[], None]
    ) -> None:
        if index == len(gens):
            emit()
            return
        gen = gens[index]
        for item in iterate(self._eval(gen.iter), self.meter):
            self.meter.tick()
            self._assign(gen.target, item)
            if all(self._eval(cond) for cond in gen.ifs):
                self._generate(gens, index + 1, emit)

    def _boolop(self, node: ast.BoolOp) -> Any:
        value: Any = None
        for sub in node.values:
            value = self._eval(sub)
            if isinstance(node.op, ast.And) and not value:
                return value
            if isinstance(node.op, ast.Or) and value:
                return value
        return value

    def _compare(self, node: ast.Compare) -> bool:
        left = self._eval(node.left)
        for op, right_node in zip(node.ops, node.comparators, strict=True):
            right = self._eval(right_node)
            if not compare(op, left, right):
                return False
            left = right
        return True

    # -- items ---------------------------------------------------------------------------
    def _index(self, node: ast.expr) -> Any:
        if isinstance(node, ast.Slice):
            bounds = (node.lower, node.upper, node.step)
            parts = [None if p is None else self._eval(p) for p in bounds]
            if any(p is not None and type(p) not in INT for p in parts):
                raise EvalError("slice bounds must be integers")
            return slice(*parts)
        return self._eval(node)

    def _get_item(self, obj: Any, key: Any) -> Any:
        kind = type(obj)
        if kind is dict:
            if key not in obj:
                raise EvalError(f"KeyError: {safe_repr(key, 200)}")
            return obj[key]
        if kind in (*SEQ, range):
            if type(key) not in (*INT, slice):
                raise EvalError(f"{type_name(obj)} indices must be integers or slices")
            result = obj[key]
            if type(key) is slice:
                self.meter.check_sized(result)
            return result
        raise EvalError(f"{type_name(obj)} is not subscriptable")

    def _set_item(self, obj: Any, key: Any, value: Any) -> None:
        if type(obj) is dict:
            if key not in obj:
                self.meter.check_items(len(obj) + 1)
            obj[key] = value
        elif type(obj) is list and type(key) in INT:
            obj[key] = value
        else:
            raise EvalError(f"cannot set items of {type_name(obj)} (lists take integer indices)")

    # -- calls ---------------------------------------------------------------------------
    def _call(self, node: ast.Call) -> Any:
        func = node.func
        obj = self._eval(func.value) if isinstance(func, ast.Attribute) else None
        args = [self._eval(a) for a in node.args]
        kwargs = {str(kw.arg): self._eval(kw.value) for kw in node.keywords}
        if isinstance(func, ast.Attribute):
            return call_method(obj, func.attr, args, kwargs, self.meter)
        name = func.id if isinstance(func, ast.Name) else ""
        if name in TOOL_NAMES:
            return self._tool(name, args, kwargs)
        if name == "print":
            self._print(BUILTINS["print"](args, kwargs, self.meter))
            return None
        if name in BUILTINS:
            return BUILTINS[name](args, kwargs, self.meter)
        raise EvalError(f"{name} is not a tool or builtin")

    def _print(self, text: str) -> None:
        room = self.limits.max_output - self._output_size
        if room <= 0:
            return
        if len(text) > room:
            text = text[:room] + "\n… (output cut)\n"
        self._output.append(text)
        self._output_size += len(text)

    def _tool(self, name: str, args: list[Any], kwargs: dict[str, Any]) -> Any:
        self.tool_calls += 1
        if self.tool_calls > self.limits.max_tool_calls:
            raise LimitExceeded(f"the program made over {self.limits.max_tool_calls} tool calls")
        for value in (*args, *kwargs.values()):
            if type(value) not in (str, int, float, bool, type(None)):
                raise EvalError(f"{name}() takes strings and numbers, not {type_name(value)}")
        try:
            result = self._call_tool(name, args, kwargs)
        except ToolError as exc:
            raise EvalError(f"{name}() failed: {exc}") from None
        return self.meter.check_sized(result)
