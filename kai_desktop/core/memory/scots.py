"""Scots, as Glaswegians and others write it, read as the English the capture rules know.

"Ah'm a postie", "Ah stay in Paisley", "ma man", "a wee dug cried Boaby", "Ah cannae eat
gluten", "Ah'm a dog groomer the noo", "Whit's the dug cried?", "Where am Ah fae
originally?", "We've flitted tae Dundee", "learnin", "mornin". A message is read as Scots
only when it has two words found only in Scots ("cannae", "fae", "tae", "whit", "dae",
"noo", "Ah'm" ...), so English ("Ah, I see", "my ma's bobotie", "a fae in a story") is left
as it was; within Scots, each word is replaced by its English one, and a few set phrases
("the noo", "ma man", "an aw") by theirs.

Written by hand for the same reason as :mod:`pidgin`: the words are few and exact, and a
translation model would need weights this app does not ship.
"""

from __future__ import annotations

import re
from functools import partial
from typing import Final

_NEVER_ENGLISH: Final = frozenset({
    "whit", "cannae", "didnae", "dinnae", "disnae", "wisnae", "isnae", "wouldnae", "couldnae",
    "willnae", "havnae", "hasnae", "ah'm", "ah've", "ah'll", "ah'd", "intae", "aboot", "doon",
    "hame", "hoose", "noo", "masel", "yersel", "tellt", "flitted", "oan", "naebody", "wumman",
    "doonstairs"})
"""Scots words that are no English word: one is enough to read a message as Scots."""
_ONLY_SCOTS: Final = frozenset({
    "fae", "tae", "oot", "mair", "naw", "nae", "wis", "dae", "auld", "dug", "afore", "weans",
    "wean", "ower", "wi", "cried", "oor", "aff", "hauf", "hunner", "ain"})
"""Scots words that are also a name or a rare English word ("Fae", "Wis."): two are."""
_WORD: Final = re.compile(r"[A-Za-z]+(?:['’][a-z]+)?")

_PHRASES: Final[tuple[tuple[str, str], ...]] = (
    (r"the noo", "now"), (r"the day", "today"), (r"the night", "tonight"),
    (r"the morra", "tomorrow"), (r"an aw", "too"), (r"ma man", "my husband"),
    (r"ma wife", "my wife"), (r"ma maw", "my mum"), (r"ma da", "my dad"),
    (r"flitted tae", "moved to"), (r"flitted", "moved"), (r"packed in", "quit"),
    (r"chucked", "quit"), (r"fur a livin", "for a living"),
    (r"apart fae", "apart from"), (r"born an bred", "born and bred"),
)
_WORDS: Final[dict[str, str]] = {
    "ah'm": "I'm", "ah've": "I've", "ah'll": "I'll", "ah'd": "I'd", "ma": "my", "ye": "you",
    "yer": "your", "oan": "on", "aw": "all", "fur": "for", "fae": "from", "tae": "to",
    "intae": "into", "oot": "out", "doon": "down", "aboot": "about", "roon": "round",
    "hame": "home", "hoose": "house", "mair": "more", "nae": "no", "naw": "no",
    "cannae": "can't", "didnae": "didn't", "dinnae": "don't", "disnae": "doesn't",
    "wisnae": "wasn't", "isnae": "isn't", "wouldnae": "wouldn't", "couldnae": "couldn't",
    "willnae": "won't", "havnae": "haven't", "hasnae": "hasn't", "wis": "was", "dae": "do",
    "afore": "before", "wi": "with", "o": "of", "wan": "one", "auld": "old", "dug": "dog",
    "whit": "what", "whit's": "what's", "cried": "called", "toon": "town", "maw": "mum",
    "weans": "children", "wean": "child", "ower": "over", "masel": "myself", "tellt": "told",
    "nicht": "night", "windae": "window", "naethin": "nothing", "somethin": "something",
    "oor": "our", "ain": "own", "aff": "off", "hauf": "half", "hunner": "hundred",
    "wumman": "woman", "naebody": "nobody", "doonstairs": "downstairs", "hale": "whole",
    "everythin": "everything", "anythin": "anything", "nothin": "nothing",
}
_PHRASE: Final = [(re.compile(r"\b" + said + r"\b", re.IGNORECASE), english)
                  for said, english in _PHRASES]
