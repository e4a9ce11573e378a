"""Command line: ``kai-desktop`` opens the window; subcommands script the vault.

Each subcommand lives in its own module exposing ``add_arguments(parser)`` and
``run(args) -> int``; modules are imported only when their command runs, so the
window opens without loading the indexer or the model.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

# name -> (module, help)
SUBCOMMANDS: dict[str, tuple[str, str]] = {
    "gui": ("kai_desktop.cli.gui_cmd", "open the window (the default)"),
    "graph": ("kai_desktop.cli.graph_cmd", "print the vault's link graph"),
    "index": ("kai_desktop.cli.index_cmd", "build or update the search index"),
    "search": ("kai_desktop.cli.search_cmd", "hybrid search over the vault"),
    "models": ("kai_desktop.cli.models_cmd", "install, list and verify chat models"),
    "mcp": ("kai_desktop.mcp.command", "serve the vault to other agents over MCP"),
}


def add_vault_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--vault",
        metavar="DIR",
        help="the vault folder (else $KAI_VAULT_DIR, else the settings, else the default)",
    )


def build_parser(argv: Sequence[str]) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="kai-desktop",
        description="Kai Desktop: a local assistant whose memory is an Obsidian vault.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    wanted = argv[0] if argv else "gui"
    for name, (module_name, help_text) in SUBCOMMANDS.items():
        p = sub.add_parser(name, help=help_text)
        # Only the chosen command's module is imported: help for the others stays cheap.
        if name == wanted:
            module = importlib.import_module(module_name)
            module.add_arguments(p)
            p.set_defaults(_module=module)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    if not args_list or (args_list[0] not in SUBCOMMANDS and args_list[0] not in ("-h", "--help")):
        args_list = ["gui", *args_list]
    parser = build_parser(args_list)
    args = parser.parse_args(args_list)
    module = getattr(args, "_module", None)
    if module is None:
        parser.print_help()
        return 2
    result: int = module.run(args)
    return result
