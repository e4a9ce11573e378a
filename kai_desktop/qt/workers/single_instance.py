"""One window per vault: a local socket named after the vault path.

The first launch listens on the socket; a second launch on the same vault connects, asks
the first to raise its window and exits, so two processes never fight over the index.
A socket left behind by a crashed run is detected (nobody answers) and replaced.

Signals:
    activate_requested(): another launch asked this one to show its window.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtNetwork import QLocalServer, QLocalSocket

_CONNECT_MS = 500
_MESSAGE = b"activate\n"


def server_name(vault_root: Path) -> str:
    key = str(Path(vault_root).expanduser().resolve())
    digest = hashlib.sha256(key.encode("utf-8")).hexdigest()[:16]
    user = os.environ.get("USER") or os.environ.get("USERNAME") or "user"
    safe_user = "".join(c for c in user if c.isalnum())[:16] or "user"
    return f"kai-desktop-{safe_user}-{digest}"


class SingleInstance(QObject):
    activate_requested = Signal()

    def __init__(self, vault_root: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.name = server_name(vault_root)
        self._server: QLocalServer | None = None

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
            socket.readyRead.connect(self._on_ready_read)
            socket.disconnected.connect(socket.deleteLater)
            if socket.bytesAvailable():
                self._read(socket)

    def _on_ready_read(self) -> None:
        socket = self.sender()
        if isinstance(socket, QLocalSocket):
            self._read(socket)

    def _read(self, socket: QLocalSocket) -> None:
        data = bytes(socket.readAll().data())
        if _MESSAGE.strip() in data:
            self.activate_requested.emit()

    def release(self) -> None:
        server, self._server = self._server, None
        if server is not None:
            server.close()
            server.deleteLater()
