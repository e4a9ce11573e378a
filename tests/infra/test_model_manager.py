from __future__ import annotations

import hashlib
import http.server
import os
import socket
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from kai_desktop.core.settings import Settings
from kai_desktop.infra.models.catalogue import DEFAULT_MODEL, Checksum, PackagedModel
from kai_desktop.infra.models.errors import (
    Cancelled,
    ChecksumMismatch,
    DownloadError,
    ModelFileError,
    ModelNotAvailable,
)
from kai_desktop.infra.models.factory import chat_model_factory
from kai_desktop.infra.models.manager import ModelManager
from kai_desktop.infra.models.model_files import check_gguf

GGUF_BODY = b"GGUF" + (3).to_bytes(4, "little") + bytes(range(256)) * 40  # ~10 KB


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


# -- packaged models ----------------------------------------------------------------------


@pytest.fixture
def packages(tmp_path: Path) -> dict[str, Path]:
    """Three fake chunk packages holding GGUF_BODY split in order."""
    folders: dict[str, Path] = {}
    pieces = [GGUF_BODY[:3000], GGUF_BODY[3000:7000], GGUF_BODY[7000:]]
    for i, piece in enumerate(pieces, start=1):
        folder = tmp_path / "site" / f"fake_part{i}"
        (folder / "data").mkdir(parents=True)
        (folder / "data" / f"part{i:02d}.bin").write_bytes(piece)
        folders[f"fake_part{i}"] = folder
    return folders


def make_manager(
    root: Path, packages: dict[str, Path], checksum: Checksum | None = None, size: int = 0
) -> ModelManager:
    entry = PackagedModel(
        key="default",
        title="Fake model",
        file_name="fake.gguf",
        size=size,
        checksum=checksum or Checksum(full=sha(GGUF_BODY)),
        packages=("fake_part1", "fake_part2", "fake_part3"),
        requirements=("fake-part1==1", "fake-part2==1", "fake-part3==1"),
    )
    return ModelManager(root, catalogue={"default": entry}, package_dir=packages.get)


def test_install_assembles_verifies_and_writes_a_marker(
    tmp_path: Path, packages: dict[str, Path]
) -> None:
    manager = make_manager(tmp_path / "models", packages, size=len(GGUF_BODY))
    seen: list[tuple[int, int | None]] = []
    result = manager.install("default", progress=lambda d, t: seen.append((d, t)))
    assert result.assembled
    assert result.path.read_bytes() == GGUF_BODY
    assert manager.is_installed("default")
    assert seen[-1] == (len(GGUF_BODY), len(GGUF_BODY))
    names = sorted(p.name for p in result.path.parent.iterdir())
    assert names == ["fake.gguf", "fake.gguf.verified"]


def test_second_install_is_fast_and_needs_no_packages(
    tmp_path: Path, packages: dict[str, Path]
) -> None:
    manager = make_manager(tmp_path / "models", packages)
    manager.install("default")
    for folder in packages.values():
        for chunk in (folder / "data").iterdir():
            chunk.unlink()
    hashed: list[int] = []
    result = manager.install("default", progress=lambda d, t: hashed.append(d))
    assert not result.assembled
    assert hashed == []  # the marker spared a re-hash


def test_changed_file_is_rehashed_and_rebuilt(tmp_path: Path, packages: dict[str, Path]) -> None:
    manager = make_manager(tmp_path / "models", packages)
    path = manager.install("default").path
    with path.open("r+b") as fh:
        fh.seek(100)
        fh.write(b"XX")
    assert not manager.is_installed("default")
    result = manager.install("default")
    assert result.assembled
    assert path.read_bytes() == GGUF_BODY


def test_file_in_place_without_marker_is_adopted_after_one_hash(
    tmp_path: Path, packages: dict[str, Path]
) -> None:
    manager = make_manager(tmp_path / "models", packages)
    path = manager.install("default").path
    Path(str(path) + ".verified").unlink()
    result = manager.install("default")
    assert not result.assembled
    assert manager.is_installed("default")


def test_checksum_mismatch_keeps_nothing(tmp_path: Path, packages: dict[str, Path]) -> None:
    manager = make_manager(tmp_path / "models", packages, checksum=Checksum(full="0" * 64))
    with pytest.raises(ChecksumMismatch, match="checksum mismatch"):
        manager.install("default")
    assert list((tmp_path / "models").iterdir()) == []


