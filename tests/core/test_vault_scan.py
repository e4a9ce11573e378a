"""Reading a whole vault into a link graph: skipped files, progress, worker processes."""

from __future__ import annotations

import gc
from pathlib import Path
from typing import Any

import pytest

from kai_desktop.core.vault import scan as scan_module
from kai_desktop.core.vault.files import Vault
from kai_desktop.core.vault.link_graph import Edge
from kai_desktop.core.vault.scan import iter_scan_vault, scan_vault


def test_scan_vault_skips_bad_files_with_reasons(vault_dir: Path) -> None:
    (vault_dir / "sub").mkdir()
    (vault_dir / "Home.md").write_text("[[Other]] [[Big]] ![[pic.png]] [[Binary]]\n")
    (vault_dir / "sub" / "Other.md").write_text("---\nbad: [\n---\n# Other\n")
    (vault_dir / "Big.md").write_text("x" * 2000)
    (vault_dir / "Binary.md").write_bytes(b"abc\x00def")
    (vault_dir / "Latin1.md").write_bytes("caf\u00e9".encode("latin-1"))
    (vault_dir / "pic.png").write_bytes(b"\x89PNG\x00")
    (vault_dir / ".obsidian").mkdir()
    (vault_dir / ".obsidian" / "ignored.md").write_text("[[Home]]")
    scan = scan_vault(Vault(vault_dir, max_file_bytes=1000))

    reasons = {s.path: s.reason for s in scan.skipped}
    assert set(reasons) == {"Big.md", "Binary.md", "Latin1.md"}
    assert reasons["Big.md"].startswith("too large")
    assert reasons["Binary.md"] == "binary file"
    assert reasons["Latin1.md"].startswith("not UTF-8")
    graph = scan.graph
    assert {n.id: n.kind for n in graph.nodes()} == {
        "Home.md": "note",
        "sub/Other.md": "note",
        "Big.md": "note",
        "Binary.md": "note",
        "Latin1.md": "note",
        "pic.png": "attachment",
    }
    assert graph.edges() == [
        Edge("Home.md", "Big.md", 1),
        Edge("Home.md", "Binary.md", 1),
        Edge("Home.md", "pic.png", 1),
        Edge("Home.md", "sub/Other.md", 1),
    ]
    other = graph.note("sub/Other.md")
    assert other is not None
    assert other.frontmatter_error is not None
    assert graph.unreadable_notes["Big.md"].startswith("too large")


