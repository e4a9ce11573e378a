"""``python -m kai_desktop`` and the ``kai-desktop`` console script."""

from __future__ import annotations


def main() -> int:
    from kai_desktop.cli import main as cli_main

    return cli_main()


if __name__ == "__main__":
    raise SystemExit(main())
