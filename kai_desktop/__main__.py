"""``python -m kai_desktop`` and the ``kai-desktop`` console script
(``--smoke``: the build check in :mod:`kai_desktop.smoke`)."""

from __future__ import annotations

import sys


def main() -> int:
    import multiprocessing

    # Large vaults are parsed in worker processes; a frozen build needs this first.
    multiprocessing.freeze_support()
    if sys.argv[1:] == ["--smoke"]:
        from kai_desktop.smoke import main as smoke_main

        return smoke_main()
    from kai_desktop.cli import main as cli_main

    return cli_main()


if __name__ == "__main__":
    raise SystemExit(main())
