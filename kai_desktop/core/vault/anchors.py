"""Headings and block ids a link may point into, matched the lenient way Obsidian does."""

from __future__ import annotations

import re
import unicodedata

from kai_desktop.core.vault.markdown_scan import Heading

_HEADING_NOISE = re.compile(r"[#^\[\]|:\\%*_`~=]+")


def heading_key(text: str) -> str:
    """Headings match links case-insensitively, ignoring characters a link cannot hold
    (``# ^ [ ] | : \\ %``, which Obsidian drops from heading links), Markdown emphasis
    marks and runs of spaces: a lenient match, so that no working link is reported."""
    lowered = unicodedata.normalize("NFC", text).lower()
    return " ".join(_HEADING_NOISE.sub(" ", lowered).split())


class Anchors:
    """The headings (level, key) and block ids of one note."""

    __slots__ = ("blocks", "headings")

    def __init__(self, headings: list[Heading], block_ids: list[str]) -> None:
        self.headings = [(h.level, heading_key(h.text)) for h in headings]
        self.blocks = {b.lower() for b in block_ids}

    def has_block(self, block_id: str) -> bool:
        return block_id.lower() in self.blocks

    def has_heading_path(self, path: tuple[str, ...]) -> bool:
        keys = [heading_key(p) for p in path]
        return any(
            key == keys[0] and self._descend(i, keys[1:])
            for i, (_, key) in enumerate(self.headings)
        )

    def _descend(self, parent: int, rest: list[str]) -> bool:
        """Whether ``rest`` is a chain of headings nested inside heading ``parent``."""
        if not rest:
            return True
        level = self.headings[parent][0]
        for i in range(parent + 1, len(self.headings)):
            sub_level, key = self.headings[i]
            if sub_level <= level:
                return False
            if key == rest[0] and self._descend(i, rest[1:]):
                return True
        return False
