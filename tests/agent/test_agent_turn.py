"""A chat turn in agent-file mode (``core.chat.agent_turn``), with a scripted model."""

from __future__ import annotations

from pathlib import Path

import pytest

from kai_desktop.core.agent.local_runner import LocalRunner
from kai_desktop.core.agent.loop import AgentStep
from kai_desktop.core.agent.results import ToolError
from kai_desktop.core.agent.tools import MemoryTools
from kai_desktop.core.chat.agent_turn import AgentTurns, SessionSearch
from kai_desktop.core.chat.events import SessionEvent, TextDelta, TurnFinished
from kai_desktop.core.chat.session import ChatSession
from kai_desktop.core.llm.model import ScriptedChatModel
from kai_desktop.core.memory.store import MemoryStore
from kai_desktop.core.memory.tiers import Tiers
from kai_desktop.core.retrieval.search import Hit
from kai_desktop.core.vault.privacy import PrivateNotes

READ = (
    "<think>The sister's file.</think>\n<python>\nl = read_file('entities/lena_silva.md')\n"
    "</python>"
)
REPLY = "<think>Found.</think>\n<reply>Lena lives in Porto.</reply>"


def agent_turns(tools: MemoryTools) -> tuple[AgentTurns, ChatSession]:
    session = ChatSession(memory=MemoryStore(tools.vault), tiers=Tiers(tools.vault))
    return AgentTurns(session, LocalRunner(), tools, files=tools.overview), session


def test_steps_then_the_reply_then_the_answer(tools: MemoryTools) -> None:
    turns, session = agent_turns(tools)
    model = ScriptedChatModel([READ, REPLY])
    events: list[SessionEvent] = []
    answer = turns.run(model, "  Where does my sister live? ", on_event=events.append)
    assert [type(e) for e in events] == [AgentStep, TextDelta, TurnFinished]
    step = events[0]
    assert isinstance(step, AgentStep)
    assert "living_location: Porto" in step.result
    assert events[1] == TextDelta("Lena lives in Porto.")
    assert answer.text == "Lena lives in Porto."
    assert answer.finish_reason == "stop"
    assert answer.steps == (step,)
    # The exchange is in the transcript (extraction, the session note) and /w, /r see it.
    assert session.transcript() == [
        {"role": "user", "content": "Where does my sister live?"},
        {"role": "assistant", "content": "Lena lives in Porto."},
    ]
    assert (answer.turn, session.user_messages) == (1, 1)
    assert session.last_exchange() == ("Where does my sister live?", "Lena lives in Porto.")
    # The prompt names the files and carries user.md.
    system = model.requests[0].messages[0]["content"]
    assert "- entities/lena_silva.md (sister)" in system  # what user.md calls it
    assert "sister: [[entities/lena_silva.md]]" in system


def test_earlier_exchanges_come_back_as_replies(tools: MemoryTools) -> None:
    turns, _session = agent_turns(tools)
    model = ScriptedChatModel(["<reply>Hello Ana.</reply>", "<reply>Bye!</reply>"])
    turns.run(model, "Hi!")
    turns.run(model, "Bye!")
    second = model.requests[1].messages
    assert second[-3:] == [
        {"role": "user", "content": "Hi!"},
        {"role": "assistant", "content": "<reply>Hello Ana.</reply>"},
        {"role": "user", "content": "Bye!"},
    ]


def test_a_job_for_the_model_worker_sends_the_reply_as_tokens(tools: MemoryTools) -> None:
    turns, _session = agent_turns(tools)
    tokens: list[str] = []
    events: list[object] = []

    class Ctx:
        stop_requested = staticmethod(lambda: False)
        emit_token = staticmethod(tokens.append)
        emit_event = staticmethod(events.append)

    answer = turns.turn_job("Where does my sister live?")(ScriptedChatModel([READ, REPLY]), Ctx())
    assert tokens == ["Lena lives in Porto."]
    assert [type(e) for e in events] == [AgentStep, TurnFinished]
    assert answer.text == "Lena lives in Porto."


def test_a_stopped_turn_shows_no_reply(tools: MemoryTools) -> None:
    turns, session = agent_turns(tools)
    events: list[SessionEvent] = []
    answer = turns.run(ScriptedChatModel([REPLY]), "hi", stop_flag=lambda: True,
                       on_event=events.append)  # fmt: skip
    assert (answer.finish_reason, answer.text) == ("stopped", "")
    assert not any(isinstance(e, TextDelta) for e in events)
    assert session.last_answer is None


