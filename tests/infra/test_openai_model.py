from __future__ import annotations

import http.server
import json
import socket
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import keyring
import keyring.backend
import pytest

from kai_desktop.core.llm.model import (
    ChatModel,
    DoneEvent,
    ModelError,
    TokenEvent,
    ToolSpec,
    collect,
)
from kai_desktop.infra.openai_compat import chat_model as openai_model
from kai_desktop.infra.openai_compat.chat_model import (
    OpenAIChatModel,
    delete_api_key,
    load_api_key,
    save_api_key,
)

USER = [{"role": "user", "content": "hi"}]


def chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
    return {
        "id": "c1", "object": "chat.completion.chunk", "created": 1, "model": "m",
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
    }


USAGE = {
    "id": "c1", "object": "chat.completion.chunk", "created": 1, "model": "m", "choices": [],
    "usage": {"prompt_tokens": 12, "completion_tokens": 3, "total_tokens": 15,
              "prompt_tokens_details": {"cached_tokens": 8}},
}


@dataclass
class Fake:
    chunks: list[dict[str, Any]] = field(default_factory=list)
    status: int = 200
    error: dict[str, Any] | None = None
    reject_stream_options: bool = False
    requests: list[dict[str, Any]] = field(default_factory=list)
    auth: list[str | None] = field(default_factory=list)
    hold: threading.Event | None = None
    """When set, the server waits on it after the first two chunks."""
    replies: list[list[dict[str, Any]]] = field(default_factory=list)
    """When set, each request gets the next of these instead of ``chunks``."""


class _Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_POST(self) -> None:
        fake: Fake = self.server.fake  # type: ignore[attr-defined]
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        fake.requests.append(body)
        fake.auth.append(self.headers.get("Authorization"))
        if self.path != "/v1/chat/completions":
            return self._json(404, {"error": {"message": f"no route {self.path}"}})
        if fake.reject_stream_options and "stream_options" in body:
            return self._json(400, {"error": {"message": "unknown field stream_options"}})
        if fake.status != 200:
            return self._json(fake.status, fake.error or {"error": {"message": "nope"}})
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Connection", "close")
        self.end_headers()
        try:
            chunks = fake.replies.pop(0) if fake.replies else fake.chunks
            for i, item in enumerate(chunks):
                if i == 2 and fake.hold is not None:
                    fake.hold.wait(10)
                self.wfile.write(f"data: {json.dumps(item)}\n\n".encode())
                self.wfile.flush()
            self.wfile.write(b"data: [DONE]\n\n")
            self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            pass
        self.close_connection = True
        return None

    def _json(self, status: int, payload: dict[str, Any]) -> None:
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(data)
        self.close_connection = True

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture
def server() -> Iterator[tuple[str, Fake]]:
    fake = Fake()
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    httpd.daemon_threads = True
    httpd.fake = fake  # type: ignore[attr-defined]
    thread = threading.Thread(
        target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, name="fake-llm", daemon=True
    )
    thread.start()
    host, port = httpd.server_address[:2]
    try:
        yield f"http://{host!s}:{port}/v1", fake
    finally:
        if fake.hold is not None:
            fake.hold.set()
        httpd.shutdown()
        httpd.server_close()
        thread.join(5)


def make(url: str, **kw: Any) -> OpenAIChatModel:
    return OpenAIChatModel(base_url=url, model="m", max_retries=0, timeout=10, **kw)


def test_is_a_chat_model(server: tuple[str, Fake]) -> None:
    model = make(server[0], context_size=1234)
    assert isinstance(model, ChatModel)
    assert (model.name, model.context_size, model.is_local) == ("m", 1234, False)
    assert model.count_tokens("12345678") == 2
    model.close()


def test_streams_text_and_usage(server: tuple[str, Fake]) -> None:
    url, fake = server
    fake.chunks = [
        chunk({"role": "assistant", "content": ""}),
        chunk({"content": "Hel"}),
        chunk({"content": "lo"}),
        chunk({}, "stop"),
        USAGE,
    ]
    events = list(make(url, api_key="sk-test").stream(USER, max_tokens=9, temperature=0.2))
    assert events[:2] == [TokenEvent("Hel"), TokenEvent("lo")]
    assert events[-1] == DoneEvent("stop", 12, 3, 8)
    request = fake.requests[0]
    assert request["messages"] == USER
    assert (request["max_tokens"], request["temperature"], request["stream"]) == (9, 0.2, True)
    assert request["stream_options"] == {"include_usage": True}
    assert fake.auth == ["Bearer sk-test"]


