from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from PySide6.QtCore import QThread

from kai_desktop.core.llm.model import (
    ChatModel,
    DoneEvent,
    LoadProgress,
    ModelError,
    ModelLoadError,
    ScriptedChatModel,
    ToolCall,
)
from kai_desktop.qt.workers.model_thread import JobContext
from kai_desktop.qt.workers.model_worker import ModelWorker

USER = [{"role": "user", "content": "hi"}]
WAIT_MS = 10_000


@dataclass
class Recorder:
    """Every signal of a worker, in arrival order."""

    log: list[tuple[Any, ...]] = field(default_factory=list)

    def attach(self, worker: ModelWorker) -> None:
        for name in (
            "loading", "loaded", "load_failed", "started", "token", "tool_calls",
            "job_event", "finished", "failed", "busy_changed",
        ):
            getattr(worker, name).connect(lambda *args, _n=name: self.log.append((_n, *args)))

    def of(self, name: str) -> list[tuple[Any, ...]]:
        return [entry[1:] for entry in self.log if entry[0] == name]

    def tokens(self, request_id: int) -> list[str]:
        return [text for rid, text in self.of("token") if rid == request_id]

    def ended(self, request_id: int) -> bool:
        return any(e[0] in ("finished", "failed") and e[1] == request_id for e in self.log)

    def result(self, request_id: int) -> Any:
        return next(r for rid, r in self.of("finished") if rid == request_id)


class Gate:
    """A ``before_token`` hook that holds the model before token ``at`` of turn ``turn``."""

    def __init__(self, turn: int = 0, at: int = 1) -> None:
        self.turn, self.at = turn, at
        self.reached = threading.Event()
        self.release = threading.Event()

    def __call__(self, turn: int, index: int) -> None:
        if (turn, index) == (self.turn, self.at):
            self.reached.set()
            self.release.wait(WAIT_MS / 1000)


def factory_for(
    model: ChatModel, seen: list[Any] | None = None
) -> Callable[[LoadProgress], ChatModel]:
    def build(progress: LoadProgress) -> ChatModel:
        progress("Preparing", 0.5)
        if seen is not None:
            seen.append(QThread.currentThread())
        return model

    return build


@pytest.fixture
def make_worker(qtbot: Any) -> Iterator[Callable[..., tuple[ModelWorker, Recorder]]]:
    created: list[tuple[ModelWorker, list[Gate]]] = []

    def make(factory: Any = None, gates: list[Gate] | None = None) -> tuple[ModelWorker, Recorder]:
        worker = ModelWorker()
        recorder = Recorder()
        recorder.attach(worker)
        created.append((worker, gates or []))
        if factory is not None:
            worker.load(factory)
        return worker, recorder

    yield make
    for worker, gates in created:
        for gate in gates:
            gate.release.set()
        assert worker.shutdown(WAIT_MS)
        assert not worker.is_running()


def test_streams_tokens_and_loads_on_the_worker_thread(qtbot: Any, make_worker: Any) -> None:
    model = ScriptedChatModel([["Hel", "lo"]], name="fake", context_size=2048)
    threads: list[Any] = []
    worker, rec = make_worker(factory_for(model, threads))
    request_id = worker.submit(USER, max_tokens=5, temperature=0.0)
    qtbot.waitUntil(lambda: rec.ended(request_id), timeout=WAIT_MS)
    assert rec.of("loading")[-1] == ("Preparing", 0.5)
    assert rec.of("loaded") == [("fake", 2048, True)]
    assert (worker.model_name, worker.context_size, worker.is_local) == ("fake", 2048, True)
    assert rec.tokens(request_id) == ["Hel", "lo"]
    done = rec.result(request_id)
    assert isinstance(done, DoneEvent)
    assert done.finish_reason == "stop"
    assert threads
    assert threads[0] is not QThread.currentThread()
    assert model.requests[0].max_tokens == 5
    assert model.requests[0].temperature == 0.0
    names = [entry[0] for entry in rec.log]
    assert names.index("started") < names.index("token") < names.index("finished")
    assert rec.of("busy_changed") == [(True,), (False,)]


def test_stop_takes_effect_within_one_token(qtbot: Any, make_worker: Any) -> None:
    gate = Gate(at=2)
    model = ScriptedChatModel([["a", "b", "c", "d", "e", "f"]], before_token=gate)
    worker, rec = make_worker(factory_for(model), [gate])
    request_id = worker.submit(USER)
    assert gate.reached.wait(WAIT_MS / 1000)
    worker.stop(request_id)
    gate.release.set()
    qtbot.waitUntil(lambda: rec.ended(request_id), timeout=WAIT_MS)
    # "c" was already on its way when stop was pressed; nothing after it.
    assert rec.tokens(request_id) == ["a", "b", "c"]
    assert rec.result(request_id).finish_reason == "stopped"


