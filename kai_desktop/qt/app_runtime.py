"""The GUI process around the window: process settings, the QApplication, start-up
milestones, the first paint, Ctrl+C, and the event loop with its single-instance lock.

What the window shows and which services it gets is decided by the composition root
(``kai_desktop.app``); this module only runs it.
"""

from __future__ import annotations

import contextlib
import importlib
import logging
import os
import signal
import sys
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QWidget
from shiboken6 import isValid

from kai_desktop.core.runtime.gc_policy import (
    collect_if_due,
    collect_on_one_thread,
    freeze_long_lived,
)
from kai_desktop.core.runtime.thread_priority import GIL_SWITCH_INTERVAL_S
from kai_desktop.qt.pyside_guard import protect_none

if TYPE_CHECKING:
    from kai_desktop.qt.main_window import MainWindow

FIRST_PAINT_TIMER_NAME = "firstPaintDelay"
SIGNAL_PUMP_TIMER_NAME = "signalPump"
GC_TIMER_NAME = "cycleCollector"

# Imported on the pool before the chat session is built, so the GUI thread only builds
# objects: pydantic tool schemas, the prompt, the extractor, the renderer...
SESSION_MODULES = (
    "kai_desktop.core.chat.session",
    "kai_desktop.core.chat.commands",
    "kai_desktop.core.memory.extraction",
    "kai_desktop.core.memory.heartbeat",
    "kai_desktop.qt.memory.heartbeat_timer",
    "kai_desktop.core.vault.link_graph",
    "kai_desktop.qt.widgets.markdown_render",
    "kai_desktop.qt.notes.note_preview",
    "kai_desktop.qt.memory.memory_dialogs",
)


class RunningApp(Protocol):
    """What :func:`run_window` needs of the composed app."""

    @property
    def window(self) -> MainWindow: ...

    def show(self) -> None: ...

    def serve_channel(self, line: bytes) -> bytes: ...

    def shutdown(self) -> bool | None:
        """False: some background work was still running when it stopped waiting."""
        ...


def prepare_process() -> None:
    """Process-wide settings for a GUI process; call before the QApplication exists.

    The GUI thread shares the interpreter lock with the indexer, the graph scan and the
    watcher. Each time it comes back from Qt into Python it may wait for a busy thread to
    hand the lock over, which happens after the switch interval (5 ms by default); a
    repaint crosses into Python many times, so 1 ms keeps those waits from adding up.
    """
    protect_none()
    sys.setswitchinterval(GIL_SWITCH_INTERVAL_S)


def settle(milestone: str) -> None:
    """A start-up milestone: what is alive now stays, so full garbage collections (which
    stop the window while they run) need not walk it again; see ``core.runtime.gc_policy``."""
    freeze_long_lived(milestone)


def warm_up_session_modules() -> None:
    """On the pool: import the chat session's modules and build the Markdown renderer, so
    their first use on the GUI thread is free."""
    for name in SESSION_MODULES:
        importlib.import_module(name)
    from kai_desktop.qt.widgets.markdown_render import render_markdown

    render_markdown("warm **up** [[x]]")


class AfterFirstPaint(QObject):
    """Calls ``callback`` shortly after ``widget`` paints for the first time (heavy
    imports on other threads then never compete with the first frame)."""

    def __init__(self, widget: QWidget, callback: Callable[[], None], delay_ms: int = 50) -> None:
        super().__init__(widget)
        self._widget = widget
        self._timer = QTimer(self)
        self._timer.setObjectName(FIRST_PAINT_TIMER_NAME)
        self._timer.setSingleShot(True)
        self._timer.setInterval(delay_ms)
        self._timer.timeout.connect(callback)
        widget.installEventFilter(self)

    def eventFilter(self, _watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self._widget.removeEventFilter(self)
            self._timer.start()
        return False

    def cancel(self) -> None:
        self._widget.removeEventFilter(self)
        self._timer.stop()


class SignalClose:
    """Ctrl+C or SIGTERM close the window as the Quit menu does (state saved, pending
    deletions finished). Python runs signal handlers only when it gets control, so a
    named timer hands it control a few times a second. ``stop()`` when the loop ends
    stops the timer and puts back the handlers that were there before: a signal during
    the shutdown that follows must not reach a window that no longer exists."""

    def __init__(self, window: QWidget) -> None:
        self._window = window
        self._saved = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM)}
        for sig in self._saved:
            signal.signal(sig, self._close)
        self.pump = QTimer()
        self.pump.setObjectName(SIGNAL_PUMP_TIMER_NAME)
        self.pump.setInterval(250)
        self.pump.timeout.connect(lambda: None)
        self.pump.start()

    def _close(self, *_args: object) -> None:
        if isValid(self._window):
            self._window.close()

    def stop(self) -> None:
        self.pump.stop()
        for sig, handler in self._saved.items():
            signal.signal(sig, handler)


