from __future__ import annotations

from datetime import UTC, datetime

import pytest

from kai_desktop.core.retrieval.query_understanding import names, understand

NOW = datetime(2026, 11, 21, 15, 0, tzinfo=UTC)  # a Saturday


def _window(query: str) -> tuple[str, str]:
    hints = understand(query, NOW)
    assert hints.date_after is not None
    assert hints.date_before is not None
    return hints.date_after.date().isoformat(), hints.date_before.date().isoformat()


@pytest.mark.parametrize(
    ("query", "window"),
    [
        ("what did I say yesterday?", ("2026-11-20", "2026-11-20")),
        ("notes from today", ("2026-11-21", "2026-11-21")),
        ("what happened last week", ("2026-11-09", "2026-11-15")),
        ("what did Ana say in May?", ("2026-05-01", "2026-05-31")),
        ("what did Ana say in December?", ("2025-12-01", "2025-12-31")),
        ("news in March 2025", ("2025-03-01", "2025-03-31")),
        ("who called on 12 March", ("2026-03-12", "2026-03-12")),
        ("who called on March 12th, 2024", ("2024-03-12", "2024-03-12")),
        ("the trip in 2025", ("2025-01-01", "2025-12-31")),
        ("last month's budget", ("2026-10-01", "2026-10-31")),
    ],
)
def test_dates_and_relative_times_become_a_window(query: str, window: tuple[str, str]) -> None:
    assert _window(query) == window


def test_a_question_without_a_time_has_no_window() -> None:
    hints = understand("Where does Ana live these days?", NOW)
    assert hints.date_after is None
    assert hints.date_before is None


def test_names_are_capitalised_words_that_are_not_dates_or_the_first_word() -> None:
    assert names("When did Ana's brother Oskar visit in May?") == ("Ana", "Oskar")
    assert names("What did I tell Ingrid on Monday?") == ("Ingrid",)
    assert names("where is the passport") == ()
