"""The memory store: notes with properties, CAS writes, undoable deletion, outside edits."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kai_desktop.core.memory.keys import key_to_stem
from kai_desktop.core.memory.model import (
    Category,
    Memory,
    MemoryDisabled,
    MemoryError,
    MemoryEvent,
    MemoryNotFound,
)
from kai_desktop.core.memory.note_format import parse_memory_note
from kai_desktop.core.memory.store import MemoryStore
from kai_desktop.core.vault.files import TextFile, Vault
from kai_desktop.core.vault.frontmatter import split_frontmatter

T0 = datetime(2024, 5, 1, 9, 30, 0, tzinfo=timezone(timedelta(hours=2)))


class FakeClock:
    def __init__(self, start: datetime = T0) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


class ManualScheduler:
    """Records scheduled callbacks; the test decides when a window ends."""

    def __init__(self) -> None:
        self.jobs: list[ManualScheduler.Job] = []

    class Job:
        def __init__(self, delay: float, callback: Callable[[], None]) -> None:
            self.delay = delay
            self.callback = callback
            self.cancelled = False

        def cancel(self) -> None:
            self.cancelled = True

        def fire(self) -> None:
            if not self.cancelled:
                self.callback()

    def __call__(self, delay: float, callback: Callable[[], None]) -> ManualScheduler.Job:
        job = ManualScheduler.Job(delay, callback)
        self.jobs.append(job)
        return job

    def fire_all(self) -> None:
        for job in list(self.jobs):
            job.fire()


@pytest.fixture
def vault(tmp_path: Path) -> Vault:
    root = tmp_path / "vault"
    (root / "memories").mkdir(parents=True)
    return Vault(root)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def scheduler() -> ManualScheduler:
    return ManualScheduler()


@pytest.fixture
def store(vault: Vault, clock: FakeClock, scheduler: ManualScheduler) -> Iterator[MemoryStore]:
    s = MemoryStore(vault, undo_window_s=4.0, clock=clock, scheduler=scheduler)
    yield s
    s.flush_pending()


def props_of(vault: Vault, rel: str) -> dict[str, Any]:
    fm = split_frontmatter(vault.resolve(rel).read_text(encoding="utf-8"))
    assert fm.error is None
    return fm.properties


def external_write(vault: Vault, rel: str, text: str) -> None:
    """What Obsidian does: replace the file behind the app's back."""
    vault.resolve(rel).write_text(text, encoding="utf-8")


def conflict_copies(vault: Vault) -> list[Path]:
    return sorted(vault.resolve("memories").glob("*onflict*"))


# -- storing -------------------------------------------------------------------------------


def test_store_writes_a_note_with_properties(store: MemoryStore, vault: Vault) -> None:
    memory = store.store("favorite_editor", "Helix, with [[Keymaps]]", source="chat")
    assert memory.path == "memories/favorite_editor.md"
    assert memory.hits == 1
    assert memory.category is Category.GENERAL
    assert memory.importance == 5
    assert memory.created == memory.updated == T0
    props = props_of(vault, memory.path)
    assert props["key"] == "favorite_editor"
    assert props["category"] == "General"
    assert props["hits"] == 1
    assert props["importance"] == 5
    assert props["source"] == "chat"
    for name in ("created", "updated"):
        stamp = datetime.fromisoformat(str(props[name]))
        assert stamp.tzinfo is not None
        assert stamp == T0
    text = vault.resolve(memory.path).read_text(encoding="utf-8")
    assert split_frontmatter(text).body.strip() == "Helix, with [[Keymaps]]"


def test_storing_an_existing_key_updates_content_not_hits(
    store: MemoryStore, clock: FakeClock
) -> None:
    store.learn("tabs", "prefers spaces", Category.PREFERENCE)
    store.reinforce("tabs")
    clock.advance(60)
    memory = store.store("tabs", "prefers tabs now", importance=9)
    assert memory.content == "prefers tabs now"
    assert memory.hits == 2
    assert memory.category is Category.PREFERENCE
    assert memory.importance == 5
    assert memory.created == T0
    assert memory.updated == T0 + timedelta(seconds=60)
    assert [m.key for m in store.all()] == ["tabs"]