def test_prefix_suffix_checksum(tmp_path: Path, packages: dict[str, Path]) -> None:
    digest = sha(GGUF_BODY)
    good = Checksum(prefix=digest[:12], suffix=digest[-6:])
    assert make_manager(tmp_path / "a", packages, checksum=good).install("default").assembled
    bad = Checksum(prefix=digest[:12], suffix="000000")
    with pytest.raises(ChecksumMismatch):
        make_manager(tmp_path / "b", packages, checksum=bad).install("default")


def test_size_disagreement_is_reported_before_copying(
    tmp_path: Path, packages: dict[str, Path]
) -> None:
    manager = make_manager(tmp_path / "models", packages, size=len(GGUF_BODY) + 1)
    with pytest.raises(Exception, match="reinstall them with: pip install fake-part1==1"):
        manager.install("default")


def test_missing_packages_name_the_pip_command(tmp_path: Path, packages: dict[str, Path]) -> None:
    del packages["fake_part2"]
    manager = make_manager(tmp_path / "models", packages)
    assert not manager.is_available("default")
    with pytest.raises(ModelNotAvailable, match=r"fake_part2.*pip install fake-part1==1"):
        manager.install("default")
    assert manager.status()[0].detail.startswith("not available")


def test_cancel_during_assembly_leaves_no_temp_file(
    tmp_path: Path, packages: dict[str, Path]
) -> None:
    manager = make_manager(tmp_path / "models", packages)
    with pytest.raises(Cancelled):
        manager.install("default", cancel=lambda: True)
    assert list((tmp_path / "models").iterdir()) == []


def test_verify_detects_damage(tmp_path: Path, packages: dict[str, Path]) -> None:
    manager = make_manager(tmp_path / "models", packages)
    path = manager.install("default").path
    assert manager.verify("default") == sha(GGUF_BODY)
    data = bytearray(path.read_bytes())
    data[-1] ^= 0xFF
    path.write_bytes(bytes(data))
    with pytest.raises(Exception, match="damaged"):
        manager.verify("default")
    assert not manager.is_installed("default")


def test_unknown_key(tmp_path: Path) -> None:
    with pytest.raises(Exception, match="Unknown model 'huge'"):
        ModelManager(tmp_path).install("huge")


def test_real_default_packages_are_found() -> None:
    manager = ModelManager(Path("/nonexistent"))
    chunks = manager.chunk_paths("default")
    assert [c.name for c in chunks] == [f"part{i:02d}.bin" for i in range(1, 7)]
    assert sum(c.stat().st_size for c in chunks) == DEFAULT_MODEL.size


# -- GGUF checks ------------------------------------------------------------------------


def test_check_gguf(tmp_path: Path) -> None:
    good = tmp_path / "good.gguf"
    good.write_bytes(GGUF_BODY)
    assert check_gguf(good) == good
    cases = {
        "missing.gguf": (None, "not found"),
        "empty.gguf": (b"", "empty"),
        "lfs.gguf": (b"version https://git-lfs.github.com/spec/v1\n", "Git LFS pointer"),
        "zip.gguf": (b"PK\x03\x04rest", "starts with b'PK"),
        "short.gguf": (b"GGUF", "truncated"),
    }
    for name, (data, message) in cases.items():
        path = tmp_path / name
        if data is not None:
            path.write_bytes(data)
        with pytest.raises(ModelFileError, match=message):
            check_gguf(path)
    with pytest.raises(ModelFileError, match="is a folder"):
        check_gguf(tmp_path)


def test_resolve_custom(tmp_path: Path) -> None:
    manager = ModelManager(tmp_path / "models")
    with pytest.raises(ModelFileError, match="No GGUF file chosen"):
        manager.resolve("custom", None)
    bad = tmp_path / "notes.txt"
    bad.write_text("hello")
    with pytest.raises(ModelFileError, match="not a GGUF model file"):
        manager.resolve("custom", bad)
    good = tmp_path / "mine.gguf"
    good.write_bytes(GGUF_BODY)
    assert manager.resolve("custom", good) == good


def test_factory_reports_a_bad_custom_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.gguf"
    bad.write_bytes(b"nope")
    settings = Settings(model_choice="custom", model_path=bad)
    factory = chat_model_factory(settings, ModelManager(tmp_path / "models"))
    with pytest.raises(ModelFileError, match="not a GGUF model file"):
        factory(lambda message, fraction: None)


