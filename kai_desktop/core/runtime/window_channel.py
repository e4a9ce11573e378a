"""The window's local channel: its name, where it lives, and what is said on it.

One window runs per vault and listens on a local socket named after the vault path. Other
Kai processes connect to it: a second launch asks it to raise its window, and the MCP
server hands it tool calls, so that one process owns the search index and the write lock.

Every message is one line of UTF-8. ``activate`` raises the window. A request is a JSON
object ``{"call": tool, "args": {...}}``; the answer is one JSON line, either
``{"result": {...}}`` or ``{"error": message, "kind": kind}``. A request longer than
:data:`MAX_REQUEST_BYTES` is refused and the connection closed.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any, Final, Literal

ACTIVATE: Final = b"activate"
MAX_REQUEST_BYTES: Final = 8 * 1024 * 1024
"""A note's text (at most a million characters) with room for JSON's escapes."""
MAX_ANSWER_BYTES: Final = 128 * 1024 * 1024

ErrorKind = Literal["refused", "not_found", "bad_request", "failed", "unavailable"]
"""``unavailable``: this window serves no requests (now); the caller does the work itself."""


class ChannelError(ValueError):
    """A message that is not a request or an answer; the text says what is wrong."""


def channel_name(vault_root: Path) -> str:
    """The local socket's name for one vault and user."""
    key = str(Path(vault_root).expanduser().resolve())
    digest = hashlib.sha256(key.encode("utf-8")).hexdigest()[:16]
    user = os.environ.get("USER") or os.environ.get("USERNAME") or "user"
    safe_user = "".join(c for c in user if c.isalnum())[:16] or "user"
    return f"kai-desktop-{safe_user}-{digest}"


def socket_path(name: str) -> Path:
    """Where a local server of this name listens on POSIX: Qt puts a relative name in
    ``QDir::tempPath()``, which is ``$TMPDIR`` or ``/tmp``."""
    return Path(os.path.normpath(os.environ.get("TMPDIR") or "/tmp")) / name


def _line(obj: dict[str, Any]) -> bytes:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":")).encode("utf-8") + b"\n"


def encode_request(tool: str, args: dict[str, Any]) -> bytes:
    data = _line({"call": tool, "args": args})
    if len(data) > MAX_REQUEST_BYTES:
        raise ChannelError(
            f"the request is {len(data)} bytes; the window takes at most {MAX_REQUEST_BYTES}"
        )
    return data


def decode_request(line: bytes) -> tuple[str, dict[str, Any]]:
    try:
        obj = json.loads(line)
    except (UnicodeDecodeError, ValueError) as exc:
        raise ChannelError(f"the request is not JSON ({exc})") from None
    if not isinstance(obj, dict):
        raise ChannelError("the request is not a JSON object")
    tool, args = obj.get("call"), obj.get("args", {})
    if not isinstance(tool, str) or not isinstance(args, dict):
        raise ChannelError('a request names a tool in "call" and its arguments in "args"')
    return tool, args


def encode_result(result: dict[str, Any]) -> bytes:
    return _line({"result": result})


def encode_error(kind: ErrorKind, message: str) -> bytes:
    return _line({"error": message, "kind": kind})


def decode_answer(line: bytes) -> dict[str, Any]:
    """The answer as sent: ``result`` or ``error`` and ``kind``."""
    try:
        obj = json.loads(line)
    except (UnicodeDecodeError, ValueError) as exc:
        raise ChannelError(f"the window's answer is not JSON ({exc})") from None
    if not isinstance(obj, dict) or not (
        isinstance(obj.get("result"), dict) or isinstance(obj.get("error"), str)
    ):
        raise ChannelError("the window's answer has neither a result nor an error")
    return obj