def test_set_importance(store: MemoryStore, vault: Vault, clock: FakeClock) -> None:
    store.store("k", "v")
    clock.advance(1)
    memory = store.set_importance("k", 9)
    assert memory.importance == 9
    assert props_of(vault, memory.path)["importance"] == 9
    with pytest.raises(MemoryError, match="importance"):
        store.set_importance("k", 0)


def test_learn_rejects_general_and_points_to_store(store: MemoryStore) -> None:
    with pytest.raises(MemoryError, match="memory_store"):
        store.learn("k", "v", Category.GENERAL)
    with pytest.raises(MemoryError, match="memory_store"):
        store.learn("k", "v", "general")
    with pytest.raises(MemoryError, match="Learning"):
        store.learn("k", "v", "Wisdom")
    assert store.all() == []


def test_learn_stores_its_category_and_source(store: MemoryStore, vault: Vault) -> None:
    memory = store.learn("pytest -x", "stop at first failure", "error", source="session 3")
    assert memory.category is Category.ERROR
    assert props_of(vault, memory.path)["category"] == "Error"
    assert props_of(vault, memory.path)["source"] == "session 3"


def test_reinforce_counts_hits_and_touches_updated(store: MemoryStore, clock: FakeClock) -> None:
    store.learn("lesson", "read the error first", Category.LEARNING)
    clock.advance(3600)
    memory = store.reinforce("lesson")
    assert memory.hits == 2
    assert memory.updated == T0 + timedelta(hours=1)
    assert memory.created == T0
    assert store.get("lesson") == memory


def test_unknown_keys(store: MemoryStore) -> None:
    assert store.get("nope") is None
    with pytest.raises(MemoryNotFound):
        store.reinforce("nope")
    with pytest.raises(MemoryNotFound):
        store.edit_content("nope", "x")
    with pytest.raises(MemoryNotFound):
        store.delete("nope")
    assert store.forget("nope") is False


def test_bad_input_is_refused_clearly(store: MemoryStore) -> None:
    with pytest.raises(MemoryError, match="empty"):
        store.store("   ", "x")
    with pytest.raises(MemoryError, match="empty"):
        store.store("k", "  \n ")
    with pytest.raises(MemoryError, match="importance"):
        store.store("k", "v", importance=11)
    with pytest.raises(MemoryError, match="control"):
        store.store("a\nb", "v")
    with pytest.raises(MemoryError, match="NUL"):
        store.store("k", "a\x00b")
    assert store.all() == []


def test_a_note_too_large_for_the_vault_is_refused(tmp_path: Path, clock: FakeClock) -> None:
    small = Vault(tmp_path / "v", max_file_bytes=1000)
    store = MemoryStore(small, clock=clock, scheduler=ManualScheduler())
    with pytest.raises(MemoryError, match="limit"):
        store.store("big", "x" * 2000)
    assert store.all() == []


def test_keys_become_safe_file_names_and_the_real_key_is_kept(
    store: MemoryStore, vault: Vault
) -> None:
    key = 'Project: "Kai" / v2?'
    memory = store.store(key, "the desktop app")
    name = Path(memory.path).name
    assert not set('/\\:*?"<>|') & set(name)
    assert name == key_to_stem(key) + ".md"
    assert props_of(vault, memory.path)["key"] == key
    assert store.get(key) == memory
    assert store.get(" " + key + " ") == memory  # outer whitespace is not part of a key


def test_keys_differing_in_case_are_different_memories(store: MemoryStore) -> None:
    a = store.store("Editor", "Helix")
    b = store.store("editor", "vim")
    assert a.path != b.path
    assert a.path.casefold() != b.path.casefold()
    assert {m.content for m in store.all()} == {"Helix", "vim"}


