"""``kai-desktop search [--vault DIR] "query" [--limit K] [--json]``: hybrid search.

The index's keyword half is brought up to date first (only changed notes are touched;
``--no-update`` skips that), so every note is found by its words at once. Dense vectors are
not waited for: chunks without one yet (``kai-desktop index`` and the window embed them)
are found by keywords only, and stderr says how many there are; when no chunk has one, the
search is keyword-only.

``--json`` prints a JSON list of hits (``path`` relative to the vault, ``heading``,
``start_line``, ``end_line``, ``score``, ``text``, plus ``score_parts`` and
``chunk_index``). ``--queries FILE`` (``-`` for stdin) runs one query per line in one
process and prints one JSON line of hits per query, in order (``[]`` for a blank line).

While the window is open it owns the embedded index: the command says so on stderr and
answers with keyword-only hits read from the notes themselves (:mod:`keyword_search`).
"""

from __future__ import annotations

import argparse
import json
import sys
from datetime import datetime
from typing import TYPE_CHECKING

from kai_desktop.cli.index_cmd import (
    CliError,
    ProgressBar,
    VaultChoice,
    add_backend_arguments,
    choose_vault,
    open_stack,
    run_with_progress,
)

if TYPE_CHECKING:
    from kai_desktop.core.retrieval.records import SearchFilters, SearchMode
    from kai_desktop.core.retrieval.search import Hit, Retriever

KEYWORD_FALLBACK_NOTICE = (
    "the search index is in use by the running Kai window; these are keyword-only "
    "results read from the notes"
)


DENSE_NONE_NOTICE = (
    "no note has its dense vectors yet: these are keyword-only results (run "
    "'kai-desktop index' or open the window to embed the vault)"
)
DENSE_PARTIAL_NOTICE = (
    "dense results are partial: {pending} of {total} chunks have no dense vector yet and "
    "are found by their words only (run 'kai-desktop index' or open the window to finish)"
)


def _iso_datetime(text: str) -> datetime:
    try:
        return datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"not an ISO date or datetime: {text!r}") from exc


def _positive(text: str) -> int:
    value = int(text)
    if value <= 0:
        raise argparse.ArgumentTypeError("must be a positive number")
    return value


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_backend_arguments(parser)
    parser.add_argument("query", nargs="?", help="what to look for")
    parser.add_argument("--limit", "-k", type=_positive, default=5, help="hits to show (5)")
    parser.add_argument("--json", action="store_true", help="print the hits as a JSON list")
    parser.add_argument(
        "--queries", metavar="FILE", help="one query per line ('-': stdin); JSON lines out"
    )
    parser.add_argument("--folder", help="only notes in this folder (and its sub-folders)")
    parser.add_argument("--tag", help="only notes with this tag")
    parser.add_argument("--category", help="only memories of this category")
    parser.add_argument("--since", type=_iso_datetime, help="only notes updated at or after")
    parser.add_argument("--until", type=_iso_datetime, help="only notes updated at or before")
    parser.add_argument(
        "--mode", choices=("hybrid", "dense", "keyword"), default="hybrid",
        help="hybrid (default), dense vectors only, or BM25 keywords only",
    )
    parser.add_argument(
        "--no-update", action="store_true", help="search the index as it is, without syncing"
    )


def _print_human(hits: list[Hit]) -> None:
    if not hits:
        print("No matches.")
        return
    for n, hit in enumerate(hits, 1):
        where = f"{hit.path}:{hit.start_line}-{hit.end_line}"
        heading = f"  # {hit.heading}" if hit.heading else ""
        print(f"{n}. {where}{heading}  (score {hit.score:.3f})")
        first = next((ln.strip() for ln in hit.text.splitlines() if ln.strip()), "")
        print(f"   {first[:120]}")


def _hits_json(hits: list[Hit]) -> str:
    return json.dumps([h.to_json() for h in hits], ensure_ascii=False)