def test_scan_vault_reports_unreadable_files(
    vault_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (vault_dir / "locked.md").write_text("x")
    (vault_dir / "ok.md").write_text("[[locked]]")
    vault = Vault(vault_dir)
    real_read = vault.read_text

    def denied(rel: str) -> Any:
        if rel == "locked.md":
            raise PermissionError(13, "Permission denied", rel)
        return real_read(rel)

    monkeypatch.setattr(vault, "read_text", denied)
    scan = scan_vault(vault)
    assert [(s.path, s.reason) for s in scan.skipped] == [
        ("locked.md", "unreadable (Permission denied)")
    ]
    assert scan.graph.edges() == [Edge("ok.md", "locked.md", 1)]


def test_a_parser_failure_skips_the_note_instead_of_crashing(
    vault_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (vault_dir / "a.md").write_text("fine")
    (vault_dir / "b.md").write_text("boom")
    real_parse = scan_module.parse_note

    def fragile(path: str, text: str) -> Any:
        if text == "boom":
            raise RecursionError("maximum recursion depth exceeded")
        return real_parse(path, text)

    monkeypatch.setattr(scan_module, "parse_note", fragile)
    scan = scan_vault(Vault(vault_dir))
    assert [(s.path, s.reason) for s in scan.skipped] == [
        ("b.md", "could not be parsed (maximum recursion depth exceeded)")
    ]
    assert scan.graph.has_note("b.md")


def test_scan_progress_and_vanished_files(vault_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for i in range(300):
        (vault_dir / f"n{i}.md").write_text(f"[[n{i + 1}]]")
    vault = Vault(vault_dir)
    real_read = vault.read_text

    def flaky(rel: str) -> Any:
        if rel == "n5.md":
            raise FileNotFoundError(rel)
        return real_read(rel)

    monkeypatch.setattr(vault, "read_text", flaky)
    gen = iter_scan_vault(vault)
    progress = []
    while True:
        try:
            progress.append(next(gen))
        except StopIteration as stop:
            scan = stop.value
            break
    assert [(p.done, p.total) for p in progress] == [(256, 300), (300, 300)]
    assert scan.skipped == []
    assert not scan.graph.has_note("n5.md")
    assert len(scan.graph.notes) == 299


def test_parallel_scan_gives_the_same_result(
    vault_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (vault_dir / "d").mkdir()
    for i in range(12):
        (vault_dir / "d" / f"n{i}.md").write_text(f"# N{i}\n[[n{(i + 1) % 14}#N{i}]] ![[p.png]]")
    (vault_dir / "bad.md").write_bytes(b"\xff")
    (vault_dir / "p.png").write_bytes(b"\x00")
    monkeypatch.setattr(scan_module, "_PARALLEL_MIN_NOTES", 1)
    monkeypatch.setattr(scan_module, "_BATCH", 5)
    serial = scan_vault(Vault(vault_dir))
    parallel = scan_vault(Vault(vault_dir), workers=2)
    assert parallel.graph.to_json() == serial.graph.to_json()
    assert parallel.graph.notes == serial.graph.notes
    assert parallel.graph.broken_anchors() == serial.graph.broken_anchors()
    assert (
        parallel.skipped == serial.skipped == [scan_module.Skipped("bad.md", "not UTF-8 (byte 0)")]
    )


@pytest.mark.usefixtures("automatic_gc")
def test_the_collector_is_paused_only_while_the_scan_works(
    vault_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for i in range(600):
        (vault_dir / f"n{i}.md").write_text("x")
    seen: set[bool] = set()
    real = scan_module._read_and_parse

    def watching(vault: Vault, rel: str) -> Any:
        seen.add(gc.isenabled())
        return real(vault, rel)

    monkeypatch.setattr(scan_module, "_read_and_parse", watching)
    assert gc.isenabled()
    gen = iter_scan_vault(Vault(vault_dir))
    next(gen)
    assert gc.isenabled()  # a consumer that stops here leaves the collector running
    gen.close()
    scan_vault(Vault(vault_dir))
    assert gc.isenabled()
    assert seen == {False}



def test_a_broken_worker_pool_falls_back_to_parsing_here(
    vault_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import concurrent.futures
    from concurrent.futures.process import BrokenProcessPool

    for i in range(7):
        (vault_dir / f"n{i}.md").write_text(f"[[n{i + 1}]]")

    class DyingPool:
        def __init__(self, **_: Any) -> None:
            self.calls = 0

        def submit(self, fn: Any, *args: Any) -> concurrent.futures.Future[Any]:
            future: concurrent.futures.Future[Any] = concurrent.futures.Future()
            self.calls += 1
            if self.calls == 1:
                future.set_result(fn(*args))  # the first batch works...
            else:
                future.set_exception(BrokenProcessPool("a worker died"))  # ...then it dies
            return future

        def shutdown(self, **_: Any) -> None:
            pass

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", DyingPool)
    monkeypatch.setattr(scan_module, "_PARALLEL_MIN_NOTES", 1)
    monkeypatch.setattr(scan_module, "_BATCH", 3)
    scan = scan_vault(Vault(vault_dir), workers=2)
    assert scan.graph.to_json() == scan_vault(Vault(vault_dir)).graph.to_json()
    paths = [f"n{i}.md" for i in range(7)]
    results = list(scan_module._parse_in_processes(Vault(vault_dir), paths, 2))
    assert [path for path, _, _ in results] == paths