def test_factory_builds_a_server_model_without_network(tmp_path: Path) -> None:
    settings = Settings(
        model_backend="openai", openai_base_url="http://127.0.0.1:9/v1", openai_model="m"
    )
    messages: list[str] = []
    model = chat_model_factory(settings)(lambda message, fraction: messages.append(message))
    assert (model.name, model.is_local) == ("m", False)
    assert messages == ["Connecting to http://127.0.0.1:9/v1"]


# -- downloads ------------------------------------------------------------------------------


@dataclass
class ServerState:
    body: bytes = GGUF_BODY
    cut_after: int | None = None
    """Bytes sent before the first full response breaks off."""
    ranges: list[str | None] = field(default_factory=list)
    status_override: int | None = None


class _Handler(http.server.BaseHTTPRequestHandler):
    state: ServerState

    def do_GET(self) -> None:
        state = self.server.state  # type: ignore[attr-defined]
        state.ranges.append(self.headers.get("Range"))
        if state.status_override:
            self.send_error(state.status_override)
            return
        body = state.body
        start = 0
        header = self.headers.get("Range")
        if header and header.startswith("bytes="):
            start = int(header[6:].split("-")[0])
            if start >= len(body):
                self.send_response(416)
                self.send_header("Content-Range", f"bytes */{len(body)}")
                self.end_headers()
                return
            self.send_response(206)
            self.send_header("Content-Range", f"bytes {start}-{len(body) - 1}/{len(body)}")
        else:
            self.send_response(200)
        self.send_header("Content-Length", str(len(body) - start))
        self.end_headers()
        payload = body[start:]
        if state.cut_after is not None and start == 0:
            self.wfile.write(payload[: state.cut_after])
            self.wfile.flush()
            state.cut_after = None
            self.close_connection = True
            self.connection.shutdown(socket.SHUT_RDWR)
            return
        self.wfile.write(payload)

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture
def server() -> Iterator[tuple[str, ServerState]]:
    state = ServerState()
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    httpd.daemon_threads = True
    httpd.state = state  # type: ignore[attr-defined]
    thread = threading.Thread(
        target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, name="test-http", daemon=True
    )
    thread.start()
    host, port = httpd.server_address[:2]
    try:
        yield f"http://{host!s}:{port}/files/model.gguf", state
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(5)


def test_download_with_progress_and_checksum(
    tmp_path: Path, server: tuple[str, ServerState]
) -> None:
    url, state = server
    manager = ModelManager(tmp_path)
    seen: list[tuple[int, int | None]] = []
    path = manager.download(url, sha256=sha(GGUF_BODY), progress=lambda d, t: seen.append((d, t)))
    assert path == tmp_path / "model.gguf"
    assert path.read_bytes() == GGUF_BODY
    assert seen[-1] == (len(GGUF_BODY), len(GGUF_BODY))
    assert state.ranges == [None]
    # Already there and verified: no second request.
    assert manager.download(url, sha256=sha(GGUF_BODY)) == path
    assert state.ranges == [None]


def test_download_resumes_after_a_cut_connection(
    tmp_path: Path, server: tuple[str, ServerState]
) -> None:
    url, state = server
    state.cut_after = 4000
    path = ModelManager(tmp_path).download(url, sha256=sha(GGUF_BODY))
    assert path.read_bytes() == GGUF_BODY
    assert state.ranges == [None, "bytes=4000-"]
    assert not (tmp_path / "model.gguf.download").exists()


def test_download_resumes_a_partial_file_from_an_earlier_run(
    tmp_path: Path, server: tuple[str, ServerState]
) -> None:
    url, state = server
    (tmp_path / "model.gguf.download").write_bytes(GGUF_BODY[:5000])
    path = ModelManager(tmp_path).download(url, sha256=sha(GGUF_BODY))
    assert path.read_bytes() == GGUF_BODY
    assert state.ranges == ["bytes=5000-"]


def test_cut_connection_without_retries_keeps_the_partial(
    tmp_path: Path, server: tuple[str, ServerState]
) -> None:
    url, state = server
    state.cut_after = 4000
    manager = ModelManager(tmp_path)
    with pytest.raises(DownloadError, match="run it again to resume"):
        manager.download(url, retries=0)
    assert (tmp_path / "model.gguf.download").stat().st_size == 4000
    assert manager.download(url).read_bytes() == GGUF_BODY