def test_search_follows_the_sessions_retriever(tools: MemoryTools, memory_dir: Path) -> None:
    _turns, session = agent_turns(tools)
    search = SessionSearch(session)
    with pytest.raises(ToolError, match="still opening"):
        search.search("sister")
    hit = Hit("entities/lena_silva.md", "Lena Silva", 1, 4, "Porto", 1.0, {}, 0)

    class Retriever:
        def context(self, query: str, token_budget: int) -> list[Hit]:
            return []

        def search(self, query: str, limit: int = 5) -> list[Hit]:
            return [hit][:limit]

    session.set_retriever(Retriever())
    assert search.search("sister", 3) == [hit]


@pytest.mark.parametrize("is_local", [True, False])
def test_private_notes_stay_out_of_a_remote_models_reach(
    tools: MemoryTools, memory_dir: Path, is_local: bool
) -> None:
    (memory_dir / "entities" / "diary.md").write_text(
        "---\ntags: [private]\n---\n# Diary\n- secret: the blue door\n", encoding="utf-8"
    )
    turns, session = agent_turns(tools)
    session.private = PrivateNotes(tools.vault)
    model = ScriptedChatModel(
        [
            "<think>x</think><python>d = read_file('entities/diary.md')\n"
            "t = list_files()</python>",
            "<think>y</think><python>ok = update_file('entities/diary.md', '', '- more')"
            "</python>",
            "<reply>Done.</reply>",
        ],
        is_local=is_local,
    )
    answer = turns.run(model, "What is my secret?")
    system = model.requests[0].messages[0]["content"]
    read, write = answer.steps
    if is_local:
        assert "entities/diary.md" in system
        assert "the blue door" in read.result
        assert write.ok
    else:
        assert "diary" not in system
        assert "entities/diary.md is private" in read.result
        assert "the blue door" not in str(model.requests)
        assert "entities/diary.md is private" in write.result
        assert "- more" not in (memory_dir / "entities" / "diary.md").read_text()
        # The same tools serve the embedded model again afterwards.
        assert tools.hidden is not None
        turns.run(ScriptedChatModel(["<reply>Hi.</reply>"]), "Hi")
        assert tools.hidden is None


WRITE = (
    "<think>Record it.</think>\n<python>\n"
    "ok = update_file('user.md', '- living_location: Lisbon', '- living_location: Porto')\n"
    "made = create_file('entities/rex.md', '# Rex\\n- species: dog\\n')\n</python>"
)
NOTED = "<think>Done.</think>\n<reply>Noted.</reply>"


def test_a_turns_changes_are_in_its_answer_and_undo_puts_them_back(
    tools: MemoryTools, memory_dir: Path
) -> None:
    from tests.agent.conftest import tree_hash

    before = tree_hash(memory_dir)
    turns, _session = agent_turns(tools)
    answer = turns.run(ScriptedChatModel([WRITE, NOTED]), "I moved to Porto; my dog is Rex.")
    assert [c.describe() for c in answer.changes] == [
        "updated user.md", "created entities/rex.md"]
    assert tree_hash(memory_dir) != before
    # The next turn's answer holds only its own changes.
    again = turns.run(ScriptedChatModel([READ, REPLY]), "Where does my sister live?")
    assert again.changes == ()
    report = turns.undo(answer.changes)
    assert report.ok
    assert report.summary().startswith("Undone: Removed entities/rex.md")
    assert tree_hash(memory_dir) == before


def test_undo_leaves_a_file_edited_since_as_it_is(tools: MemoryTools, memory_dir: Path) -> None:
    turns, _session = agent_turns(tools)
    answer = turns.run(ScriptedChatModel([WRITE, NOTED]), "I moved to Porto; my dog is Rex.")
    user = memory_dir / "user.md"
    edited = user.read_text(encoding="utf-8") + "- pet: [[entities/rex.md]]\n"
    user.write_text(edited, encoding="utf-8")  # the user, in Obsidian
    report = turns.undo(answer.changes)
    assert not report.ok
    assert report.failed == ("user.md changed after the agent's edit; nothing was undone",)
    assert report.restored == ("Removed entities/rex.md, which the agent had created.",)
    assert user.read_text(encoding="utf-8") == edited
    assert not (memory_dir / "entities" / "rex.md").exists()
