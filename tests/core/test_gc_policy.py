"""Frozen objects are left out of later cycle collections, yet still freed by refcount."""

from __future__ import annotations

import gc
import threading
import weakref

import pytest

from kai_desktop.core.runtime.gc_policy import (
    building_long_lived,
    collect_if_due,
    collect_on_one_thread,
    collection_paused,
    freeze_long_lived,
)

pytestmark = pytest.mark.usefixtures("automatic_gc")


class Node:
    def __init__(self) -> None:
        self.children: list[Node] = []


def test_objects_alive_at_a_milestone_leave_the_collected_generations() -> None:
    long_lived = [Node() for _ in range(100)]
    before = gc.get_freeze_count()
    try:
        freeze_long_lived("test")
        assert gc.get_freeze_count() >= before + 100
        tracked = {id(o) for generation in range(3) for o in gc.get_objects(generation)}
        assert not any(id(node) in tracked for node in long_lived)
        # Made afterwards: collected as usual.
        later = Node()
        assert any(o is later for o in gc.get_objects(0))
    finally:
        gc.unfreeze()


def test_a_frozen_object_is_still_freed_when_its_last_reference_goes() -> None:
    node = Node()
    ref = weakref.ref(node)
    try:
        freeze_long_lived("test")
        del node
        assert ref() is None
    finally:
        gc.unfreeze()


def test_no_collection_runs_while_long_lived_data_is_built_and_it_is_frozen_after() -> None:
    collections: list[int] = []

    def count(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            collections.append(info["generation"])

    gc.callbacks.append(count)
    try:
        with building_long_lived("outer"):
            assert not gc.isenabled()
            with building_long_lived("inner"):  # nested, as two jobs at once would be
                built = [Node() for _ in range(20_000)]  # far past the collection threshold
            assert not gc.isenabled()  # the outer block still runs
        assert gc.isenabled()
        assert collections == []
        tracked = {id(o) for generation in range(3) for o in gc.get_objects(generation)}
        assert not any(id(node) in tracked for node in built)
    finally:
        gc.callbacks.remove(count)
        gc.unfreeze()


def test_collection_resumes_when_the_build_fails_and_stays_off_if_it_was_off() -> None:
    try:
        with building_long_lived("fails"):
            raise RuntimeError("disk gone")
    except RuntimeError:
        pass
    assert gc.isenabled()
    gc.disable()
    try:
        with building_long_lived("while off"):
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()
        gc.unfreeze()


class Cycle:
    def __init__(self) -> None:
        self.me = self


def test_after_collect_on_one_thread_no_other_thread_ever_collects() -> None:
    collectors: list[str] = []

    def note(phase: str, _info: dict[str, int]) -> None:
        if phase == "start":
            collectors.append(threading.current_thread().name)

    gc.callbacks.append(note)
    try:
        collect_on_one_thread()
        assert not gc.isenabled()

        def allocate() -> None:
            garbage = [Cycle() for _ in range(50_000)]  # far past every threshold
            del garbage

        worker = threading.Thread(target=allocate, name="worker")
        worker.start()
        worker.join()
        assert "worker" not in collectors
        assert collect_if_due() > 0
        assert collectors[-1] == threading.current_thread().name
        with building_long_lived("after"), collection_paused():
            pass
        assert not gc.isenabled()  # a paused block ending does not turn it back on
    finally:
        gc.callbacks.remove(note)
        gc.unfreeze()


def test_collect_if_due_waits_for_the_threshold_and_for_paused_work() -> None:
    collect_on_one_thread()
    gc.collect()
    assert collect_if_due() == 0  # nothing allocated since
    cycle = Cycle()
    ref = weakref.ref(cycle)
    del cycle
    _ballast = [[] for _ in range(gc.get_threshold()[0] + 10)]
    with collection_paused():
        assert collect_if_due() == 0
        assert ref() is not None
    assert collect_if_due() > 0
    assert ref() is None