def test_wrong_checksum_removes_the_download(
    tmp_path: Path, server: tuple[str, ServerState]
) -> None:
    url, _ = server
    with pytest.raises(ChecksumMismatch, match="checksum mismatch"):
        ModelManager(tmp_path).download(url, sha256="ab" * 32)
    assert list(tmp_path.iterdir()) == []


def test_download_that_is_not_gguf_is_refused(
    tmp_path: Path, server: tuple[str, ServerState]
) -> None:
    url, state = server
    state.body = b"<html>login page</html>"
    with pytest.raises(ModelFileError, match="not a GGUF model file"):
        ModelManager(tmp_path).download(url)
    assert list(tmp_path.iterdir()) == []


def test_http_error_is_clear(tmp_path: Path, server: tuple[str, ServerState]) -> None:
    url, state = server
    state.status_override = 404
    with pytest.raises(DownloadError, match="answered 404"):
        ModelManager(tmp_path).download(url)


def test_cancel_keeps_the_partial_for_resuming(
    tmp_path: Path, server: tuple[str, ServerState]
) -> None:
    url, state = server
    state.body = GGUF_BODY * 100  # ~1 MB: several blocks
    manager = ModelManager(tmp_path)
    with pytest.raises(Cancelled):
        manager.download(url, cancel=lambda: (tmp_path / "model.gguf.download").exists()
                         and (tmp_path / "model.gguf.download").stat().st_size > 0)
    partial = (tmp_path / "model.gguf.download").stat().st_size
    assert 0 < partial < len(state.body)
    assert manager.download(url, sha256=sha(state.body)).read_bytes() == state.body
    assert state.ranges[-1] == f"bytes={partial}-"


def test_offline_is_a_clear_error(tmp_path: Path) -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    # Nothing listens on that port now: the connection is refused, as when offline.
    with pytest.raises(DownloadError, match=r"Cannot reach 127\.0\.0\.1"):
        ModelManager(tmp_path).download(f"http://127.0.0.1:{port}/m.gguf", timeout=5)
    assert not any(p.suffix == ".gguf" for p in tmp_path.iterdir())


def test_unresolvable_host_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(DownloadError, match="Check the network connection"):
        ModelManager(tmp_path).download("http://no-such-host.invalid/m.gguf", timeout=5)


def test_file_name_must_be_sane(tmp_path: Path) -> None:
    with pytest.raises(DownloadError, match="Cannot tell a file name"):
        ModelManager(tmp_path).download("http://127.0.0.1/")


def test_model_files_are_readable_by_others(tmp_path: Path, packages: dict[str, Path]) -> None:
    old = os.umask(0o022)
    try:
        path = make_manager(tmp_path / "models", packages).install("default").path
    finally:
        os.umask(old)
    assert path.stat().st_mode & 0o777 == 0o644


# -- the command line ---------------------------------------------------------------------


def test_cli_list_and_verify_with_nothing_installed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from kai_desktop.cli import main

    assert main(["models", "--models-dir", str(tmp_path), "list"]) == 0
    out = capsys.readouterr().out
    assert "default  Qwen2.5-Coder 0.5B" in out
    assert "not assembled yet (packages installed)" in out
    assert main(["models", "--models-dir", str(tmp_path), "verify"]) == 1
    assert "no model is installed" in capsys.readouterr().out


def test_cli_install_default_is_quick_when_already_verified(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    from kai_desktop.cli import main

    # Stand-in for an assembled model whose verified-marker matches it.
    path = tmp_path / DEFAULT_MODEL.file_name
    path.write_bytes(GGUF_BODY)
    st = path.stat()
    marker = {"sha256": DEFAULT_MODEL.checksum.full, "size": st.st_size, "mtime_ns": st.st_mtime_ns}
    Path(str(path) + ".verified").write_text(json.dumps(marker))
    assert main(["models", "--models-dir", str(tmp_path), "-q", "install-default"]) == 0
    assert "already installed and verified" in capsys.readouterr().out
    # A changed file is no longer trusted: verify re-hashes and reports the damage.
    path.write_bytes(GGUF_BODY + b"x")
    assert main(["models", "--models-dir", str(tmp_path), "-q", "verify", "default"]) == 1
    assert "FAILED" in capsys.readouterr().out


def test_cli_errors_are_one_line_and_exit_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from kai_desktop.cli import main

    assert main(["models", "--models-dir", str(tmp_path), "install", "huge"]) == 1
    assert capsys.readouterr().err.startswith("error: Unknown model 'huge'")
