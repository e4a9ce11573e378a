"""``kai-desktop graph [--vault DIR] [--json]``: the vault's link graph.

With ``--json`` it prints ``{"nodes": [{"id", "kind"}], "edges": [{"source", "target",
"count"}]}`` (UTF-8, one line): node ids are vault paths; an unresolved link's node id is
the note Obsidian would create for it (``[[Missing Note]]`` -> ``Missing Note.md``, see
:mod:`kai_desktop.core.vault.link_resolver`). Without it, a short summary for people. The vault is
only read.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Iterable

from kai_desktop.cli import add_vault_argument

_SHOWN = 10


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_vault_argument(parser)
    parser.add_argument(
        "--json", action="store_true", help="print the graph as JSON (nodes and edges)"
    )
    parser.add_argument(
        "--all", action="store_true", help="list every problem in the summary, not the first 10"
    )


def run(args: argparse.Namespace) -> int:
    from kai_desktop.core.vault.files import Vault
    from kai_desktop.core.vault.scan import scan_vault
    from kai_desktop.infra.settings_store import SettingsStore, resolve_vault_dir

    store = SettingsStore()
    settings = store.load()
    for notice in store.notices:
        print(f"kai-desktop graph: settings: {notice}", file=sys.stderr)
    root = resolve_vault_dir(args.vault, settings)
    if root.exists() and not root.is_dir():
        print(f"kai-desktop graph: {root} is a file, not a vault folder", file=sys.stderr)
        return 2
    if not root.is_dir():
        print(f"kai-desktop graph: no vault folder at {root}", file=sys.stderr)
        return 2
    vault = Vault(root, max_file_bytes=int(settings.max_file_mb * 1024 * 1024))
    # Large vaults are parsed in one process per core (small ones stay in this one).
    scan = scan_vault(vault, workers=os.cpu_count() or 1)
    if args.json:
        _write(json.dumps(scan.graph.to_json(), ensure_ascii=False) + "\n")
        return 0
    limit = None if args.all else _SHOWN
    graph = scan.graph
    nodes = graph.nodes()
    edges = graph.edges()
    unresolved = graph.unresolved()
    broken = graph.broken_anchors()
    bad_props = sorted(
        (n.path, n.frontmatter_error)
        for n in graph.notes.values()
        if n.frontmatter_error is not None
    )
    lines = [
        f"Vault: {root}",
        f"Notes: {sum(1 for n in nodes if n.kind == 'note')}",
        f"Attachments: {len(graph.attachments)}",
        f"Edges: {len(edges)} ({sum(e.count for e in edges)} links)",
        f"Unresolved: {len(graph.unresolved_targets())} targets, {len(unresolved)} links",
        *_listing((f"{r.source}:{r.link.line}: {r.link.render()} -> {r.missing}"
                   for r in unresolved), limit),
        f"Broken anchors: {len(broken)}",
        *_listing((b.message for b in broken), limit),
        f"Broken properties: {len(bad_props)}",
        *_listing((f"{path}: {error}" for path, error in bad_props), limit),
        f"Skipped files: {len(scan.skipped)}",
        *_listing((f"{s.path}: {s.reason}" for s in scan.skipped), limit),
    ]  # fmt: skip
    _write("\n".join(lines) + "\n")
    return 0


def _listing(items: Iterable[str], limit: int | None) -> list[str]:
    shown = [f"  {item}" for item in items]
    if limit is not None and len(shown) > limit:
        rest = len(shown) - limit
        shown = [*shown[:limit], f"  ... and {rest} more (--all lists them)"]
    return shown


def _write(text: str) -> None:
    # JSON and paths are UTF-8 whatever the terminal's locale says.
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is None:
        sys.stdout.write(text)
        return
    sys.stdout.flush()
    buffer.write(text.encode("utf-8"))
    buffer.flush()
