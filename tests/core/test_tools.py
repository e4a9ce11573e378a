"""The memory tools: specs, reading calls from text, validation and execution."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pytest

from kai_desktop.core.llm.model import ToolCall
from kai_desktop.core.memory.call_text import calls_from_content, content_may_hold_call
from kai_desktop.core.memory.model import Category
from kai_desktop.core.memory.store import MemoryStore
from kai_desktop.core.memory.tool_specs import (
    CHAT_TOOLS,
    MEMORY_SEARCH,
    PROMOTE_LEARNING,
    arguments_schema,
    call_schema,
)
from kai_desktop.core.memory.tools import ToolBox
from kai_desktop.core.vault.files import Vault


@dataclass(frozen=True)
class FakeHit:
    path: str
    heading: str
    start_line: int
    end_line: int
    text: str
    score: float = 1.0


class FakeSearcher:
    def __init__(self, hits: list[FakeHit]) -> None:
        self.hits = hits
        self.queries: list[tuple[str, int]] = []

    def search(self, query: str, limit: int = 5) -> list[FakeHit]:
        self.queries.append((query, limit))
        return self.hits[:limit]


@pytest.fixture
def store(tmp_path: Path) -> MemoryStore:
    return MemoryStore(Vault(tmp_path / "vault"))


def call(name: str, args: object) -> ToolCall:
    raw = args if isinstance(args, str) else json.dumps(args)
    return ToolCall("c1", name, raw)


# -- specs ----------------------------------------------------------------------------------


def test_chat_specs_offer_the_memory_tools_but_not_promotion(store: MemoryStore) -> None:
    box = ToolBox(store, FakeSearcher([]))
    names = [spec.name for spec in box.specs()]
    assert names == list(CHAT_TOOLS)
    assert PROMOTE_LEARNING not in names
    assert [s.name for s in box.specs(heartbeat=True)] == [PROMOTE_LEARNING]


def test_search_is_not_offered_without_an_index(store: MemoryStore) -> None:
    assert MEMORY_SEARCH not in ToolBox(store).names()


def test_memory_off_offers_no_tools_at_all(store: MemoryStore) -> None:
    store.enabled = False
    box = ToolBox(store, FakeSearcher([]))
    assert box.specs() == []
    assert box.specs(heartbeat=True) == []


def test_schemas_are_compact_and_strict() -> None:
    schema = arguments_schema("memory_learn")
    text = json.dumps(schema)
    assert '"title"' not in text
    assert "maxLength" not in text  # llama.cpp grammars explode on long length caps
    assert schema["additionalProperties"] is False
    assert schema["properties"]["category"]["enum"] == ["Learning", "Error", "Preference"]
    assert set(schema["required"]) == {"key", "content", "category"}
    assert schema["properties"]["source"] == {
        "type": "string", "description": "Where it came from (optional)."
    }


def test_call_schema_names_each_tool() -> None:
    single = call_schema(["memory_store"])
    assert single["properties"]["name"] == {"const": "memory_store"}
    both = call_schema(["memory_store", "memory_forget"])
    assert [o["properties"]["name"]["const"] for o in both["anyOf"]] == [
        "memory_store", "memory_forget"
    ]


# -- reading calls from text ---------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        '{"name": "memory_store", "arguments": {"key": "city", "content": "Lyon"}}',
        'Sure.\n```json\n{"name": "memory_store", "arguments": {"key": "city", '
        '"content": "Lyon"}}\n```',
        '<tool_call>\n{"name": "memory_store", "arguments": {"key": "city", "content": '
        '"Lyon"}}\n</tool_call>',
        '{"function": {"name": "memory_store", "arguments": "{\\"key\\": \\"city\\", '
        '\\"content\\": \\"Lyon\\"}"}}',
        '{"name": "memory_store", "parameters": {"key": "city", "content": "Lyon"}}',
        '{"name": "memory_store", "key": "city", "content": "Lyon"}',
        '[{"name": "memory_store", "arguments": {"key": "city", "content": "Lyon",}}]',
        "{'name': 'memory_store', 'arguments': {'key': 'city', 'content': 'Lyon'}}",
        '```json\n{"name": "memory_store", "arguments": {"key": "city", "content": "Lyon"}}',
    ],
    ids=["bare", "fence", "tagged", "function", "parameters", "inline", "list-comma",
         "python", "open-fence"],
)
def test_calls_are_read_from_every_usual_shape(text: str) -> None:
    found = calls_from_content(text)
    assert len(found.calls) == 1
    only = found.calls[0]
    assert only.name == "memory_store"
    assert json.loads(only.arguments) == {"key": "city", "content": "Lyon"}
    assert "memory_store" not in found.prose


def test_several_calls_and_prose_are_separated() -> None:
    text = (
        "I will note both.\n"
        '{"name": "memory_store", "arguments": {"key": "a", "content": "1"}}\n'
        '{"name": "memory_forget", "arguments": {"key": "b"}}'
    )
    found = calls_from_content(text)
    assert [c.name for c in found.calls] == ["memory_store", "memory_forget"]
    assert found.prose == "I will note both."


@pytest.mark.parametrize(
    "text",
    [
        "The capital of France is Paris.",
        'Here is JSON for a person: {"name": "Bob", "age": 3}',
        "```python\nprint({'a': 1})\n```",
    ],
)
def test_ordinary_answers_are_not_calls(text: str) -> None:
    found = calls_from_content(text)
    assert not found.attempted
    assert found.prose == text.strip()


def test_broken_json_naming_a_tool_is_reported_not_dropped() -> None:
    found = calls_from_content('{"name": "memory_store", "arguments": {"key": "a" "content"}}')
    assert found.calls == []
    assert found.problems
    assert found.problems[0][0] == "memory_store"
    assert "not valid JSON" in found.problems[0][1]
    assert found.attempted


def test_early_check_for_a_call_in_a_stream() -> None:
    assert content_may_hold_call('  {"name"')
    assert content_may_hold_call("```json")
    assert content_may_hold_call("ok <tool_call>")
    assert not content_may_hold_call("Hello {there}")


# -- validation and execution ---------------------------------------------------------------


def test_memory_store_stores_a_general_memory(store: MemoryStore) -> None:
    result = ToolBox(store).execute(call("memory_store", {"key": "city", "content": "Lyon"}))
    assert result.ok, result.content
    assert result.memory_keys == ("city",)
    memory = store.get("city")
    assert memory is not None
    assert memory.content == "Lyon"
    assert memory.category is Category.GENERAL


def test_memory_store_can_require_the_users_own_words(store: MemoryStore) -> None:
    box = ToolBox(store)
    said = "I live in Lyon with my cat"
    bad = box.execute(call("memory_store", {"key": "k", "content": "I am Kai."}), said=said)
    assert not bad.ok
    assert store.all() == []
    good = box.execute(
        call("memory_store", {"key": "city", "content": "The user lives in Lyon"}), said=said
    )
    assert good.ok


def test_memory_learn_accepts_any_case_and_rejects_general(store: MemoryStore) -> None:
    box = ToolBox(store)
    ok = box.execute(
        call("memory_learn", {"key": "tabs", "content": "Uses tabs", "category": "preference"})
    )
    assert ok.ok, ok.content
    mem = store.get("tabs")
    assert mem is not None
    assert mem.category is Category.PREFERENCE
    bad = box.execute(
        call("memory_learn", {"key": "x", "content": "y", "category": "General"})
    )
    assert not bad.ok
    assert "memory_store" in bad.content
    assert store.get("x") is None


def test_unknown_tool_gets_a_clear_message(store: MemoryStore) -> None:
    result = ToolBox(store).execute(call("delete_everything", {}))
    assert not result.ok
    assert "unknown tool 'delete_everything'" in result.content
    assert "memory_store" in result.content  # the available ones are listed


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ('{"key": "a"', "not valid JSON"),
        ("[1, 2]", "must be a JSON object"),
        ('{"key": "a", "content": "b", "colour": "red"}', "colour: unknown argument"),
        ('{"key": "a"}', "content: Field required"),
        ('{"key": "", "content": "b"}', "key: String should have at least 1 character"),
        ('{"key": "a", "content": "' + "x" * 2001 + '"}', "content: String should have at"),
    ],
)
def test_bad_arguments_become_error_results(store: MemoryStore, raw: str, expected: str) -> None:
    result = ToolBox(store).execute(call("memory_store", raw))
    assert not result.ok
    assert expected in result.content
    assert result.content.startswith("Error:")
    assert store.all() == []


def test_arguments_encoded_twice_are_accepted(store: MemoryStore) -> None:
    raw = json.dumps(json.dumps({"key": "k", "content": "v"}))
    assert ToolBox(store).execute(call("memory_store", raw)).ok


def test_store_errors_are_returned_not_raised(store: MemoryStore) -> None:
    result = ToolBox(store).execute(call("memory_store", {"key": "bad\x01key", "content": "v"}))
    assert not result.ok
    assert "control characters" in result.content


def test_forget_and_reinforce(store: MemoryStore) -> None:
    store.store("favourite_editor", "Helix")
    box = ToolBox(store)
    result = box.execute(call("memory_reinforce", {"key": "favourite_editor"}))
    assert result.ok
    assert "hits 2" in result.content
    missing = box.execute(call("memory_forget", {"key": "favourite_editr"}))
    assert not missing.ok
    assert "Did you mean: favourite_editor" in missing.content
    assert box.execute(call("memory_forget", {"key": "favourite_editor"})).ok
    assert store.get("favourite_editor") is None
    again = box.execute(call("memory_reinforce", {"key": "favourite_editor"}))
    assert not again.ok


def test_search_returns_passages_with_their_place(store: MemoryStore) -> None:
    searcher = FakeSearcher(
        [FakeHit("notes/trip.md", "Plans", 3, 9, "We go to Lyon in May.\nTrain at 9.")]
    )
    result = ToolBox(store, searcher).execute(call("memory_search", {"query": "trip"}))
    assert result.ok
    assert "[1] notes/trip.md > Plans (lines 3-9): We go to Lyon in May. Train at 9." in (
        result.content
    )
    assert result.notes[0].path == "notes/trip.md"
    assert searcher.queries == [("trip", 5)]
    over = ToolBox(store, searcher).execute(call("memory_search", {"query": "x", "limit": 50}))
    assert not over.ok
    assert "limit" in over.content


def _private_vault(store: MemoryStore) -> list[FakeHit]:
    """Three private notes that rank above two shared ones."""
    root = store.vault.root
    root.mkdir(parents=True, exist_ok=True)
    for n in range(3):
        (root / f"secret{n}.md").write_text(f"#private The safe code is 40{n}.\n", "utf-8")
    for n in range(2):
        (root / f"open{n}.md").write_text(f"The garden gate is green {n}.\n", "utf-8")
    return [FakeHit(f"secret{n}.md", "", 1, 1, f"The safe code is 40{n}.") for n in range(3)] + [
        FakeHit(f"open{n}.md", "", 1, 1, f"The garden gate is green {n}.") for n in range(2)
    ]


def test_search_for_a_remote_model_holds_private_notes_back(store: MemoryStore) -> None:
    from kai_desktop.core.vault.privacy import PrivateNotes

    searcher = FakeSearcher(_private_vault(store))
    box = ToolBox(store, searcher, private=PrivateNotes(store.vault))
    args = {"query": "code", "limit": 2}
    remote = box.execute(call("memory_search", args), remote=True)
    assert remote.ok
    assert "safe code" not in remote.content
    # The private notes took the top places: the search looked further down.
    assert [n.path for n in remote.notes] == ["open0.md", "open1.md"]
    assert remote.held_back == 2
    assert searcher.queries[-1][1] > 2

    local = box.execute(call("memory_search", args))
    assert [n.path for n in local.notes] == ["secret0.md", "secret1.md"]
    assert "The safe code is 400." in local.content
    assert local.held_back == 0


def test_search_where_every_hit_is_private_tells_a_remote_model_nothing(
    store: MemoryStore,
) -> None:
    from kai_desktop.core.vault.privacy import PrivateNotes

    searcher = FakeSearcher(_private_vault(store)[:3])
    box = ToolBox(store, searcher, private=PrivateNotes(store.vault))
    result = box.execute(call("memory_search", {"query": "code"}), remote=True)
    assert result.ok
    assert result.content == "No results for 'code'."
    assert result.held_back == 3


def test_a_missing_key_never_suggests_a_private_memory_to_a_remote_model(
    store: MemoryStore,
) -> None:
    from kai_desktop.core.vault.privacy import PrivateNotes

    store.store("pin_code", "The bank card PIN is 4711. #private")
    box = ToolBox(store, private=PrivateNotes(store.vault))
    asked = call("memory_reinforce", {"key": "pin_cod"})
    assert "pin_code" in box.execute(asked).content
    assert "pin_code" not in box.execute(asked, remote=True).content


def test_search_without_an_index_is_an_error(store: MemoryStore) -> None:
    result = ToolBox(store).execute(call("memory_search", {"query": "trip"}))
    assert not result.ok


def test_promote_learning_only_inside_a_heartbeat(store: MemoryStore) -> None:
    box = ToolBox(store)
    args = {"memory_key": "tea", "soul_addition": "I know the user drinks tea."}
    outside = box.execute(call(PROMOTE_LEARNING, args))
    assert not outside.ok
    assert "only during a heartbeat run" in outside.content
    seen: list[tuple[str, str]] = []

    def promoter(key: str, addition: str) -> str:
        seen.append((key, addition))
        return "Promoted tea."

    inside = box.execute(call(PROMOTE_LEARNING, args), heartbeat=True, promoter=promoter)
    assert inside.ok
    assert inside.content == "Promoted tea."
    assert seen == [("tea", "I know the user drinks tea.")]


def test_a_failing_promoter_is_an_error_result(store: MemoryStore) -> None:
    def promoter(key: str, addition: str) -> str:
        raise RuntimeError("disk full")

    result = ToolBox(store).execute(
        call(PROMOTE_LEARNING, {"memory_key": "a", "soul_addition": "I do it."}),
        promoter=promoter,
    )
    assert not result.ok
    assert "disk full" in result.content


def test_memory_off_refuses_calls_and_keeps_memories(store: MemoryStore) -> None:
    store.store("city", "Lyon")
    store.enabled = False
    result = ToolBox(store).execute(call("memory_forget", {"key": "city"}))
    assert not result.ok
    assert "memory is turned off" in result.content
    store.enabled = True
    assert store.get("city") is not None


@pytest.mark.parametrize(
    "text",
    [
        '{"name": "Dana", "arguments": {"memory_store": {"key": "city", "content": "Lyon"}}}',
        '{"memory_store": {"key": "city", "content": "Lyon"}}',
        '```json\n[{"name": "memory_store", "arguments": {"key": "city", "content": "Lyon"}}]\n```',
    ],
)
def test_known_wrong_call_shapes_are_repaired(text: str) -> None:
    from kai_desktop.core.memory.call_text import calls_from_content

    found = calls_from_content(text)
    assert [c.name for c in found.calls] == ["memory_store"]
    assert json.loads(found.calls[0].arguments) == {"key": "city", "content": "Lyon"}
