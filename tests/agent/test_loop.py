"""The answer format and the agent loop, with a scripted model."""

from __future__ import annotations

from pathlib import Path

import pytest

from kai_desktop.core.agent.local_runner import LocalRunner
from kai_desktop.core.agent.loop import NO_ANSWER, AgentConfig, AgentLoop, AgentStep
from kai_desktop.core.agent.prompt import CORRECTION, PLAIN_SYSTEM, example_messages
from kai_desktop.core.agent.protocol import parse_answer, strip_tags
from kai_desktop.core.agent.tools import MemoryTools
from kai_desktop.core.llm.model import ModelError, ScriptedChatModel
from kai_desktop.infra.sandbox.client import SandboxClient


def test_parse_code_reply_and_broken() -> None:
    code = parse_answer("<think>look</think>\n<python>\n```python\nx = 1\n```\n</python>")
    assert (code.kind, code.think, code.code) == ("code", "look", "x = 1")
    reply = parse_answer("<think>done</think><python></python><reply>Porto.</reply>")
    assert (reply.kind, reply.reply) == ("reply", "Porto.")
    assert parse_answer("Porto, I think.").kind == "broken"
    assert parse_answer("<think>only thinking</think>").kind == "broken"
    assert parse_answer("<think>x</think><python>   </python>").kind == "broken"


def test_parse_is_lenient_where_small_models_slip() -> None:
    unclosed = parse_answer("<think>t</think>\n<python>\nx = read_file('user.md')\n")
    assert (unclosed.kind, unclosed.code) == ("code", "x = read_file('user.md')")
    no_think = parse_answer("<reply>Hi</reply>")
    assert (no_think.kind, no_think.reply) == ("reply", "Hi")
    invented = parse_answer("<python>x = 1</python>\n<result>{'x': 2}</result><reply>2</reply>")
    assert (invented.kind, invented.code) == ("code", "x = 1")
    assert parse_answer("<think><reply>not this</reply></think><reply>this</reply>").reply == "this"


def test_strip_tags() -> None:
    assert strip_tags("<think>hidden</think>\n<reply>Shown</reply>") == "Shown"
    assert strip_tags("<think>never closed") == ""


def read_update_reply_model() -> ScriptedChatModel:
    return ScriptedChatModel(
        [
            "<think>Check user.md first.</think>\n<python>\nuser = read_file('user.md')\n"
            "</python>",
            "<think>Lisbon is there; the user moved.</think>\n<python>\n"
            "ok = update_file('user.md', '- living_location: Lisbon',"
            " '- living_location: Porto')\n</python>",
            "<think>Saved.</think>\n<reply>Noted: you live in Porto now.</reply>",
        ]
    )


def run_read_update_reply(runner: LocalRunner | SandboxClient, tools: MemoryTools,
                          memory_dir: Path) -> None:  # fmt: skip
    model = read_update_reply_model()
    seen: list[AgentStep] = []
    loop = AgentLoop(runner, tools, files=lambda: str(tools.call("list_files", [], {})))
    answer = loop.run(model, "I moved to Porto.", on_step=seen.append)
    assert answer.outcome == "reply"
    assert answer.reply == "Noted: you live in Porto now."
    assert answer.model_calls == 3
    assert [s.ok for s in answer.steps] == [True, True]
    assert list(answer.steps) == seen
    assert "living_location: Lisbon" in answer.steps[0].result
    assert answer.steps[1].result == "{'ok': True}"
    assert "- living_location: Porto" in (memory_dir / "user.md").read_text()
    system = model.requests[0].messages[0]["content"]
    assert "entities/" in system  # the file tree is in the prompt
    second = model.requests[1].messages
    assert second[-1]["role"] == "user"
    assert second[-1]["content"].startswith("<result>\n{'user': '# User Information")
    assert second[-1]["content"].endswith("otherwise write more <python> code.")
    assert '"I moved to Porto."' in second[-1]["content"]  # the request, near the answer
    assert second[-2]["content"].startswith("<think>Check user.md first.</think>\n<python>")


def test_read_update_reply_in_process(tools: MemoryTools, memory_dir: Path) -> None:
    run_read_update_reply(LocalRunner(), tools, memory_dir)


