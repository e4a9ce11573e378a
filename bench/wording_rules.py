"""What the capture rules alone keep of each scripted wording, and which questions find it.

Runs ``Capturer`` without the model over sessions 1-4 of each wording of
bench/memory_script.py, scores the vault with bench/memory_sessions.py's checks (stored,
updated, stale, duplicates, trivia) and asks ``memory_hint`` each question of sessions 5-6
over those memories (hinted: the first memory given holds the fact's current value, out of
the facts stored). No model is loaded, so it runs in seconds and says how much of a wording
the rules read before the model adds anything; the real-model figures are
bench/memory_sessions.py's.

    python bench/wording_rules.py [WORDING ...] [--except WORDING ...] [-v]

Last line: ``wordings=.. facts=.. stored=.. updated=.. stale_kept=.. trivia_stored=..
hinted=.. hint_of=..``
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.memory_script import SCRIPTS, Script
from bench.memory_sessions import score
from kai_desktop.core.chat.asked import memory_hint
from kai_desktop.core.memory.capture import Capturer
from kai_desktop.core.memory.store import MemoryStore
from kai_desktop.core.memory.tiers import Tiers
from kai_desktop.core.vault.files import Vault


def run(script: Script, root: Path, verbose: bool) -> dict[str, int]:
    vault = Vault(root)
    capturer = Capturer(MemoryStore(vault), Tiers(vault), None, use_model=False)
    said = [text for session in script.sessions[:4] for text in session]
    for text in said:
        capturer.capture(None, text)
    scored = score(script, root, [], "\n".join(said))
    memories = [(m.key, m.content) for m in MemoryStore(vault).all()]
    questions = script.sessions[4] + script.sessions[5]
    hinted = hint_of = 0
    for question, fact in zip(questions, script.facts, strict=True):
        if not any(fact.current.casefold() in c.casefold() for _, c in memories):
            if verbose:
                print(f"   not stored: {fact.current}")
            continue
        hint_of += 1
        hint = memory_hint(question, memories)
        if hint and fact.current.casefold() in hint[0].casefold():
            hinted += 1
        elif verbose:
            print(f"   no hint: {question!r} -> {hint[:1]}")
    updated = int(str(scored["updated"]).split("/")[0])
    return {"facts": int(scored["facts"]), "stored": int(scored["stored"]), "updated": updated,
            "stale_kept": int(scored["stale_kept"]),
            "trivia_stored": int(scored["trivia_stored"]), "hinted": hinted, "hint_of": hint_of}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("wordings", nargs="*", help="wordings to run (default: all)")
    parser.add_argument("--except", dest="leave", nargs="*", default=[],
                        help="wordings to leave out")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    unknown = [w for w in [*args.wordings, *args.leave] if w not in SCRIPTS]
    if unknown:
        parser.error(f"no such wording: {', '.join(unknown)}")
    names = [w for w in (args.wordings or SCRIPTS) if w not in args.leave]
    total: dict[str, int] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            figures = run(SCRIPTS[name], Path(tmp) / name, args.verbose)
            print(name, " ".join(f"{k}={v}" for k, v in figures.items()), flush=True)
            for key, value in figures.items():
                total[key] = total.get(key, 0) + value
    print(f"wordings={len(names)} " + " ".join(f"{k}={v}" for k, v in total.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
