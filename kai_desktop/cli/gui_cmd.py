"""``kai-desktop`` / ``kai-desktop gui --vault DIR``: open the window."""

from __future__ import annotations

import argparse

from kai_desktop.cli import add_vault_argument


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_vault_argument(parser)


def run(args: argparse.Namespace) -> int:
    from kai_desktop.app import Options, run_gui

    return run_gui(Options(vault=args.vault))
