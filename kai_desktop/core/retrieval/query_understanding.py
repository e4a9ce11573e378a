"""Reading a question for what the search can use, without a model call.

* Dates and relative times ("yesterday", "last week", "in May", "on 12 March",
  "in 2025", "3 days ago") become a window on the note date (the ``date`` payload field).
  A month or day without a year means the latest one that is not in the future.
* Capitalised words that are not the first word, a month, a weekday or "I" are taken as
  names: the search adds a dense prefetch restricted to chunks whose keyword text
  contains one of them (see :mod:`kai_desktop.core.retrieval.records`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Final

MONTHS: Final = (
    "january", "february", "march", "april", "may", "june", "july", "august", "september",
    "october", "november", "december",
)
_WEEKDAYS: Final = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_MONTH_RE: Final = "|".join(MONTHS) + "|" + "|".join(m[:3] for m in MONTHS) + "|sept"
_NOT_NAMES: Final = frozenset(
    {"i", "i'm", "i've", "i'd", "i'll", "ok", "okay", *MONTHS, *_WEEKDAYS,
     *(m[:3] for m in MONTHS), "today", "yesterday", "tomorrow"}
)
_UNITS: Final = {"day": 1, "week": 7, "month": 30, "year": 365}
_NUMBERS: Final = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5,
                   "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}


@dataclass(frozen=True, slots=True)
class QueryHints:
    """What :func:`understand` found: a date window (inclusive) and names."""

    date_after: datetime | None = None
    date_before: datetime | None = None
    names: tuple[str, ...] = ()


def _day(value: datetime) -> datetime:
    return value.replace(hour=0, minute=0, second=0, microsecond=0)


def _month_window(year: int, month: int) -> tuple[datetime, datetime]:
    start = datetime(year, month, 1, tzinfo=UTC)
    nxt = datetime(year + (month == 12), month % 12 + 1, 1, tzinfo=UTC)
    return start, nxt - timedelta(microseconds=1)


def _month_number(word: str) -> int:
    word = word.lower()[:3]
    return next(i for i, m in enumerate(MONTHS, 1) if m.startswith(word))


def _relative(text: str, now: datetime) -> tuple[datetime, datetime] | None:
    today = _day(now)
    end_today = today + timedelta(days=1) - timedelta(microseconds=1)
    if re.search(r"\byesterday\b", text):
        return today - timedelta(days=1), today - timedelta(microseconds=1)
    if re.search(r"\btoday\b", text):
        return today, end_today
    if m := re.search(r"\b(last|this|past) (week|month|year)\b", text):
        days = _UNITS[m.group(2)]
        if m.group(1) == "last" and m.group(2) == "week":
            monday = today - timedelta(days=today.weekday())
            return monday - timedelta(days=7), monday - timedelta(microseconds=1)
        if m.group(1) == "last" and m.group(2) == "month":
            first = today.replace(day=1)
            prev = first - timedelta(days=1)
            return _month_window(prev.year, prev.month)
        if m.group(1) == "last" and m.group(2) == "year":
            return (datetime(now.year - 1, 1, 1, tzinfo=UTC),
                    datetime(now.year, 1, 1, tzinfo=UTC) - timedelta(microseconds=1))
        return today - timedelta(days=days), end_today
    if m := re.search(r"\b(\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten) "
                      r"(day|week|month|year)s? ago\b", text):
        count = int(m.group(1)) if m.group(1).isdigit() else _NUMBERS[m.group(1)]
        centre = today - timedelta(days=count * _UNITS[m.group(2)])
        slack = timedelta(days=max(1, _UNITS[m.group(2)] // 2))
        return centre - slack, centre + slack
    return None


def _latest_year(month: int, day: int, now: datetime) -> int:
    return now.year if (month, day) <= (now.month, now.day) else now.year - 1


def _absolute(text: str, now: datetime) -> tuple[datetime, datetime] | None:
    day_month = re.search(rf"\b(\d{{1,2}})(?:st|nd|rd|th)? (?:of )?({_MONTH_RE})\b(?: (\d{{4}}))?",
                          text)
    month_day = re.search(rf"\b({_MONTH_RE}) (\d{{1,2}})(?:st|nd|rd|th)?\b(?:,? (\d{{4}}))?", text)
    if day_month or month_day:
        if day_month:
            day, month = int(day_month.group(1)), _month_number(day_month.group(2))
            year_text = day_month.group(3)
        else:
            assert month_day is not None
            day, month = int(month_day.group(2)), _month_number(month_day.group(1))
            year_text = month_day.group(3)
        year = int(year_text) if year_text else _latest_year(month, day, now)
        try:
            start = datetime(year, month, day, tzinfo=UTC)
        except ValueError:
            return None
        return start, start + timedelta(days=1) - timedelta(microseconds=1)
    if m := re.search(rf"\b(?:in|during|of|since|from) ({_MONTH_RE})\b(?: (\d{{4}}))?", text):
        month = _month_number(m.group(1))
        year = int(m.group(2)) if m.group(2) else _latest_year(month, 1, now)
        return _month_window(year, month)
    if m := re.search(r"\bin (\d{4})\b", text):
        year = int(m.group(1))
        return (datetime(year, 1, 1, tzinfo=UTC),
                datetime(year + 1, 1, 1, tzinfo=UTC) - timedelta(microseconds=1))
    return None


def names(query: str) -> tuple[str, ...]:
    """Capitalised words after the first one, minus months, weekdays and the like."""
    words = re.findall(r"[A-Za-z][\w'-]*", query)
    found: dict[str, None] = {}
    for word in words[1:]:
        base = word.removesuffix("'s")
        if base[:1].isupper() and base.lower() not in _NOT_NAMES and len(base) > 1:
            found.setdefault(base, None)
    return tuple(found)


def understand(query: str, now: datetime) -> QueryHints:
    """The date window and names in ``query`` (``now`` anchors relative times)."""
    text = " ".join(query.lower().split())
    window = _relative(text, now) or _absolute(text, now)
    after, before = window if window else (None, None)
    return QueryHints(after, before, names(query))