def test_stop_works_even_if_the_model_ignores_the_flag(qtbot: Any, make_worker: Any) -> None:
    gate = Gate(at=1)
    inner = ScriptedChatModel([["a", "b", "c", "d"]], before_token=gate)

    class Deaf:
        name, context_size, is_local = "deaf", 100, True

        def stream(self, messages: Any, **options: Any) -> Any:
            options.pop("stop_flag")
            return inner.stream(messages, **options)

        def count_tokens(self, text: str) -> int:
            return len(text)

    worker, rec = make_worker(factory_for(Deaf()), [gate])  # type: ignore[arg-type]
    request_id = worker.submit(USER)
    assert gate.reached.wait(WAIT_MS / 1000)
    worker.stop()
    gate.release.set()
    qtbot.waitUntil(lambda: rec.ended(request_id), timeout=WAIT_MS)
    assert rec.tokens(request_id) == ["a", "b"]
    assert rec.result(request_id).finish_reason == "stopped"


def test_requests_queue_in_order_while_one_runs(qtbot: Any, make_worker: Any) -> None:
    gate = Gate(turn=0, at=1)
    model = ScriptedChatModel([["1a", "1b"], ["2a"], ["3a"]], before_token=gate)
    worker, rec = make_worker(factory_for(model), [gate])
    ids = [worker.submit(USER) for _ in range(3)]
    assert gate.reached.wait(WAIT_MS / 1000)
    assert worker.pending == 3
    assert worker.is_busy()
    gate.release.set()
    qtbot.waitUntil(lambda: all(rec.ended(i) for i in ids), timeout=WAIT_MS)
    assert [rid for (rid,) in rec.of("started")] == ids
    assert [rid for rid, _ in rec.of("finished")] == ids
    assert [rec.tokens(i) for i in ids] == [["1a", "1b"], ["2a"], ["3a"]]
    assert worker.pending == 0
    assert rec.of("busy_changed") == [(True,), (False,)]


def test_stopping_a_queued_request_skips_it(qtbot: Any, make_worker: Any) -> None:
    gate = Gate(turn=0, at=0)
    model = ScriptedChatModel([["1"], ["3"]], before_token=gate)
    worker, rec = make_worker(factory_for(model), [gate])
    first, second, third = (worker.submit(USER) for _ in range(3))
    assert gate.reached.wait(WAIT_MS / 1000)
    worker.stop(second)
    gate.release.set()
    qtbot.waitUntil(lambda: rec.ended(third), timeout=WAIT_MS)
    assert rec.tokens(first) == ["1"]
    assert rec.result(second).finish_reason == "stopped"
    assert (second,) not in rec.of("started")
    assert rec.tokens(third) == ["3"]
    assert model.calls == 2


def test_stop_all_cancels_running_and_queued(qtbot: Any, make_worker: Any) -> None:
    gate = Gate(turn=0, at=1)
    model = ScriptedChatModel([["a", "b", "c"], ["x"]], before_token=gate)
    worker, rec = make_worker(factory_for(model), [gate])
    ids = [worker.submit(USER) for _ in range(3)]
    assert gate.reached.wait(WAIT_MS / 1000)
    worker.stop()
    gate.release.set()
    qtbot.waitUntil(lambda: all(rec.ended(i) for i in ids), timeout=WAIT_MS)
    assert [rec.result(i).finish_reason for i in ids] == ["stopped"] * 3
    assert model.calls == 1
    # Later requests are not affected by the earlier stop.
    later = worker.submit(USER)
    qtbot.waitUntil(lambda: rec.ended(later), timeout=WAIT_MS)
    assert rec.tokens(later) == ["x"]


def test_errors_arrive_as_a_signal_and_the_thread_lives_on(qtbot: Any, make_worker: Any) -> None:
    model = ScriptedChatModel(
        [["a", ModelError("the model broke")], [RuntimeError("unexpected")], ["fine"]]
    )
    worker, rec = make_worker(factory_for(model))
    ids = [worker.submit(USER) for _ in range(3)]
    qtbot.waitUntil(lambda: all(rec.ended(i) for i in ids), timeout=WAIT_MS)
    assert rec.of("failed") == [(ids[0], "the model broke"), (ids[1], "RuntimeError: unexpected")]
    assert rec.tokens(ids[2]) == ["fine"]


def test_tool_calls_signal(qtbot: Any, make_worker: Any) -> None:
    call = ToolCall("c1", "memory_store", '{"key": "k", "content": "v"}')
    worker, rec = make_worker(factory_for(ScriptedChatModel([[call]])))
    request_id = worker.submit(USER, tool_choice="memory_store")
    qtbot.waitUntil(lambda: rec.ended(request_id), timeout=WAIT_MS)
    assert rec.of("tool_calls") == [(request_id, [call])]
    assert rec.result(request_id).finish_reason == "tool_calls"


