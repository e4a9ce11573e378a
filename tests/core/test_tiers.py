"""Tier files: daily log, session notes, feedback, and the permanent files."""

from __future__ import annotations

from datetime import date, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

from kai_desktop.core.memory.tiers import TierError, Tiers, slugify
from kai_desktop.core.vault.files import TextFile, Vault
from kai_desktop.core.vault.frontmatter import split_frontmatter

TZ = timezone(timedelta(hours=-5))
T0 = datetime(2024, 5, 1, 14, 5, 0, tzinfo=TZ)


class FakeClock:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def vault(tmp_path: Path) -> Vault:
    return Vault(tmp_path / "vault")


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def tiers(vault: Vault, clock: FakeClock) -> Tiers:
    return Tiers(vault, clock)


def read(vault: Vault, rel: str) -> str:
    return vault.resolve(rel).read_text(encoding="utf-8")


def test_daily_entries_are_timestamped_and_extracted_facts_tagged(
    tiers: Tiers, vault: Vault, clock: FakeClock
) -> None:
    rel = tiers.append_daily("Talked about the trip")
    assert rel == "daily/2024-05-01.md"
    clock.now = T0 + timedelta(minutes=7)
    tiers.append_daily("User's sister is called Ana", extracted=True)
    tiers.append_daily("Prefers trains\nover planes", extracted=True)
    assert read(vault, rel) == (
        "# 2024-05-01\n\n"
        "- 14:05 Talked about the trip\n"
        "- 14:12 [extracted] User's sister is called Ana\n"
        "- 14:12 [extracted] Prefers trains\n  over planes\n"
    )
    assert tiers.daily_text() == read(vault, rel)
    assert tiers.extracted_facts() == ["User's sister is called Ana", "Prefers trains\nover planes"]


def test_the_day_follows_the_clock(tiers: Tiers, clock: FakeClock) -> None:
    tiers.append_daily("today")
    clock.now = T0 + timedelta(days=1)
    tiers.append_daily("tomorrow", extracted=True)
    assert "today" in tiers.daily_text(date(2024, 5, 1))
    assert "today" not in tiers.daily_text()
    assert tiers.extracted_facts(date(2024, 5, 1)) == []
    assert tiers.extracted_facts() == ["tomorrow"]
    assert tiers.daily_text(date(2020, 1, 1)) == ""


def test_appends_keep_edits_made_outside_the_app(tiers: Tiers, vault: Vault) -> None:
    rel = tiers.append_daily("first")
    path = vault.resolve(rel)
    path.write_text(path.read_text(encoding="utf-8") + "my own line, no newline", "utf-8")
    tiers.append_daily("second", extracted=True)
    text = read(vault, rel)
    assert "- 14:05 first\n" in text
    assert "my own line, no newline\n- 14:05 [extracted] second\n" in text
    assert tiers.extracted_facts() == ["second"]


class EditingVault(Vault):
    """'Obsidian' appends to a file right before the app's next write."""

    def __init__(self, root: Path, times: int) -> None:
        super().__init__(root)
        self.times = times

    def write_text(self, rel: str, text: str, *, expect: Any = None, **kw: Any) -> TextFile:
        path = self.resolve(rel)
        if self.times > 0 and path.exists() and "onflict" not in rel:
            self.times -= 1
            path.write_text(path.read_text(encoding="utf-8") + "- outside\n", "utf-8")
        return super().write_text(rel, text, expect=expect, **kw)


def test_an_edit_racing_an_append_is_kept(tmp_path: Path, clock: FakeClock) -> None:
    root = tmp_path / "v"
    Tiers(Vault(root), clock).append_daily("one")
    vault = EditingVault(root, times=1)
    Tiers(vault, clock).append_daily("two")
    text = read(vault, "daily/2024-05-01.md")
    assert text.endswith("- 14:05 one\n- outside\n- 14:05 two\n")
    assert not list((root / "daily").glob("*onflict*"))


def test_an_append_that_keeps_conflicting_fails_clearly(tmp_path: Path, clock: FakeClock) -> None:
    root = tmp_path / "v"
    Tiers(Vault(root), clock).append_daily("one")
    vault = EditingVault(root, times=100)
    with pytest.raises(TierError, match=r"(?i)conflict"):
        Tiers(vault, clock).append_daily("two")
    text = read(vault, "daily/2024-05-01.md")
    assert text.count("- outside\n") == 3
    copies = list((root / "daily").glob("*onflict*"))
    assert len(copies) == 1
    assert "- 14:05 two\n" in copies[0].read_text(encoding="utf-8")