def test_tool_call_deltas_are_assembled(server: tuple[str, Fake]) -> None:
    url, fake = server
    fake.chunks = [
        chunk({"tool_calls": [{"index": 0, "id": "call_a", "type": "function",
                               "function": {"name": "memory_store", "arguments": ""}}]}),
        chunk({"tool_calls": [{"index": 0, "function": {"arguments": '{"key": '}}]}),
        chunk({"tool_calls": [{"index": 0, "function": {"arguments": '"cat"}'}}]}),
        chunk({"tool_calls": [{"index": 1, "id": "call_b", "type": "function",
                               "function": {"name": "memory_forget", "arguments": "{}"}}]}),
        chunk({}, "tool_calls"),
    ]
    tool = ToolSpec("memory_store", "Store", {"type": "object", "properties": {}})
    result = collect(make(url).stream(USER, tools=[tool], tool_choice="memory_store"))
    assert [(c.id, c.name, c.arguments) for c in result.tool_calls] == [
        ("call_a", "memory_store", '{"key": "cat"}'),
        ("call_b", "memory_forget", "{}"),
    ]
    assert result.done.finish_reason == "tool_calls"
    request = fake.requests[0]
    assert request["tools"] == [tool.to_openai()]
    assert request["tool_choice"] == {"type": "function", "function": {"name": "memory_store"}}
    assert fake.auth == ["Bearer not-needed"]


def test_json_schema_becomes_response_format(server: tuple[str, Fake]) -> None:
    url, fake = server
    fake.chunks = [chunk({"content": "{}"}, "stop")]
    schema = {"type": "object", "properties": {"a": {"type": "string"}}}
    assert collect(make(url).stream(USER, json_schema=schema)).text == "{}"
    assert fake.requests[0]["response_format"] == {
        "type": "json_schema",
        "json_schema": {"name": "response", "schema": schema, "strict": True},
    }
    assert "tools" not in fake.requests[0]


def test_stop_flag_ends_the_stream_after_the_token(server: tuple[str, Fake]) -> None:
    url, fake = server
    fake.hold = threading.Event()
    fake.chunks = [chunk({"content": w}) for w in ["a", "b", "c", "d"]] + [chunk({}, "stop")]
    seen: list[str] = []
    for event in make(url).stream(USER, stop_flag=lambda: len(seen) >= 2):
        if isinstance(event, TokenEvent):
            seen.append(event.text)
        last = event
    assert seen == ["a", "b"]
    assert isinstance(last, DoneEvent)
    assert last.finish_reason == "stopped"


def test_server_without_usage_option_is_asked_again(server: tuple[str, Fake]) -> None:
    url, fake = server
    fake.reject_stream_options = True
    fake.chunks = [chunk({"content": "ok"}, "stop")]
    model = make(url)
    result = collect(model.stream(USER))
    assert result.text == "ok"
    assert result.done.completion_tokens == 1
    assert len(fake.requests) == 2
    collect(model.stream(USER))
    assert "stream_options" not in fake.requests[2]


@pytest.mark.parametrize(
    ("status", "message"),
    [
        (401, "refused the API key"),
        (404, "'m' or its endpoint was not found"),
        (500, "answered 500: nope"),
        (400, "rejected the request: nope"),
    ],
)
def test_http_errors_are_clear(server: tuple[str, Fake], status: int, message: str) -> None:
    url, fake = server
    fake.status = status
    with pytest.raises(ModelError, match=message):
        list(make(url).stream(USER))


def test_unreachable_server_is_clear() -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    with pytest.raises(ModelError, match="Cannot reach the model server"):
        list(make(f"http://127.0.0.1:{port}/v1").stream(USER))


def test_empty_model_name_is_refused() -> None:
    with pytest.raises(ModelError, match="No model name"):
        OpenAIChatModel(base_url="http://x/v1", model=" ")


# -- API keys ---------------------------------------------------------------------------


