"""The example bank agrees with the rules and holds nothing of the held-out wordings."""

from __future__ import annotations

from bench import build_slot_examples as build
from bench import memory_script
from kai_desktop.core.memory.slot_examples import BANK_FILE, as_line


def test_the_bank_file_is_what_the_rules_read_today() -> None:
    expected = "".join(as_line(e) + "\n" for e in build.examples())
    assert BANK_FILE.read_text(encoding="utf-8") == expected, (
        "run python bench/build_slot_examples.py")


def test_no_statement_of_a_held_out_wording_is_an_example() -> None:
    bank = {line.split("\t")[0] for line in BANK_FILE.read_text(encoding="utf-8").splitlines()}
    for name in build.HELD_OUT:
        said = {text for session in memory_script.SCRIPTS[name].sessions for text in session}
        assert not bank & said, name


def test_a_fact_under_a_slot_of_its_own_keeps_the_slots_topic() -> None:
    assert build.example_for("I'm a welder.", "occupation", "welder").topic == "job"
    sister = build.example_for("My sister is Ana.", "sister_name", "Ana")
    assert (sister.topic, sister.detail) == ("relative", "sister")
    assert build.example_for("I keep bees.", "other", "the hive") is None


def test_an_example_teaches_the_thing_without_where_or_when() -> None:
    example = build.example_for("I'm learning French on Duolingo.", "studies",
                                "French on Duolingo")
    assert example is not None
    assert example.value == "French"
    bank = BANK_FILE.read_text(encoding="utf-8").splitlines()
    assert all(" on " not in line.split("\t")[3] for line in bank)