def test_listing_recent_and_candidates(store: MemoryStore, clock: FakeClock) -> None:
    for i in range(7):
        store.store(f"k{i}", f"v{i}")
        clock.advance(10)
    assert [m.key for m in store.recent()] == ["k6", "k5", "k4", "k3", "k2"]
    assert [m.key for m in store.recent(2)] == ["k6", "k5"]
    assert [m.key for m in store.all()] == [f"k{i}" for i in range(7)]
    for _ in range(4):
        store.reinforce("k1")
    assert [m.key for m in store.recent(1)] == ["k1"]
    assert [m.key for m in store.promotion_candidates()] == ["k1"]
    assert store.promotion_candidates(min_hits=6) == []


def test_edit_content_keeps_key_links_and_the_users_properties(
    store: MemoryStore, vault: Vault, clock: FakeClock
) -> None:
    memory = store.store("trip", "Lisbon in May")
    text = vault.resolve(memory.path).read_text(encoding="utf-8")
    external_write(
        vault, memory.path, text.replace("importance: 5", "importance: 5\naliases:\n- Holiday")
    )
    store.reload_path(memory.path)
    clock.advance(5)
    edited = store.edit_content("trip", "Lisbon in June, see [[Travel#2024]]")
    assert edited.key == "trip"
    assert edited.updated == T0 + timedelta(seconds=5)
    assert edited.hits == 1
    props = props_of(vault, memory.path)
    assert props["aliases"] == ["Holiday"]
    assert props["key"] == "trip"
    assert "[[Travel#2024]]" in vault.resolve(memory.path).read_text(encoding="utf-8")


def test_memories_survive_a_new_store_on_the_same_vault(store: MemoryStore, vault: Vault) -> None:
    store.store("a", "one")
    store.learn("b", "two", Category.LEARNING)
    store.reinforce("b")
    fresh = MemoryStore(vault, scheduler=ManualScheduler())
    assert [(m.key, m.content, m.hits, m.category) for m in fresh.all()] == [
        ("a", "one", 1, Category.GENERAL),
        ("b", "two", 2, Category.LEARNING),
    ]
    assert fresh.get("a") == store.get("a")


# -- enabled flag --------------------------------------------------------------------------


def test_turning_memory_off_deletes_nothing(store: MemoryStore, vault: Vault) -> None:
    store.store("hot", "x")
    for _ in range(4):
        store.reinforce("hot")
    before = vault.resolve("memories/hot.md").read_bytes()
    store.enabled = False
    assert store.prompt_memories() == []
    assert store.promotion_candidates() == []
    with pytest.raises(MemoryDisabled):
        store.store("new", "y")
    with pytest.raises(MemoryDisabled):
        store.reinforce("hot")
    with pytest.raises(MemoryDisabled):
        store.forget("hot")
    assert [m.key for m in store.all()] == ["hot"]
    assert vault.resolve("memories/hot.md").read_bytes() == before
    assert sorted(p.name for p in vault.resolve("memories").iterdir()) == ["hot.md"]
    store.enabled = True
    assert [m.key for m in store.prompt_memories()] == ["hot"]


# -- undoable deletion ---------------------------------------------------------------------


def test_delete_hides_at_once_and_undo_restores_byte_for_byte(
    store: MemoryStore, vault: Vault, scheduler: ManualScheduler
) -> None:
    for _ in range(5):
        store.store("keep", "kept")
    store.store("gone", "soon gone")
    for _ in range(5):
        store.reinforce("gone")
    path = vault.resolve("memories/gone.md")
    before = path.read_bytes()
    deleted = store.delete("gone")
    assert deleted.key == "gone"
    assert store.get("gone") is None
    assert [m.key for m in store.all()] == ["keep"]
    assert [m.key for m in store.recent()] == ["keep"]
    assert store.promotion_candidates() == []
    assert [m.key for m in store.pending()] == ["gone"]
    assert path.read_bytes() == before  # still on disk inside the window
    with pytest.raises(MemoryNotFound):
        store.reinforce("gone")
    restored = store.undo("gone")
    assert restored == deleted
    assert path.read_bytes() == before
    assert store.get("gone") == deleted
    assert store.pending() == []
    assert scheduler.jobs[0].cancelled
    scheduler.fire_all()
    assert path.read_bytes() == before