def test_read_update_reply_through_the_worker(
    sandbox: SandboxClient, tools: MemoryTools, memory_dir: Path
) -> None:
    run_read_update_reply(sandbox, tools, memory_dir)


def test_a_failing_program_is_reported_back(tools: MemoryTools) -> None:
    model = ScriptedChatModel(
        [
            "<think>x</think><python>import os</python>",
            "<think>Not allowed.</think><reply>I cannot do that.</reply>",
        ]
    )
    answer = AgentLoop(LocalRunner(), tools).run(model, "run ls")
    assert answer.steps[0].ok is False
    assert "import is not allowed" in answer.steps[0].result
    assert "import is not allowed" in model.requests[1].messages[-1]["content"]
    assert answer.reply == "I cannot do that."


def test_one_corrective_retry_then_a_plain_reply(tools: MemoryTools) -> None:
    model = ScriptedChatModel(["Porto!", "Still no tags.", "<think>x</think>You live in Porto."])
    answer = AgentLoop(LocalRunner(), tools).run(model, "Where do I live?")
    assert answer.outcome == "plain_fallback"
    assert answer.reply == "You live in Porto."
    assert model.requests[1].messages[-1]["content"] == CORRECTION
    plain = model.requests[2].messages
    assert plain[0]["content"] == PLAIN_SYSTEM
    assert plain[-1]["content"].endswith("Question: Where do I live?")


def test_a_retry_that_works_goes_on_normally(tools: MemoryTools) -> None:
    model = ScriptedChatModel(["Porto!", "<think>ok</think><reply>Porto.</reply>"])
    answer = AgentLoop(LocalRunner(), tools).run(model, "Porto, then.")
    assert (answer.outcome, answer.reply, answer.model_calls) == ("reply", "Porto.", 2)


def test_the_turn_limit_ends_with_a_plain_reply(tools: MemoryTools) -> None:
    turns = [f"<think>again</think><python>x{n} = list_files()</python>" for n in range(3)]
    model = ScriptedChatModel([*turns, "<reply></reply>"])
    answer = AgentLoop(LocalRunner(), tools, AgentConfig(max_turns=3)).run(model, "hm")
    assert answer.outcome == "turn_limit"
    assert len(answer.steps) == 3
    assert answer.reply == NO_ANSWER
    assert model.calls == 4
    assert "x2 = list_files()" in model.requests[3].messages[-1]["content"]


def test_repeated_code_is_not_run_again(tools: MemoryTools) -> None:
    code = "<think>read</think><python>u = read_file('user.md')</python>"
    model = ScriptedChatModel([code, code, "You live in Lisbon."])
    answer = AgentLoop(LocalRunner(), tools).run(model, "Where do I live?")
    assert (answer.outcome, answer.reply, len(answer.steps)) == (
        "plain_fallback", "You live in Lisbon.", 1)
    plain = model.requests[2].messages  # a stuck model answers from what it found
    assert plain[0]["content"] == PLAIN_SYSTEM
    assert "living_location: Lisbon" in plain[-1]["content"]


def test_the_answer_ends_at_its_closing_tag(tools: MemoryTools) -> None:
    model = ScriptedChatModel([
        ["<think>r</think>", "<python>\nu = ", "read_file('user.md')\n</py", "thon>",
         "\n<result>{'u': 'invented'}", "</result>", "<reply>Made up</reply>"],
        ["<reply>Lisbon.", "</reply>", " and more text"],
    ])  # fmt: skip
    answer = AgentLoop(LocalRunner(), tools).run(model, "Where do I live?")
    assert (answer.outcome, answer.reply) == ("reply", "Lisbon.")
    # Generation stopped right after the closing tags: nothing later was asked for.
    assert [m["content"] for m in model.requests[1].messages[-2:-1]] == [
        "<think>r</think>\n<python>\nu = read_file('user.md')\n</python>"]
    assert "invented" not in model.requests[1].messages[-1]["content"]


def test_a_user_stop_is_not_taken_for_a_closing_tag(tools: MemoryTools) -> None:
    stopped = {"now": False}

    def stop_after_first(_turn: int, token: int) -> None:
        stopped["now"] = token >= 1

    model = ScriptedChatModel(["<think>a b c d</think>"], before_token=stop_after_first)
    answer = AgentLoop(LocalRunner(), tools).run(model, "hi", stop_flag=lambda: stopped["now"])
    assert answer.outcome == "stopped"