def test_missing_model_is_a_clear_error_and_nothing_crashes(
    qtbot: Any, make_worker: Any
) -> None:
    def broken(progress: LoadProgress) -> ChatModel:
        raise ModelLoadError("Model file not found: /nowhere/model.gguf")

    worker, rec = make_worker(broken)
    qtbot.waitUntil(lambda: bool(rec.of("load_failed")), timeout=WAIT_MS)
    assert rec.of("load_failed") == [("Model file not found: /nowhere/model.gguf",)]
    assert worker.load_error.startswith("Model file not found")
    request_id = worker.submit(USER)
    qtbot.waitUntil(lambda: rec.ended(request_id), timeout=WAIT_MS)
    assert rec.of("failed")[0][1] == (
        "The model is not available: Model file not found: /nowhere/model.gguf"
    )
    # Fixing the model makes the worker usable again.
    worker.load(factory_for(ScriptedChatModel([["back"]])))
    again = worker.submit(USER)
    qtbot.waitUntil(lambda: rec.ended(again), timeout=WAIT_MS)
    assert rec.tokens(again) == ["back"]
    assert worker.load_error == ""


def test_unexpected_factory_error_is_reported(qtbot: Any, make_worker: Any) -> None:
    def broken(progress: LoadProgress) -> ChatModel:
        raise OSError("disk on fire")

    _, rec = make_worker(broken)
    qtbot.waitUntil(lambda: bool(rec.of("load_failed")), timeout=WAIT_MS)
    assert rec.of("load_failed") == [("OSError: disk on fire",)]


def test_request_without_a_factory_fails_cleanly(qtbot: Any, make_worker: Any) -> None:
    worker, rec = make_worker()
    request_id = worker.submit(USER)
    qtbot.waitUntil(lambda: rec.ended(request_id), timeout=WAIT_MS)
    assert rec.of("load_failed") == [("No model is configured",)]
    assert rec.of("failed")[0][0] == request_id


def test_jobs_run_on_the_model_thread(qtbot: Any, make_worker: Any) -> None:
    model = ScriptedChatModel([["x", "y"]])
    worker, rec = make_worker(factory_for(model))
    threads: list[Any] = []

    def job(m: ChatModel, ctx: JobContext) -> str:
        threads.append(QThread.currentThread())
        ctx.emit_event({"phase": "thinking"})
        text = ""
        for event in m.stream(USER, stop_flag=ctx.stop_requested):
            if hasattr(event, "text"):
                ctx.emit_token(event.text)
                text += event.text
        return text.upper()

    request_id = worker.submit_job(job)
    qtbot.waitUntil(lambda: rec.ended(request_id), timeout=WAIT_MS)
    assert rec.result(request_id) == "XY"
    assert rec.tokens(request_id) == ["x", "y"]
    assert rec.of("job_event") == [(request_id, {"phase": "thinking"})]
    assert threads[0] is not QThread.currentThread()


def test_reload_closes_the_old_model_and_shutdown_closes_the_last(
    qtbot: Any, make_worker: Any
) -> None:
    closed: list[str] = []

    class Closable(ScriptedChatModel):
        def close(self) -> None:
            closed.append(self.name)

    worker, rec = make_worker(factory_for(Closable([["a"]], name="one")))
    qtbot.waitUntil(lambda: bool(rec.of("loaded")), timeout=WAIT_MS)
    worker.load(factory_for(Closable([["b"]], name="two")))
    qtbot.waitUntil(lambda: len(rec.of("loaded")) == 2, timeout=WAIT_MS)
    assert closed == ["one"]
    assert worker.shutdown(WAIT_MS)
    assert closed == ["one", "two"]
    assert not worker.is_running()
    with pytest.raises(RuntimeError, match="shut down"):
        worker.submit(USER)


def test_shutdown_while_generating_stops_promptly(qtbot: Any, make_worker: Any) -> None:
    gate = Gate(at=1)
    model = ScriptedChatModel([["a"] * 1000], before_token=gate)
    worker, _ = make_worker(factory_for(model), [gate])
    worker.submit(USER)
    assert gate.reached.wait(WAIT_MS / 1000)
    gate.release.set()
    assert worker.shutdown(WAIT_MS)
    assert model.calls == 1


def test_many_tokens_leave_refcounts_alone(qtbot: Any, make_worker: Any) -> None:
    """PySide6 6.12's emit() drops a reference to True per call on CPython 3.11; a long
    answer must not walk the interpreter towards "deallocating True"."""
    model = ScriptedChatModel([["t"] * 3000])
    worker, rec = make_worker(factory_for(model))
    before = sys.getrefcount(True)
    request_id = worker.submit(USER, max_tokens=5000)
    qtbot.waitUntil(lambda: rec.ended(request_id), timeout=WAIT_MS * 3)
    assert len(rec.tokens(request_id)) == 3000
    assert sys.getrefcount(True) > before - 500


def test_a_load_that_ends_during_shutdown_is_not_announced(qtbot: Any, make_worker: Any) -> None:
    """Quitting while the model loads: the load's late "loaded" would invite new requests
    to a worker that is gone (they raised in its listeners at quit)."""
    started, go = threading.Event(), threading.Event()

    def slow(progress: LoadProgress) -> ChatModel:
        started.set()
        go.wait(WAIT_MS / 1000)
        return ScriptedChatModel([["a"]])

    worker, rec = make_worker(slow)
    assert started.wait(WAIT_MS / 1000)
    threading.Timer(0.2, go.set).start()
    assert worker.shutdown(WAIT_MS)
    qtbot.wait(50)  # deliver what the model thread queued for this thread
    assert rec.of("loaded") == []