def test_the_note_is_removed_when_the_window_ends(
    store: MemoryStore, vault: Vault, scheduler: ManualScheduler
) -> None:
    store.store("gone", "x")
    store.delete("gone")
    assert scheduler.jobs[0].delay == 4.0
    scheduler.jobs[0].fire()
    assert not vault.resolve("memories/gone.md").exists()
    assert store.pending() == []
    with pytest.raises(MemoryNotFound):
        store.undo("gone")


def test_finalize_due_follows_the_clock(
    store: MemoryStore, vault: Vault, clock: FakeClock
) -> None:
    store.store("a", "x")
    store.store("b", "y")
    store.delete("a")
    clock.advance(2)
    store.delete("b")
    clock.advance(2.5)
    assert store.finalize_due() == ["a"]
    assert not vault.resolve("memories/a.md").exists()
    assert vault.resolve("memories/b.md").exists()
    clock.advance(2)
    assert store.finalize_due() == ["b"]


def test_flush_pending_finalises_and_cancels_timers(
    store: MemoryStore, vault: Vault, scheduler: ManualScheduler
) -> None:
    store.store("a", "x")
    store.delete("a")
    assert store.flush_pending() == ["a"]
    assert not vault.resolve("memories/a.md").exists()
    assert all(job.cancelled for job in scheduler.jobs)


def test_a_crash_inside_the_window_keeps_the_memory(vault: Vault, clock: FakeClock) -> None:
    first = MemoryStore(vault, clock=clock, scheduler=ManualScheduler())
    first.store("precious", "do not lose")
    first.delete("precious")
    # the process dies here: no timer fires, no flush
    second = MemoryStore(vault, clock=clock, scheduler=ManualScheduler())
    memory = second.get("precious")
    assert memory is not None
    assert memory.content == "do not lose"


def test_an_edit_during_the_window_cancels_the_removal(
    store: MemoryStore, vault: Vault, scheduler: ManualScheduler
) -> None:
    memory = store.store("note", "first")
    store.delete("note")
    text = vault.resolve(memory.path).read_text(encoding="utf-8")
    external_write(vault, memory.path, text.replace("first", "changed my mind"))
    scheduler.fire_all()
    assert vault.resolve(memory.path).exists()
    again = store.get("note")
    assert again is not None
    assert again.content == "changed my mind"


def test_storing_a_pending_key_starts_afresh(store: MemoryStore, vault: Vault) -> None:
    store.store("k", "old")
    store.reinforce("k")
    store.delete("k")
    memory = store.store("k", "new")
    assert memory.hits == 1
    assert memory.content == "new"
    assert store.pending() == []
    assert [m.key for m in store.all()] == ["k"]


def test_forget_removes_at_once(store: MemoryStore, vault: Vault) -> None:
    store.store("k", "v")
    assert store.forget("k") is True
    assert not vault.resolve("memories/k.md").exists()
    assert store.get("k") is None
    assert store.forget("k") is False


def test_the_default_timer_removes_the_note_and_leaves_no_thread(vault: Vault) -> None:
    store = MemoryStore(vault, undo_window_s=0.05)
    removed = threading.Event()
    store.subscribe(lambda e: removed.set() if e.kind == "removed" else None)
    store.store("k", "v")
    store.delete("k")
    assert removed.wait(10)
    assert not vault.resolve("memories/k.md").exists()
    store.store("k2", "v")
    store.delete("k2")
    store.undo("k2")  # cancels (and joins) its timer
    store.flush_pending()
    assert vault.resolve("memories/k2.md").exists()
    for thread in threading.enumerate():
        if thread.name == "kai-memory-undo-window":
            thread.join(5)
    assert not [t for t in threading.enumerate() if t.name == "kai-memory-undo-window"]


# -- events --------------------------------------------------------------------------------


