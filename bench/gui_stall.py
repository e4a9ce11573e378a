"""How long the GUI thread stops serving events while everything runs at once.

The real window (offscreen) opens on a vault of N notes. While the real model streams an
answer, the index embeds the whole vault and a writer thread makes M edits to notes as
another program would (the watcher, the index, the memory panel, the notes list and the
graph all react), a 1 ms timer on the GUI thread records every gap between its ticks.
A stall is the gap minus the timer's own period.

Last line: ``max_stall_ms=.. p99_stall_ms=..``.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

QUESTION = "Summarise what my notes say about the garden, in a few sentences."


def write_vault(root: Path, notes: int, seed: int = 5) -> list[Path]:
    rng = random.Random(seed)
    words = [
        "garden", "tomato", "basil", "compost", "soil", "rain", "kitchen", "tile", "oven",
        "budget", "friend", "neighbour", "book", "idea", "plan", "week", "market", "bike",
        "train", "coffee", "letter", "paint", "window", "door",
    ]
    paths = []
    for i in range(notes):
        folder = root / f"area{i % 12}"
        folder.mkdir(parents=True, exist_ok=True)
        links = " ".join(f"[[Note {rng.randrange(notes)}]]" for _ in range(rng.randint(1, 3)))
        body = " ".join(rng.choice(words) for _ in range(rng.randint(40, 120)))
        path = folder / f"Note {i}.md"
        path.write_text(f"# Note {i}\n\n{body}\n\nSee {links}.\n", encoding="utf-8")
        paths.append(path)
    return paths


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--notes", type=int, default=2000)
    parser.add_argument("--edits", type=int, default=200)
    parser.add_argument("--edit-seconds", type=float, default=20.0,
                        help="spread the external edits over this long")
    parser.add_argument("--model", type=Path, help="a GGUF file (default: the packaged model)")
    parser.add_argument("--answer-tokens", type=int, default=160)
    parser.add_argument("--timeout", type=float, default=900.0)
    parser.add_argument("--no-index", action="store_true", help="diagnosis: no indexing")
    parser.add_argument("--no-model", action="store_true", help="diagnosis: no model")
    parser.add_argument("--sample", action="store_true",
                        help="diagnosis: sample every thread's stack while the GUI thread "
                             "stalls (the sampler needs the interpreter lock too, so it "
                             "lengthens the stalls it looks at: take figures without it)")
    parser.add_argument("--trace", action="store_true",
                        help="sample the GUI thread's stack during stalls and print the top ones")
    args = parser.parse_args()
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ.setdefault("HF_HUB_OFFLINE", "1")

    model_path = args.model
    if model_path is None:
        # Resolved before the private data folder is set, so the assembled file is cached
        # in the user's model folder between runs.
        from kai_desktop.infra.models.manager import ModelManager

        model_path = ModelManager().resolve("default")
    work = Path(tempfile.mkdtemp(prefix="kai-stall-"))
    os.environ["KAI_DATA_DIR"] = str(work / "data")
    os.environ["KAI_CONFIG_DIR"] = str(work / "config")
    vault = work / "vault"
    paths = write_vault(vault, args.notes)
    print(f"vault: {args.notes} notes; model: {model_path.name}")

    from kai_desktop.app import KaiApp, Options, prepare_process

    prepare_process()
    from PySide6.QtCore import QElapsedTimer, QEventLoop, Qt, QTimer
    from PySide6.QtWidgets import QApplication

    from kai_desktop.core.settings import Settings

    slow: dict[str, list[float]] = {}

    class TimedApp(QApplication):
        """In --trace mode: which GUI-thread deliveries were slow."""

        def notify(self, receiver, event):  # type: ignore[no-untyped-def]
            start = time.perf_counter()
            result = super().notify(receiver, event)
            took = (time.perf_counter() - start) * 1000
            if took > 20:
                name = (
                    getattr(receiver, "_trace_name", None)
                    or (receiver.objectName() if hasattr(receiver, "objectName") else "")
                    or type(receiver).__name__
                )
                key = f"{name} event {int(event.type())}"
                slow.setdefault(key, []).append(took)
            return result

    if args.trace:
        from kai_desktop.qt.workers import tasks as tasks_module

        original = tasks_module._Delivery._deliver_result

        def deliver(self, result):  # type: ignore[no-untyped-def]
            self._trace_name = getattr(self._on_done, "__qualname__", repr(self._on_done))
            return original(self, result)

        tasks_module._Delivery._deliver_result = deliver  # type: ignore[method-assign]
        import functools
        import importlib

        def timed(owner: object, name: str) -> None:
            method = getattr(owner, name)

            @functools.wraps(method)
            def wrapper(*a, **k):  # type: ignore[no-untyped-def]
                start, cpu = time.perf_counter(), time.thread_time()
                try:
                    return method(*a, **k)
                finally:
                    took = (time.perf_counter() - start) * 1000
                    if took > 20:
                        spent = (time.thread_time() - cpu) * 1000
                        key = f"{owner.__name__}.{name} (CPU share {spent / took:.0%})"  # type: ignore[attr-defined]
                        slow.setdefault(key, []).append(took)

            setattr(owner, name, wrapper)

        for module_name, cls_name, names in (
            ("kai_desktop.app", "KaiApp", ["start_background", "_start_services", "_build_chat",
                                           "_start_index", "on_vault_indexed"]),
            ("kai_desktop.qt.graph.memory_sync", "GraphMemorySync", ["_on_memories_changed"]),
            ("kai_desktop.qt.memory.memory_presenter", "MemoryPresenter",
             ["refresh_promotions"]),
            ("kai_desktop.qt.graph.graph_view", "GraphView", ["adopt", "apply_update",
                                                        "set_memory_styles", "fit"]),
            ("kai_desktop.qt.graph.graph_pane", "GraphPane", ["_after_change", "set_memories",
                                                        "_adopt"]),
            ("kai_desktop.qt.notes.notes_list", "NotesList", ["_on_loaded"]),
            ("kai_desktop.qt.memory.memory_controller", "MemoryController", ["_on_snapshot"]),
            ("kai_desktop.qt.chat.chat_controller", "ChatController", ["_flush_tokens", "send",
                                                                  "_finish_answer"]),
            ("kai_desktop.qt.chat.message_widget", "MessageWidget", ["set_item"]),
            ("kai_desktop.qt.widgets.status_bar", "JobStatusBar", ["job_progress"]),
        ):
            cls = getattr(importlib.import_module(module_name), cls_name)
            for name in names:
                timed(cls, name)
    app = (TimedApp if args.trace else QApplication)([sys.argv[0]])
    settings = Settings(model_choice="custom", model_path=model_path, n_ctx=2048)
    kai = KaiApp(
        Options(vault=vault, settings=settings, single_instance=False, save_settings=False,
                start_heartbeat=False, start_index=not args.no_index,
                start_model=not args.no_model)
    )
    kai.window.resize(1280, 800)

    gaps: list[float] = []
    clock = QElapsedTimer()
    last = [0]
    tick = QTimer()
    tick.setObjectName("stallProbe")
    tick.setTimerType(Qt.TimerType.PreciseTimer)
    tick.setInterval(1)

    big: list[tuple[float, float]] = []  # (seconds since start, stall ms) of stalls > 50 ms
    events: list[tuple[float, str]] = []

    def note(what: str) -> None:
        events.append((clock.nsecsElapsed() / 1e9, what))

    def on_tick() -> None:
        now = clock.nsecsElapsed()
        if last[0]:
            gap = (now - last[0]) / 1e6
            gaps.append(gap)
            if gap > 51:
                big.append((last[0] / 1e9, gap - 1))
        last[0] = now

    tick.timeout.connect(on_tick)

    gui_ident = threading.get_ident()
    samples: dict[str, int] = {}
    tracing = threading.Event()

    def tracer() -> None:
        import traceback

        while not tracing.wait(0.01):
            if not last[0] or (clock.nsecsElapsed() - last[0]) / 1e6 < 30:
                continue
            names = {t.ident: t.name for t in threading.enumerate()}
            for ident, frame in sys._current_frames().items():
                if ident == threading.get_ident():
                    continue
                stack = traceback.extract_stack(frame)[-4:]
                where = " <- ".join(
                    f"{Path(f.filename).name}:{f.lineno}:{f.name}" for f in reversed(stack)
                )
                thread = "GUI" if ident == gui_ident else names.get(ident, str(ident))
                key = f"[{thread}] {where}"
                samples[key] = samples.get(key, 0) + 1

    trace_thread = threading.Thread(target=tracer, name="stall-tracer", daemon=True)
    if args.sample:
        trace_thread.start()

    def pump_until(condition, seconds: float) -> bool:  # type: ignore[no-untyped-def]
        """Run the real event loop (as app.exec does) until ``condition`` or the timeout."""
        if condition():
            return True
        loop = QEventLoop()
        deadline = time.monotonic() + seconds
        check = QTimer()
        check.setInterval(50)

        def poll() -> None:
            if condition() or time.monotonic() > deadline:
                loop.quit()

        check.timeout.connect(poll)
        check.start()
        loop.exec()
        check.stop()
        return bool(condition())

    import gc

    gc_start: dict[str, float] = {}

    def on_gc(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            gc_start["t"] = time.perf_counter()
            gc_start["cpu"] = time.thread_time()
        elif "t" in gc_start:
            took = (time.perf_counter() - gc_start.pop("t")) * 1000
            cpu = (time.thread_time() - gc_start.pop("cpu")) * 1000
            if took > 20:
                name = threading.current_thread().name
                events.append((clock.nsecsElapsed() / 1e9,
                               f"gc gen{info.get('generation')} {took:.0f} ms "
                               f"({cpu:.0f} ms CPU) on {name}"))

    if args.sample:
        gc.callbacks.append(on_gc)
    kai.worker.loaded.connect(lambda *_a: note("model loaded"))
    kai.chat.ready.connect(lambda: note("chat ready"))
    kai.graph.loaded.connect(lambda s: note(f"graph scanned ({len(s.nodes)} nodes)"))
    kai.graph.updated.connect(lambda u: note(f"graph update ({len(u.positions)} moved)"))
    kai.chat.answered.connect(lambda _a: note("answer finished"))
    kai.show()
    clock.start()
    tick.start()
    t0 = time.monotonic()

    model_ready = [args.no_model]
    kai.worker.loaded.connect(lambda *_a: model_ready.__setitem__(0, True))
    service_hooked = [False]

    def hook_index() -> bool:
        service = kai.index_service
        if service is not None and not service_hooked[0]:
            service_hooked[0] = True
            service.busy_changed.connect(lambda b: note(f"index {'busy' if b else 'idle'}"))
            service.changed.connect(lambda paths: note(f"index changed {len(paths)} paths"))
        return service_hooked[0]

    # Start-up (imports of the model, index and embedding libraries, which hold the
    # interpreter lock while they load) is reported apart: the workload begins when the
    # chat, the model and the index are up.
    if not pump_until(
        lambda: kai.chat.is_ready() and model_ready[0] and (args.no_index or hook_index()),
        180,
    ):
        raise SystemExit("the app did not finish starting")
    startup_gaps = list(gaps)
    gaps.clear()
    note("workload starts")

    if kai.session is not None:
        kai.session.config = type(kai.session.config)(
            **{**kai.session.config.__dict__, "answer_tokens": args.answer_tokens}
        )
    if not args.no_model:
        kai.chat_pane.input.setPlainText(QUESTION)
        kai.chat_pane.send()

    edited = [0]

    def writer() -> None:
        rng = random.Random(9)
        pause = args.edit_seconds / max(args.edits, 1)
        for i in range(args.edits):
            path = rng.choice(paths)
            with path.open("a", encoding="utf-8") as fh:
                fh.write(f"\nEdit {i}: more about [[Note {rng.randrange(args.notes)}]].\n")
            edited[0] += 1
            time.sleep(pause)

    edits = threading.Thread(target=writer, name="external-edits")
    edits.start()

    answered = [False]
    kai.chat.answered.connect(lambda _a: answered.__setitem__(0, True))

    def all_done() -> bool:
        hook_index()
        service = kai.index_service
        return (
            (answered[0] or args.no_model)
            and not kai.chat.is_busy()
            and not edits.is_alive()
            and (args.no_index or (service is not None and not service.is_busy()))
            and kai.graph_pane.loaded
        )

    finished = pump_until(all_done, args.timeout)
    # Let the last watcher batch (debounced) arrive and be processed.
    pump_until(lambda: False, 3.0)
    tick.stop()
    tracing.set()
    if args.sample:
        trace_thread.join()
        idle = ("wait", "_worker", "get", "select", "poll", "_recv", "read_event",
                "_check_inotify_fd", "dispatch_events", "_deliver_loop", "sleep")
        busy = {k: v for k, v in samples.items()
                if not any(k.split("] ", 1)[-1].split(" <- ")[0].endswith(":" + w) for w in idle)}
        for key, count in sorted(busy.items(), key=lambda kv: -kv[1])[:25]:
            print(f"sampled {count * 10:6d} ms  {key}")
    if args.trace:
        for key, times in sorted(slow.items(), key=lambda kv: -max(kv[1]))[:25]:
            print(f"slow: {key}: n={len(times)} max={max(times):.0f} ms")
    if args.sample:
        import collections

        live = gc.get_objects()
        kinds = collections.Counter(type(o).__name__ for o in live)
        print(f"objects a full collection walks: {len(live)} "
              f"(frozen: {gc.get_freeze_count()}); most common: {kinds.most_common(12)}")
        del live
        print("stalls over 50 ms (at s: ms) and what happened around them:")
        timeline = sorted([(t, f"STALL {ms:.0f} ms") for t, ms in big] + events)
        for t, what in timeline:
            print(f"  {t:8.2f}  {what}")
    elapsed = time.monotonic() - t0
    edits.join()
    answer = kai.chat.model.item(1).text if kai.chat.model.rowCount() > 1 else ""
    kai.window.close()
    kai.shutdown()
    app.processEvents()

    startup = sorted(max(0.0, g - 1.0) for g in startup_gaps) or [0.0]
    print(f"start-up ({len(startup_gaps)} ticks, not counted below): "
          f"max stall {startup[-1]:.1f} ms, over 50 ms: {sum(s > 50 for s in startup)}")
    stalls = sorted(max(0.0, g - 1.0) for g in gaps)
    if not stalls:
        raise SystemExit("no timer ticks were recorded")
    p99 = stalls[min(len(stalls) - 1, int(0.99 * len(stalls)))]
    print(f"ran {elapsed:.1f} s{'' if finished else ' (timed out)'}; "
          f"{len(gaps)} ticks; {edited[0]} external edits; answer {len(answer)} chars")
    print(f"stall ms: p50={statistics.median(stalls):.2f} p99={p99:.2f} max={stalls[-1]:.2f}; "
          f"over 16 ms: {sum(s > 16 for s in stalls)}, over 50 ms: {sum(s > 50 for s in stalls)}")
    print(f"max_stall_ms={stalls[-1]:.1f} p99_stall_ms={p99:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
