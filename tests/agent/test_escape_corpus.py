"""The escape corpus, run through the real worker process against a real memory folder.

Every case must fail closed with a message that says what was refused, leave the worker
able to run the next program, and leave the memory folder (and its sibling) unchanged.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from kai_desktop.core.agent.tools import MemoryTools
from kai_desktop.infra.sandbox.client import SandboxClient
from tests.agent.conftest import tree_hash

DEEP_DATA = "a = []\nb = []\nfor i in range(20000):\n    a = [a]\n    b = [b]\nc = a == b\n"

CORPUS: list[tuple[str, str, str]] = [
    # 1. subclass walks, getattr, vars
    ("subclasses", "x = ().__class__.__base__.__subclasses__()", "the attribute __"),
    ("popen-walk", "x = [c for c in ().__class__.__bases__[0].__subclasses__()"
                   " if c.__name__ == 'Popen']", "is not allowed"),
    ("getattr-dunder", "x = getattr((), '__cl' + 'ass__')", "getattr is not a tool or builtin"),
    ("vars", "v = vars()", "vars is not a tool or builtin"),
    ("globals", "g = globals()", "globals is not a tool or builtin"),
    ("type", "t = type(())", "type is not a tool or builtin"),
    ("object-subclasses", "x = object.__subclasses__()", "__subclasses__ is not allowed"),
    ("builtins-name", "b = __builtins__", "names starting with '_'"),
    ("dunder-import", "os = __import__('os')", "names starting with '_'"),
    ("eval", "x = eval('1')", "eval is not a tool or builtin"),
    ("exec", "exec('import os')", "exec is not a tool or builtin"),
    ("open", "x = open('/etc/hostname')", "open is not a tool or builtin"),
    ("builtin-importer", "m = BuiltinImporter.load_module('os')", "is not"),
    ("catch-warnings", "w = catch_warnings()", "catch_warnings is not a tool or builtin"),
    # 2. format strings
    ("format", "x = '{0.__class__.__mro__}'.format(1)", "str.format() is not allowed"),
    ("format-map", "x = '{a.__class__}'.format_map({'a': 1})", "str.format_map() is not allowed"),
    ("format-bound", "f = 'x'.format", "str.format() is not allowed"),
    ("fstring-dunder", "x = f'{(1).__class__}'", "__class__ is not allowed"),
    ("fstring-nested-spec", "w = '>10'\nx = f'{1:{w}}'", "format specs must be constant"),
    ("fstring-wide", "x = f'{1:>999999999}'", "format spec"),
    ("percent-literal", "x = '%(a)s' % {'a': 1}", "% formatting is not allowed"),
    ("percent-variable", "s = '%s'\nx = s % 1", "% formatting is not allowed"),
    # 3. frames
    ("gi-frame", "g = (i for i in [1])\nf = g.gi_frame.f_back.f_globals", "attributes cannot"),
    ("cr-frame", "async def f():\n    pass\nc = f().cr_frame", "def is not allowed"),
    ("tb-frame", "try:\n    1/0\nexcept Exception as e:\n    f = e.__traceback__.tb_frame",
     "try is not allowed"),
    ("getframe", "f = sys._getframe()", "_getframe is not allowed"),
    # 4. match patterns and loop objects
    ("match-class", "x = 1\nmatch x:\n    case list(__class__=c):\n        pass",
     "match is not allowed"),
    ("future-loop", "loop = Future().get_loop()", "is not"),
    # 5. our own tools
    ("tool-globals", "g = read_file.__globals__", "__globals__ is not allowed"),
    ("tool-closure", "c = create_file.__closure__", "__closure__ is not allowed"),
    ("tool-code", "c = update_file.__code__.co_consts", "attributes cannot be read"),
    ("tool-as-value", "f = read_file", "can only be called"),
    ("tool-in-list", "fs = [read_file, len]", "can only be called"),
    ("tool-rebind", "read_file = 1", "is a tool and cannot be assigned"),
    ("tool-rebind-lambda", "read_file = lambda p: p", "cannot be assigned"),
    ("tool-rebind-for", "for read_file in ['x']:\n    pass", "cannot be assigned"),
    ("builtin-rebind-comp", "x = [1 for len in [1]]", "cannot be assigned"),
    ("tool-delete", "del read_file", "cannot be assigned or deleted"),
    ("tool-attribute", "x = list_files.func_globals", "attributes cannot be read"),
    ("result-dunder", "x = read_file('user.md').__class__", "__class__ is not allowed"),
    ("print-self", "x = print.__self__", "__self__ is not allowed"),
    # 6. imports
    ("import-ctypes", "import ctypes", "import is not allowed"),
    ("import-importlib", "from importlib import import_module", "import is not allowed"),
    ("random-os", "import random\nx = random._os.system('id')", "import is not allowed"),
    ("importlib-attr", "m = importlib.import_module('os')", "import_module() is not available"),
    # 7. resource bombs
    ("str-bomb", "x = 'a' * 10**10", "10000000000 characters is over the limit"),
    ("int-bomb", "x = 10**10**8", "over 4096 bits"),
    ("int-bomb-2", "x = 9**9**9", "over 4096 bits"),
    ("int-mult", "x = 2**4000\ny = x * x", "over 4096 bits"),
    ("int-parse", "x = int('9' * 5000)", "over 4000 characters"),
    ("list-doubling", "x = [1]\nfor i in range(64):\n    x = x + x", "over the limit"),
    ("list-mult", "x = [0] * 10**9", "over the limit"),
    ("replace-growth", "x = ('x' * 1000000).replace('x', 'yy')", "over the limit"),
    ("replace-empty", "x = 'ab'.replace('', 'x' * 1000000)", "over the limit"),
    ("join-growth", "x = ' '.join(['a' * 1000000] * 2)", "over the limit"),
    ("ljust", "x = 'a'.ljust(10**9)", "over the limit"),
    ("repr-bomb", "x = 'a' * 1000000\ny = [x] * 100000\nz = str(y)", "over the limit"),
    ("alloc-total", "x = 'a' * 900000\nd = {}\nfor i in range(100):\n    d[i] = x + str(i)",
     "in total"),
    ("dict-comp", "x = {i: i for i in range(10**6)}", "limit reached"),
    ("range-huge", "for i in range(10**9):\n    pass", "over 1000000"),
    ("steps", "x = 0\nfor i in range(1000000):\n    for j in range(1000000):\n        x += 1",
     "over 200000 steps"),
    ("while-true", "while True:\n    pass", "while is not allowed"),
    ("sleep", "import time\ntime.sleep(100)", "import is not allowed"),
    ("sleep-attr", "time.sleep(100)", "sleep() is not available"),
    ("deep-parens", "x = " + "(" * 300 + "1" + ")" * 300, "syntax error"),
    ("deep-lists", "x = " + "[" * 100 + "]" * 100, "nested too deeply"),
    ("deep-unary", "x = " + "-" * 5000 + "1", "nested too deeply"),
    ("deep-data", DEEP_DATA, "nested too deeply"),
    ("long-source", "x = 1\n" * 5000, "characters long"),
    # 9. host side: no way to define a __repr__ the host could run
    ("class-repr", "class X:\n    def __repr__(self):\n        return 'x'", "class is not allowed"),
]  # fmt: skip


def path_cases(evil: Path) -> list[tuple[str, str, str]]:
    """8. hostile paths passed to tools."""
    return [
        ("dotdot", "x = read_file('../outside.txt')", "uses '..'"),
        ("dotdot-inner", "x = read_file('entities/../../outside.txt')", "uses '..'"),
        ("absolute", "x = read_file('/etc/hostname')", "is absolute"),
        ("absolute-evil", f"x = read_file({str(evil / 'secret.md')!r})", "is absolute"),
        ("evil-prefix-symlink", "x = read_file('evil/secret.md')", "outside the memory folder"),
        ("evil-prefix-write", "create_file('evil/new.md', 'x')", "outside the memory folder"),
        ("symlink-file-out", "x = read_file('outside_link.md')", "outside the memory folder"),
        ("symlink-delete", "delete_file('outside_link.md')", "outside the memory folder"),
        ("symlink-update", "update_file('outside_link.md', '', 'x')", "outside the memory folder"),
        ("drive", "x = read_file('C:/Windows/win.ini')", "names a drive"),
        ("drive-backslash", "x = read_file('C:\\\\Windows\\\\win.ini')", "backslash"),
        ("device-path", "x = read_file('\\\\\\\\?\\\\C:\\\\x')", "backslash"),
        ("unc", "x = read_file('//server/share/x.md')", "is absolute"),
        ("home", "create_file('~/x.md', 'x')", "is absolute"),
        ("con", "create_file('CON', 'x')", "reserved device name"),
        ("nul-device", "create_file('entities/nul.md', 'x')", "reserved device name"),
        ("com1", "create_file('COM1.txt', 'x')", "reserved device name"),
        ("nul-byte", "create_file('a\\x00b.md', 'x')", "NUL byte"),
        ("hidden", "create_file('.obsidian/app.json', '{}')", "hidden"),
        ("stream", "create_file('notes.md:evil', 'x')", "':'"),
        ("folder-delete", "delete_file('entities')", "is a folder"),
        ("size-root-abs", "n = get_size('/')", "is absolute"),
        ("list-up", "x = list_files('..')", "uses '..'"),
        ("link-up", "x = go_to_link('[[../outside]]')", "no note matches"),
        ("tool-args", "x = read_file(['user.md'])", "takes strings and numbers"),
        ("unknown-kwarg", "x = read_file(path='user.md')", "has no argument 'path'"),
    ]


@pytest.fixture
def hostile(memory_dir: Path) -> tuple[Path, Path]:
    """A sibling ``<memory>_evil`` folder, a symlink into it and a symlinked file outside."""
    evil = memory_dir.parent / (memory_dir.name + "_evil")
    evil.mkdir()
    (evil / "secret.md").write_text("secret", encoding="utf-8")
    (memory_dir.parent / "outside.txt").write_text("outside", encoding="utf-8")
    (memory_dir / "evil").symlink_to(evil, target_is_directory=True)
    (memory_dir / "outside_link.md").symlink_to(memory_dir.parent / "outside.txt")
    return memory_dir, evil


def check_fails_closed(
    sandbox: SandboxClient, tools: MemoryTools, roots: list[Path], code: str, expected: str
) -> None:
    before = [tree_hash(root) for root in roots]
    result = sandbox.run(code, tools)
    assert result.error is not None, result.render()
    assert expected in result.error, result.error
    assert [tree_hash(root) for root in roots] == before
    assert sandbox.run("ok = 1 + 1", tools).variables == "{'ok': 2}"


@pytest.mark.parametrize(
    ("code", "expected"), [pytest.param(code, want, id=case) for case, code, want in CORPUS]
)
def test_escape_fails_closed(
    sandbox: SandboxClient, tools: MemoryTools, memory_dir: Path, code: str, expected: str
) -> None:
    check_fails_closed(sandbox, tools, [memory_dir], code, expected)


def test_hostile_paths_fail_closed(
    sandbox: SandboxClient, tools: MemoryTools, hostile: tuple[Path, Path]
) -> None:
    memory_dir, evil = hostile
    for case, code, expected in path_cases(evil):
        try:
            check_fails_closed(sandbox, tools, [memory_dir, evil], code, expected)
        except AssertionError as exc:
            raise AssertionError(f"{case}: {exc}") from exc
    assert (evil / "secret.md").read_text() == "secret"
    assert not (evil / "new.md").exists()


def test_a_list_growing_in_its_own_loop_stops(sandbox: SandboxClient, tools: MemoryTools) -> None:
    result = sandbox.run("x = [0]\nfor i in x:\n    x.append(i)\nn = len(x)", tools)
    assert result.ok
    assert "'n': 2" in result.variables


def test_a_flood_of_create_calls_stops_at_the_call_limit_and_can_be_undone(
    sandbox: SandboxClient, tools: MemoryTools, memory_dir: Path
) -> None:
    """10^5 create_file calls: the run stops at 100, and the journal undoes what ran."""
    before = tree_hash(memory_dir)
    code = "for i in range(100000):\n    create_file(f'flood/f{i}.md', 'x')"
    result = sandbox.run(code, tools)
    assert result.error is not None
    assert "over 100 tool calls" in result.error
    created = sorted((memory_dir / "flood").iterdir())
    assert len(created) == 100
    journal = tools.journal
    changes = journal.entries()  # type: ignore[attr-defined]
    assert len(changes) == 100
    for change in reversed(changes):
        journal.undo(change, tools.vault)  # type: ignore[attr-defined]
    (memory_dir / "flood").rmdir()
    assert tree_hash(memory_dir) == before
