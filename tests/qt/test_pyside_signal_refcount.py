"""PySide6-Essentials 6.12.0 drops a reference to ``True`` on every ``Signal.emit`` and the
process aborts after a few hundred emits; the pinned version must not."""

from __future__ import annotations

import sys

from PySide6.QtCore import QObject, Signal


class _Emitter(QObject):
    fired = Signal(int, str)


def test_emitting_signals_does_not_leak_references_to_builtins(qapp: object) -> None:
    emitter = _Emitter()
    seen: list[int] = []
    emitter.fired.connect(lambda i, _t: seen.append(i))
    before = sys.getrefcount(True)
    for i in range(300):
        emitter.fired.emit(i, "token")
    assert seen == list(range(300))
    assert abs(sys.getrefcount(True) - before) < 50
