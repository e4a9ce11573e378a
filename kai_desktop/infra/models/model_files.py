"""Checks on model files: GGUF magic, sha256, the ``.verified`` marker, free space."""

from __future__ import annotations

import hashlib
import json
import shutil
from collections.abc import Callable
from pathlib import Path

from kai_desktop.core.llm.model import ModelError
from kai_desktop.core.vault.atomic import atomic_write
from kai_desktop.infra.models.errors import Cancelled, ModelFileError

ProgressCallback = Callable[[int, int | None], None]
CancelFlag = Callable[[], bool]

GGUF_MAGIC = b"GGUF"
BLOCK = 4 * 1024 * 1024
MARKER_SUFFIX = ".verified"


def check_gguf(path: Path) -> Path:
    """Return ``path`` if it is a readable GGUF file; raise :class:`ModelFileError` if not."""
    path = Path(path).expanduser()
    if not path.exists():
        raise ModelFileError(f"Model file not found: {path}")
    if path.is_dir():
        raise ModelFileError(f"{path} is a folder, not a GGUF model file")
    try:
        with path.open("rb") as fh:
            head = fh.read(8)
    except OSError as exc:
        raise ModelFileError(f"Cannot read model file {path}: {exc.strerror or exc}") from exc
    if head[:4] != GGUF_MAGIC:
        if head.startswith(b"version "):
            hint = " (it looks like a Git LFS pointer, not the model itself)"
        elif not head:
            hint = " (the file is empty)"
        else:
            hint = f" (it starts with {head[:4]!r}, a GGUF file starts with b'GGUF')"
        raise ModelFileError(f"{path} is not a GGUF model file{hint}")
    if len(head) < 8:
        raise ModelFileError(f"{path} is truncated: too short for a GGUF file")
    return path


def sha256_file(
    path: Path, *, progress: ProgressCallback | None = None, cancel: CancelFlag | None = None
) -> str:
    digest = hashlib.sha256()
    total = path.stat().st_size
    done = 0
    with path.open("rb") as fh:
        while block := fh.read(BLOCK):
            digest.update(block)
            done += len(block)
            if progress is not None:
                progress(done, total)
            if cancel is not None and cancel():
                raise Cancelled(f"checking {path.name}")
    return digest.hexdigest()


def marker_path(path: Path) -> Path:
    return path.with_name(path.name + MARKER_SUFFIX)


def write_marker(path: Path, sha256: str) -> None:
    st = path.stat()
    data = {"sha256": sha256, "size": st.st_size, "mtime_ns": st.st_mtime_ns}
    atomic_write(marker_path(path), json.dumps(data).encode("utf-8"))


def marker_sha(path: Path) -> str | None:
    """The recorded sha256 if the marker still describes the file on disk, else None."""
    try:
        data = json.loads(marker_path(path).read_text(encoding="utf-8"))
        st = path.stat()
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict):
        return None
    if data.get("size") != st.st_size or data.get("mtime_ns") != st.st_mtime_ns:
        return None
    sha = data.get("sha256")
    return sha if isinstance(sha, str) else None


def check_space(folder: Path, needed: int, what: str) -> None:
    if needed <= 0:
        return
    free = shutil.disk_usage(folder).free
    if free < needed:
        raise ModelError(
            f"Not enough disk space for {what}: {needed / 1e6:.0f} MB needed, "
            f"{free / 1e6:.0f} MB free in {folder}"
        )
