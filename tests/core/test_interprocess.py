"""The vault write lock holds across processes: one Kai process waits for another's
check-and-replace, so concurrent writers never lose an acknowledged write."""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import time
from pathlib import Path

import pytest

from kai_desktop.core.vault.files import Vault
from kai_desktop.core.vault.interprocess import vault_write_lock


def _hold(root: str, seconds: float, ready: multiprocessing.synchronize.Event) -> None:
    with vault_write_lock(Path(root)):
        ready.set()
        time.sleep(seconds)


def _append(root: str, name: str, count: int) -> None:
    vault = Vault(Path(root))
    for n in range(count):
        vault.append_text("log.md", f"{name} {n}\n")


def test_a_write_waits_while_another_process_holds_the_lock(tmp_path: Path) -> None:
    ctx = multiprocessing.get_context("spawn")
    ready = ctx.Event()
    holder = ctx.Process(target=_hold, args=(str(tmp_path), 1.5, ready))
    holder.start()
    try:
        assert ready.wait(30)
        started = time.monotonic()
        Vault(tmp_path).write_text("a.md", "x", expect=None)
        waited = time.monotonic() - started
    finally:
        holder.join(30)
    assert waited > 0.5
    assert (tmp_path / "a.md").read_text(encoding="utf-8") == "x"


def test_the_lock_is_reentrant_within_a_process(tmp_path: Path) -> None:
    vault = Vault(tmp_path)
    with vault_write_lock(tmp_path), vault_write_lock(tmp_path):
        vault.write_text("a.md", "x", expect=None)
        vault.append_text("a.md", "y")
    assert (tmp_path / "a.md").read_text(encoding="utf-8") == "x\ny"


def test_appends_from_two_processes_all_land(tmp_path: Path) -> None:
    ctx = multiprocessing.get_context("spawn")
    workers = [ctx.Process(target=_append, args=(str(tmp_path), name, 150)) for name in "ab"]
    for w in workers:
        w.start()
    for w in workers:
        w.join(120)
        assert w.exitcode == 0
    lines = (tmp_path / "log.md").read_text(encoding="utf-8").splitlines()
    assert sorted(lines) == sorted(f"{name} {n}" for name in "ab" for n in range(150))
    assert not list(tmp_path.glob("*conflict*"))


def _descriptors_on(folder: Path) -> int:
    fds = Path("/proc/self/fd")
    if not fds.is_dir():
        pytest.skip("needs /proc")
    count = 0
    for fd in fds.iterdir():
        with contextlib.suppress(OSError):
            count += Path(os.readlink(fd)) == folder.resolve()
    return count


def test_no_descriptor_is_kept_on_a_vault_once_its_writes_are_done(tmp_path: Path) -> None:
    """The lock's descriptor is held only while locked: a process that opens many vaults (a
    long test run, a user switching vaults) does not run out of descriptors."""
    vaults = [tmp_path / f"v{n}" for n in range(5)]
    for root in vaults:
        root.mkdir()
        Vault(root).write_text("a.md", "x", expect=None)
        with vault_write_lock(root):
            assert _descriptors_on(root) == 1
    assert sum(_descriptors_on(root) for root in vaults) == 0
