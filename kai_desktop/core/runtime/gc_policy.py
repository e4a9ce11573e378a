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


def freeze_long_lived(reason: str) -> None:
    """Exclude every object alive now from future cycle collections.

    ``gc.freeze()`` only splices lists, whatever their length; counting what is frozen
    walks all of it, so that is done only when debug logging asks for it.
    """
    gc.freeze()
    if log.isEnabledFor(logging.DEBUG):
        log.debug("gc: %d objects frozen (%s)", gc.get_freeze_count(), reason)


@contextmanager
def building_long_lived(reason: str) -> Iterator[None]:
    """Pause automatic cycle collection while the block runs, then freeze what is alive.

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
            if _builders == 0:
                freeze_long_lived(reason)
                if _was_enabled:
                    gc.enable()


__all__ = ["building_long_lived", "freeze_long_lived"]
