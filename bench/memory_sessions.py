"""Does Kai remember? A scripted multi-session conversation on the real default model.

Each session is one app run: the vault, memory store, index (Qdrant Edge + the builtin
embedder), chat session, capture and journal are built from scratch over the same vault
and data folder; the model is loaded again; the idle app pre-warms its prompt; the
conversation runs, with capture after every user message; then quitting ends the
conversation the way the window does (pending captures, extraction, session note).

Twenty-plus facts are stated in varied wording, some later changed, mixed with small talk,
questions and a joke; later sessions ask about every fact. Scoring is deterministic: it
reads the vault's memory notes and the answers (no model judges).

    python bench/memory_sessions.py                 # the development wording
    python bench/memory_sessions.py --wording held  # the second wording, only reported
    python bench/memory_sessions.py --wording fresh # a third wording, only reported
    python bench/memory_sessions.py --wording blind # a fourth wording, another person
    python bench/memory_sessions.py --wording fifth # a fifth, a third person
    python bench/memory_sessions.py --wording sixth # a sixth, a fourth person
    python bench/memory_sessions.py --wording seventh # a seventh, held back to the end
    python bench/memory_sessions.py --model quality # the 1.5B model, when installed

Last line:
``facts=.. stored=.. recalled=.. updated=.. stale_kept=.. duplicates=.. trivia_stored=..
assistant_as_user=.. ttft_first_s=.. ttft_p50_s=.. reeval_ratio=..``
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.memory_script import SCRIPTS, Script
from kai_desktop.core.chat.events import TextDelta, TurnFinished
from kai_desktop.core.chat.keeper import ConversationKeeper
from kai_desktop.core.chat.session import ChatSession, SessionConfig
from kai_desktop.core.memory.capture import Capturer
from kai_desktop.core.memory.extraction import Extractor
from kai_desktop.core.memory.inbox import ReviewInbox
from kai_desktop.core.memory.journal import TranscriptJournal
from kai_desktop.core.memory.key_words import canonical_key
from kai_desktop.core.memory.store import MemoryStore
from kai_desktop.core.memory.text_match import grounded, is_duplicate_text
from kai_desktop.core.memory.tiers import Tiers
from kai_desktop.core.retrieval.indexer import IncrementalIndexer
from kai_desktop.core.retrieval.search import Retriever
from kai_desktop.core.vault.files import Vault
from kai_desktop.core.vault.layout import ensure_vault_layout
from kai_desktop.infra.fastembed.embedder import BuiltinEmbedder
from kai_desktop.infra.llama.chat_model import LlamaChatModel
from kai_desktop.infra.models.manager import ModelManager
from kai_desktop.infra.qdrant.edge import EdgeIndex
from kai_desktop.infra.resources import default_soul


@dataclass
class TurnLog:
    session: int
    text: str
    answer: str
    ttft_s: float
    evaluated: int
    new_tokens: int
    first: bool
    rounds: tuple[Any, ...] = ()
    own_s: float = 0.0


class Measured:
    """The model with the prompt-token bookkeeping the ratio needs."""

    def __init__(self, model: LlamaChatModel) -> None:
        self.model = model
        self.expected: list[int] = []  # what the KV cache should hold after the last turn

    def __getattr__(self, name: str) -> Any:
        return getattr(self.model, name)


def new_tokens(model: LlamaChatModel, ideal: list[int]) -> int:
    prompt = model.last_prompt_tokens
    shared = 0
    for a, b in zip(ideal, prompt, strict=False):
        if a != b:
            break
        shared += 1
    return max(1, len(prompt) - shared)


class App:
    """One run of the app's memory parts over ``vault_root`` and ``data``."""

    def __init__(self, vault_root: Path, data: Path, model: LlamaChatModel, cache: Path) -> None:
        self.vault = Vault(vault_root)
        ensure_vault_layout(self.vault, default_soul())
        self.memory = MemoryStore(self.vault)
        self.tiers = Tiers(self.vault)
        self.inbox = ReviewInbox(data / "review-inbox.json")
        embedder = BuiltinEmbedder(cache)
        self.index = EdgeIndex(data / "edge-shard", dim=embedder.dim, embedder_name=embedder.name)
        self.indexer = IncrementalIndexer(self.vault, self.index, embedder, data / "manifest.json")
        self.indexer.run_sync()
        retriever = Retriever(embedder, self.index)
        extractor = Extractor(self.memory, self.tiers, env={})
        config = SessionConfig(answer_tokens=96, temperature=0.2)
        self.session = ChatSession(memory=self.memory, tiers=self.tiers, retriever=retriever,
                                   extractor=extractor, config=config)
        self.keeper = ConversationKeeper(
            self.session, Capturer(self.memory, self.tiers, self.inbox),
            TranscriptJournal(data / "journal.jsonl"), extractor,
        )
        self.model = model

    def turn(self, text: str, session_no: int, first: bool) -> TurnLog:
        model = self.model
        ideal = list(model.llama._input_ids[: model.llama.n_tokens])
        self.keeper.user_said(text)
        # The baseline's starting state is copied before the clock starts (a copy of the
        # whole KV cache takes longer than the message's own tokens).
        before = model.llama.save_state() if first else None
        start = time.perf_counter()
        ttft = None
        answer = None
        evaluated = 0
        prompt: list[int] = []
        for event in self.session.stream_turn(model, text):
            if isinstance(event, TextDelta) and ttft is None:
                ttft = time.perf_counter() - start
                prompt = list(model.last_prompt_tokens)
            if isinstance(event, TurnFinished):
                answer = event.answer
        own_s = 0.0
        if before is not None and prompt:
            # The same-process baseline: from the state the idle start left, evaluate
            # this prompt and sample one token, i.e. only the message's own tokens.
            after = model.llama.save_state()
            model.llama.load_state(before)
            t0 = time.perf_counter()
            model.llama.create_completion(prompt=prompt, max_tokens=1, temperature=0.0)
            own_s = time.perf_counter() - t0
            model.llama.load_state(after)
        assert answer is not None
        fresh = new_tokens(model, ideal) if answer.stats.rounds else 1
        r0 = answer.stats.rounds[0] if answer.stats.rounds else None
        if r0 is not None:
            evaluated = r0.prompt_tokens - r0.cached_tokens
        self.keeper.assistant_said(answer.text, answer.citations.memories)
        # The low-priority capture runs after the reply, on the same model, cache kept.
        with model.preserving_cache():
            self.keeper.capture_pending(model)
        return TurnLog(session_no, text, answer.text, ttft or (time.perf_counter() - start),
                       evaluated, fresh, first, answer.stats.rounds, own_s)

    def quit(self) -> None:
        self.keeper.end(self.model)
        self.indexer.close()
        self.index.close()


