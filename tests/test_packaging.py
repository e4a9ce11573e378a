"""The desktop build: entry, icon, PyInstaller spec and hook, and the --smoke check."""

from __future__ import annotations

import ast
import configparser
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from kai_desktop import smoke
from kai_desktop.cli.open_paths import vault_for_paths

ROOT = Path(__file__).resolve().parents[1]
PACKAGING = ROOT / "packaging"
DESKTOP = PACKAGING / "linux" / "kai-desktop.desktop"
SPEC = PACKAGING / "pyinstaller" / "kai-desktop.spec"


def desktop_entry() -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(DESKTOP, encoding="utf-8")
    return parser["Desktop Entry"]


def test_desktop_entry_names_an_existing_icon_and_the_apps_id() -> None:
    entry = desktop_entry()
    assert entry["Type"] == "Application"
    assert entry["Exec"].split()[0] == "kai-desktop"
    assert entry["Exec"].split()[1:] == ["%F"]
    icons = list((PACKAGING / "linux" / "icons" / "hicolor").glob(f"*/apps/{entry['Icon']}.*"))
    assert icons, f"no icon file for Icon={entry['Icon']}"
    # Wayland matches the window to the entry by the desktop file name, X11 by WM_CLASS.
    assert entry["StartupWMClass"] == DESKTOP.stem == smoke.DESKTOP_ID
    app_py = (ROOT / "kai_desktop" / "qt" / "app_runtime.py").read_text(encoding="utf-8")
    assert f'setDesktopFileName("{DESKTOP.stem}")' in app_py


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None,
                    reason="desktop-file-utils is not installed")
def test_desktop_file_validate_passes() -> None:
    done = subprocess.run(["desktop-file-validate", str(DESKTOP)], capture_output=True,
                          text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.strip() == ""  # not even a hint


def test_the_icon_renders(qapp: object) -> None:
    from PySide6.QtSvg import QSvgRenderer

    svg = PACKAGING / "linux/icons/hicolor/scalable/apps/kai-desktop.svg"
    renderer = QSvgRenderer(str(svg))
    assert renderer.isValid()
    assert renderer.defaultSize().width() == 256


def _calls(tree: ast.AST, name: str) -> list[ast.Call]:
    return [
        node for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == name
    ]


def test_spec_bundles_llama_libraries_and_leaves_out_webengine_qml_and_upx() -> None:
    tree = ast.parse(SPEC.read_text(encoding="utf-8"))
    for name in ("EXE", "COLLECT"):
        (call,) = _calls(tree, name)
        upx = {k.arg: k.value for k in call.keywords}["upx"]
        assert isinstance(upx, ast.Constant)
        assert upx.value is False
    left_out = {
        node.value for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    }
    assert {"PySide6.QtWebEngineCore", "PySide6.QtQml", "PySide6.QtQuick"} <= left_out
    (analysis,) = _calls(tree, "Analysis")
    assert "hookspath" in {k.arg for k in analysis.keywords}
    hook = PACKAGING / "pyinstaller" / "hooks" / "hook-llama_cpp.py"
    hook_tree = ast.parse(hook.read_text(encoding="utf-8"))
    (collect,) = _calls(hook_tree, "collect_dynamic_libs")
    assert isinstance(collect.args[0], ast.Constant)
    assert collect.args[0].value == "llama_cpp"


def test_what_the_spec_imports_of_the_app_exists() -> None:
    """The spec runs only in a build: a name it takes from the app must still be there."""
    import importlib

    tree = ast.parse(SPEC.read_text(encoding="utf-8"))
    imported = [
        (node.module, alias.name)
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("kai_desktop")
        for alias in node.names
    ]
    assert imported
    for module, name in imported:
        assert hasattr(importlib.import_module(module), name), f"{module}.{name}"


def test_readme_builds_the_app_in_one_line_and_registers_the_mcp_server() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    build = [ln for ln in readme.splitlines() if "pyinstaller" in ln and "&&" in ln]
    assert len(build) == 1
    assert build[0].startswith("bash packaging/install.sh && ")  # from a fresh clone
    assert str(SPEC.relative_to(ROOT)) in build[0]
    assert "make" not in build[0].split()
    assert "## Use Kai's memory from other agents" in readme
    assert '"mcpServers"' in readme  # Claude Desktop
    assert '"servers"' in readme  # VS Code


def test_ci_package_script_is_separate_from_ci_run() -> None:
    run = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    package = (ROOT / ".ci" / "package").read_text(encoding="utf-8")
    assert "package" not in run
    assert "kai-desktop --smoke" in package
    assert "desktop-file-validate" in package


def test_paths_from_a_launcher_choose_the_vault(tmp_path: Path, capsys) -> None:
    vault = tmp_path / "Notes"
    (vault / ".obsidian").mkdir(parents=True)
    (vault / "deep" / "er").mkdir(parents=True)
    note = vault / "deep" / "er" / "Plan.md"
    note.write_text("# Plan\n", encoding="utf-8")
    loose = tmp_path / "loose.md"
    loose.write_text("x", encoding="utf-8")
    assert vault_for_paths([str(note)]) == vault.resolve()
    assert vault_for_paths([note.as_uri()]) == vault.resolve()
    assert vault_for_paths([str(vault / "deep")]) == (vault / "deep").resolve()
    assert vault_for_paths([]) is None
    assert vault_for_paths([str(loose)]) is None
    assert "ignored" in capsys.readouterr().err


def test_smoke_flag_runs_the_smoke_check(monkeypatch: pytest.MonkeyPatch) -> None:
    from kai_desktop import __main__ as entry

    monkeypatch.setattr(smoke, "main", lambda: 7)
    monkeypatch.setattr(sys, "argv", ["kai-desktop", "--smoke"])
    assert entry.main() == 7


@pytest.mark.integration
@pytest.mark.slow
def test_smoke_check_passes_from_source(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "kai_desktop", "--smoke"], cwd=ROOT, capture_output=True,
        text=True, timeout=600, check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr[-3000:]
    lines = done.stdout.splitlines()
    assert [ln.split(":")[0] for ln in lines[1:-1]] == [f"ok   {name}" for name, _ in smoke.STEPS]
    assert lines[-1] == "smoke test passed"
