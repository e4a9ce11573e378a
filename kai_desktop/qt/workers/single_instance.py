"""One window per vault: a local socket named after the vault path.

The first launch listens on the socket; a second launch on the same vault connects, asks
the first to raise its window and exits, so two processes never fight over the index.
A socket left behind by a crashed run is detected (nobody answers) and replaced.

The same socket carries requests (see :mod:`kai_desktop.core.runtime.window_channel`):
once :meth:`SingleInstance.serve` is given a handler, each request line is handled on a
worker thread and its answer written back; the GUI thread only moves bytes.

Signals:
    activate_requested(): another launch asked this one to show its window.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, Signal, Slot
from PySide6.QtNetwork import QLocalServer, QLocalSocket

from kai_desktop.core.runtime.window_channel import (
    ACTIVATE,
    MAX_REQUEST_BYTES,
    channel_name,
    encode_error,
)
from kai_desktop.qt.workers.tasks import TaskRunner

log = logging.getLogger(__name__)

_CONNECT_MS = 500
_MESSAGE = ACTIVATE + b"\n"
_SERVE_THREADS = 2
_STOP_WAIT_S = 5.0
"""How long quitting waits for requests being handled (a write finishes, never halves)."""

Handler = Callable[[bytes], bytes]
"""A request line in, an answer line out; called on a worker thread."""


def server_name(vault_root: Path) -> str:
    return channel_name(vault_root)


class _Connection:
    """One client: its socket and the bytes of a line not yet complete."""

    __slots__ = ("buffer", "open", "socket")

    def __init__(self, socket: QLocalSocket) -> None:
        self.socket = socket
        self.buffer = bytearray()
        self.open = True


class SingleInstance(QObject):
    activate_requested = Signal()

    def __init__(self, vault_root: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.name = server_name(vault_root)
        self._server: QLocalServer | None = None
        self._connections: dict[QLocalSocket, _Connection] = {}
        self._handler: Handler | None = None
        self._runner: TaskRunner | None = None

    def acquire(self) -> bool:
        """True when this is the only instance (now listening); False when another one
        answered (it was asked to raise its window)."""
        if self._notify_running():
            return False
        server = QLocalServer(self)
        server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
        if not server.listen(self.name):
            # A stale socket file from a crashed run: nobody answered above, so remove it.
            QLocalServer.removeServer(self.name)
            if not server.listen(self.name):
                raise OSError(f"cannot listen on {self.name}: {server.errorString()}")
        server.newConnection.connect(self._on_connection)
        self._server = server
        return True

    @property
    def full_name(self) -> str:
        """Where the socket is (its path on POSIX); empty when not listening."""
        return self._server.fullServerName() if self._server is not None else ""

    def serve(self, handler: Handler) -> None:
        """Answer requests with ``handler``, on worker threads of this channel's own."""
        if self._runner is None:
            self._runner = TaskRunner(_SERVE_THREADS, self, name="kai-channel")
        self._handler = handler

    def stop_serving(self, wait_s: float = _STOP_WAIT_S) -> None:
        """Take no more requests and wait (at most ``wait_s``) for those being handled;
        their clients see the connection close. Activation still works."""
        self._handler = None
        runner, self._runner = self._runner, None
        if runner is not None:
            runner.shutdown(wait_s)
        for conn in list(self._connections.values()):
            self._close(conn)

    def _notify_running(self) -> bool:
        socket = QLocalSocket()
        socket.connectToServer(self.name)
        if not socket.waitForConnected(_CONNECT_MS):
            return False
        socket.write(_MESSAGE)
        socket.waitForBytesWritten(_CONNECT_MS)
        socket.disconnectFromServer()
        return True

    def _on_connection(self) -> None:
        server = self._server
        if server is None:
            return
        while server.hasPendingConnections():
            socket = server.nextPendingConnection()
            if socket is None:
                break
            conn = self._connections[socket] = _Connection(socket)
            socket.readyRead.connect(self._on_ready_read)
            socket.disconnected.connect(self._on_disconnected)
            socket.disconnected.connect(socket.deleteLater)
            if socket.bytesAvailable():
                self._read(conn)

    @Slot()
    def _on_ready_read(self) -> None:
        conn = self._connections.get(self.sender())  # type: ignore[call-overload]
        if conn is not None:
            self._read(conn)

    @Slot()
    def _on_disconnected(self) -> None:
        conn = self._connections.pop(self.sender(), None)  # type: ignore[call-overload]
        if conn is not None:
            conn.open = False

    def _read(self, conn: _Connection) -> None:
        if not conn.open:
            return
        conn.buffer += bytes(conn.socket.readAll().data())
        while conn.open:
            end = conn.buffer.find(b"\n")
            if end < 0:
                if len(conn.buffer) > MAX_REQUEST_BYTES:
                    self._refuse_oversized(conn)
                return
            line = bytes(conn.buffer[:end]).strip()
            del conn.buffer[: end + 1]
            if len(line) > MAX_REQUEST_BYTES:
                self._refuse_oversized(conn)
            elif line == ACTIVATE:
                self.activate_requested.emit()
            elif line:
                self._handle(conn, line)

    def _refuse_oversized(self, conn: _Connection) -> None:
        log.warning("a request over %d bytes was refused", MAX_REQUEST_BYTES)
        self._reply(conn, encode_error(
            "bad_request", f"a request may have at most {MAX_REQUEST_BYTES} bytes"
        ))
        self._close(conn)

    def _handle(self, conn: _Connection, line: bytes) -> None:
        handler, runner = self._handler, self._runner
        if handler is None or runner is None:
            self._reply(conn, encode_error("unavailable", "this Kai window takes no requests"))
            return

        def failed(exc: BaseException) -> None:
            log.error("a request failed", exc_info=exc)
            self._reply(conn, encode_error("failed", f"the Kai window could not do it: {exc}"))

        runner.submit(lambda: handler(line), lambda answer: self._reply(conn, answer), failed)

    def _reply(self, conn: _Connection, answer: bytes) -> None:
        if conn.open:  # a client that left gets nothing
            conn.socket.write(answer)
            conn.socket.flush()

    def _close(self, conn: _Connection) -> None:
        if conn.open:
            conn.socket.flush()
            conn.socket.disconnectFromServer()  # then forgotten and deleted, by its signal
        conn.open = False

    def release(self) -> None:
        self.stop_serving()
        server, self._server = self._server, None
        if server is not None:
            server.close()
            server.deleteLater()
