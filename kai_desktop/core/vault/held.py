"""Versions a write replaced, held for a grace period so a late foreign write is not lost.

A program that opened a note just before Kai replaced it may still write or append to the
old file a moment later. :class:`HeldVersions` keeps each replaced version linked and open
for ``grace_s`` seconds and looks at it again (at every later write, from a small
background thread, and at :meth:`close`); a version that changed is kept as a conflict copy
and reported to the listeners as a :class:`ConflictNotice`.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Final

from kai_desktop.core.vault.conflicts import ConflictNotice, link_as_copy, write_copy
from kai_desktop.core.vault.swap import Displaced, content_hash

log = logging.getLogger(__name__)

DEFAULT_GRACE_S: Final = 2.0
_POLL_S: Final = 0.05

ConflictListener = Callable[[ConflictNotice], None]


class HeldVersions:
    """The replaced versions of one vault's files, watched until their grace period ends."""

    def __init__(self, root: Path, grace_s: float = DEFAULT_GRACE_S) -> None:
        self.root = root
        self.grace_s = grace_s
        self._held: list[Displaced] = []
        self._looking = 0  # taken out of ``_held`` by a look that has not put them back
        self._listeners: list[ConflictListener] = []
        self._notices: list[ConflictNotice] = []
        self._lock = threading.Lock()
        self._settling = threading.Lock()
        self._wake = threading.Event()
        self._thread: threading.Thread | None = None

    def add_listener(self, listener: ConflictListener) -> None:
        """Call ``listener`` (from any thread) for every conflict copy kept from now on."""
        with self._lock:
            self._listeners.append(listener)

    def notices(self) -> list[ConflictNotice]:
        """Every conflict notice so far (oldest first)."""
        with self._lock:
            return list(self._notices)

    def report(self, notice: ConflictNotice) -> None:
        with self._lock:
            self._notices.append(notice)
            listeners = list(self._listeners)
        log.warning("%s", notice.message())
        for listener in listeners:
            try:
                listener(notice)
            except Exception:  # a listener never breaks a write
                log.exception("conflict listener failed")

    def hold(self, version: Displaced) -> None:
        """Look at ``version`` now, then keep watching it until its grace period ends."""
        version.deadline = time.monotonic() + self.grace_s
        if version.swapped_foreign():
            assert version.link is not None
            self._kept(version.rel, link_as_copy(self.root, version.rel, version.link))
            version.release()
            return
        try:
            version.drop_link()
        except OSError:
            log.warning("could not remove %s", version.link)
        if self._settle_one(version, final=False):
            return
        with self._lock:
            self._held.append(version)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(
                    target=self._watch, name="vault-held-versions", daemon=True
                )
                self._thread.start()
        self._wake.set()

    def settle(self, *, final: bool = False) -> None:
        """Look at every held version; release those past their grace (all when ``final``).

        One look at a time: a final look waits for the watcher's, so nothing it took out
        to look at escapes the end."""
        with self._settling:
            with self._lock:
                held, self._held = self._held, []
                self._looking = len(held)
            keep = [v for v in held if not self._settle_one(v, final=final)]
            with self._lock:
                self._held[:0] = keep
                self._looking = 0

    def close(self) -> None:
        """Look one last time at every held version and release them all."""
        self.settle(final=True)

    def pending(self) -> int:
        """How many replaced versions are still held (one being looked at counts)."""
        with self._lock:
            return len(self._held) + self._looking

    def _settle_one(self, version: Displaced, *, final: bool) -> bool:
        """True when ``version`` is done with (its grace is over, or this is the end)."""
        try:
            written = version.written_since()
        except OSError:
            written = None
        if written is not None:
            # Another program wrote into the version Kai replaced: keep what it wrote, and
            # go on watching for more (a writer that keeps the file open).
            self._kept(version.rel, write_copy(self.root, version.rel, written))
            version.sha256 = content_hash(written)
        if final or time.monotonic() >= version.deadline:
            version.release()
            return True
        return False

    def _kept(self, rel: str, copy: str | None) -> None:
        if copy is None:
            log.error("could not keep a foreign edit of %s as a conflict copy", rel)
        else:
            self.report(ConflictNotice(rel, copy, foreign=True))

    def _watch(self) -> None:
        while True:
            self._wake.wait(_POLL_S)
            self._wake.clear()
            self.settle()
            with self._lock:
                if not self._held:
                    self._thread = None
                    return