def test_events_are_published_and_unsubscribe_works(
    store: MemoryStore, scheduler: ManualScheduler
) -> None:
    events: list[MemoryEvent] = []
    unsubscribe = store.subscribe(events.append)
    store.store("k", "v")
    store.store("k", "w")
    store.reinforce("k")
    store.delete("k")
    store.undo("k")
    store.delete("k")
    scheduler.jobs[-1].fire()
    store.reload()
    assert [(e.kind, e.key) for e in events] == [
        ("stored", "k"),
        ("updated", "k"),
        ("updated", "k"),
        ("deleted", "k"),
        ("restored", "k"),
        ("deleted", "k"),
        ("removed", "k"),
        ("reloaded", None),
    ]
    unsubscribe()
    store.store("x", "y")
    assert len(events) == 8


def test_a_failing_subscriber_does_not_break_the_store(store: MemoryStore) -> None:
    def boom(_event: MemoryEvent) -> None:
        raise RuntimeError("subscriber bug")

    store.subscribe(boom)
    assert store.store("k", "v").key == "k"


# -- notes edited outside the app ----------------------------------------------------------


def test_an_external_edit_is_read_back(store: MemoryStore, vault: Vault) -> None:
    memory = store.store("city", "Lyon")
    external_write(
        vault,
        memory.path,
        "---\nkey: city\ncategory: preference\nhits: 7\nimportance: 8\n"
        "created: 2024-01-02T03:04:05\nupdated: 2024-02-03T04:05:06+00:00\nmood: calm\n---\n"
        "Grenoble, near [[Alps]]\n",
    )
    store.reload_path(memory.path)
    again = store.get("city")
    assert again is not None
    assert again.content == "Grenoble, near [[Alps]]"
    assert again.category is Category.PREFERENCE
    assert (again.hits, again.importance) == (7, 8)
    assert again.updated == datetime(2024, 2, 3, 4, 5, 6, tzinfo=UTC)
    assert again.created.tzinfo is not None  # local time without an offset, as Obsidian writes
    store.reinforce("city")
    props = props_of(vault, memory.path)
    assert props["mood"] == "calm"
    assert props["hits"] == 8


def test_a_note_added_by_hand_without_properties_is_a_memory(
    store: MemoryStore, vault: Vault
) -> None:
    store.all()
    external_write(vault, "memories/Coffee.md", "Espresso, no sugar\n")
    store.reload_path("memories/Coffee.md")
    memory = store.get("Coffee")
    assert memory is not None
    assert (memory.content, memory.hits, memory.category) == (
        "Espresso, no sugar",
        1,
        Category.GENERAL,
    )
    assert memory.updated.tzinfo is not None
    store.reinforce("Coffee")
    assert props_of(vault, "memories/Coffee.md")["hits"] == 2
    assert "Espresso, no sugar" in vault.resolve("memories/Coffee.md").read_text(encoding="utf-8")


def test_external_deletion_is_noticed(store: MemoryStore, vault: Vault) -> None:
    memory = store.store("k", "v")
    vault.resolve(memory.path).unlink()
    store.reload_path(memory.path)
    assert store.get("k") is None
    with pytest.raises(MemoryNotFound):
        store.reinforce("k")


def test_reload_path_ignores_notes_outside_memories(store: MemoryStore, vault: Vault) -> None:
    external_write(vault, "Other.md", "---\nkey: sneaky\n---\nnot a memory\n")
    store.reload_path("Other.md")
    assert store.get("sneaky") is None


def test_broken_properties_are_reported_and_never_touched(
    store: MemoryStore, vault: Vault
) -> None:
    broken = "---\nkey: [unclosed\nhits: 3\n---\nbody\n"
    external_write(vault, "memories/broken.md", broken)
    external_write(vault, "memories/badhits.md", "---\nkey: bh\nhits: lots\n---\nx\n")
    store.reload()
    problems = {p.path: p.message for p in store.problems()}
    assert set(problems) == {"memories/broken.md", "memories/badhits.md"}
    assert "properties" in problems["memories/broken.md"]
    assert "hits" in problems["memories/badhits.md"]
    assert store.all() == []
    memory = store.store("broken", "a new memory with the same name")
    assert memory.path != "memories/broken.md"
    store.flush_pending()
    store.reload()
    assert vault.resolve("memories/broken.md").read_text(encoding="utf-8") == broken


