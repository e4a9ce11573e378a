"""Retrieval quality on a small synthetic conversation vault with known answers.

Two kinds of question: ones worded unlike their answer (keyword search cannot find
them, embeddings can) and ones that hinge on an exact rare name or number among many
near-identical notes (embeddings blur them, keyword search cannot miss). Hybrid search
must beat both single methods on recall@5.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from kai_desktop.core.retrieval.indexer import IncrementalIndexer
from kai_desktop.core.retrieval.records import SearchMode
from kai_desktop.core.retrieval.search import Retriever
from kai_desktop.core.vault.files import Vault
from kai_desktop.infra.fastembed.embedder import BuiltinEmbedder
from kai_desktop.infra.qdrant.edge import EdgeIndex

pytestmark = pytest.mark.integration

# -- the vault ----------------------------------------------------------------------------------

PARAPHRASED: list[tuple[str, str, str]] = [
    # (note, text, question): the question shares no word with its answer.
    ("memories/dog.md", "The user adopted a beagle called Biscuit last spring.",
     "What kind of pet do I have?"),
    ("memories/sibling.md", "Anna, the user's younger sibling, was born on 14 June.",
     "When is my sister's birthday?"),
    ("sessions/2026-10-03-0900-trip.md",
     "Booked a plane ticket to Lisbon for the conference; departure 12 March.",
     "Which city am I flying to?"),
    ("memories/maria.md", "Maria never eats meat; she loved the mushroom risotto last time.",
     "What should I cook for a vegetarian guest?"),
    ("sessions/2026-10-05-1400-computer.md",
     "The computer was sluggish because its disk was full; clearing caches helped.",
     "How do I fix my slow laptop?"),
    ("memories/oolong.md", "The user prefers oolong tea above anything else.",
     "What is my favourite drink?"),
    ("memories/physician.md", "The user's physician is Okafor at the Riverside clinic.",
     "Who is my doctor?"),
    ("daily/2026-10-07.md", "- 08:10 Ran five kilometres along the canal before breakfast.",
     "Did I go jogging this week?"),
]

DISTRACTORS: list[tuple[str, str]] = [
    # Share the questions' words, not their answers.
    ("notes/pet-shop.md", "The pet shop on Elm Street closes at six; it sells every kind of "
     "pet food."),
    ("notes/kind.md", "Kind regards is how I sign formal emails; be kind in reviews."),
    ("notes/party.md", "Birthday party for Tom on Saturday; my sister's friend brings the cake."),
    ("notes/sister-company.md", "Acme is a sister company of Globex; their birthday sale runs "
     "all week."),
    ("notes/city.md", "City council meeting about the new bike lanes in the city centre."),
    ("notes/kites.md", "Flying kites with the kids at the beach; which kite flew best?"),
    ("notes/cook.md", "Cook the books is an idiom; a guest lecture on accounting fraud."),
    ("notes/guest-wifi.md", "The guest wifi network is called Kestrel; guests should cook "
     "nothing in the office."),
    ("notes/tap.md", "How to fix a leaking tap: replace the washer, then fix the handle."),
    ("notes/slow-cooker.md", "Slow cooker chili recipe, six hours on low; slow and steady."),
    ("notes/laptop-sticker.md", "Laptop stickers for the team: order twenty from the printer."),
    ("notes/band.md", "My favourite band is Radiohead and my favourite film is Alien."),
    ("notes/water.md", "Reminder: drink more water during the day; one drink every hour."),
    ("notes/doctor-who.md", "Doctor Who marathon: who is the best Doctor? Probably the tenth."),
    ("notes/week.md", "This week: finish the report, go to the dentist, call the bank."),
]

PROJECTS = [
    "Quillfeather", "Zanthrop", "Morvelle", "Tessaric", "Brindlewick", "Calpurnix",
    "Vostrane", "Peldaric", "Ombrecht", "Sarnquist", "Heliotrope", "Drummoch",
    "Fenwarren", "Gallowmere", "Istrakel", "Jorvander", "Kelmsworth", "Lunderby",
]
SERVICES = [
    "billing", "login", "reporting", "search", "email", "invoicing",
    "payments", "analytics", "export", "import", "calendar", "chat",
    "backup", "upload", "profile", "audit", "alerting", "sharing",
]
TICKETS = [
    "4471", "4417", "7441", "1744", "4714", "7144", "1474", "4147",
    "4741", "7414", "1447", "7714", "4177", "1774", "7471", "4774",
]
TICKET_FIXES = [
    "sync runs twice", "cache is empty", "disk is full", "network drops",
    "file is locked", "user logs out", "clock changes", "window closes",
    "vault moves", "note is renamed", "index is rebuilt", "model reloads",
    "theme switches", "folder is deleted", "link is broken", "laptop sleeps",
]


def _vault_notes() -> dict[str, str]:
    notes = {path: f"{text}\n" for path, text, _ in PARAPHRASED}
    notes.update({path: f"{text}\n" for path, text in DISTRACTORS})
    for name, service in zip(PROJECTS, SERVICES, strict=True):
        notes[f"sessions/2026-09-{len(notes) % 28 + 1:02}-1000-{name.lower()}.md"] = (
            f"# Project {name}\n\nWe talked about project {name} today. Decision: move the "
            f"{service} service to Postgres before the end of the quarter.\n"
        )
    for ticket, fix in zip(TICKETS, TICKET_FIXES, strict=True):
        notes[f"notes/tickets/kai-{ticket}.md"] = (
            f"# Ticket KAI-{ticket}\n\nFixed a crash when the {fix}; the patch adds a retry.\n"
        )
    return notes


def _questions() -> list[tuple[str, str]]:
    out = [(question, path) for path, _, question in PARAPHRASED]
    for name in PROJECTS[::2]:
        out.append((f"What did we decide about {name}?",
                    f"sessions/2026-09-{0:02}-1000-{name.lower()}.md"))
    for ticket in TICKETS[::2]:
        out.append((f"How was KAI-{ticket} fixed?", f"notes/tickets/kai-{ticket}.md"))
    return out


# -- the test -------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def retriever(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Retriever]:
    root = tmp_path_factory.mktemp("conversation-vault")
    for rel, text in _vault_notes().items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    data = tmp_path_factory.mktemp("data")
    embedder = BuiltinEmbedder(data / "models")
    index = EdgeIndex(data / "index", dim=embedder.dim, embedder_name=embedder.name)
    indexer = IncrementalIndexer(Vault(root), index, embedder, data / "manifest.json")
    indexer.run_sync()
    yield Retriever(embedder, index)
    index.close()


def _answer_paths() -> dict[str, str]:
    """Question -> the note that answers it (project notes are found by their name)."""
    notes = _vault_notes()
    answers: dict[str, str] = {}
    for question, path in _questions():
        if path.startswith("sessions/2026-09-"):
            name = path.rsplit("-", 1)[1].removesuffix(".md")
            answers[question] = next(p for p in notes if p.endswith(f"-{name}.md"))
        else:
            answers[question] = path
    return answers


def recall_at_5(retriever: Retriever, mode: SearchMode) -> tuple[float, list[str]]:
    answers = _answer_paths()
    missed = []
    for question, path in answers.items():
        found = [h.path for h in retriever.search(question, limit=5, mode=mode)]
        if path not in found:
            missed.append(question)
    return 1 - len(missed) / len(answers), missed


def test_hybrid_recall_beats_dense_only_and_keyword_only(retriever: Retriever) -> None:
    hybrid, hybrid_missed = recall_at_5(retriever, SearchMode.HYBRID)
    dense, dense_missed = recall_at_5(retriever, SearchMode.DENSE)
    keyword, keyword_missed = recall_at_5(retriever, SearchMode.KEYWORD)
    report = (
        f"recall@5 hybrid={hybrid:.2f} dense={dense:.2f} keyword={keyword:.2f}; "
        f"missed: hybrid={hybrid_missed} dense={dense_missed} keyword={keyword_missed}"
    )
    print(report)
    assert hybrid > dense, report
    assert hybrid > keyword, report
    assert hybrid >= 0.9, report
