"""Downloading a GGUF file into the model folder, resuming a partial one."""

from __future__ import annotations

import http.client
import logging
import os
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import IO

from kai_desktop.core.vault.atomic import fsync_dir
from kai_desktop.infra.models.errors import (
    Cancelled,
    ChecksumMismatch,
    DownloadError,
    ModelFileError,
)
from kai_desktop.infra.models.model_files import (
    CancelFlag,
    ProgressCallback,
    check_gguf,
    marker_sha,
    sha256_file,
    write_marker,
)

log = logging.getLogger(__name__)

USER_AGENT = "kai-desktop model manager"


def download_model(
    root: Path,
    url: str,
    *,
    file_name: str | None = None,
    sha256: str | None = None,
    progress: ProgressCallback | None = None,
    cancel: CancelFlag | None = None,
    timeout: float = 30.0,
    retries: int = 3,
) -> Path:
    """Download a GGUF into ``root``, resuming a partial ``.download`` file.

    A dropped connection is resumed with an HTTP Range request up to ``retries`` times;
    after that (or on cancel) the partial file stays for the next call. The file is
    checked (sha256 when given, GGUF magic always) before it is renamed into place.
    """
    name = file_name or _file_name_from_url(url)
    if not name or "/" in name or name in (".", ".."):
        raise DownloadError(f"Cannot tell a file name from {url!r}; give one")
    root.mkdir(parents=True, exist_ok=True)
    target = root / name
    expected = sha256.lower() if sha256 else None
    if target.is_file() and expected is not None and marker_sha(target) == expected:
        return target
    partial = target.with_name(name + ".download")
    attempts = 0
    while True:
        try:
            if _fetch(url, partial, progress, cancel, timeout):
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
    # The partial file was fsynced as it was fetched (it is kept for resuming, so it is
    # not an atomic write's temp file): only the rename is left to make durable.
    os.replace(partial, target)
    fsync_dir(root)
    write_marker(target, actual)
    return target

def _fetch(
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