def test_a_note_broken_after_loading_is_not_rewritten(store: MemoryStore, vault: Vault) -> None:
    memory = store.store("k", "v")
    broken = "---\nkey: k\nhits: [\n---\nv\n"
    external_write(vault, memory.path, broken)
    with pytest.raises(MemoryError, match="Fix the note"):
        store.reinforce("k")
    assert vault.resolve(memory.path).read_text(encoding="utf-8") == broken
    assert [p.path for p in store.problems()] == [memory.path]


def test_a_duplicate_key_is_reported_and_the_canonical_note_wins(
    store: MemoryStore, vault: Vault
) -> None:
    memory = store.store("k", "the real one")
    copy = vault.resolve(memory.path).read_text(encoding="utf-8").replace("the real one", "copy")
    external_write(vault, "memories/k (conflict 2024-05-01 101010).md", copy)
    store.reload()
    current = store.get("k")
    assert current is not None
    assert current.content == "the real one"
    assert [p.path for p in store.problems()] == ["memories/k (conflict 2024-05-01 101010).md"]


# -- compare-and-swap: an outside edit between read and write is never lost ---------------


class EditingVault(Vault):
    """A vault where 'Obsidian' edits a note just before the app's next write(s)."""

    def __init__(self, root: Path, edit: Callable[[Vault, str], None], times: int) -> None:
        super().__init__(root)
        self._edit = edit
        self._times = times

    def write_text(self, rel: str, text: str, *, expect: Any = None, **kw: Any) -> TextFile:
        if self._times > 0 and rel.startswith("memories/") and "onflict" not in rel:
            self._times -= 1
            self._edit(self, rel)
        return super().write_text(rel, text, expect=expect, **kw)


def _add_user_property(v: Vault, rel: str) -> None:
    path = v.resolve(rel)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("---\n", "---\nstarred: true\n", 1), encoding="utf-8")


def test_an_edit_between_read_and_write_is_kept_and_the_change_applied(
    tmp_path: Path, clock: FakeClock
) -> None:
    root = tmp_path / "v"
    MemoryStore(Vault(root), clock=clock, scheduler=ManualScheduler()).store("k", "v")
    vault = EditingVault(root, _add_user_property, times=1)
    store = MemoryStore(vault, clock=clock, scheduler=ManualScheduler())
    memory = store.reinforce("k")
    assert memory.hits == 2
    props = props_of(vault, "memories/k.md")
    assert props["starred"] is True
    assert props["hits"] == 2
    assert conflict_copies(vault) == []


def test_a_note_that_keeps_changing_gives_a_clear_error_and_loses_nothing(
    tmp_path: Path, clock: FakeClock
) -> None:
    root = tmp_path / "v"
    MemoryStore(Vault(root), clock=clock, scheduler=ManualScheduler()).store("k", "v")
    counter = iter(range(100))

    def edit(v: Vault, rel: str) -> None:
        path = v.resolve(rel)
        path.write_text(path.read_text(encoding="utf-8") + f"edit {next(counter)}\n", "utf-8")

    vault = EditingVault(root, edit, times=100)
    store = MemoryStore(vault, clock=clock, scheduler=ManualScheduler())
    with pytest.raises(MemoryError, match=r"(?i)conflict") as caught:
        store.edit_content("k", "the app's version")
    on_disk = vault.resolve("memories/k.md").read_text(encoding="utf-8")
    assert "edit 2" in on_disk  # every outside edit is still there
    assert "the app's version" not in on_disk
    copies = conflict_copies(vault)
    assert len(copies) == 1  # superseded copies cleaned, the last one kept
    assert copies[0].name in str(caught.value)
    assert "the app's version" in copies[0].read_text(encoding="utf-8")
    parsed = parse_memory_note("x.md", copies[0].read_text(encoding="utf-8"), 0.0)
    assert isinstance(parsed, Memory)
    assert parsed.content == "the app's version"


