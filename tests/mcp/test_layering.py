"""The MCP front end sits beside the command line: core, infra and qt never import it
(nor the MCP SDK), and it never reaches into qt."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_architecture import PACKAGE, imported_modules


def _imports(folder: str) -> list[tuple[str, str]]:
    return [
        (str(path.relative_to(PACKAGE)), module)
        for path in sorted((PACKAGE / folder).rglob("*.py"))
        for _line, module in imported_modules(path)
    ]


@pytest.mark.parametrize("layer", ["core", "infra", "qt"])
def test_layers_do_not_import_the_mcp_front_end(layer: str) -> None:
    bad = [
        (where, module) for where, module in _imports(layer)
        if module.startswith(("kai_desktop.mcp", "mcp.")) or module == "mcp"
    ]
    assert bad == []


def test_mcp_front_end_stays_out_of_qt_and_uses_no_relative_imports() -> None:
    found = _imports("mcp")
    assert found, "the checker reads the package"
    assert [m for _w, m in found if m.startswith(("kai_desktop.qt", "PySide6", "."))] == []


def test_the_checker_sees_an_import_inside_a_function(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("def f():\n    from kai_desktop.mcp.server import build_server\n")
    assert "kai_desktop.mcp.server" in [m for _, m in imported_modules(bad)]
