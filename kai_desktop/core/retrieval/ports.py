"""Protocols the retrieval domain offers to the layers above it."""

from __future__ import annotations

from typing import Protocol


class Passage(Protocol):
    """Anything shaped like a retrieved passage (ContextItem, retrieval's Hit)."""

    @property
    def path(self) -> str: ...
    @property
    def heading(self) -> str: ...
    @property
    def start_line(self) -> int: ...
    @property
    def end_line(self) -> int: ...
    @property
    def text(self) -> str: ...
