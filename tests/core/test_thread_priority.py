"""Background compute threads run at a lowered priority, inherited by what they start."""

from __future__ import annotations

import os
import sys
import threading

import pytest

from kai_desktop.core.runtime.thread_priority import (
    lower_current_thread_priority,
    run_at_lowered_priority,
)

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="per-thread priority is a Linux feature"
)


def _nice() -> int:
    return os.getpriority(os.PRIO_PROCESS, threading.get_native_id())


def _on_thread(fn):  # type: ignore[no-untyped-def]
    out: list[object] = []
    thread = threading.Thread(target=lambda: out.append(fn()))
    thread.start()
    thread.join()
    return out[0]


def test_only_the_calling_thread_and_its_children_are_lowered() -> None:
    here = _nice()

    def work() -> tuple[int, int, int, int]:
        before = _nice()
        assert lower_current_thread_priority(5)
        lowered = _nice()
        assert lower_current_thread_priority(5)  # once per thread: not lowered again
        again = _nice()
        child = _on_thread(_nice)
        return before, lowered, again, child  # type: ignore[return-value]

    before, lowered, again, child = _on_thread(work)
    assert before == here
    assert lowered == min(19, here + 5)
    assert again == lowered
    assert child == lowered  # a pool started from that thread inherits it
    assert _nice() == here  # the caller's thread is untouched


def test_run_at_lowered_priority_returns_the_result_and_raises_the_error() -> None:
    here = _nice()
    assert run_at_lowered_priority(_nice, 3) == min(19, here + 3)
    assert _nice() == here

    def fail() -> None:
        raise ValueError("bad model file")

    with pytest.raises(ValueError, match="bad model file"):
        run_at_lowered_priority(fail)
