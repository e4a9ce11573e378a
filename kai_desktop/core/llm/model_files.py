"""What the settings show of a chat model file: its choice, size and checksum state."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Final, Literal

ChecksumState = Literal["verified", "recorded", "unchecked", "missing"]

CHECKSUM_TEXT: Final[dict[str, str]] = {
    "verified": "sha256 verified",
    "recorded": "sha256 recorded at download",
    "unchecked": "sha256 not checked yet",
    "missing": "not on this computer",
}


@dataclass(frozen=True)
class ModelFileInfo:
    """One chat model the user can choose: a packaged one or a GGUF in the models folder.

    ``choice`` is the settings' ``model_choice`` (``custom`` for a file, with ``path``).
    """

    choice: str
    title: str
    path: Path | None
    size: int | None
    checksum: ChecksumState
    sha256: str = ""

    @property
    def describe(self) -> str:
        """"1.2 GB · sha256 verified"."""
        size = human_size(self.size) if self.size else "size unknown"
        return f"{size} · {CHECKSUM_TEXT[self.checksum]}"


def human_size(size: int) -> str:
    value = float(size)
    for unit in ("bytes", "KB", "MB", "GB"):
        if value < 1024 or unit == "GB":
            return f"{value:.0f} {unit}" if unit == "bytes" else f"{value:.1f} {unit}"
        value /= 1024
    return f"{value:.1f} GB"
