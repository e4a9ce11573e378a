"""Keep Python's cycle collector from stalling the window.

A full (generation 2) collection stops every thread, the GUI thread included, while it
walks every container object alive. Once the app has imported its libraries (Qt's
wrappers, pydantic, jinja2, onnxruntime, llama.cpp bindings...) and built its long-lived
state, that walk takes 100 ms and more on a modest machine, and a background thread that
happens to allocate (the index, the graph layout) can set it off at any moment: a
visible freeze of the window.

:func:`freeze_long_lived` moves everything alive at that moment into the permanent
generation (``gc.freeze``), so later collections walk only what was made since.
Reference counting still frees those objects as usual; only reference cycles among them
are never collected, which is why the app calls it at milestones after start-up
(libraries imported, model loaded, index open), when what is alive is there to stay.

:func:`building_long_lived` goes one step further for a job that builds a large
structure meant to stay (the vault's link graph): no cycle collection runs while it
builds, since each one would walk the tens of thousands of objects just made, and what
was built is frozen when it is done. Cyclic garbage made meanwhile, by any thread, is
frozen with it; the job is short and runs once per vault, so that is a bounded cost.
:func:`collection_paused` is the same pause without the freeze, for work whose objects do
not stay.

:func:`collect_on_one_thread` turns the automatic collector off for good; the owner then
calls :func:`collect_if_due` from its own thread (the GUI thread, on a timer). A collection
frees every object in the cycles it breaks on the thread that happens to run it, and the
automatic collector runs on whichever thread allocates past the threshold: a worker
thread would then destroy Qt objects (a closed window's widgets, held in a cycle by a
connected lambda) that belong to the GUI thread, which Qt does not allow (a crash or a
hang). Collected on one thread, they are destroyed where they live.
"""

from __future__ import annotations

import gc
import logging
import threading
from collections.abc import Iterator
from contextlib import contextmanager

log = logging.getLogger(__name__)

_lock = threading.Lock()
_builders = 0
_was_enabled = True
_one_thread = False


def freeze_long_lived(reason: str) -> None:
    """Exclude every object alive now from future cycle collections.

    ``gc.freeze()`` only splices lists, whatever their length; counting what is frozen
    walks all of it, so that is done only when debug logging asks for it.
    """
    gc.freeze()
    if log.isEnabledFor(logging.DEBUG):
        log.debug("gc: %d objects frozen (%s)", gc.get_freeze_count(), reason)


@contextmanager
def collection_paused() -> Iterator[None]:
    """No cycle collection, automatic or :func:`collect_if_due`, while the block runs.

    Nests and may be used from several threads at once: collection resumes (if it was
    on) when the last block ends.
    """
    global _builders, _was_enabled  # noqa: PLW0603 - one collector per process
    with _lock:
        if _builders == 0:
            _was_enabled = gc.isenabled()
            gc.disable()
        _builders += 1
    try:
        yield
    finally:
        with _lock:
            _builders -= 1
            if _builders == 0 and _was_enabled and not _one_thread:
                gc.enable()


@contextmanager
def building_long_lived(reason: str) -> Iterator[None]:
    """Pause cycle collection while the block runs, then freeze what is alive."""
    try:
        with collection_paused():
            yield
    finally:
        freeze_long_lived(reason)


def collect_on_one_thread() -> None:
    """Turn automatic cycle collection off for the life of the process: from now on only
    :func:`collect_if_due`, called by the owner of the objects, collects."""
    global _one_thread  # noqa: PLW0603 - one collector per process
    with _lock:
        _one_thread = True
        gc.disable()


def collect_if_due() -> int:
    """Collect the generations whose thresholds are passed, as the automatic collector
    would have; nothing while a :func:`collection_paused` block runs. The number of
    objects found unreachable."""
    with _lock:
        if _builders:
            return 0
    threshold0, threshold1, threshold2 = gc.get_threshold()
    count0, count1, count2 = gc.get_count()
    if threshold0 == 0 or count0 < threshold0:
        return 0
    generation = 0
    if count1 >= threshold1:
        generation = 2 if count2 >= threshold2 else 1
    return gc.collect(generation)


__all__ = ["building_long_lived", "collect_if_due", "collect_on_one_thread", "collection_paused",
           "freeze_long_lived"]
