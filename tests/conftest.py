"""Test environment: offscreen Qt, no hub access, private config/data dirs, no leaks."""

from __future__ import annotations

import gc
import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("HF_HUB_OFFLINE", "1")


@pytest.fixture(autouse=True, scope="session")
def _private_app_dirs(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Settings and derived data of the tests never touch the user's real folders."""
    saved = {k: os.environ.get(k) for k in ("KAI_CONFIG_DIR", "KAI_DATA_DIR", "KAI_VAULT_DIR")}
    os.environ["KAI_CONFIG_DIR"] = str(tmp_path_factory.mktemp("config"))
    os.environ["KAI_DATA_DIR"] = str(tmp_path_factory.mktemp("data"))
    os.environ.pop("KAI_VAULT_DIR", None)
    yield
    for key, value in saved.items():
        if value is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = value


@pytest.fixture(autouse=True)
def _no_dangling_threads() -> Iterator[None]:
    """A test that leaves a Python thread running fails (after a short grace period)."""
    before = set(threading.enumerate())
    yield
    deadline = time.monotonic() + 5.0
    while True:
        extra = [
            t for t in threading.enumerate()
            if t not in before and t.is_alive() and not t.name.startswith("asyncio")
        ]
        if not extra or time.monotonic() > deadline:
            break
        time.sleep(0.05)
    assert not extra, f"test left threads running: {[t.name for t in extra]}"


@pytest.fixture
def vault_dir(tmp_path: Path) -> Path:
    root = tmp_path / "vault"
    root.mkdir()
    return root


@pytest.fixture(autouse=True)
def _unfreeze_gc() -> Iterator[None]:
    """The app freezes long-lived objects out of garbage collection at start-up; a test
    process starts many apps, so each test hands its frozen objects back."""
    yield
    if gc.get_freeze_count():
        gc.unfreeze()
