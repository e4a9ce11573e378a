"""bench/wording_rules.py: the rules-only capture of a wording, scored and asked."""

from __future__ import annotations

from pathlib import Path

from bench.memory_script import Fact, Script
from bench.wording_rules import run

SCRIPT = Script(
    sessions=[["Hi, I'm Dana.", "Tell me a joke."], ["I live in Lisbon."],
              ["My favourite colour is teal."], ["I moved to Porto last month."],
              ["What's my name?", "Where do I live?"], ["What's my favourite colour?"]],
    facts=[Fact("What's my name?", "dana"), Fact("Where do I live?", "porto", "lisbon"),
           Fact("What's my favourite colour?", "teal")],
    trivia_markers=("joke",),
)


def test_a_wording_the_rules_read_scores_full_marks(tmp_path: Path) -> None:
    assert run(SCRIPT, tmp_path / "v", verbose=False) == {
        "facts": 3, "stored": 3, "updated": 1, "stale_kept": 0, "trivia_stored": 0,
        "hinted": 3, "hint_of": 3}


def test_what_the_rules_miss_is_neither_stored_nor_hinted(tmp_path: Path) -> None:
    unread = Script(sessions=[["Hi, I'm Dana."], ["Lisbon, where the trams are."], [], [],
                              ["What's my name?", "Where do I live?"], []],
                    facts=[Fact("What's my name?", "dana"), Fact("Where do I live?", "lisbon")],
                    trivia_markers=())
    figures = run(unread, tmp_path / "v", verbose=False)
    assert (figures["stored"], figures["hinted"], figures["hint_of"]) == (1, 1, 1)
