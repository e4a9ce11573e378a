"""Holding back text that may be a tool call while an answer streams, so the user
never sees call JSON."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from kai_desktop.core.memory.tool_specs import ALL_TOOLS

_MARKERS: Final = ("```", "<tool_call>")


_INLINE_CALL: Final = re.compile(r"""\{\s*["'](?:name|function|tool)""")


class CallWatch:
    """Splits a streamed answer into text that can be shown and text held back.

    Text from the first possible tool call on (a line starting with ``{`` or ``[``, an
    inline ``{"name"``, a code fence, a ``<tool_call>`` tag) is held until it is clearly
    not a call, or to the end.
    """

    def __init__(self, names: Sequence[str] = ALL_TOOLS) -> None:
        self._names = tuple(names)
        self.text = ""
        self._shown = 0
        self._hold_from: int | None = None
        self._released_upto = 0
        self._in_code = False  # inside a code fence that was shown (not a call)

    @property
    def holding(self) -> bool:
        return self._hold_from is not None

    @property
    def held(self) -> str:
        return self.text[self._hold_from :] if self._hold_from is not None else ""

    def named_tool(self) -> str | None:
        """The known tool the held text calls, once its name has been written."""
        held = self.held
        for name in self._names:
            if f'"{name}"' in held or f"'{name}'" in held:
                return name
        return None

    def feed(self, piece: str) -> str:
        """Add streamed text; returns what can be shown now."""
        self.text += piece
        if self._hold_from is not None:
            self._maybe_release()
            if self._hold_from is not None:
                return ""
        return self._advance()

    def finish(self) -> str:
        """End of the stream: everything not shown yet."""
        rest = self.text[self._shown :]
        self._shown = len(self.text)
        self._hold_from = None
        return rest

    def _advance(self) -> str:
        start = self._shown
        text = self.text
        begin = max(start, self._released_upto)
        hold = self._find_marker(text, begin)
        if hold is not None:
            self._hold_from = hold
            out = text[start:hold]
            self._shown = hold
            self._maybe_release()
            if self._hold_from is None:
                return out + self._advance_from_release()
            return out
        begin = max(start, self._released_upto)  # a code fence may have closed
        # Keep back a tail that could still become a marker.
        safe = len(text)
        tail = text[begin:]
        stripped_tail = tail.rstrip(" \t")
        if stripped_tail.endswith("\n") or (not text[:begin].strip() and not tail.strip()):
            safe = begin + len(stripped_tail)
        for marker in _MARKERS:
            for k in range(len(marker) - 1, 0, -1):
                if text.endswith(marker[:k]) and len(text) - k >= begin:
                    safe = min(safe, len(text) - k)
                    break
        brace = text.rfind("{", begin)
        if brace >= 0 and len(text) - brace < 12:
            safe = min(safe, brace)  # may still become an inline {"name": ...}
        safe = max(safe, start)
        out = text[start:safe]
        self._shown = safe
        return out

    def _advance_from_release(self) -> str:
        return self._advance()

    def _find_marker(self, text: str, begin: int) -> int | None:
        if self._in_code:
            close = text.find("```", begin)
            if close < 0:
                return None
            self._in_code = False
            self._released_upto = begin = close + 3
        found: list[int] = []
        for marker in _MARKERS:
            pos = text.find(marker, begin)
            if pos >= 0:
                found.append(pos)
        inline = _INLINE_CALL.search(text, begin)
        if inline is not None:
            found.append(inline.start())
        i = begin
        while i < len(text):
            ch = text[i]
            if ch in "{[":
                line_start = text.rfind("\n", 0, i) + 1
                if not text[line_start:i].strip():
                    found.append(line_start if line_start >= begin else i)
                    break
            i += 1
        return min(found) if found else None

    def _maybe_release(self) -> None:
        """Give up holding when the held text has shown it is not a call."""
        held = self.held
        body = held.lstrip()
        if body.startswith("```"):
            line_end = body.find("\n")
            if line_end < 0:
                return
            lang = body[3:line_end].strip().lower()
            if lang in ("", "json", "tool_call"):
                return
            self._release(code=True)
            return
        if body.startswith("<tool_call>") or len(body) < 24:
            return
        if body[0] in "{[":
            head = body[:80]
            if any(k in head for k in ('"name"', "'name'", '"function"', '"tool', "'tool")):
                return
            self._release()

    def _release(self, *, code: bool = False) -> None:
        assert self._hold_from is not None
        if code:
            # Everything up to the end of the fence line is shown; the fence stays open.
            line_end = self.text.find("\n", self._hold_from + self.held.find("```"))
            self._released_upto = line_end + 1
            self._in_code = True
        else:
            self._released_upto = len(self.text)
        self._hold_from = None
