"""Many threads storing, reinforcing and deleting at once: no lost update, no torn file."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

from kai_desktop.core.memory.model import MemoryNotFound
from kai_desktop.core.memory.note_format import parse_memory_note
from kai_desktop.core.memory.store import MemoryStore
from kai_desktop.core.vault.files import Vault
from kai_desktop.core.vault.frontmatter import split_frontmatter

REINFORCERS = 4
REINFORCES_EACH = 25
STORERS = 2
STORES_EACH = 15
DELETERS = 2
DELETES_EACH = 12


def _run_threads(targets: list[Callable[[], None]]) -> list[BaseException]:
    errors: list[BaseException] = []
    barrier = threading.Barrier(len(targets))

    def wrap(target: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            barrier.wait()
            try:
                target()
            except BaseException as exc:  # collected and reported by the test
                errors.append(exc)

        return run

    threads = [threading.Thread(target=wrap(t), name=f"worker-{i}") for i, t in enumerate(targets)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
        assert not thread.is_alive(), "a worker hung"
    return errors


def _parse_all(root: Path) -> dict[str, str]:
    """Every note under memories/ parsed; returns path -> key."""
    keys: dict[str, str] = {}
    for path in sorted((root / "memories").glob("*.md")):
        text = path.read_text(encoding="utf-8")
        fm = split_frontmatter(text)
        assert fm.error is None, (path, text)
        keys[path.name] = parse_memory_note(path.name, text, 0.0).key
    return keys


def test_threads_storing_reinforcing_and_deleting(tmp_path: Path) -> None:
    root = tmp_path / "vault"
    vault = Vault(root)
    store = MemoryStore(vault, undo_window_s=0.01)  # real timers end windows concurrently
    store.store("shared", "counted by everyone")
    stop = threading.Event()
    undone: set[str] = set()
    torn: list[str] = []

    def reinforcer() -> None:
        for _ in range(REINFORCES_EACH):
            store.reinforce("shared")

    def storer(t: int) -> Callable[[], None]:
        def run() -> None:
            for i in range(STORES_EACH):
                store.store(f"s{t}-{i}", f"first {i}")
                store.store(f"s{t}-{i}", f"second {i}")
                store.all()

        return run

    def deleter(t: int) -> Callable[[], None]:
        def run() -> None:
            for i in range(DELETES_EACH):
                key = f"d{t}-{i}"
                store.store(key, "short-lived")
                store.delete(key)
                if i % 3 == 0:
                    try:
                        store.undo(key)
                        undone.add(key)
                    except MemoryNotFound:
                        pass  # its window already ended
                if i % 4 == 1:
                    store.finalize_due()

        return run

    def reader() -> None:
        while not stop.is_set():
            for path in list((root / "memories").glob("*.md")):
                try:
                    text = path.read_text(encoding="utf-8")
                except FileNotFoundError:
                    continue
                fm = split_frontmatter(text)
                if fm.error is not None or "key" not in fm.properties:
                    torn.append(text)

    reading = threading.Thread(target=reader, name="reader")
    reading.start()
    try:
        errors = _run_threads(
            [reinforcer] * REINFORCERS
            + [storer(t) for t in range(STORERS)]
            + [deleter(t) for t in range(DELETERS)]
        )
    finally:
        stop.set()
        reading.join(30)
    store.flush_pending()

    assert errors == []
    assert torn == []
    shared = store.get("shared")
    assert shared is not None
    assert shared.hits == 1 + REINFORCERS * REINFORCES_EACH
    keys = _parse_all(root)
    assert len(keys) == len(set(keys.values())), "two notes hold the same key"
    expected = {"shared"}
    expected |= {f"s{t}-{i}" for t in range(STORERS) for i in range(STORES_EACH)}
    expected |= undone
    assert set(keys.values()) == expected
    assert {m.key for m in store.all()} == expected
    for t in range(STORERS):
        for i in range(STORES_EACH):
            memory = store.get(f"s{t}-{i}")
            assert memory is not None
            assert memory.content == f"second {i}"
    leftovers = [p.name for p in (root / "memories").iterdir() if not p.name.endswith(".md")]
    assert leftovers == []  # no temporary files
    assert not [p for p in (root / "memories").iterdir() if "conflict" in p.name]
    fresh = MemoryStore(vault)
    fresh_shared = fresh.get("shared")
    assert fresh_shared is not None
    assert fresh_shared.hits == shared.hits
    for thread in threading.enumerate():
        if thread.name == "kai-memory-undo-window":
            thread.join(5)
    assert not [t for t in threading.enumerate() if t.name == "kai-memory-undo-window"]
