"""``kai-desktop graph``: JSON for scripts, a summary for people."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kai_desktop.cli import main


@pytest.fixture
def vault(vault_dir: Path) -> Path:
    (vault_dir / "sub").mkdir()
    (vault_dir / "Home.md").write_text(
        "[[Other]] [[other|again]] [[Missing Note]] [[Other#Nope]] ![[pic.png|100]]\n",
        encoding="utf-8",
    )
    (vault_dir / "sub" / "Other.md").write_text("---\nbad: [\n---\n# Other\n[[Home]]\n")
    (vault_dir / "pic.png").write_bytes(b"\x89PNG\x00")
    (vault_dir / "Bin.md").write_bytes(b"\x00\x01")
    (vault_dir / "Ünï.md").write_text("[[Home]]", encoding="utf-8")
    return vault_dir


def test_json_output(vault: Path, capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    assert main(["graph", "--vault", str(vault), "--json"]) == 0
    out = capsysbinary.readouterr().out
    data = json.loads(out.decode("utf-8"))
    assert data == {
        "nodes": [
            {"id": "Bin.md", "kind": "note"},
            {"id": "Home.md", "kind": "note"},
            {"id": "Missing Note.md", "kind": "unresolved"},
            {"id": "pic.png", "kind": "attachment"},
            {"id": "sub/Other.md", "kind": "note"},
            {"id": "Ünï.md", "kind": "note"},
        ],
        "edges": [
            {"source": "Home.md", "target": "Missing Note.md", "count": 1},
            {"source": "Home.md", "target": "pic.png", "count": 1},
            {"source": "Home.md", "target": "sub/Other.md", "count": 3},
            {"source": "sub/Other.md", "target": "Home.md", "count": 1},
            {"source": "Ünï.md", "target": "Home.md", "count": 1},
        ],
    }
    assert "Ünï.md".encode() in out  # UTF-8, not \u escapes


def test_summary_output(vault: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["graph", "--vault", str(vault)]) == 0
    out = capsys.readouterr().out
    assert f"Vault: {vault.resolve()}" in out
    assert "Notes: 4\n" in out
    assert "Attachments: 1\n" in out
    assert "Edges: 5 (7 links)\n" in out
    assert (
        "Unresolved: 1 targets, 1 links\n  Home.md:1: [[Missing Note]] -> Missing Note.md\n" in out
    )
    assert "Broken anchors: 1\n  Home.md:1: no heading '#Nope' in sub/Other.md\n" in out
    assert "Broken properties: 1\n  sub/Other.md: invalid YAML properties" in out
    assert "Skipped files: 1\n  Bin.md: binary file\n" in out


def test_summary_lists_are_capped_unless_all(
    vault_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (vault_dir / "n.md").write_text(" ".join(f"[[gone {i}]]" for i in range(15)))
    main(["graph", "--vault", str(vault_dir)])
    out = capsys.readouterr().out
    assert "Unresolved: 15 targets, 15 links\n" in out
    assert "  ... and 5 more (--all lists them)\n" in out
    main(["graph", "--vault", str(vault_dir), "--all"])
    out = capsys.readouterr().out
    assert "gone 14.md" in out
    assert "more (--all" not in out


def test_the_default_vault_comes_from_the_environment(
    vault: Path, capsysbinary: pytest.CaptureFixture[bytes], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("KAI_VAULT_DIR", str(vault))
    assert main(["graph", "--json"]) == 0
    ids = [n["id"] for n in json.loads(capsysbinary.readouterr().out)["nodes"]]
    assert "Home.md" in ids


def test_a_missing_vault_is_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "nope"
    assert main(["graph", "--vault", str(missing), "--json"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert f"no vault folder at {missing}" in captured.err
    assert not missing.exists()


def test_the_graph_command_never_writes(vault: Path) -> None:
    before = {p: p.read_bytes() for p in vault.rglob("*") if p.is_file()}
    main(["graph", "--vault", str(vault)])
    assert {p: p.read_bytes() for p in vault.rglob("*") if p.is_file()} == before
