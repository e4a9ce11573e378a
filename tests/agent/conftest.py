"""Fixtures of agent-file mode: a memory folder laid out the mem-agent way, its tools, a
journal outside it, a running sandbox worker, and a hash of the whole folder tree."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from kai_desktop.core.agent.journal import TrashJournal
from kai_desktop.core.agent.tools import MemoryTools
from kai_desktop.core.vault.files import Vault
from kai_desktop.infra.sandbox.client import SandboxClient

USER_MD = """# User Information
- user_name: Ana Silva
- user_age: 34
- living_location: Lisbon

## User Relationships
- sister: [[entities/lena_silva.md]]
- employer: [[entities/tidewater_labs.md]]
"""
LENA_MD = """# Lena Silva
- relationship: sister of the user
- living_location: Porto
- job: architect
"""
TIDEWATER_MD = """# Tidewater Labs
- industry: ocean sensors
- user_role: firmware engineer
- office: Lisbon, Rua do Alecrim 12
"""


def tree_hash(root: Path) -> str:
    """A hash of every file, folder and symlink under ``root`` (names and contents)."""
    digest = hashlib.sha256()
    for dirpath, dirnames, filenames in os.walk(root, followlinks=False):
        dirnames.sort()
        for name in sorted(dirnames + filenames):
            full = Path(dirpath) / name
            digest.update(str(full.relative_to(root)).encode() + b"\0")
            if full.is_symlink():
                digest.update(b"link:" + os.readlink(full).encode())
            elif full.is_file():
                digest.update(full.read_bytes())
            digest.update(b"\0")
    return digest.hexdigest()


def make_mem_agent_folder(root: Path) -> Path:
    (root / "entities").mkdir(parents=True)
    (root / "user.md").write_text(USER_MD, encoding="utf-8")
    (root / "entities" / "lena_silva.md").write_text(LENA_MD, encoding="utf-8")
    (root / "entities" / "tidewater_labs.md").write_text(TIDEWATER_MD, encoding="utf-8")
    return root


@pytest.fixture
def memory_dir(tmp_path: Path) -> Path:
    return make_mem_agent_folder(tmp_path / "memory")


@pytest.fixture
def journal(tmp_path: Path) -> TrashJournal:
    return TrashJournal(tmp_path / "data" / "agent-trash")


@pytest.fixture
def tools(memory_dir: Path, journal: TrashJournal) -> MemoryTools:
    return MemoryTools(Vault(memory_dir), journal)


@pytest.fixture(scope="module")
def sandbox() -> Iterator[SandboxClient]:
    client = SandboxClient()
    client.start()
    yield client
    client.close()
