from __future__ import annotations

from datetime import UTC, datetime

from kai_desktop.core.retrieval.chunk_context import (
    ContextOptions,
    note_date,
    speakers,
    split_turns,
)
from kai_desktop.core.retrieval.chunking import chunk_note
from kai_desktop.core.retrieval.note_records import note_records
from kai_desktop.core.retrieval.records import F_DATE, F_TEXT, ChunkRecord

SESSION = """---
title: Catching up about Ana
created: 2026-03-12T18:30:00
---
# Catching up about Ana

## Transcript

**user:** Any news from Ana?

**assistant:** She moved to Porto last month.

**user:** And her brother?

**assistant:** He stayed in Leeds.
"""


def test_note_date_from_property_daily_name_and_session_name() -> None:
    assert note_date("x.md", {"date": "2026-05-02"}) == datetime(2026, 5, 2, 12, tzinfo=UTC)
    assert note_date("x.md", {"created": "2026-05-02T08:15:00"}) == datetime(
        2026, 5, 2, 8, 15, tzinfo=UTC
    )
    assert note_date("daily/2026-01-31.md", {}) == datetime(2026, 1, 31, 12, tzinfo=UTC)
    assert note_date("sessions/2025-11-04-0930-plans.md", {}) == datetime(
        2025, 11, 4, 9, 30, tzinfo=UTC
    )
    assert note_date("notes/plain.md", {}) is None


def test_speakers_in_order_of_first_turn() -> None:
    assert speakers("**user:** hi\n\n**assistant:** hello\n\n**user:** bye") == (
        "user",
        "assistant",
    )
    assert speakers("no turns here") == ()


def test_a_session_note_is_cut_into_one_exchange_per_chunk() -> None:
    chunks = split_turns("sessions/2026-03-12-1830-ana.md", chunk_note("s.md", SESSION))
    turns = [c for c in chunks if "**user:**" in c.text]
    assert [c.text.count("**user:**") for c in turns] == [1, 1]
    first = turns[0]
    assert first.text.startswith("# Catching up about Ana")  # headings stay with a turn
    assert "**user:** Any news from Ana?" in first.text
    assert "She moved to Porto" in first.text
    lines = SESSION.split("\n")
    assert lines[first.start_line - 1] == "# Catching up about Ana"
    assert turns[1].text.startswith("**user:** And her brother?")
    assert lines[first.end_line - 1].startswith("**assistant:** She moved")
    assert [c.index for c in chunks] == list(range(len(chunks)))


def test_an_exchange_the_chunker_cut_in_two_is_put_back_together() -> None:
    turns = []
    for n in range(12):
        turns += [f"**assistant:** Question number {n} about the garden?", "",
                  f"**user:** Answer number {n}: the tomatoes did well this year.", ""]
    text = "# Garden chat\n\n## Transcript\n\n" + "\n".join(turns)
    max_chars = 230  # the chunker cuts between a question and its answer
    base = chunk_note("s.md", text, max_chars=max_chars)
    assert any(c.text.rstrip().endswith("garden?") for c in base)
    chunks = split_turns("sessions/2026-03-12-1830-garden.md", base, max_chars)
    exchanges = [c for c in chunks if "**user:**" in c.text]
    assert len(exchanges) == 12
    lines = text.split("\n")
    for n, chunk in enumerate(exchanges):
        assert f"Question number {n} about" in chunk.text
        assert chunk.text.rstrip().endswith(f"Answer number {n}: the tomatoes did well this year.")
        assert chunk.text == "\n".join(lines[chunk.start_line - 1 : chunk.end_line])
        assert len(chunk.text) <= max_chars
    assert exchanges[0].text.startswith("# Garden chat")
    assert [c.index for c in chunks] == list(range(len(chunks)))


def test_an_exchange_too_long_to_join_keeps_the_chunkers_cut() -> None:
    text = ("**assistant:** Short question?\n\n**user:** " + "word " * 60 + "\n\n"
            "**user:** a second long paragraph " + "more " * 40 + "\n")
    base = chunk_note("s.md", text, max_chars=320)
    chunks = split_turns("sessions/2026-03-12-1830-x.md", base, 320)
    assert all(len(c.text) <= 320 for c in chunks)
    assert "".join(c.text.replace("\n", "") for c in chunks) == "".join(
        c.text.replace("\n", "") for c in base)


def test_a_daily_note_is_cut_into_one_entry_per_chunk() -> None:
    text = "# Log\n\n- 09:00 ran 5 km\n- 12:30 lunch with Tomasz\n- 18:00 read Dune\n"
    chunks = split_turns("daily/2026-02-03.md", chunk_note("daily/2026-02-03.md", text))
    assert [c.text for c in chunks] == [
        "# Log\n\n- 09:00 ran 5 km", "- 12:30 lunch with Tomasz", "- 18:00 read Dune"]
    assert [c.start_line for c in chunks] == [1, 4, 5]


def test_title_date_and_speaker_reach_the_record_and_its_payload() -> None:
    rel = "sessions/2026-03-12-1830-catching-up-about-ana.md"
    records = note_records(rel, SESSION, "sha", 0.0, 1200, context=ContextOptions())
    brother = next((r, t) for r, t in records if "her brother" in r.text)
    record, embedded = brother
    assert record.text.startswith("**user:** And her brother?")  # the note's own lines
    assert "Catching up about Ana" in record.context
    assert "12 March 2026" in record.context
    assert "speakers: user, assistant" in record.context
    assert "before:" in record.context
    assert "Porto" in record.context
    assert "Catching up about Ana" in embedded
    assert "12 March 2026" in embedded
    assert record.date == datetime(2026, 3, 12, 18, 30, tzinfo=UTC)
    payload = record.to_payload()
    assert payload[F_DATE] == "2026-03-12T18:30:00Z"
    assert "Catching up about Ana" in payload[F_TEXT]
    back = ChunkRecord.from_payload(payload)
    assert back.text == record.text
    assert back.context == record.context
    assert back.date == record.date


def test_the_apps_context_embeds_title_and_headings_and_stores_the_date() -> None:
    rel = "sessions/2026-03-12-1830-catching-up-about-ana.md"
    record, embedded = next((r, t) for r, t in note_records(rel, SESSION, "sha", 0.0, 1200)
                            if "her brother" in r.text)
    assert embedded == f"Catching up about Ana > {record.heading}\n{record.text}"
    assert "2026" not in embedded
    assert record.context == ""  # the keyword text is the chunk's own
    assert record.to_payload()[F_TEXT] == record.text
    assert record.to_payload()[F_DATE] == "2026-03-12T18:30:00Z"


def test_the_neighbours_can_be_left_out_of_the_keyword_text_alone() -> None:
    rel = "sessions/2026-03-12-1830-catching-up-about-ana.md"
    options = ContextOptions(neighbours_in_keywords=False)
    record, _ = note_records(rel, SESSION, "sha", 0.0, 1200, context=options)[-1]
    assert "12 March 2026" in record.context
    assert "before:" not in record.context
    assert "Porto" not in record.context


def test_context_can_be_left_out_of_either_side() -> None:
    rel = "sessions/2026-03-12-1830-catching-up-about-ana.md"
    bare = ContextOptions(in_keywords=False, in_embedding=False)
    record, embedded = note_records(rel, SESSION, "sha", 0.0, 1200, context=bare)[-1]
    assert record.context == ""
    assert "2026" not in embedded
