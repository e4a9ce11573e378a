"""The chat models the settings can offer: the packaged ones and every GGUF in the models
folder (downloads), each with its size and what is known of its sha256."""

from __future__ import annotations

from pathlib import Path

from kai_desktop.core.llm.model_files import ChecksumState, ModelFileInfo
from kai_desktop.infra.models.manager import ModelManager
from kai_desktop.infra.models.model_files import marker_sha


def list_model_files(manager: ModelManager | None = None) -> list[ModelFileInfo]:
    """Reads the folder and the verified-markers (no hashing): run it off the GUI thread."""
    manager = manager or ModelManager()
    rows: list[ModelFileInfo] = []
    packaged: set[str] = set()
    for key, entry in manager.catalogue.items():
        path = manager.root / entry.file_name
        packaged.add(entry.file_name)
        sha = marker_sha(path) if path.is_file() else None
        state: ChecksumState
        if not path.is_file():
            state = "missing"
        elif sha is not None and entry.checksum.matches(sha):
            state = "verified"
        else:
            state = "unchecked"
        size = path.stat().st_size if path.is_file() else (entry.size or None)
        rows.append(ModelFileInfo(key, entry.title, path, size, state, sha or ""))
    root = manager.root
    files = sorted(root.glob("*.gguf")) if root.is_dir() else []
    for path in files:
        if path.name in packaged:
            continue
        sha = marker_sha(path)
        rows.append(
            ModelFileInfo(
                "custom",
                path.stem,
                path,
                _size(path),
                "recorded" if sha else "unchecked",
                sha or "",
            )
        )
    return rows


def _size(path: Path) -> int | None:
    try:
        return path.stat().st_size
    except OSError:
        return None
