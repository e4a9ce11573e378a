"""The answer format of agent-file mode: ``<think>``, then ``<python>`` or ``<reply>``.

:func:`parse_answer` reads what a model wrote. It is lenient where small models slip
(code fences inside ``<python>``, an unclosed last block, text after the block, an empty
``<python></python>`` before the ``<reply>``) and strict about what counts: an answer is
code to run, a reply to show, or broken.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final, Literal

Kind = Literal["code", "reply", "broken"]

_FENCE: Final = re.compile(r"^\s*```[a-zA-Z0-9_-]*\s*\n(.*?)\n?\s*```\s*$", re.S)
_ANY_TAG: Final = re.compile(r"</?(?:think|python|reply|result)>", re.I)


@dataclass(frozen=True, slots=True)
class ParsedAnswer:
    kind: Kind
    think: str
    code: str
    reply: str
    raw: str


def _block(text: str, tag: str) -> str | None:
    """The content of the first ``<tag>`` block; an unclosed one runs to the end."""
    start = re.search(rf"<{tag}>", text, re.I)
    if start is None:
        return None
    end = re.search(rf"</{tag}>", text[start.end() :], re.I)
    return text[start.end() : start.end() + end.start()] if end else text[start.end() :]


def strip_fence(code: str) -> str:
    match = _FENCE.match(code)
    return match.group(1) if match else code


def parse_answer(text: str) -> ParsedAnswer:
    """Classify one model answer (see module docs)."""
    # A model that goes on to invent the result itself is cut where it starts doing so.
    cut = re.search(r"<result>", text, re.I)
    visible = text[: cut.start()] if cut else text
    think = (_block(visible, "think") or "").strip()
    after_think = visible
    close = re.search(r"</think>", visible, re.I)
    if close is not None:
        after_think = visible[close.end() :]
    code = _block(after_think, "python")
    reply = _block(after_think, "reply")
    code_text = strip_fence(code).strip("\n") if code is not None else ""
    if code_text.strip():
        return ParsedAnswer("code", think, code_text, "", text)
    if reply is not None and reply.strip():
        return ParsedAnswer("reply", think, "", reply.strip(), text)
    return ParsedAnswer("broken", think, "", "", text)


def strip_tags(text: str) -> str:
    """The text with every protocol tag (and what a ``<think>`` block held) removed."""
    without_think = re.sub(r"<think>.*?(</think>|$)", "", text, flags=re.S | re.I)
    return _ANY_TAG.sub("", without_think).strip()


def result_message(result_text: str, nudge: str = "") -> str:
    text = f"<result>\n{result_text}\n</result>"
    return f"{text}\n{nudge}" if nudge else text
