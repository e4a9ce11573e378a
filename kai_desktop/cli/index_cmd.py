"""``kai-desktop index [--vault DIR] [--qdrant-url URL] [--rebuild]``: build or update the
search index.

Only notes that are new, changed, moved or deleted since the last run are touched; an
index that is missing, corrupt or of an older layout is rebuilt. On a terminal a
progress bar is drawn on stderr; the summary goes to stdout. Every changed note is made
keyword-searchable first, then dense vectors are embedded; ``--embed-seconds`` bounds that
second half (a few megabytes of text take minutes to embed on two cores), and Ctrl-C stops
after the current batch: what was done is kept and the next run continues from there.

While the window is open it owns the embedded index (and keeps it up to date): the command
says so and changes nothing (exit status 3). Problems found in the settings file are
printed on stderr; the valid settings are used.
"""

from __future__ import annotations

import argparse
import sys
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Final, TextIO

from kai_desktop.cli import add_vault_argument

if TYPE_CHECKING:
    from kai_desktop.core.retrieval.changes import IndexProgress
    from kai_desktop.core.retrieval.indexer import IncrementalIndexer
    from kai_desktop.core.retrieval.ports import Embedder, SearchIndex
    from kai_desktop.core.retrieval.search import Retriever
    from kai_desktop.core.settings import Settings
    from kai_desktop.core.vault.files import Vault


def add_backend_arguments(parser: argparse.ArgumentParser) -> None:
    add_vault_argument(parser)
    parser.add_argument(
        "--qdrant-url",
        metavar="URL",
        help="use the index on this Qdrant server or cluster instead of the embedded one "
        "(default: the settings; the API key comes from the settings)",
    )


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_backend_arguments(parser)
    parser.add_argument(
        "--rebuild", action="store_true", help="drop the index and build it from scratch"
    )
    parser.add_argument("--quiet", action="store_true", help="no progress bar, no summary")
    parser.add_argument(
        "--embed-seconds", type=float, metavar="S", default=None,
        help="embed dense vectors for at most about S seconds once every note is "
        "keyword-searchable (loading the model counts; under about 2 s it is not "
        "loaded); the next run (or the window) embeds the rest",
    )


@dataclass
class SearchStack:
    """Everything a search needs, built from the settings for one vault."""

    root: Path
    vault: Vault
    embedder: Embedder
    index: SearchIndex
    indexer: IncrementalIndexer
    retriever: Retriever

    def close(self) -> None:
        self.indexer.close(flush=False)  # closing the index flushes it
        self.index.close()


class CliError(Exception):
    """Reported as ``kai-desktop <command>: <message>`` with exit status 2."""


IN_USE_STATUS = 3
IN_USE_HINT = (
    "the search index is in use by the running Kai window, which keeps it up to date; "
    "nothing was changed (close the window to index from the command line)"
)


@dataclass
class VaultChoice:
    """The settings and the vault a command works on."""

    settings: Settings
    vault: Vault
    qdrant_url: str


def choose_vault(args: argparse.Namespace, command: str) -> VaultChoice:
    """The settings (their problems printed on stderr) and the vault the arguments name."""
    from kai_desktop.core.vault.files import Vault
    from kai_desktop.infra.settings_store import SettingsStore, resolve_vault_dir

    store = SettingsStore()
    settings = store.load()
    for notice in store.notices:
        print(f"kai-desktop {command}: settings: {notice}", file=sys.stderr)
    root = resolve_vault_dir(args.vault, settings)
    if root.exists() and not root.is_dir():
        raise CliError(f"{root} is a file, not a vault folder")
    if not root.is_dir():
        raise CliError(f"no vault folder at {root}")
    url = args.qdrant_url if args.qdrant_url is not None else settings.qdrant_url
    return VaultChoice(settings, Vault(root, max_file_bytes=settings.max_file_bytes), url)


def open_stack(choice: VaultChoice) -> SearchStack:
    """The index stack of the chosen vault; :class:`IndexInUse` when the window owns it."""
    from kai_desktop.core.retrieval.indexer import IncrementalIndexer
    from kai_desktop.core.retrieval.ports import IndexInUse
    from kai_desktop.core.retrieval.records import ScoreWeights
    from kai_desktop.core.retrieval.search import Retriever
    from kai_desktop.infra.fastembed.embedder import make_embedder
    from kai_desktop.infra.qdrant.backends import index_dir, open_index
    from kai_desktop.infra.qdrant.shard_lock import in_use_message, index_in_use
    from kai_desktop.infra.settings_store import data_dir, vault_data_dir

    settings, vault = choice.settings, choice.vault
    data = vault_data_dir(vault.root)
    # Checked before the embedder loads: when the window has the index, that is wasted.
    if not choice.qdrant_url and index_in_use(index_dir(data)):
        raise IndexInUse(in_use_message(index_dir(data)))
    embedder = make_embedder(settings, data_dir() / "models" / "embeddings")
    index, manifest = open_index(
        data,
        dim=embedder.dim,
        embedder_name=embedder.name,
        qdrant_url=choice.qdrant_url,
        api_key=settings.qdrant_api_key,
    )
    indexer = IncrementalIndexer(vault, index, embedder, manifest)
    retriever = Retriever(embedder, index, ScoreWeights.from_settings(settings))
    return SearchStack(vault.root, vault, embedder, index, indexer, retriever)