@pytest.mark.parametrize(
    ("text", "reads", "writes"),
    [
        ("Where does my sister live?", True, False),
        ("Please remember that my favourite food is bacalhau.", False, True),
        ("I moved to Porto. Where does my sister live?", True, True),
        ("now", True, True),
    ],
)
def test_the_worked_example_that_fits_goes_before_the_conversation(
    tools: MemoryTools, text: str, reads: bool, writes: bool
) -> None:
    model = ScriptedChatModel(["<reply>fine</reply>"])
    AgentLoop(LocalRunner(), tools).run(model, text)
    messages = model.requests[0].messages
    examples = example_messages(text)
    assert messages[1 : 1 + len(examples)] == examples
    assert messages[1 + len(examples)] == {"role": "user", "content": text}
    code = [m["content"] for m in examples if m["role"] == "assistant"]
    assert any("read_file(" in c for c in code) == reads
    assert any("update_file(" in c for c in code) == writes
    results = [m["content"] for m in examples if m["content"].startswith("<result>")]
    assert all("The request was:" in r for r in results)


def test_stop_and_model_errors(tools: MemoryTools) -> None:
    stop = AgentLoop(LocalRunner(), tools).run(
        ScriptedChatModel(["<reply>x</reply>"]), "hi", stop_flag=lambda: True
    )
    assert stop.outcome == "stopped"
    failing = ScriptedChatModel([[ModelError("server down")]])
    answer = AgentLoop(LocalRunner(), tools).run(failing, "hi")
    assert answer.outcome == "error"
    assert "server down" in answer.reply


@pytest.mark.parametrize("history_len", [0, 2])
def test_history_goes_between_system_and_user(tools: MemoryTools, history_len: int) -> None:
    history = [{"role": "user", "content": "earlier"}, {"role": "assistant", "content": "ok"}]
    model = ScriptedChatModel(["<reply>fine</reply>"])
    AgentLoop(LocalRunner(), tools).run(model, "now", history[:history_len])
    messages = model.requests[0].messages
    after_examples = messages[1 + len(example_messages("now")) :]
    assert [m["role"] for m in after_examples][:-1] == [m["role"] for m in history[:history_len]]
    assert messages[-1] == {"role": "user", "content": "now"}


@pytest.mark.parametrize("through_worker", [False, True])
def test_steps_of_one_answer_share_variables(
    sandbox: SandboxClient, tools: MemoryTools, through_worker: bool
) -> None:
    runner = sandbox if through_worker else LocalRunner()
    model = ScriptedChatModel([
        "<think>read</think><python>user = read_file('user.md')</python>",
        "<think>use it</think><python>n = len(user.splitlines())</python>",
        "<think>done</think><reply>ok</reply>",
    ])  # fmt: skip
    answer = AgentLoop(runner, tools).run(model, "How long is my file?")
    assert answer.steps[1].result == "{'n': 8}"  # only what the step assigned is shown
    fresh = runner.run("m = len(user)", tools, session="another answer")
    assert fresh.error is not None
    assert "name 'user' is not defined" in fresh.error


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("What breed is my dog?", "You have not read any file yet."),
        ("Remember that I play the cello.", "You have not saved it yet."),
    ],
)
def test_a_guess_before_any_code_is_sent_to_the_files_once(
    tools: MemoryTools, text: str, said: str
) -> None:
    model = ScriptedChatModel(["<reply>A labrador.</reply>", "<reply>Still a guess.</reply>"])
    answer = AgentLoop(LocalRunner(), tools).run(model, text)
    assert (answer.outcome, answer.reply, answer.model_calls) == ("reply", "Still a guess.", 2)
    second = model.requests[1].messages
    assert second[-2] == {"role": "assistant", "content": "<reply>A labrador.</reply>"}
    assert second[-1]["content"].startswith(said)


def test_small_talk_is_answered_at_once(tools: MemoryTools) -> None:
    model = ScriptedChatModel(["<reply>Hello!</reply>"])
    answer = AgentLoop(LocalRunner(), tools).run(model, "Hi there!")
    assert (answer.reply, answer.model_calls) == ("Hello!", 1)
