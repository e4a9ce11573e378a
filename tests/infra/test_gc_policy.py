"""Frozen objects are left out of later cycle collections, yet still freed by refcount."""

from __future__ import annotations

import gc
import weakref

from kai_desktop.infra.gc_policy import freeze_long_lived


class Node:
    def __init__(self) -> None:
        self.children: list[Node] = []


def test_objects_alive_at_a_milestone_leave_the_collected_generations() -> None:
    long_lived = [Node() for _ in range(100)]
    before = gc.get_freeze_count()
    try:
        frozen = freeze_long_lived("test")
        assert frozen >= before + 100
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