MODEL_LOAD_S: Final = 2.0
"""About how long the embedding model takes to load (imports, its graph laid out for a
fresh data folder) on two cores. The load counts against ``--embed-seconds``; a shorter
limit could embed nothing, so the model is then not loaded at all."""


def embed_budget(embedder: object, embed_seconds: float | None) -> float | None:
    """The dense half's time limit for ``--embed-seconds``: 0 (stop at once) when the
    model is not loaded yet and loading it alone would take longer than the limit."""
    if embed_seconds is None or getattr(embedder, "is_loaded", True):
        return embed_seconds
    return embed_seconds if embed_seconds >= MODEL_LOAD_S else 0.0


class ProgressBar:
    """A one-line progress bar on a terminal; silent when the stream is not a terminal."""

    def __init__(self, stream: TextIO | None = None, width: int = 30) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.width = width
        self.enabled = self.stream.isatty()
        self._drawn = False
        self._last = 0.0

    def update(self, step: IndexProgress) -> None:
        if not self.enabled or step.total <= 0:
            return
        from kai_desktop.core.retrieval.changes import phase_label
        now = time.monotonic()
        if now - self._last < 0.1 and step.done < step.total:
            return
        self._last = now
        filled = int(self.width * step.done / step.total)
        bar = "#" * filled + "." * (self.width - filled)
        self.stream.write(f"\r[{bar}] {step.done}/{step.total} {phase_label(step.phase):<50}")
        self.stream.flush()
        self._drawn = True

    def close(self) -> None:
        if self._drawn:
            self.stream.write("\r" + " " * (self.width + 80) + "\r")
            self.stream.flush()
            self._drawn = False


def run_with_progress(
    steps: Iterable[IndexProgress],
    bar: ProgressBar | None,
    embed_seconds: float | None = None,
    cancel: Callable[[], None] | None = None,
) -> bool:
    """Run ``steps`` to the end, drawing ``bar``. With ``embed_seconds`` and the run's
    ``cancel``, the dense half is asked to stop once it has run that long (it stops before
    its next note or batch; what was embedded is kept): returns False then."""
    timer: threading.Timer | None = None
    try:
        for step in steps:
            if bar is not None:
                bar.update(step)
            if step.phase == "embedding" and timer is None and embed_seconds is not None:
                assert cancel is not None
                timer = threading.Timer(embed_seconds, cancel)
                timer.daemon = True
                if embed_seconds > 0:
                    timer.start()
                else:  # (not started: counts as fired)
                    cancel()
        return timer is None or timer.is_alive()
    finally:
        if timer is not None:
            timer.cancel()
        if bar is not None:
            bar.close()


def run(args: argparse.Namespace) -> int:
    from kai_desktop.core.retrieval.ports import IndexInUse, RetrievalError

    try:
        stack = open_stack(choose_vault(args, "index"))
    except CliError as exc:
        print(f"kai-desktop index: {exc}", file=sys.stderr)
        return 2
    except IndexInUse:
        print(f"kai-desktop index: {IN_USE_HINT}", file=sys.stderr)
        return IN_USE_STATUS
    except RetrievalError as exc:
        print(f"kai-desktop index: {exc}", file=sys.stderr)
        return 1
    started = time.monotonic()
    try:
        steps = stack.indexer.sync(rebuild=args.rebuild)
        try:
            finished = run_with_progress(
                steps, None if args.quiet else ProgressBar(),
                embed_budget(stack.embedder, args.embed_seconds), stack.indexer.cancel,
            )
        except KeyboardInterrupt:
            close = getattr(steps, "close", None)
            if close is not None:
                close()
            print("kai-desktop index: interrupted; what was indexed is kept", file=sys.stderr)
            return 130
        except RetrievalError as exc:
            print(f"kai-desktop index: {exc}", file=sys.stderr)
            return 1
        if not args.quiet:
            _summary(stack, time.monotonic() - started, None if finished else args.embed_seconds)
    finally:
        stack.close()
    return 0


def _summary(stack: SearchStack, seconds: float, stopped_after: float | None) -> None:
    """What the run did, on stdout; ``stopped_after``: the dense half's time limit, when
    the run stopped at it."""
    report = stack.indexer.last_report
    if report is None:
        return
    print(
        f"Indexed {stack.root}: {report.summary()}; "
        f"{stack.index.count()} chunks in the index ({seconds:.1f} s)"
    )
    for path, reason in report.skipped:
        print(f"  skipped {path}: {reason}")
    for path, warning in report.warnings:
        print(f"  warning {path}: {warning}")
    if stopped_after is not None:
        unloaded = not getattr(stack.embedder, "is_loaded", True)
        print(
            f"  dense vectors: stopped after {stopped_after:g} s as asked"
            + (" (too short to load the embedding model, which was left unloaded)"
               if unloaded else "")
            + f"; {stack.indexer.count_pending_vectors()} chunks still to embed (every "
            "note is keyword-searchable; run again, or open the window, to finish)"
        )
