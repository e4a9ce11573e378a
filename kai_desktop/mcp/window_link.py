"""The MCP server's line to a Kai window open on the same vault.

While the window runs, it owns the search index and the write lock: a tool call is sent
to it over its local channel (:mod:`kai_desktop.core.runtime.window_channel`) and done
there. :class:`NoWindow` means nobody listens (or the window takes no requests): the
server does the work itself. A window that stops answering mid-call, or takes longer
than the timeout, is a clear error for the client, never a silent retry elsewhere: a
write may have been made.
"""

from __future__ import annotations

import contextlib
import os
import socket
import time
from pathlib import Path
from typing import Any, Final

from kai_desktop.core.runtime.window_channel import (
    MAX_ANSWER_BYTES,
    ChannelError,
    channel_name,
    decode_answer,
    encode_request,
    socket_path,
)
from kai_desktop.mcp.paths import NotFound, Refused

CALL_TIMEOUT_S: Final = 60.0
_CONNECT_TIMEOUT_S: Final = 1.0
_CHUNK: Final = 1 << 16


class NoWindow(Exception):
    """No window serves this vault now."""


class WindowFailed(Refused):
    """The window was reached but did not answer; the message says what to do."""


class WindowLink:
    """Tool calls to the window of one vault; one connection per call (thread-safe)."""

    def __init__(self, vault_root: Path, *, timeout_s: float = CALL_TIMEOUT_S) -> None:
        self.path = socket_path(channel_name(vault_root))
        self.timeout_s = timeout_s

    @classmethod
    def for_vault(cls, vault_root: Path) -> WindowLink | None:
        """None where windows listen on named pipes (Windows): there the server does
        the work itself."""
        return cls(vault_root) if os.name == "posix" else None

    def call(self, tool: str, args: dict[str, Any], *, writes: bool = False) -> dict[str, Any]:
        """The tool's result as the window computed it (a JSON object).

        Raises :class:`NoWindow`, :class:`Refused` / :class:`NotFound` (the window's
        refusal), or :class:`WindowFailed`."""
        try:
            request = encode_request(tool, args)
        except ChannelError as exc:
            raise Refused(str(exc)) from None
        sock = self._connect()
        with contextlib.closing(sock):
            answer = self._exchange(sock, request, tool, writes)
        if "result" in answer:
            return dict(answer["result"])
        kind, message = answer.get("kind"), str(answer["error"])
        if kind == "unavailable":
            raise NoWindow(message)
        if kind == "not_found":
            raise NotFound(message)
        if kind in ("refused", "bad_request"):
            raise Refused(message)
        raise WindowFailed(message)

    def _connect(self) -> socket.socket:
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(_CONNECT_TIMEOUT_S)
        try:
            sock.connect(str(self.path))
        except OSError as exc:  # no socket, or nobody behind it (a crashed window)
            sock.close()
            raise NoWindow(str(exc)) from None
        return sock

    def _exchange(
        self, sock: socket.socket, request: bytes, tool: str, writes: bool
    ) -> dict[str, Any]:
        deadline = time.monotonic() + self.timeout_s
        maybe = (
            " The change may or may not have been made: read the note to check."
            if writes else " Try again."
        )
        buffer = bytearray()
        try:
            sock.settimeout(self.timeout_s)
            sock.sendall(request)
            while b"\n" not in buffer:
                sock.settimeout(max(0.001, deadline - time.monotonic()))
                chunk = sock.recv(_CHUNK)
                if not chunk:
                    raise WindowFailed(f"the Kai window closed while doing {tool}.{maybe}")
                buffer += chunk
                if len(buffer) > MAX_ANSWER_BYTES:
                    raise WindowFailed(f"the Kai window's answer to {tool} was too large")
        except TimeoutError:
            raise WindowFailed(
                f"the Kai window did not answer {tool} within {self.timeout_s:.0f} s.{maybe}"
            ) from None
        except OSError as exc:
            raise WindowFailed(
                f"the connection to the Kai window broke during {tool} ({exc}).{maybe}"
            ) from None
        try:
            return decode_answer(bytes(buffer[: buffer.index(b"\n")]))
        except ChannelError as exc:
            raise WindowFailed(str(exc)) from None
