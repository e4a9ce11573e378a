"""The window's channel carries requests: answered off the GUI thread, capped in size, and
a window that stops mid-call is a clear error for the caller, never a hang."""

from __future__ import annotations

import os
import socket
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from kai_desktop.core.runtime.window_channel import (
    MAX_REQUEST_BYTES,
    decode_answer,
    decode_request,
    encode_result,
)
from kai_desktop.mcp.paths import NotFound, Refused
from kai_desktop.mcp.window_link import NoWindow, WindowFailed, WindowLink
from kai_desktop.qt.workers.single_instance import SingleInstance

pytestmark = pytest.mark.skipif(os.name != "posix", reason="the link speaks to POSIX sockets")


@pytest.fixture
def channel(tmp_path: Path, qapp: Any) -> Iterator[SingleInstance]:
    instance = SingleInstance(tmp_path / "vault")
    assert instance.acquire()
    yield instance
    instance.release()


def _call_in_thread(fn: Callable[[], Any]) -> tuple[threading.Thread, dict[str, Any]]:
    out: dict[str, Any] = {}

    def run() -> None:
        try:
            out["value"] = fn()
        except BaseException as exc:
            out["error"] = exc

    thread = threading.Thread(target=run)
    thread.start()
    return thread, out


def _finish(qtbot: Any, thread: threading.Thread) -> None:
    qtbot.waitUntil(lambda: not thread.is_alive(), timeout=10_000)


def test_the_link_finds_the_socket_qt_listens_on(channel, tmp_path):
    assert str(WindowLink(tmp_path / "vault").path) == channel.full_name


def test_a_request_is_done_on_a_worker_and_answered(channel, tmp_path, qtbot):
    threads: list[str] = []

    def handler(line: bytes) -> bytes:
        tool, args = decode_request(line)
        threads.append(threading.current_thread().name)
        return encode_result({"tool": tool, "echo": args["text"]})

    channel.serve(handler)
    link = WindowLink(tmp_path / "vault")
    # "activate" inside a request is data, not the word that raises the window.
    raised: list[bool] = []
    channel.activate_requested.connect(lambda: raised.append(True))
    thread, out = _call_in_thread(lambda: link.call("echo", {"text": "activate ünïcode"}))
    _finish(qtbot, thread)
    assert out.get("value") == {"tool": "echo", "echo": "activate ünïcode"}
    assert threads
    assert threads[0] != threading.main_thread().name
    assert threads[0].startswith("kai-channel")
    assert raised == []


def test_refusals_come_back_as_the_same_kind_of_error(channel, tmp_path, qtbot):
    from kai_desktop.core.runtime.window_channel import encode_error

    answers = iter([encode_error("not_found", "no note at X.md"),
                    encode_error("refused", "X.md changed"),
                    encode_error("unavailable", "closing")])
    channel.serve(lambda _line: next(answers))
    link = WindowLink(tmp_path / "vault")
    for expected in (NotFound, Refused, NoWindow):
        thread, out = _call_in_thread(lambda: link.call("read_note", {"path": "X"}))
        _finish(qtbot, thread)
        assert type(out.get("error")) is expected


def test_no_window_means_the_caller_does_the_work_itself(tmp_path):
    with pytest.raises(NoWindow):
        WindowLink(tmp_path / "nobody").call("search_notes", {"query": "x"})


def test_a_window_without_a_handler_says_so(channel, tmp_path, qtbot):
    thread, out = _call_in_thread(lambda: WindowLink(tmp_path / "vault").call("x", {}))
    _finish(qtbot, thread)
    assert isinstance(out.get("error"), NoWindow)


def test_an_oversized_request_is_refused_and_never_handled(channel, qtbot):
    handled: list[bytes] = []
    channel.serve(lambda line: handled.append(line) or encode_result({}))

    def flood() -> bytes:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
            sock.settimeout(20)
            sock.connect(channel.full_name)
            block = b"x" * 65536
            sent = 0
            try:
                while sent <= MAX_REQUEST_BYTES + len(block):  # no newline, ever
                    sock.sendall(block)
                    sent += len(block)
            except OSError:
                pass  # the window hung up, as it should
            received = bytearray()
            while b"\n" not in received:
                chunk = sock.recv(4096)
                if not chunk:
                    break
                received += chunk
            return bytes(received)

    thread, out = _call_in_thread(flood)
    _finish(qtbot, thread)
    answer = decode_answer(out["value"].split(b"\n")[0])
    assert answer["kind"] == "bad_request"
    assert str(MAX_REQUEST_BYTES) in answer["error"]
    assert handled == []


def test_the_link_refuses_to_send_an_oversized_request(tmp_path):
    with pytest.raises(Refused, match="at most"):
        WindowLink(tmp_path / "vault").call("write_note", {"content": "x" * MAX_REQUEST_BYTES})


def test_a_window_that_stops_mid_call_is_a_clear_error(channel, tmp_path, qtbot):
    started, release = threading.Event(), threading.Event()

    def slow(_line: bytes) -> bytes:
        started.set()
        release.wait(30)
        return encode_result({})

    channel.serve(slow)
    link = WindowLink(tmp_path / "vault")
    thread, out = _call_in_thread(lambda: link.call("write_note", {"path": "A"}, writes=True))
    qtbot.waitUntil(started.is_set, timeout=10_000)
    channel.stop_serving(wait_s=0.05)  # quitting: it does not wait for ever
    _finish(qtbot, thread)
    release.set()
    error = out.get("error")
    assert isinstance(error, WindowFailed)
    assert "closed while doing write_note" in str(error)
    assert "may or may not have been made" in str(error)


def test_a_window_that_takes_too_long_is_a_clear_error(channel, tmp_path, qtbot):
    release = threading.Event()
    channel.serve(lambda _line: (release.wait(30), encode_result({}))[1])
    link = WindowLink(tmp_path / "vault", timeout_s=0.2)
    thread, out = _call_in_thread(lambda: link.call("search_notes", {"query": "x"}))
    _finish(qtbot, thread)
    release.set()
    assert isinstance(out.get("error"), WindowFailed)
    assert "did not answer search_notes within" in str(out["error"])
