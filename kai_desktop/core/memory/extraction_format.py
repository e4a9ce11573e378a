"""What the extraction steps ask the model for and how its answers are read: the JSON
schemas, the reports, and lenient parsing."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, Final

from kai_desktop.core.memory.model import Memory

MAX_FACTS: Final = 5
MAX_NEW_MEMORIES: Final = 3
FACTS_SCHEMA: Final[dict[str, Any]] = {
    "type": "object",
    "properties": {
        "facts": {"type": "array", "items": {"type": "string"}, "maxItems": MAX_FACTS}
    },
    "required": ["facts"],
}


MANAGER_SCHEMA: Final[dict[str, Any]] = {
    "type": "object",
    "properties": {
        "decision": {"enum": ["NA", "ADD"]},
        "memories": {
            "type": "array",
            "maxItems": MAX_NEW_MEMORIES,
            "items": {
                "type": "object",
                "properties": {
                    "key": {"type": "string", "minLength": 1},
                    "content": {"type": "string", "minLength": 1},
                },
                "required": ["key", "content"],
            },
        },
    },
    "required": ["decision"],
}


@dataclass(frozen=True)
class ManagerDecision:
    """The memory-manager pass: what was stored, what was refused and why."""

    added: tuple[Memory, ...] = ()
    skipped: tuple[tuple[str, str], ...] = ()
    na: bool = False


@dataclass(frozen=True)
class ExtractionReport:
    """What a compaction or the end of a conversation left in the vault."""

    facts: tuple[str, ...] = ()
    daily_path: str | None = None
    memories: tuple[str, ...] = ()
    skipped: tuple[tuple[str, str], ...] = ()
    na: bool = False
    session_path: str | None = None
    notes: tuple[str, ...] = ()
    """Why a step was skipped or failed, for the log or the status bar."""


def parse_json(text: str) -> Any:
    text = text.strip()
    fence = re.search(r"```(?:json)?\s*(.*?)```", text, re.DOTALL)
    if fence:
        text = fence.group(1).strip()
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        start, end = text.find("{"), text.rfind("}")
        if 0 <= start < end:
            try:
                return json.loads(text[start : end + 1])
            except json.JSONDecodeError:
                return None
        return None


def clean_fact(value: object) -> str:
    text = " ".join(str(value).split()).strip().strip("\"'").strip()
    return re.sub(r"^(?:[-*•]|\d+[.)])\s*", "", text)


def facts_from(text: str) -> list[str]:
    data = parse_json(text)
    items: list[object]
    if isinstance(data, dict) and isinstance(data.get("facts"), list):
        items = list(data["facts"])
    elif isinstance(data, list):
        items = list(data)
    else:
        items = [line for line in text.splitlines() if line.strip()]
    facts = [clean_fact(item) for item in items if isinstance(item, str | int | float)]
    return [f for f in facts if f]


def manager_proposals(text: str) -> list[tuple[str, str]] | None:
    """The (key, content) pairs the manager proposed; None for NA."""
    stripped = text.strip().strip(".").strip()
    if not stripped or stripped.upper() in ("NA", "N/A", '"NA"'):
        return None
    data = parse_json(text)
    if not isinstance(data, dict):
        return None
    if str(data.get("decision", "")).upper() == "NA":
        return None
    items = data.get("memories")
    if not isinstance(items, list):
        return None
    out = []
    for item in items:
        if isinstance(item, dict) and isinstance(item.get("content"), str):
            out.append((str(item.get("key") or ""), item["content"]))
    return out or None