def run(args: argparse.Namespace) -> int:
    from kai_desktop.core.retrieval.ports import IndexInUse, RetrievalError
    from kai_desktop.core.retrieval.records import SearchFilters, SearchMode

    if not args.query and not args.queries:
        print("kai-desktop search: give a query or --queries FILE", file=sys.stderr)
        return 2
    queries: list[str] | None = None
    if args.queries:
        try:
            if args.queries == "-":
                queries = sys.stdin.read().splitlines()
            else:
                with open(args.queries, encoding="utf-8") as fh:
                    queries = fh.read().splitlines()
        except (OSError, UnicodeDecodeError) as exc:
            print(f"kai-desktop search: cannot read {args.queries}: {exc}", file=sys.stderr)
            return 2
    filters = SearchFilters(
        folder=args.folder,
        tag=args.tag,
        category=args.category,
        updated_after=args.since,
        updated_before=args.until,
    )
    mode = SearchMode(args.mode)
    try:
        choice = choose_vault(args, "search")
        stack = open_stack(choice)
    except CliError as exc:
        print(f"kai-desktop search: {exc}", file=sys.stderr)
        return 2
    except IndexInUse:
        print(f"kai-desktop search: {KEYWORD_FALLBACK_NOTICE}", file=sys.stderr)
        return _keyword_only(args, choice, queries, filters)
    except RetrievalError as exc:
        print(f"kai-desktop search: {exc}", file=sys.stderr)
        return 1
    try:
        if not args.no_update:
            # The keyword half only: every note is searchable by its words at once; dense
            # vectors are filled in by ``kai-desktop index`` or the window, never waited for.
            run_with_progress(stack.indexer.sync(vectors=False), ProgressBar())
        mode = _mode_with_vectors(mode, stack.indexer.count_pending_vectors(),
                                  stack.index.count())
        _answer(args, stack.retriever, queries, filters, mode)
        return 0
    except RetrievalError as exc:
        print(f"kai-desktop search: {exc}", file=sys.stderr)
        return 1
    finally:
        stack.close()


def _mode_with_vectors(mode: SearchMode, pending: int, total: int) -> SearchMode:
    """The mode to answer in when ``pending`` of ``total`` chunks have no dense vector
    yet (said on stderr): keyword search when none has one, else the mode asked for, its
    dense half over the chunks that have vectors."""
    from kai_desktop.core.retrieval.records import SearchMode

    if pending <= 0 or mode is SearchMode.KEYWORD:
        return mode
    if pending >= total:
        print(f"kai-desktop search: {DENSE_NONE_NOTICE}", file=sys.stderr)
        return SearchMode.KEYWORD
    print(f"kai-desktop search: {DENSE_PARTIAL_NOTICE.format(pending=pending, total=total)}",
          file=sys.stderr)
    return mode


def _keyword_only(
    args: argparse.Namespace,
    choice: VaultChoice,
    queries: list[str] | None,
    filters: SearchFilters,
) -> int:
    from kai_desktop.cli.keyword_search import keyword_retriever
    from kai_desktop.core.retrieval.ports import RetrievalError
    from kai_desktop.core.retrieval.records import ScoreWeights, SearchMode

    try:
        weights = ScoreWeights.from_settings(choice.settings)
        with keyword_retriever(choice.vault, weights) as (retriever, _):
            _answer(args, retriever, queries, filters, SearchMode.KEYWORD)
    except RetrievalError as exc:
        print(f"kai-desktop search: {exc}", file=sys.stderr)
        return 1
    return 0


def _answer(
    args: argparse.Namespace,
    retriever: Retriever,
    queries: list[str] | None,
    filters: SearchFilters,
    mode: SearchMode,
) -> None:
    if queries is not None:
        for line in queries:
            hits = retriever.search(line.strip(), args.limit, filters, mode)
            sys.stdout.write(_hits_json(hits) + "\n")
        sys.stdout.flush()
        return
    hits = retriever.search(args.query, args.limit, filters, mode)
    if args.json:
        sys.stdout.write(_hits_json(hits) + "\n")
    else:
        _print_human(hits)
