"""What can go wrong with a model file (beyond the loading errors of ``core.llm``)."""

from __future__ import annotations

from kai_desktop.core.llm.model import ModelError, ModelLoadError


class ModelFileError(ModelLoadError):
    """A model file is missing or is not a GGUF file."""


class ModelNotAvailable(ModelError):
    """A packaged model's PyPI packages are not installed."""


class ChecksumMismatch(ModelError):
    def __init__(self, what: str, expected: str, actual: str) -> None:
        super().__init__(
            f"{what}: checksum mismatch (expected sha256 {expected}, got {actual}); "
            "the file was not kept"
        )
        self.expected = expected
        self.actual = actual


class DownloadError(ModelError):
    """A download failed; a partial file is kept for resuming when possible."""


class Cancelled(ModelError):
    def __init__(self, what: str) -> None:
        super().__init__(f"{what}: cancelled")
