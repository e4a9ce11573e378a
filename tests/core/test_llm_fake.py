from __future__ import annotations

import pytest

from kai_desktop.core.llm.model import (
    ChatModel,
    DoneEvent,
    ModelError,
    ScriptedChatModel,
    TokenEvent,
    ToolCall,
    ToolCallEvent,
    ToolSpec,
    assistant_message,
    collect,
    complete,
    tool_choice_name,
    tool_result_message,
)

USER = [{"role": "user", "content": "hi"}]
STORE = ToolSpec("memory_store", "Store a fact", {"type": "object", "properties": {}})


def test_fake_satisfies_the_protocol() -> None:
    assert isinstance(ScriptedChatModel(), ChatModel)


def test_streams_tokens_then_done() -> None:
    model = ScriptedChatModel([["Hel", "lo", "!"]])
    events = list(model.stream(USER))
    assert events[:3] == [TokenEvent("Hel"), TokenEvent("lo"), TokenEvent("!")]
    done = events[-1]
    assert isinstance(done, DoneEvent)
    assert done.finish_reason == "stop"
    assert done.completion_tokens == 3


def test_plain_string_turn_is_split_into_words_that_join_back() -> None:
    model = ScriptedChatModel(["Hello there,  friend"])
    result = complete(model, USER)
    assert result.text == "Hello there,  friend"
    assert result.done.completion_tokens == 3


def test_tool_calls_become_one_event_with_ids() -> None:
    model = ScriptedChatModel(
        [
            [
                "ok",
                ToolCall("", "memory_store", '{"key": "a"}'),
                ToolCall("x1", "memory_forget", "{}"),
            ]
        ]
    )
    events = list(model.stream(USER, tools=[STORE], tool_choice="auto"))
    calls = [e for e in events if isinstance(e, ToolCallEvent)]
    assert len(calls) == 1
    first, second = calls[0].calls
    assert first.name == "memory_store"
    assert first.id.startswith("call_")
    assert second.id == "x1"
    assert events[-1] == DoneEvent("tool_calls", events[-1].prompt_tokens, 1)


def test_records_what_it_was_given() -> None:
    model = ScriptedChatModel([["a"]])
    messages = [{"role": "system", "content": "s"}, {"role": "user", "content": "u"}]
    list(
        model.stream(
            messages,
            tools=[STORE],
            tool_choice="memory_store",
            json_schema={"type": "object"},
            max_tokens=7,
            temperature=0.1,
        )
    )
    messages[1]["content"] = "changed later"
    request = model.requests[0]
    assert request.messages[1]["content"] == "u"
    assert request.tools == [STORE]
    assert request.tool_choice == "memory_store"
    assert request.json_schema == {"type": "object"}
    assert (request.max_tokens, request.temperature) == (7, 0.1)
    assert model.calls == 1


def test_stop_flag_is_honoured_after_each_token() -> None:
    model = ScriptedChatModel([["a", "b", "c", "d"]])
    seen: list[str] = []

    def stop() -> bool:
        return len(seen) >= 2

    for event in model.stream(USER, stop_flag=stop):
        if isinstance(event, TokenEvent):
            seen.append(event.text)
        last = event
    assert seen == ["a", "b"]
    assert isinstance(last, DoneEvent)
    assert last.finish_reason == "stopped"


def test_max_tokens_ends_with_length() -> None:
    result = complete(ScriptedChatModel([["a", "b", "c"]]), USER, max_tokens=2)
    assert result.text == "ab"
    assert result.done.finish_reason == "length"


def test_scripted_exception_is_raised_in_place() -> None:
    model = ScriptedChatModel([["a", ModelError("boom")]])
    events = model.stream(USER)
    assert next(events) == TokenEvent("a")
    with pytest.raises(ModelError, match="boom"):
        next(events)


def test_running_out_of_turns_is_an_error_unless_repeating() -> None:
    model = ScriptedChatModel([["a"]])
    complete(model, USER)
    with pytest.raises(ModelError, match="no turn 2"):
        model.stream(USER)
    repeating = ScriptedChatModel([["x"]], repeat_last=True)
    assert [complete(repeating, USER).text for _ in range(3)] == ["x", "x", "x"]


def test_before_token_hook_sees_turn_and_token_index() -> None:
    seen: list[tuple[int, int]] = []
    model = ScriptedChatModel([["a", "b"], ["c"]], before_token=lambda t, i: seen.append((t, i)))
    complete(model, USER)
    complete(model, USER)
    assert seen == [(0, 0), (0, 1), (1, 0)]


def test_collect_and_message_helpers() -> None:
    call = ToolCall("c1", "memory_store", '{"key": "k"}')
    result = collect([TokenEvent("x"), ToolCallEvent([call]), DoneEvent("tool_calls", 3, 1, 2)])
    assert result.text == "x"
    assert result.tool_calls == [call]
    assert result.done.cached_tokens == 2
    message = assistant_message(result.text, result.tool_calls)
    assert message["tool_calls"][0]["function"] == {
        "name": "memory_store",
        "arguments": '{"key": "k"}',
    }
    assert "tool_calls" not in assistant_message("plain")
    assert tool_result_message(call, "done") == {
        "role": "tool",
        "tool_call_id": "c1",
        "name": "memory_store",
        "content": "done",
    }


@pytest.mark.parametrize(
    ("choice", "name"),
    [
        (None, None),
        ("auto", None),
        ("none", None),
        ("required", None),
        ("memory_store", "memory_store"),
        ({"type": "function", "function": {"name": "memory_forget"}}, "memory_forget"),
        ({"type": "function"}, None),
    ],
)
def test_tool_choice_name(choice: object, name: str | None) -> None:
    assert tool_choice_name(choice) == name  # type: ignore[arg-type]


def test_tool_spec_to_openai() -> None:
    assert STORE.to_openai() == {
        "type": "function",
        "function": {
            "name": "memory_store",
            "description": "Store a fact",
            "parameters": {"type": "object", "properties": {}},
        },
    }
