"""Everyday ways of naming a favourite, restated as "My favourite X is Y".

People say "My favourite film has to be Amelie", "Maroon, that's the colour I like most",
"Paddington 2 is my comfort film", "Best film I've ever seen: Amadeus", "Nothing beats
Totoro for me, best film ever", "Blue, definitely blue, is my favourite colour" and "Navy
blue suits me best, my favourite colour". Each is restated only where the words can mean
nothing else: a favourite's kind named with it, a title with a capital, a colour from the
colour list.
"""

from __future__ import annotations

import re
from typing import Final

from kai_desktop.core.memory.rewrites import Rewrite, rewritten
from kai_desktop.core.memory.slot_words import COLOUR_NAMED

_KIND: Final = r"(?P<k>film|movie|book|food|dish|meal|drink|song|album|band|show|colou?r)"
_TITLE: Final = r"(?P<t>[A-Z][\w'’:-]*(?:\s+(?:[A-Z0-9][\w'’:-]*|the|of|and|a|in|on|to))*)"
_HAS_TO_BE: Final = re.compile(
    r"\b(?P<f>(?i:my)\s+(?i:fave|fav|favou?rite)\s+[a-z]+)\s+(?:has to be|would have to be|"
    r"would be|must be|will always be|has always been)\s+(?=\S)")
""""My favourite film has to be Amelie": the favourite, said with a flourish."""
_LIKE_MOST: Final = re.compile(
    r"\b(?:(?i:the)\s+)?" + _KIND + r"\s+(?:which|that)?\s*I\s+(?:like|love)\s+(?:the\s+)?"
    r"(?:most|best)\b")
""""Maroon, that's the colour I like most", "Purple is colour which I like the most"."""
_COMFORT: Final = re.compile(r"\b(?i:my)\s+(?:comfort|go-to|all-time)\s+" + _KIND
                             + r"\b(?:\s+and\s+(?:also\s+)?my\s+favou?rite\b(?!\s+[a-z]))?")
""""Paddington 2 is my comfort film", "Tortilla is my comfort food and my favourite": a
favourite by another name."""
_BEST_SEEN: Final = re.compile(
    r"(?:^|(?<=[.!?]\s))(?:The\s+)?[Bb]est\s+" + _KIND + r"\s+I(?:'ve|’ve| have)\s+ever\s+"
    r"(?:seen|watched|read|had|eaten|tasted|heard)\s*[:,–—-]\s*(?=\S)")
""""Best film I've ever seen: Amadeus": the field, then the favourite."""
_NOTHING_BEATS: Final = re.compile(
    r"\b[Nn]othing\s+(?:beats|tops)\s+" + _TITLE + r"(?:\s+for\s+me)?,\s+(?:the\s+)?best\s+"
    + _KIND + r"\s+ever\b")
""""Nothing beats Totoro for me, best film ever": the title is the favourite."""
_SAID_TWICE: Final = re.compile(
    r"\b(?P<c>[A-Za-z]+),\s+(?:definitely|absolutely|always|obviously)\s+(?P=c),\s+(?=is\b)",
    re.IGNORECASE)
""""Blue, definitely blue, is my favourite colour": the value said once."""
_SUITS_ME: Final = re.compile(
    r"\b(?P<c>(?i:" + COLOUR_NAMED + r"))\s+suits\s+me\s+(?:best|most)(?=,\s+(?i:my\s+"
    r"favou?rite\s+colou?r)\b)")
""""Navy blue suits me best, my favourite colour": the colour, then what it is."""
_MY_COLOUR: Final = re.compile(
    r"\b(?P<c>(?i:" + COLOUR_NAMED + r"))\s+(?:has always been|will always be|is always)\s+"
    r"(?i:my)\s+colou?r\b")
""""Green has always been my colour": the favourite colour."""
_NEVER_GETS_OLD: Final = re.compile(
    r"(?:^|(?<=[.!?]\s))" + _TITLE + r"\s+(?:never gets old|is a classic|gets me every time),\s+"
    r"(?:it(?:'s|’s| is)|that(?:'s|’s| is))\s+my\s+(?:all-time\s+)?favou?rite\s+" + _KIND + r"\b")
""""Spirited Away never gets old, it's my favourite film": the title is the favourite."""

_THEY_ARE_IT: Final = re.compile(
    r"\b(?:that|which)\s+(?:does|do|makes|make|sells|sell|serves|serve)\s+(?:an?\s+|the\s+)?"
    r"(?:(?:amazing|incredible|great|good|lovely|delicious|proper|decent|the best)\s+)?"
    r"(?P<t>[a-z]+(?:\s+(?!(?:on|with|in|at|for|so|and|but|that|which|hot|fresh|from)\b)[a-z]+)?)"
    r"[^!?]{0,160}?\b(?P<tail>(?:they're|they are|theyre|it's|its|it is|that's)\s+my\s+"
    r"(?:new\s+|all-time\s+)?favou?rite\s+(?P<k>food|dish|meal))\b", re.IGNORECASE)
""""a truck that does birria tacos ... and they are my new favorite food": what it does is
the favourite."""

_KINDS: Final = {"movie": "film", "dish": "food", "meal": "food", "color": "colour"}


def _kind(m: re.Match[str]) -> str:
    said = m["k"].casefold()
    return _KINDS.get(said, said)


_FAVOURITES: Final[tuple[Rewrite, ...]] = (
    (_HAS_TO_BE, lambda m: f"{m['f']} is "),
    (_LIKE_MOST, lambda m: f"my favourite {_kind(m)}"),
    (_COMFORT, lambda m: f"my favourite {_kind(m)}"),
    (_BEST_SEEN, lambda m: f"My favourite {_kind(m)} is "),
    (_NOTHING_BEATS, lambda m: f"My favourite {_kind(m)} is {m['t']}"),
    (_SAID_TWICE, lambda m: f"{m['c']} "),
    (_SUITS_ME, lambda m: f"{m['c']}"),
    (_MY_COLOUR, lambda m: f"My favourite colour is {m['c']}"),
    (_NEVER_GETS_OLD, lambda m: f"My favourite {_kind(m)} is {m['t']}"),
    (_THEY_ARE_IT, lambda m: re.sub(r"[\s,]*(?:\b(?:and|so|but)\s*)?$", "",
                                    m.string[m.start():m.start("tail")])
     + f". My favourite {_kind(m)} is {m['t']}"),
)


def favourites_plainly(text: str) -> str:
    """``text`` with each everyday way of naming a favourite said as "my favourite X";
    unchanged when it has none."""
    return rewritten(text, _FAVOURITES)
