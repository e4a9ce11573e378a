"""``python -m kai_desktop`` and the ``kai-desktop`` console script."""

from __future__ import annotations


def main() -> int:
    import multiprocessing

    # Large vaults are parsed in worker processes; a frozen build needs this first.
    multiprocessing.freeze_support()
    from kai_desktop.cli import main as cli_main

    return cli_main()


if __name__ == "__main__":
    raise SystemExit(main())
