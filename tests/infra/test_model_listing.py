# ruff: noqa: F811  (fixtures imported from a sibling module)
"""The model list of the settings: packaged and downloaded GGUF files with their sizes and
what is known of their sha256, from real files and markers."""

from __future__ import annotations

import os
from pathlib import Path

from kai_desktop.infra.models.listing import list_model_files
from kai_desktop.infra.models.model_files import write_marker
from tests.infra.test_model_manager import GGUF_BODY, make_manager, packages, sha  # noqa: F401


def test_states_follow_the_files_and_their_markers(
    tmp_path: Path, packages: dict[str, Path]
) -> None:
    root = tmp_path / "models"
    manager = make_manager(root, packages, size=len(GGUF_BODY))
    before = list_model_files(manager)
    assert [(r.choice, r.checksum, r.size) for r in before] == [
        ("default", "missing", len(GGUF_BODY))
    ]
    manager.install("default")
    downloaded = root / "tiny-chat.gguf"
    downloaded.write_bytes(GGUF_BODY)
    write_marker(downloaded, sha(GGUF_BODY))
    loose = root / "copied.gguf"
    loose.write_bytes(GGUF_BODY + b"x")
    rows = {r.title: r for r in list_model_files(manager)}
    assert rows["Fake model"].checksum == "verified"
    assert rows["Fake model"].sha256 == sha(GGUF_BODY)
    assert (rows["tiny-chat"].choice, rows["tiny-chat"].path) == ("custom", downloaded)
    assert rows["tiny-chat"].checksum == "recorded"
    assert rows["copied"].checksum == "unchecked"
    assert rows["copied"].size == len(GGUF_BODY) + 1
    assert rows["copied"].describe.endswith("sha256 not checked yet")


def test_a_file_changed_after_its_check_is_no_longer_verified(
    tmp_path: Path, packages: dict[str, Path]
) -> None:
    manager = make_manager(tmp_path / "models", packages)
    path = manager.install("default").path
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 5_000_000_000))
    assert list_model_files(manager)[0].checksum == "unchecked"