class MemoryKeyring(keyring.backend.KeyringBackend):
    priority = 1  # type: ignore[assignment]

    def __init__(self) -> None:
        super().__init__()
        self.store: dict[tuple[str, str], str] = {}

    def get_password(self, service: str, username: str) -> str | None:
        return self.store.get((service, username))

    def set_password(self, service: str, username: str, password: str) -> None:
        self.store[(service, username)] = password

    def delete_password(self, service: str, username: str) -> None:
        self.store.pop((service, username), None)


@pytest.fixture
def clean_keys(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.delenv(openai_model.API_KEY_ENV, raising=False)
    monkeypatch.setattr(openai_model, "_session_keys", {})
    previous = keyring.get_keyring()
    yield
    keyring.set_keyring(previous)


def test_api_key_goes_to_the_keyring(clean_keys: None) -> None:
    backend = MemoryKeyring()
    keyring.set_keyring(backend)
    storage = save_api_key("http://server/v1/", "sk-1")
    assert storage.persistent
    assert backend.store == {("kai-desktop", "http://server/v1"): "sk-1"}
    openai_model._session_keys.clear()  # a new run: only the keyring remembers
    assert load_api_key("http://server/v1") == "sk-1"
    delete_api_key("http://server/v1")
    assert load_api_key("http://server/v1") is None


def test_without_a_keyring_the_key_lasts_for_the_run(clean_keys: None) -> None:
    import keyring.backends.fail

    keyring.set_keyring(keyring.backends.fail.Keyring())
    storage = save_api_key("http://server/v1", "sk-2")
    assert not storage.persistent
    assert "kept only until Kai quits" in storage.message
    assert load_api_key("http://server/v1") == "sk-2"
    delete_api_key("http://server/v1")  # no crash either
    assert load_api_key("http://server/v1") is None


def test_environment_key_wins(clean_keys: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(openai_model.API_KEY_ENV, "sk-env")
    assert load_api_key("http://anything/v1") == "sk-env"


def test_agent_mode_runs_over_a_server(server: tuple[str, Fake], tmp_path: Path) -> None:
    """The agent loop on this back end: the answer is cut at its closing tag (the stream
    is closed there, so a result the model goes on to invent is never read), the code runs
    on the real files, the result goes back, and the reply ends the turn."""
    from kai_desktop.core.agent.journal import TrashJournal
    from kai_desktop.core.agent.local_runner import LocalRunner
    from kai_desktop.core.agent.tools import MemoryTools
    from kai_desktop.core.chat.agent_turn import AgentTurns
    from kai_desktop.core.chat.session import ChatSession
    from kai_desktop.core.memory.store import MemoryStore
    from kai_desktop.core.memory.tiers import Tiers
    from kai_desktop.core.vault.files import Vault

    url, fake = server
    code = ["<think>Read it.</think>\n<python>\n", "home = read_file('user.md')\n",
            "</python>", "\n<result>{'home': 'made up'}</result>", "<reply>Made up.</reply>"]
    fake.replies = [
        [chunk({"content": c}) for c in code] + [chunk({}, "stop")],
        [chunk({"content": c}) for c in ["<think>Found.</think>", "<reply>Lisbon.</reply>"]]
        + [chunk({}, "stop")],
    ]
    memory = tmp_path / "memory"
    memory.mkdir()
    (memory / "user.md").write_text("# User\n- living_location: Lisbon\n", encoding="utf-8")
    vault = Vault(memory)
    tools = MemoryTools(vault, TrashJournal(tmp_path / "trash"))
    session = ChatSession(memory=MemoryStore(vault), tiers=Tiers(vault))
    turns = AgentTurns(session, LocalRunner(), tools, files=tools.overview)
    model = make(url)
    answer = turns.run(model, "Where do I live?")
    model.close()
    assert (answer.text, answer.finish_reason) == ("Lisbon.", "stop")
    (step,) = answer.steps
    assert "living_location: Lisbon" in step.result
    assert len(fake.requests) == 2
    sent = fake.requests[1]["messages"]
    assert sent[-2]["content"].endswith("home = read_file('user.md')\n</python>")
    assert "made up" not in str(sent)
    assert "living_location: Lisbon" in sent[-1]["content"]