def test_a_file_name_taken_by_another_key_is_not_overwritten(
    store: MemoryStore, vault: Vault
) -> None:
    taken = "---\nkey: something else\nhits: 3\n---\nnot yours\n"
    external_write(vault, "memories/k.md", taken)
    memory = store.store("k", "mine")
    assert memory.path == "memories/k~2.md"
    assert store.store("k", "mine again").path == "memories/k~2.md"
    assert vault.resolve("memories/k.md").read_text(encoding="utf-8") == taken
    other = store.get("something else")
    assert other is not None
    assert other.hits == 3
    assert MemoryStore(vault, scheduler=ManualScheduler()).get("k") == store.get("k")


def test_a_note_created_outside_and_not_yet_seen_is_updated_not_duplicated(
    store: MemoryStore, vault: Vault
) -> None:
    store.all()  # loaded before the note appears; the watcher has not reported it
    external_write(vault, "memories/k.md", "---\nkey: k\nhits: 4\nmine: sure\n---\nold\n")
    memory = store.store("k", "new")
    assert (memory.path, memory.hits, memory.content) == ("memories/k.md", 4, "new")
    assert props_of(vault, "memories/k.md")["mine"] == "sure"


def test_the_users_own_properties_stay_exactly_as_written(
    store: MemoryStore, vault: Vault, clock: FakeClock
) -> None:
    text = (
        "---\n# my comment\nkey: k\nstarred: yes\ndue date: 1:30\ntags: [a, b]\n"
        "aliases:\n- Kay\n- Kai\nplaces:\n  - Porto\ndue: 2024-01-01\nnote: 'quoted'  # why\n"
        "hits: 2\n"
        "category: learning\n---\nbody [[Link]]\n"
    )
    external_write(vault, "memories/k.md", text)
    store.reload()
    clock.advance(1)
    store.reinforce("k")
    new = vault.resolve("memories/k.md").read_text(encoding="utf-8")
    kept = text.split("hits: 2\n", maxsplit=1)[0]
    assert new.startswith(kept)  # every line before is byte-identical (YAML 1.1 would
    assert "hits: 3\ncategory: Learning\n" in new  # have turned yes/1:30 into true/5400)
    assert "updated: '2024-05-01T09:30:01+02:00'" in new
    assert new.endswith("\n---\nbody [[Link]]\n")
    assert store.get("k") is not None


def test_an_unusual_properties_block_is_rewritten_safely(store: MemoryStore, vault: Vault) -> None:
    external_write(vault, "memories/k.md", "---\n{key: k, hits: 2, color: red}\n---\nbody\n")
    store.reload()
    memory = store.reinforce("k")
    assert memory.hits == 3
    props = props_of(vault, "memories/k.md")
    assert (props["key"], props["hits"], props["color"]) == ("k", 3, "red")


def test_an_anchor_the_edit_would_break_falls_back_to_a_full_rewrite(
    store: MemoryStore, vault: Vault
) -> None:
    external_write(vault, "memories/k.md", "---\nkey: k\nhits: &h 2\ncopy: *h\n---\nbody\n")
    store.reload()
    assert store.reinforce("k").hits == 3
    props = props_of(vault, "memories/k.md")
    assert (props["hits"], props["copy"]) == (3, 2)


@given(
    key=st.text(min_size=1, max_size=60).filter(lambda k: k.strip() and k.isprintable()),
    content=st.text(min_size=1, max_size=300).filter(lambda c: c.strip() and "\x00" not in c),
)
@settings(max_examples=40, deadline=None)
def test_any_key_and_content_round_trip_through_the_vault(
    tmp_path_factory: pytest.TempPathFactory, key: str, content: str
) -> None:
    vault = Vault(tmp_path_factory.mktemp("rt"))
    stored = MemoryStore(vault, scheduler=ManualScheduler()).store(key, content)
    again = MemoryStore(vault, scheduler=ManualScheduler()).get(key)
    assert again == stored
    assert again.content == content.replace("\r\n", "\n").replace("\r", "\n").strip()