_SCOTS_WORD: Final = re.compile(r"\b(?:" + "|".join(sorted(_WORDS, key=len, reverse=True))
                                + r")\b(?!['’])", re.IGNORECASE)
_AH: Final = re.compile(r"\bAh\b(?!\s*[,!.])")
""""Ah" for "I" ("Ah stay in Paisley"), not the "Ah," that opens "Ah, I see"."""
_TOO: Final = re.compile(r"\btae(?=\s*[,.!;]|\s*$)", re.IGNORECASE)
""""Ah've chucked the Nescafé tae": a "tae" that ends a clause is "too"."""
_AND: Final = re.compile(r"\b([Aa])n(?=\s+(?:[b-df-hj-np-tv-zB-DF-HJ-NP-TV-Z]|(?:Ah|aw|a|in|on|at|"
                         r"it|it's|if|I|I'm|I've|I'd|I'll|oan|oot|aff)\b))")
""""an" before a consonant, "Ah" or a word no article stands before ("an in Paisley"):
"and"."""
_NO: Final = re.compile(r"\b((?:I'm|it's|he's|she's|that's|was|is|are|wis)\s+)no\b(?!\s*[,.!?])",
                        re.IGNORECASE)
""""Ah'm no fae Paisley", "It's no the bonniest": "no" before what it denies is "not"."""
_NOT_DROPPED: Final = frozenset({
    "cousin", "basin", "raisin", "violin", "margin", "toxin", "begin", "within", "cabin",
    "origin", "satin", "muffin", "penguin", "coffin", "pumpkin", "napkin", "robin", "bulletin",
    "insulin", "aspirin", "vermin", "resin", "tannin", "admin", "puffin", "dolphin", "goblin",
    "javelin", "mandolin", "moccasin", "gratin", "cumin"})
_DROPPED_G: Final = re.compile(r"\b([a-z]{2,}[b-df-hj-np-tv-z])in\b")
""""learnin", "mornin", "groomin": the "g" a Scots "-ing" drops."""


def is_scots(text: str) -> bool:
    """Whether ``text`` has a word found only in Scots ("whit", "cannae"), or two that are
    Scots more often than anything else ("fae", "dug"; "Ah" for "I" is one)."""
    words = {w.casefold().replace("’", "'").removesuffix("'s") for w in _WORD.findall(text)}
    if words & _NEVER_ENGLISH:
        return True
    return len(words & _ONLY_SCOTS) + (1 if _AH.search(text) else 0) >= 2


def _english(m: re.Match[str]) -> str:
    return _in_case(_WORDS[m.group(0).casefold().replace("’", "'")], m)


def _in_case(english: str, m: re.Match[str]) -> str:
    """``english`` for the Scots ``m``, with its capital if the Scots had one."""
    return english[:1].upper() + english[1:] if m.group(0)[:1].isupper() else english


def _with_g(m: re.Match[str]) -> str:
    word = m.group(0)
    return word if word in _NOT_DROPPED else word + "g"


def standard_from_scots(text: str) -> str:
    """``text`` with its Scots words in English; unchanged when it is not Scots."""
    if not is_scots(text):
        return text
    out = text.replace("’", "'")
    for pattern, english in _PHRASE:
        out = pattern.sub(partial(_in_case, english), out)
    out = _TOO.sub("too", out)
    out = _AND.sub(lambda m: "And" if m.group(1) == "A" else "and", out)
    out = _NO.sub(r"\1not", _SCOTS_WORD.sub(_english, out))
    out = _AH.sub("I", out)
    return _DROPPED_G.sub(_with_g, out)
