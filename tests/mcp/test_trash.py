"""The trash: a deleted note's exact bytes, journaled, restorable once."""

from __future__ import annotations

from pathlib import Path

from kai_desktop.core.vault.trash import JOURNAL, Trash


def test_put_get_restore_and_void(tmp_path: Path) -> None:
    trash = Trash(tmp_path / "trash")
    first = trash.put("a.md", b"\xef\xbb\xbfbytes as they were\r\n")
    second = trash.put("b/c.md", b"second")
    assert [e.id for e in trash.entries()] == [second.id, first.id]
    found = trash.get(first.id)
    assert found is not None
    assert found[1] == b"\xef\xbb\xbfbytes as they were\r\n"
    trash.mark_restored(first.id, "a.md")
    assert [e.id for e in trash.entries()] == [second.id]
    restored = trash.get(first.id)
    assert restored is not None
    assert restored[0].restored_at is not None
    trash.discard(second.id)
    assert trash.entries() == []
    assert trash.get(second.id) is None


def test_a_torn_journal_line_loses_nothing_else(tmp_path: Path) -> None:
    trash = Trash(tmp_path)
    entry = trash.put("a.md", b"x")
    with open(tmp_path / JOURNAL, "a", encoding="utf-8") as fh:
        fh.write('{"op": "deleted", "id": "half')
    reopened = Trash(tmp_path)
    assert [e.id for e in reopened.entries()] == [entry.id]
