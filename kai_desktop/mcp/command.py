"""``kai-desktop mcp [--vault DIR] [--http [--port N]] [--read-only] [--tools a,b]``.

Serves the vault to other agents over MCP: on stdin/stdout by default (what MCP clients
launch), or with ``--http`` as streamable HTTP on 127.0.0.1 only, with the SDK's
DNS-rebinding protection on (Host and Origin must name this machine). Logs go to stderr.
"""

from __future__ import annotations

import argparse
import logging
import socket
import sys
from typing import Any, Final

from kai_desktop.cli import add_vault_argument

LOOPBACK: Final = "127.0.0.1"
DEFAULT_PORT: Final = 8765
HTTP_PATH: Final = "/mcp"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_vault_argument(parser)
    parser.add_argument(
        "--http", action="store_true",
        help=f"serve streamable HTTP on {LOOPBACK} instead of stdin/stdout",
    )
    parser.add_argument(
        "--port", type=int, default=DEFAULT_PORT,
        help=f"port for --http ({DEFAULT_PORT}; 0 picks a free one and prints it)",
    )
    parser.add_argument(
        "--read-only", action="store_true", help="offer no tool that changes the vault"
    )
    parser.add_argument(
        "--tools", metavar="NAMES",
        help="comma-separated allow-list of tools, e.g. search_notes,read_note",
    )
    parser.add_argument(
        "--no-index", action="store_true",
        help="never open the search index: keyword search over the files only",
    )
    parser.add_argument(
        "--log-level", default="WARNING",
        choices=("DEBUG", "INFO", "WARNING", "ERROR"), help="log level on stderr (WARNING)",
    )


def run(args: argparse.Namespace) -> int:
    logging.basicConfig(
        stream=sys.stderr, level=args.log_level, format="kai-desktop mcp: %(message)s"
    )
    from kai_desktop.core.runtime.thread_priority import GIL_SWITCH_INTERVAL_S
    from kai_desktop.mcp.context import VaultContext
    from kai_desktop.mcp.server import UnknownTools, build_server

    # A search waits for the interpreter lock each time it comes back from the embedder
    # or the index; the first sync, a batch of changes or the link graph may hold it.
    sys.setswitchinterval(GIL_SWITCH_INTERVAL_S)

    allowed = args.tools.split(",") if args.tools else None
    try:
        ctx = VaultContext.from_settings(args.vault, use_index=not args.no_index)
        server = build_server(ctx, read_only=args.read_only, allowed=allowed)
    except (UnknownTools, FileNotFoundError, ValueError) as exc:
        print(f"kai-desktop mcp: {exc}", file=sys.stderr)
        return 2
    try:
        if args.http:
            ctx.start()  # no stdout to protect: the index opens while clients connect
            serve_http(server, args.port)
        else:
            server.run("stdio")
    except KeyboardInterrupt:
        pass
    finally:
        ctx.close()
    return 0


def security_settings(port: int) -> Any:
    """DNS-rebinding protection: only this machine's names, on this port, get through."""
    from mcp.server.transport_security import TransportSecuritySettings

    hosts = [f"{LOOPBACK}:{port}", f"localhost:{port}"]
    return TransportSecuritySettings(
        enable_dns_rebinding_protection=True,
        allowed_hosts=hosts,
        allowed_origins=[f"http://{h}" for h in hosts],
    )


def serve_http(server: Any, port: int) -> None:
    """Serve until interrupted; the socket is bound here, so port 0 can be reported."""
    import anyio
    import uvicorn

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((LOOPBACK, port))
    sock.listen(128)  # connections made before the server is up wait in the backlog
    bound = sock.getsockname()[1]
    app = server.streamable_http_app(
        streamable_http_path=HTTP_PATH,
        transport_security=security_settings(bound),
        host=LOOPBACK,
    )
    config = uvicorn.Config(app, log_level="warning", lifespan="on")
    print(f"kai-desktop mcp: serving http://{LOOPBACK}:{bound}{HTTP_PATH}", file=sys.stderr,
          flush=True)
    anyio.run(uvicorn.Server(config).serve, [sock])
