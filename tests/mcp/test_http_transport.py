"""``kai-desktop mcp --http``: 127.0.0.1 only, and DNS-rebinding protection on."""

from __future__ import annotations

import json
import socket
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import pytest

from kai_desktop.mcp.command import security_settings
from tests.mcp.helpers import http_server, make_vault

pytestmark = pytest.mark.slow

INIT = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "test", "version": "1"},
    },
}
HEADERS = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}


def test_http_binds_loopback_only_and_checks_host_and_origin(tmp_path: Path) -> None:
    vault = make_vault(tmp_path / "vault")
    with http_server(vault, "--no-index") as (url, _proc):
        parts = urlsplit(url)
        assert parts.hostname == "127.0.0.1"
        port = parts.port
        assert port is not None
        # Another loopback address of this machine: a server bound to every interface
        # would answer there too.
        with pytest.raises(ConnectionRefusedError):
            socket.create_connection(("127.0.0.2", port), timeout=2).close()

        body = json.dumps(INIT)
        ok = httpx.post(url, content=body, headers=HEADERS, timeout=30)
        assert ok.status_code == 200, ok.text
        rebound = httpx.post(
            url, content=body, headers={**HEADERS, "Host": f"evil.example:{port}"}, timeout=30
        )
        assert rebound.status_code == 421
        foreign = httpx.post(
            url, content=body, headers={**HEADERS, "Origin": "http://evil.example"}, timeout=30
        )
        assert foreign.status_code == 403
        local_origin = httpx.post(
            url, content=body, headers={**HEADERS, "Origin": f"http://localhost:{port}"},
            timeout=30,
        )
        assert local_origin.status_code == 200


def test_security_settings_name_only_this_port() -> None:
    settings = security_settings(9000)
    assert settings.enable_dns_rebinding_protection
    assert settings.allowed_hosts == ["127.0.0.1:9000", "localhost:9000"]
    assert settings.allowed_origins == ["http://127.0.0.1:9000", "http://localhost:9000"]
