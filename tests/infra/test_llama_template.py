"""How past tool calls are handed to the chat template (no model needed)."""

from __future__ import annotations

import json

from kai_desktop.core.llm.model import ToolCall, assistant_message, tool_result_message
from kai_desktop.infra.llama.chat_model import template_messages


def test_call_arguments_become_objects_and_the_input_is_untouched() -> None:
    call = ToolCall("c1", "memory_store", json.dumps({"key": "cat", "content": "Miso"}))
    messages = [{"role": "user", "content": "hi"}, assistant_message("", [call])]
    before = json.dumps(messages)
    out = template_messages(messages)
    assert out[0] is messages[0]
    assert out[1]["tool_calls"][0]["function"]["arguments"] == {"key": "cat", "content": "Miso"}
    assert out[1]["tool_calls"][0]["id"] == "c1"
    assert json.dumps(messages) == before


def test_arguments_that_are_not_json_stay_text() -> None:
    call = ToolCall("c1", "memory_store", '{"key": "cat", "content": ')
    out = template_messages([assistant_message("", [call]), tool_result_message(call, "error")])
    assert out[0]["tool_calls"][0]["function"]["arguments"] == '{"key": "cat", "content": '
    assert out[1]["role"] == "tool"
