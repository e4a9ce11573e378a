"""The heartbeat timer: a named timer with one owner; runs go to the model thread."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import pytest

from kai_desktop.core.llm.model import (
    ChatModel,
    LoadProgress,
    ModelError,
    ScriptedChatModel,
    ToolCall,
)
from kai_desktop.core.memory.heartbeat import HeartbeatRunner
from kai_desktop.core.memory.promotions import HeartbeatReport, Promotion
from kai_desktop.core.memory.store import MemoryStore
from kai_desktop.core.memory.tiers import Tiers
from kai_desktop.core.vault.files import Vault
from kai_desktop.qt.memory.heartbeat_timer import TIMER_NAME, HeartbeatTimer
from kai_desktop.qt.workers.model_worker import ModelWorker
from kai_desktop.qt.workers.tasks import TaskRunner

WAIT_MS = 10_000
NOON = datetime(2026, 11, 21, 12, 0).astimezone()


@dataclass
class Rig:
    memory: MemoryStore
    runner: HeartbeatRunner
    worker: ModelWorker
    tasks: TaskRunner
    timer: HeartbeatTimer
    model: ScriptedChatModel
    model_threads: list[int]


@pytest.fixture
def rig(
    qapp: Any, vault: Vault, make_memory_store: Any, make_model_worker: Any, tasks: TaskRunner
) -> Iterator[Rig]:
    clock = [NOON]
    memory = make_memory_store(clock=lambda: clock[0])
    runner = HeartbeatRunner(memory, Tiers(vault, clock=lambda: clock[0]), vault,
                             clock=lambda: clock[0])
    model = ScriptedChatModel([])
    threads: list[int] = []  # thread idents (current_thread() would leave a dummy)

    def factory(progress: LoadProgress) -> ChatModel:
        threads.append(threading.get_ident())
        return model

    worker = make_model_worker(factory)
    timer = HeartbeatTimer(runner, worker, tasks, interval_minutes=15)
    try:
        yield Rig(memory, runner, worker, tasks, timer, model, threads)
    finally:
        timer.stop()
    assert not timer.timer.isActive()


def prove(memory: MemoryStore, key: str) -> None:
    memory.store(key, "The user drinks green tea")
    for _ in range(4):
        memory.reinforce(key)


def test_the_timer_is_named_owned_and_set_from_minutes(rig: Rig) -> None:
    timer = rig.timer.timer
    assert timer.objectName() == TIMER_NAME
    assert timer.parent() is rig.timer
    assert timer.interval() == 15 * 60_000
    assert not timer.isActive()
    rig.timer.start()
    assert timer.isActive()
    rig.timer.set_interval_minutes(30)
    assert timer.interval() == 30 * 60_000
    assert timer.isActive()
    rig.timer.stop()
    assert not timer.isActive()


def test_a_run_promotes_on_the_model_thread(qtbot: Any, rig: Rig) -> None:
    prove(rig.memory, "tea")
    args = json.dumps({"memory_key": "tea", "soul_addition": "I know the user drinks tea."})
    rig.model.add_turn([ToolCall("p", "promote_learning", args)])
    with qtbot.waitSignal(rig.timer.promoted, timeout=WAIT_MS) as promoted:
        assert rig.timer.run_now()
        assert not rig.timer.run_now()  # one run at a time
    promotions = promoted.args[0]
    assert [p.key for p in promotions] == ["tea"]
    assert rig.memory.get("tea") is None
    assert rig.model_threads
    assert rig.model_threads[0] != threading.main_thread().ident
    qtbot.waitUntil(lambda: not rig.timer.is_running(), timeout=WAIT_MS)

    with qtbot.waitSignal(rig.timer.undone, timeout=WAIT_MS) as undone:
        rig.timer.undo(promotions[0].id)
    assert isinstance(undone.args[0], Promotion)
    assert undone.args[0].undone
    assert rig.memory.get("tea") is not None


def test_no_candidates_means_no_model_call(qtbot: Any, rig: Rig) -> None:
    with qtbot.waitSignal(rig.timer.finished, timeout=WAIT_MS) as finished:
        rig.timer.run_now()
    assert finished.args[0] == HeartbeatReport()
    assert rig.model.calls == 0


def test_outside_active_hours_nothing_is_submitted(qtbot: Any, rig: Rig) -> None:
    prove(rig.memory, "tea")
    rig.timer.set_active_hours(0, 1)
    with qtbot.waitSignal(rig.timer.finished, timeout=WAIT_MS) as finished:
        rig.timer.run_now()
    assert finished.args[0].inactive
    assert rig.model.calls == 0


def test_a_failed_run_is_reported(qtbot: Any, rig: Rig) -> None:
    prove(rig.memory, "tea")
    rig.model.add_turn([ModelError("the model is tired")])
    with qtbot.waitSignal(rig.timer.failed, timeout=WAIT_MS) as failed:
        rig.timer.run_now()
    assert "the model is tired" in failed.args[0]
    assert rig.memory.get("tea") is not None


def test_a_failed_undo_is_reported(qtbot: Any, rig: Rig) -> None:
    with qtbot.waitSignal(rig.timer.failed, timeout=WAIT_MS) as failed:
        rig.timer.undo("nope")
    assert "no promotion" in failed.args[0]


def test_the_timer_fires_a_run(qtbot: Any, rig: Rig) -> None:
    rig.timer.timer.setInterval(10)  # the minutes setter is tested above
    with qtbot.waitSignal(rig.timer.finished, timeout=WAIT_MS):
        rig.timer.start()
    rig.timer.stop()
