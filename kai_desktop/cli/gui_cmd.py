"""``kai-desktop`` / ``kai-desktop gui --vault DIR``: open the window."""

from __future__ import annotations

import argparse

from kai_desktop.cli import add_vault_argument


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_vault_argument(parser)
    parser.add_argument(
        "paths", nargs="*", metavar="PATH",
        help="a vault folder, or a note in one (what a desktop launcher passes)",
    )


def run(args: argparse.Namespace) -> int:
    from kai_desktop.app import Options, run_gui
    from kai_desktop.cli.open_paths import vault_for_paths

    return run_gui(Options(vault=args.vault or vault_for_paths(args.paths)))
