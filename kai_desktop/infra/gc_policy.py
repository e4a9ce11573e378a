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
"""

from __future__ import annotations

import gc
import logging

log = logging.getLogger(__name__)


def freeze_long_lived(reason: str) -> int:
    """Exclude every object alive now from future cycle collections; returns how many
    objects are frozen in all."""
    gc.freeze()
    frozen = gc.get_freeze_count()
    log.debug("gc: %d objects frozen (%s)", frozen, reason)
    return frozen


__all__ = ["freeze_long_lived"]