def test_save_session_writes_an_episodic_note(tiers: Tiers, vault: Vault) -> None:
    rel = tiers.save_session(
        "Planning the Lisbon trip!",
        "Booked trains; hotel still open.",
        [
            {"role": "user", "content": "Plan my trip"},
            {"role": "tool", "content": None},
            {"role": "assistant", "content": "Here is a plan"},
        ],
    )
    assert rel == "sessions/2024-05-01-1405-planning-the-lisbon-trip.md"
    fm = split_frontmatter(read(vault, rel))
    assert fm.properties["title"] == "Planning the Lisbon trip!"
    assert datetime.fromisoformat(fm.properties["created"]) == T0
    assert fm.properties["tags"] == ["session"]
    assert "## Summary\n\nBooked trains; hotel still open.\n" in fm.body
    assert "**user:** Plan my trip\n\n**assistant:** Here is a plan" in fm.body
    again = tiers.save_session("Planning the Lisbon trip!", "second one")
    assert again == "sessions/2024-05-01-1405-planning-the-lisbon-trip-2.md"
    assert "## Transcript" not in read(vault, again)


@pytest.mark.parametrize(
    ("title", "slug"),
    [
        ("Hello, World", "hello-world"),
        ("../../etc/passwd", "etc-passwd"),
        ("???", "session"),
        ("Café Über", "café-über"),
        ("x" * 200, "x" * 48),
    ],
)
def test_slugs_are_safe(title: str, slug: str) -> None:
    assert slugify(title) == slug


def test_feedback_is_appended_with_date_and_time(tiers: Tiers, vault: Vault) -> None:
    tiers.add_correction("Answer about Python 2 was outdated")
    tiers.add_correction("Too long")
    tiers.add_reward("Great summary")
    assert read(vault, "feedback/corrections.md") == (
        "# Corrections\n\n"
        "- 2024-05-01 14:05 Answer about Python 2 was outdated\n"
        "- 2024-05-01 14:05 Too long\n"
    )
    assert read(vault, "feedback/rewards.md") == "# Rewards\n\n- 2024-05-01 14:05 Great summary\n"
    with pytest.raises(TierError):
        tiers.add_reward("   ")


def test_permanent_files_are_read_and_appended(tiers: Tiers, vault: Vault) -> None:
    assert (tiers.soul(), tiers.memory(), tiers.procedural()) == ("", "", "")
    vault.write_text("Soul.md", "# Soul\n\nI am Kai.\n\n## Learnings\n", expect=None)
    vault.write_text("Memory.md", "# Memory\n\n- Lives in Porto\n", expect=None)
    vault.write_text("Procedural.md", "# Procedural\n\n- Be brief\n", expect=None)
    assert tiers.memory() == "# Memory\n\n- Lives in Porto\n"
    tiers.append_soul("The user likes short answers")
    tiers.append_soul("Checks facts before answering")
    tiers.append_procedural("Run the tests before saying done")
    tiers.append_procedural("## Git\n\n- Never force-push")
    assert tiers.soul() == (
        "# Soul\n\nI am Kai.\n\n## Learnings\n\n"
        "- The user likes short answers\n- Checks facts before answering\n"
    )
    assert tiers.procedural() == (
        "# Procedural\n\n- Be brief\n- Run the tests before saying done\n\n"
        "## Git\n\n- Never force-push\n"
    )


def test_an_unreadable_permanent_file_is_skipped_not_rewritten(
    tiers: Tiers, vault: Vault
) -> None:
    vault.root.mkdir(parents=True, exist_ok=True)
    vault.resolve("Soul.md").write_bytes(b"\xff\xfe not utf-8")
    assert tiers.soul() == ""
    with pytest.raises(TierError):
        tiers.append_soul("x")
    assert vault.resolve("Soul.md").read_bytes() == b"\xff\xfe not utf-8"


def test_empty_entries_are_refused(tiers: Tiers, vault: Vault) -> None:
    with pytest.raises(TierError):
        tiers.append_daily("  \n")
    assert not vault.resolve("daily").exists()
