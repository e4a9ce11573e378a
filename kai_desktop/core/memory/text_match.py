"""Comparing short texts about the user: normalised words, crude stems, duplicates, keys,
and whether a fact is grounded in what the user wrote."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from typing import Final

from kai_desktop.core.memory.model import Memory

_STOP_TEXT: Final = """a an the and or but if of to in on at for with from by as is are was
were be been being am do does did has have had i me my mine you your yours he she it its we
our they their them this that these those there here not no yes so very just also too than
then user users assistant kai about into over under would could should will can may might
must"""


_STOP_WORDS: Final = frozenset(_STOP_TEXT.split())


def normalise_text(text: str) -> str:
    """Case-folded words only: ``"The user's  name: Ann."`` -> ``"the user s name ann"``."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    return " ".join(re.sub(r"[^\w]+", " ", folded).split())


def _content_words(text: str) -> set[str]:
    return {w for w in normalise_text(text).split() if len(w) > 2 and w not in _STOP_WORDS}


def _stem(word: str) -> str:
    """A crude stem: plural s dropped, then the first four letters (live/lives/living)."""
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        word = word[:-1]
    return word[:4]


def _stems(words: Iterable[str]) -> set[str]:
    return {_stem(w) for w in words}


def content_stems(text: str) -> set[str]:
    """The stems of ``text``'s content words (stop words and short words left out)."""
    return _stems(_content_words(text))


def is_duplicate_text(a: str, b: str, *, threshold: float = 0.8) -> bool:
    """True when ``a`` and ``b`` say the same: equal once normalised, one containing the
    other, or sharing at least ``threshold`` of their content words."""
    na, nb = normalise_text(a), normalise_text(b)
    if not na or not nb:
        return False
    if na == nb:
        return True
    short, long_ = (na, nb) if len(na) <= len(nb) else (nb, na)
    if len(short.split()) >= 3 and f" {short} " in f" {long_} ":
        return True
    wa, wb = _stems(_content_words(a)), _stems(_content_words(b))
    if not wa or not wb:
        return False
    return len(wa & wb) / len(wa | wb) >= threshold


def key_for(text: str, *, max_words: int = 5) -> str:
    """A snake_case memory key made from the first content words of ``text``."""
    words = [w for w in normalise_text(text).split() if w not in _STOP_WORDS]
    key = "_".join(words[:max_words]) or "_".join(normalise_text(text).split()[:max_words])
    return key[:60].strip("_") or "note"


def snake_key(text: str) -> str:
    """``"Favourite Editor"`` -> ``"favourite_editor"`` (all words kept)."""
    return "_".join(normalise_text(text.replace("_", " ")).split())[:60].strip("_")


def normalise_key(key: str) -> str:
    """A key compared loosely: ``Favourite-Editor`` and ``favourite_editor`` are equal."""
    return "_".join(normalise_text(key.replace("_", " ")).split())


def find_duplicate(
    text: str, memories: Iterable[Memory], *, key: str | None = None
) -> Memory | None:
    """The existing memory that ``text`` (or ``key``) duplicates, if any."""
    wanted = normalise_key(key) if key else None
    for memory in memories:
        if wanted is not None and normalise_key(memory.key) == wanted:
            return memory
        if is_duplicate_text(text, memory.content):
            return memory
    return None


def grounded(fact: str, source: str, *, share: float = 0.4) -> bool:
    """True when enough of ``fact``'s content words occur in ``source`` (the user's words).

    Guards against facts a small model invents: a fact must be about something the user
    actually wrote.
    """
    words = _stems(_content_words(fact))
    if not words:
        # Only short words ("42", "Bo"): they must appear as such.
        norm = normalise_text(fact)
        return bool(norm) and f" {norm} " in f" {normalise_text(source)} "
    seen = _stems(_content_words(source))
    overlap = len(words & seen)
    return overlap >= 1 and overlap / len(words) >= share
