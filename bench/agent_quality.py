"""Agent-file mode on a real model: questions answered from entity files, facts recorded.

Each item runs one agent turn, through the app's own path (``AgentTurns`` over a chat
session, the sandbox worker, the checked file tools), on a fresh copy of a memory folder
laid out the mem-agent way. Scoring is deterministic:

- a question is answered when the reply names the value its entity file holds (and
  ``user.md`` does not, so the model had to read an entity file);
- a fact is recorded when ``user.md`` holds its value afterwards, with every line it had
  before still there (``damaged`` counts files that lost a line).

Two wordings: ``dev`` (the one the prompt was developed on) and ``held`` (another
person, other files, other phrasings, never tuned on).

    python bench/agent_quality.py [--wording dev|held|both] [--model default|quality|PATH]
                                  [--kinds questions|facts|both] [--skip N] [--limit N] [-v]

Last line: ``model=.. dev_answered=a/n dev_recorded=r/n held_answered=.. held_recorded=..
damaged=.. other_files_changed=.. s_per_item=..``.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.agent_quality_sets import WORDINGS, Wording
from kai_desktop.core.agent.journal import TrashJournal
from kai_desktop.core.agent.loop import AgentConfig
from kai_desktop.core.agent.tools import MemoryTools
from kai_desktop.core.chat.agent_turn import AgentTurns
from kai_desktop.core.chat.session import ChatSession
from kai_desktop.core.memory.store import MemoryStore
from kai_desktop.core.memory.tiers import Tiers
from kai_desktop.core.vault.files import Vault
from kai_desktop.infra.llama.chat_model import LlamaChatModel
from kai_desktop.infra.models.catalogue import CATALOGUE, models_dir
from kai_desktop.infra.sandbox.client import SandboxClient


@dataclass
class Outcome:
    ok: bool
    damaged: bool
    others_changed: int
    seconds: float
    outcome: str
    steps: int


def write_folder(root: Path, files: dict[str, str]) -> dict[str, str]:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return dict(files)


def run_item(model: Any, sandbox: SandboxClient, wording: Wording, text: str, value: str,
             *, fact: bool, verbose: bool) -> Outcome:  # fmt: skip
    work = Path(tempfile.mkdtemp(prefix="kai-agent-q-"))
    try:
        memory = work / "memory"
        before = write_folder(memory, wording.files)
        vault = Vault(memory)
        tools = MemoryTools(vault, TrashJournal(work / "trash"))
        session = ChatSession(memory=MemoryStore(vault), tiers=Tiers(vault))
        turns = AgentTurns(session, sandbox, tools, config=AgentConfig(), files=tools.overview)
        started = time.perf_counter()
        answer = turns.run(model, text)
        seconds = time.perf_counter() - started
        user = (memory / "user.md").read_text(encoding="utf-8")
        lost = [line for line in before["user.md"].splitlines() if line not in user]
        others = sum(
            1 for rel, old in before.items()
            if rel != "user.md" and (not (memory / rel).is_file()
                                     or (memory / rel).read_text(encoding="utf-8") != old)
        ) + sum(1 for p in memory.rglob("*") if p.is_file()
                and p.relative_to(memory).as_posix() not in before)  # fmt: skip
        if fact:
            ok = value in user.lower() and value not in before["user.md"].lower()
        else:
            ok = value in answer.text.lower()
        outcome = str(answer.finish_reason)
        if verbose:
            print(f"--- {'fact' if fact else 'question'}: {text}", file=sys.stderr)
            for step in answer.steps:
                print(f"  step {step.index}: {step.code!r} -> {step.result[:160]!r}",
                      file=sys.stderr)  # fmt: skip
            print(f"  reply: {answer.text!r} [{outcome}] ok={ok} lost={len(lost)} "
                  f"others={others} {seconds:.1f}s", file=sys.stderr)  # fmt: skip
        return Outcome(ok, bool(lost), others, seconds, outcome, len(answer.steps))
    finally:
        shutil.rmtree(work, ignore_errors=True)


def model_path(choice: str) -> Path:
    if choice in CATALOGUE:
        return models_dir() / CATALOGUE[choice].file_name
    return Path(choice)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wording", choices=["dev", "held", "both"], default="both")
    parser.add_argument("--model", default="default", help="default, quality or a GGUF path")
    parser.add_argument("--limit", type=int, default=0, help="items per kind (0: all)")
    parser.add_argument("--skip", type=int, default=0, help="leave out the first N of each kind")
    parser.add_argument("--kinds", choices=["questions", "facts", "both"], default="both")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    path = model_path(args.model)
    if not path.is_file():
        raise SystemExit(f"{path} is not installed (kai-desktop models install {args.model})")
    model = LlamaChatModel(path, n_ctx=4096, n_threads=2, seed=1)
    sandbox = SandboxClient()
    names = ["dev", "held"] if args.wording == "both" else [args.wording]
    fields = [f"model={path.stem}"]
    all_items: list[Outcome] = []
    try:
        for name in names:
            wording = WORDINGS[name]
            questions = wording.questions[args.skip :][: args.limit or None]
            facts = wording.facts[args.skip :][: args.limit or None]
            questions = questions if args.kinds != "facts" else []
            facts = facts if args.kinds != "questions" else []
            answered = [run_item(model, sandbox, wording, q, v, fact=False,
                                 verbose=args.verbose) for q, v in questions]  # fmt: skip
            recorded = [run_item(model, sandbox, wording, f, v, fact=True,
                                 verbose=args.verbose) for f, v in facts]  # fmt: skip
            items = answered + recorded
            all_items += items
            line = (f"{name}_answered={sum(o.ok for o in answered)}/{len(answered)} "
                    f"{name}_recorded={sum(o.ok for o in recorded)}/{len(recorded)}")  # fmt: skip
            replies = sum(o.outcome == "stop" for o in items)
            steps = statistics.mean(o.steps for o in items) if items else 0.0
            print(f"wording={name} {line} finished={replies}/{len(items)} "
                  f"steps_mean={steps:.2f}", flush=True)
            fields.append(line)
    finally:
        sandbox.close()
        model.close()
    fields += [
        f"damaged={sum(o.damaged for o in all_items)}",
        f"other_files_changed={sum(o.others_changed for o in all_items)}",
        f"s_per_item={statistics.mean(o.seconds for o in all_items):.1f}",
    ]
    print(" ".join(fields), flush=True)


if __name__ == "__main__":
    main()
