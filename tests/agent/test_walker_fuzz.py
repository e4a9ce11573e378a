"""Generated programs never crash the host: the walker always returns a result, in time.

Programs are built from a grammar that mixes the allowed language with what it refuses
(dunders, attributes, imports, bombs) and with arbitrary text, and run in this process
(the walker alone, without the worker) against tools over an in-memory dict.
"""

from __future__ import annotations

import time
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kai_desktop.core.agent.interpreter import Interpreter
from kai_desktop.core.agent.limits import Limits
from kai_desktop.core.agent.results import RunResult, ToolError

LIMITS = Limits(max_steps=20_000, deadline_s=1.0, max_str=100_000, max_items=10_000,
                max_alloc=2_000_000, max_tool_calls=20)  # fmt: skip

VARIABLES = st.sampled_from(["a", "b", "x", "items"])
NAMES = st.one_of(VARIABLES, st.sampled_from(["_x", "__class__", "read_file", "len", "print"]))
SAFE_ATOMS = st.one_of(
    VARIABLES,
    st.integers(-(10**6), 10**6).map(str),
    st.sampled_from(["10**100", "2**4000", "'a'*10**5", "[0]*1000", "None", "True", "1.5",
                     "'u.md'", "[1, 'a']", "{'k': 1}", "range(100)", "''", "(1, 2)"]),
)  # fmt: skip
ATOMS = st.one_of(
    NAMES,
    st.integers(-(10**6), 10**6).map(str),
    st.sampled_from(["10**10**8", "2**4096", "'a'*10**9", "[0]*10**8", "None", "True", "1.5",
                     "1e308", "-0.0", "'user.md'", "'../x'", "'CON'", "'\\x00'", "'{0.__class__}'",
                     "[]", "{}", "()", "range(10)", "range(10**9)"]),
    st.text(alphabet="abc xyz_{}%.:/\\", max_size=8).map(repr),
)  # fmt: skip
CALLS = st.sampled_from([
    "len({})", "str({})", "int({})", "list({})", "sorted({})", "sum({})", "max({})", "print({})",
    "read_file({})", "create_file({}, 'x')", "update_file('u.md', {}, 'y')", "list_files()",
    "go_to_link({})", "({}).upper()", "({}).split()", "({}).append(1)", "({}).get(1)",
    "({}).__class__", "({}).format(1)", "getattr({}, '__class__')", "({}).keys()",
    "({}).join(['a'])", "abs({})", "enumerate({})", "zip({}, {})", "repr({})", "dict({})",
    "range({})", "({}).replace('a', 'bb')",
])  # fmt: skip
SAFE_CALLS = st.sampled_from([
    "len({})", "str({})", "int({})", "list({})", "sorted({})", "sum({})", "max({})",
    "print({})", "read_file({})", "create_file({}, 'x')", "list_files()", "({}).upper()",
    "({}).split()", "({}).append(1)", "({}).get(1)", "({}).keys()", "abs({})", "enumerate({})",
    "zip({}, {})", "repr({})", "dict({})", "range({})", "({}).replace('a', 'bb')", "({}).copy()",
])  # fmt: skip
BINOPS = st.sampled_from(["+", "-", "*", "/", "//", "%", "**", "&", "|", "^", "<<", "==", "<",
                          " in ", " and ", " or ", " is "])  # fmt: skip


def expressions(*, safe: bool = False) -> st.SearchStrategy[str]:
    atoms, calls = (SAFE_ATOMS, SAFE_CALLS) if safe else (ATOMS, CALLS)
    ops = SAFE_BINOPS if safe else BINOPS
    return st.recursive(
        atoms,
        lambda inner: st.one_of(
            st.tuples(inner, ops, inner).map(lambda t: f"({t[0]}{t[1]}{t[2]})"),
            st.tuples(calls, inner).map(lambda t: t[0].replace("{}", t[1])),
            st.lists(inner, max_size=3).map(lambda xs: "[" + ", ".join(xs) + "]"),
            st.tuples(inner, inner).map(lambda t: f"{{{t[0]}: {t[1]}}}"),
            st.tuples(inner, inner).map(lambda t: f"{t[0]}[{t[1]}]"),
            atoms.map(lambda e: f'f"{{{e}!r:>5}}{{{e}}}"'),
            inner.map(lambda e: f"[v for v in {e} if v]"),
            inner.map(lambda e: f"not {e}"),
        ),
        max_leaves=8,
    )


def statements(*, safe: bool = False) -> st.SearchStrategy[str]:
    expr = expressions(safe=safe)
    names = VARIABLES if safe else NAMES
    odd = ["del a", "break", "x[0] = 1", "pass", "continue"]
    if not safe:
        odd += ["import os", "while True: pass", "def f(): pass", "a.b = 1", "lambda: 0",
                "try:\n    pass\nexcept: pass"]
    simple = st.one_of(
        st.tuples(names, expr).map(lambda t: f"{t[0]} = {t[1]}"),
        st.tuples(names, expr).map(lambda t: f"{t[0]} += {t[1]}"),
        expr,
        st.sampled_from(odd),
    )  # fmt: skip
    return st.one_of(
        simple,
        st.tuples(names, expr, simple).map(lambda t: f"for {t[0]} in {t[1]}:\n    {t[2]}"),
        st.tuples(expr, simple, simple).map(lambda t: f"if {t[0]}:\n    {t[1]}\nelse:\n    {t[2]}"),
    )


PRELUDE = "a = 'u.md'\nb = [1, 'a', 2.5]\nx = 3\nitems = {'k': 'v'}\n"
SAFE_BINOPS = st.sampled_from(["+", "-", "*", "//", "%", "**", "==", "<", " in ", " and "])


class DictTools:
    def __init__(self) -> None:
        self.files: dict[str, str] = {"u.md": "abc"}

    def gateway(self, name: str, args: list[Any], kwargs: dict[str, Any]) -> Any:
        if name == "read_file" and args and args[0] in self.files:
            return self.files[args[0]]
        if name == "create_file" and args and isinstance(args[0], str):
            self.files[args[0]] = str(args[1:2])
            return True
        if name == "list_files":
            return "\n".join(self.files)
        raise ToolError(f"{name} cannot do that")


def run(source: str) -> RunResult:
    started = time.monotonic()
    result = Interpreter(DictTools().gateway, LIMITS).run(source)
    assert isinstance(result, RunResult)
    assert isinstance(result.variables, str)
    assert time.monotonic() - started < 5
    result.render()
    return result


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(statements(), min_size=1, max_size=6))
def test_generated_programs_never_crash_the_walker(lines: list[str]) -> None:
    run("\n".join(lines))


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(statements(safe=True), min_size=1, max_size=8))
def test_generated_programs_in_the_language_never_crash_the_walker(lines: list[str]) -> None:
    run(PRELUDE + "\n".join(lines))


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300))
def test_arbitrary_text_never_crashes_the_walker(source: str) -> None:
    run(source)


def test_a_refused_program_runs_nothing() -> None:
    tools = DictTools()
    result = Interpreter(tools.gateway, LIMITS).run("create_file('a.md', 'x')\nimport os")
    assert result.error is not None
    assert result.error.startswith("Refused: line 2")
    assert tools.files == {"u.md": "abc"}