def close_on_signals(window: QWidget) -> SignalClose:
    """Closes ``window`` on Ctrl+C or SIGTERM until ``stop()``."""
    return SignalClose(window)


def collect_garbage_here(interval_ms: int = 200) -> QTimer:
    """From now on cycles are collected on this thread (the GUI thread) only, on a named
    timer; stop it when the loop ends. See ``core.runtime.gc_policy``."""
    collect_on_one_thread()
    timer = QTimer()
    timer.setObjectName(GC_TIMER_NAME)
    timer.setInterval(interval_ms)
    timer.timeout.connect(collect_if_due)
    timer.start()
    return timer


def make_application(argv: Sequence[str] | None = None) -> QApplication:
    """The process's QApplication (made once), named for the desktop, following the
    system's light or dark scheme."""
    from kai_desktop.qt.widgets.theme import ThemeFollower

    app = QApplication.instance() or QApplication(list(argv or sys.argv[:1]))
    assert isinstance(app, QApplication)
    app.setApplicationName("Kai")
    app.setOrganizationName("kai-desktop")
    app.setDesktopFileName("kai-desktop")
    ThemeFollower(app)
    return app


def run_window(
    app: QApplication,
    build: Callable[[], RunningApp],
    lock_vault: Path | None,
    *,
    exit_hard: bool = False,
) -> int:
    """Build the app, show its window and run the event loop; returns the exit code.

    ``lock_vault``: one window per vault; a second launch raises the first and exits.
    ``exit_hard`` (a process of its own): when the app stopped waiting for background work
    that cannot be interrupted (a model or embedder loading, an ONNX batch), the process
    ends at once, as a kill would end it, instead of waiting for that work at exit:
    everything the app keeps was saved by its shutdown, and the next start redoes the rest.
    """
    from kai_desktop.qt.workers.single_instance import SingleInstance

    instance: SingleInstance | None = None
    if lock_vault is not None:
        instance = SingleInstance(lock_vault)
        if not instance.acquire():
            print(
                f"kai-desktop: Kai is already open on {lock_vault}; "
                "its window was brought to the front.",
                file=sys.stderr,
            )
            return 0
    try:
        kai = build()
    except (OSError, ValueError) as exc:
        print(f"kai-desktop: {exc}", file=sys.stderr)
        return 1
    if instance is not None:
        instance.activate_requested.connect(kai.window.bring_to_front)
        instance.serve(kai.serve_channel)  # tool calls from ``kai-desktop mcp``
    signals = close_on_signals(kai.window)
    collector = collect_garbage_here()
    kai.show()
    code = app.exec()
    signals.stop()
    collector.stop()
    ended = kai.shutdown()
    if instance is not None:
        instance.release()
    if exit_hard and ended is False:
        end_process_now(int(code))
    return int(code)


def end_process_now(code: int) -> None:
    """Flush what was printed and logged, then end the process without waiting for its
    threads (``os._exit``)."""
    logging.getLogger(__name__).warning(
        "quit without waiting for background work still running: %s",
        ", ".join(t.name for t in threading.enumerate()
                  if t.is_alive() and t is not threading.main_thread() and not t.daemon),
    )
    logging.shutdown()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    os._exit(code)
