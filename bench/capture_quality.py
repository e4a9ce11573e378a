"""How well capture takes facts from single messages, on the real default model.

Runs ``Capturer`` (rules, then the model under its JSON schema, then the code checks) on the
statements of bench/capture_corpus.py with an empty memory, on sentences that are not
facts, and on pairs where a later message changes a value. Scoring is deterministic.

    python bench/capture_quality.py [--set tuning|fresh] [--rules-only] [-v]

Last line:
``set=.. statements=.. keyed=.. valued=.. not_facts_stored=.. changes=.. s_per_message=..``
(keyed: stored under an expected key with the expected value; valued: the value stored
under any key).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import capture_corpus as corpus
from kai_desktop.core.llm.model import ChatModel
from kai_desktop.core.memory.capture import Capturer, CaptureReport
from kai_desktop.core.memory.key_words import canonical_key
from kai_desktop.core.memory.store import MemoryStore
from kai_desktop.core.memory.tiers import Tiers
from kai_desktop.core.vault.files import Vault


def _capturer(root: Path, use_model: bool) -> Capturer:
    root.mkdir(parents=True)
    vault = Vault(root)
    return Capturer(MemoryStore(vault), Tiers(vault), None, use_model=use_model)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rules-only", action="store_true", help="no model proposals")
    parser.add_argument("--model", default="default", help="default (0.5B) or quality (1.5B)")
    parser.add_argument("--set", choices=("tuning", "fresh", "wide"), default="tuning",
                        help="tuning and wide: tuned on; fresh: run to report, since tuned on")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    prefix = {"tuning": "", "fresh": "FRESH_", "wide": "WIDE_"}[args.set]
    statements = getattr(corpus, prefix + "STATEMENTS")
    not_facts = getattr(corpus, prefix + "NOT_FACTS")
    changes = getattr(corpus, prefix + "CHANGES")
    model: ChatModel | None = None
    if not args.rules_only:
        from kai_desktop.infra.llama.chat_model import LlamaChatModel
        from kai_desktop.infra.models.manager import ModelManager

        model = LlamaChatModel(ModelManager().install(args.model).path, n_ctx=2048,
                               n_threads=2, seed=5)
    tmp = Path(tempfile.mkdtemp(prefix="kai-capture-bench-"))
    capturer = _capturer(tmp / "empty", not args.rules_only)
    keyed = valued = messages = 0
    start = time.perf_counter()
    for case in statements:
        report = CaptureReport()
        facts = capturer.propose(model, case.text, report=report)
        messages += 1
        good_value = [f for f in facts if case.value in f.content.casefold()]
        valued += bool(good_value)
        keyed += any(canonical_key(f.key) in case.keys for f in good_value)
        if args.verbose:
            mark = "OK " if any(f.key in case.keys for f in good_value) else "-- "
            print(mark, case.text, "->", [(f.key, f.content) for f in facts], report.skipped,
                  flush=True)
    stored_trivia = 0
    for text in not_facts:
        facts = capturer.propose(model, text)
        messages += 1
        stored_trivia += bool(facts)
        if args.verbose and facts:
            print("XX ", text, "->", [(f.key, f.content) for f in facts], flush=True)
    changed = 0
    for i, (first, then, key, new) in enumerate(changes):
        pair = _capturer(tmp / f"change-{i}", not args.rules_only)
        pair.capture(model, first)
        pair.capture(model, then)
        messages += 2
        memory = pair.memory.get(key)
        others = [m for m in pair.memory.all() if m.key != key]
        ok = memory is not None and new in memory.content.casefold() and not others
        changed += ok
        if args.verbose:
            print("OK " if ok else "-- ", first, "=>", then, "->",
                  [(m.key, m.content) for m in pair.memory.all()], flush=True)
    per = (time.perf_counter() - start) / max(1, messages)
    if model is not None:
        model.close()
    print(f"set={args.set} statements={len(statements)} keyed={keyed} valued={valued} "
          f"not_facts_stored={stored_trivia}/{len(not_facts)} changes={changed}/{len(changes)} "
          f"s_per_message={per:.2f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