def score(script: Script, vault_root: Path, logs: list[TurnLog], user_text: str) -> dict[str, Any]:
    vault = Vault(vault_root)
    memories = MemoryStore(vault).all()
    contents = [m.content.casefold() for m in memories]

    def holders(value: str) -> list[int]:
        return [i for i, c in enumerate(contents) if value.casefold() in c]

    stored = sum(1 for f in script.facts if holders(f.current))
    changed = [f for f in script.facts if f.old]
    # A memory that records the change itself ("The user sold the Fiat") holds the old
    # value as the past, not as current: only the others count as stale.
    past = re.compile(r"\b(?:left|sold|no longer|not|anymore|used to|former|was|moved from)\b")

    def stale_holders(value: str) -> list[int]:
        return [i for i in holders(value) if not past.search(contents[i])]

    updated = sum(1 for f in changed if holders(f.current) and not stale_holders(f.old or ""))
    stale = sum(1 for f in changed if stale_holders(f.old or ""))
    keys = [canonical_key(m.key) for m in memories]
    duplicates = len(keys) - len(set(keys)) + sum(
        1 for i, a in enumerate(memories) for b in memories[i + 1 :]
        if is_duplicate_text(a.content, b.content)
    )
    trivia = sum(1 for c in contents if any(t in c for t in script.trivia_markers))
    # A memory in words the user never wrote; the frame a rule builds a fact with ("... is
    # 45 years old" for "I turned 45") is not the assistant's words.
    known = user_text + "\nyears old"
    as_user = sum(1 for m in memories if not grounded(m.content, known, share=0.5))
    answers = {log.text: log.answer.casefold() for log in logs}
    recalled = 0
    for fact in script.facts:
        answer = answers.get(fact.question, "")
        if fact.current.casefold() in answer and not (fact.old and fact.old.casefold() in answer):
            recalled += 1
    # A reply in the user's own voice: "my name is …", or any sentence or clause that opens
    # in the first person and gives one of the user's facts ("I am Dana", "I moved to
    # Porto"; not "I'm glad to help, your name is Dana", nor "I remember your name as Dana",
    # where the value is the user's by "you" or "your" before it).
    voice = re.compile(r"\b(?:my name is|i live in|i work (?:as|at)|i(?:'m| am) from)\b")
    opens_as_user = re.compile(r"^\s*(?:i|i'm|i've|i am|my|we|we're|we've|our)\b")
    values = [re.compile(r"\b" + re.escape(v.casefold())) for f in script.facts
              for v in (f.current, f.old) if v]

    addressed = re.compile(r"\b(?:you|your|you're)\b")

    def in_user_voice(answer: str) -> bool:
        if voice.search(answer):
            return True
        return any(opens_as_user.match(sentence) and any(
            (m := v.search(sentence)) and not addressed.search(sentence[: m.start()])
            for v in values)
            for sentence in re.split(r"(?<=[.!?])\s+|[,;:]\s+", answer))

    as_user += sum(1 for log in logs if in_user_voice(log.answer.casefold()))
    return {"facts": len(script.facts), "stored": stored, "recalled": recalled,
            "updated": f"{updated}/{len(changed)}", "stale_kept": stale,
            "duplicates": duplicates, "trivia_stored": trivia, "assistant_as_user": as_user}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--wording", choices=sorted(SCRIPTS), default="dev")
    parser.add_argument("--model", default="default", help="default (0.5B) or quality (1.5B)")
    parser.add_argument("--keep", type=Path, help="keep the vault in this folder")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    script = SCRIPTS[args.wording]
    path = ModelManager().install(args.model).path
    tmp = Path(tempfile.mkdtemp(prefix="kai-memory-bench-"))
    vault_root = args.keep or tmp / "vault"
    vault_root.mkdir(parents=True, exist_ok=True)
    logs: list[TurnLog] = []
    user_text = ""
    for number, messages in enumerate(script.sessions, 1):
        model = LlamaChatModel(path, n_ctx=4096, n_threads=2, seed=5)
        app = App(vault_root, tmp / "data", model, tmp / "cache")
        app.keeper.recover(model)
        app.session.prewarm(model)  # what the idle window does after start
        for i, text in enumerate(messages):
            log = app.turn(text, number, first=i == 0)
            user_text += "\n" + text
            logs.append(log)
            if args.verbose:
                print(f"[{number}] {text}\n    -> {log.answer[:160]!r} "
                      f"ttft={log.ttft_s:.2f}s eval={log.evaluated} new={log.new_tokens} "
                      f"rounds={[(r.prompt_tokens, r.cached_tokens) for r in log.rounds]}",
                      flush=True)
        app.quit()
        model.close()
    result = score(script, vault_root, logs, user_text)
    follow = [log for log in logs if not log.first]
    firsts = [log for log in logs if log.first]
    ratio = sum(log.evaluated for log in follow) / max(1, sum(log.new_tokens for log in follow))
    result["ttft_first_s"] = f"{statistics.median(log.ttft_s for log in firsts):.2f}"
    result["ttft_p50_s"] = f"{statistics.median(log.ttft_s for log in follow):.2f}"
    result["reeval_ratio"] = f"{ratio:.2f}"
    own = statistics.median(log.own_s for log in firsts)
    first_ttft = statistics.median(log.ttft_s for log in firsts)
    result["first_vs_own"] = f"{first_ttft / max(own, 1e-6):.2f}"
    first_new = max(1, sum(log.new_tokens for log in firsts))
    first_ratio = sum(log.evaluated for log in firsts) / first_new
    print(f"wording={args.wording} model={args.model} sessions={len(script.sessions)} "
          f"turns={len(logs)} first_turn_eval_ratio={first_ratio:.2f} vault={vault_root}")
    print(" ".join(f"{k}={v}" for k, v in result.items()), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
