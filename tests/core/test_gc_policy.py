"""Frozen objects are left out of later cycle collections, yet still freed by refcount."""

from __future__ import annotations

import gc
import weakref

from kai_desktop.core.runtime.gc_policy import building_long_lived, freeze_long_lived


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
