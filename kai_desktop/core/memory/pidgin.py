"""Nigerian Pidgin read as the standard English it means, before the capture rules and the
memory hint look at a message.

Tens of millions of people write to a computer the way they speak: "I be radiographer for
Garki Hospital", "My favourite colour na wine", "I don leave Garki Hospital", "Now na zobo I
dey drink every morning", "Wetin be my dog name?". The grammar is regular: "na" and "be" are
"is" and "am", "dey" marks what goes on ("I dey drive one old Peugeot"), "don" what has
happened ("I don start work"), "for" is "at" or "in", and a verb is not marked for the past
("I grow up for Enugu"). The rules are written for the standard wording, so those
constructions are rewritten to it. Only a message that uses a word of Pidgin is touched;
standard English is left exactly as it was.

Written by hand: no maintained package translates Pidgin offline, and the constructions
the rules need are few and unambiguous.
"""

from __future__ import annotations

import re
from typing import Final

_I_BE: Final = (r"(?<!\bcan )(?<!\bwill )(?<!\bwould )(?<!\bshould )(?<!\bcould )"
                r"(?<!\bshall )(?<!\bmay )(?<!\bmight )(?<!\bmust )(?<!\bto )(?<!\bif )"
                r"(?<!\bdo )(?<!\bdid )(?<!\bwhy )(?<!\bwhat )I\s+be")
""""I be" as Pidgin's "I am"; after a modal or "if" ("Can I be honest?") it is English."""
_NO_VERBS: Final = "dey|be|fit|wan|sabi|get|go|like|know|gree|send|care|eat|drink|take"
_MARKERS: Final = re.compile(
    r"\b(?:dey|wetin|abeg|sabi|comot|wahala|oya|jare|sef|wey|(?:chai|omo)(?=[,!])|"
    r"don (?:dey|"
    r"start|leave|stop|change|buy|sell|relocate|move|reach|come|go|finish|quit|get)|"
    r"no be|na (?:my|me|him|her|there|dem|dat|wetin|im)|" + _I_BE + r"|I no (?:" + _NO_VERBS
    + r"))\b",
    re.I)
"""Words and constructions that only Pidgin has: one is enough to read a message as it."""
_COPULA_AFTER_MY: Final = re.compile(
    r"\b((?:[Mm]y|[Oo]ur)\s+(?:[a-z]+\s+){0,2}?[a-z]+)\s+na\s+(?=\S)")
_NA_MY: Final = re.compile(r"\b(?<![Nn]a )([A-Za-z]+)\s+na\s+(my|our)\b")
_NA_FIRST: Final = re.compile(r"(^|[.!?]\s+)Na\s+(my|our)\b")
_CLEFT: Final = re.compile(r"\b[Nn]a\s+((?:(?!and\b|but\b|so\b)[A-Za-z-]+\s+){0,2}?"
                          r"(?!and\b|but\b|so\b)[A-Za-z-]+)\s+I\s+dey\s+([a-z]+)")
""""Now na zobo I dey drink every morning": it is zobo I drink."""
_PAST: Final[dict[str, str]] = {
    "leave": "left", "start": "started", "stop": "stopped", "relocate": "relocated",
    "move": "moved", "buy": "bought", "sell": "sold", "change": "changed", "quit": "quit",
    "begin": "began", "marry": "married", "finish": "finished", "get": "got",
    "retire": "retired", "switch": "switched", "join": "joined", "resign": "resigned",
    "become": "became", "reach": "reached", "grow": "grew", "learn": "learnt",
}
_DONE: Final = re.compile(r"\b(I|[Ww]e|[Ss]he|[Hh]e|[A-Z][a-z]+)\s+(?:don|have)\s+(" +
                          "|".join(_PAST) + r")\b")
_BOUGHT: Final = re.compile(r"\b(buy|give)\s+(me|us)\s+(?!an?\b|the\b|my\b)(?=[A-Z])")
_STATE: Final = (r"allergic|sick|tired|happy|fine|busy|married|single|pregnant|based|"
                 r"vegetarian|vegan|diabetic|from")
_NOT: Final = re.compile(r"\bI\s+no\s+(?:dey\s+)?(?!be\b|longer\b|more\b|way\b|doubt\b)([a-z]+)")
_NOT_BE: Final = re.compile(r"\bI\s+no\s+be\s+(.+?)\s+again\b")
_GOING_ON: Final = re.compile(r"\b(I|[Ww]e)\s+dey\s+(" + _STATE + r"|learn|study|take|do|"
                              r"stay|live|work|[a-z]+)\b")
_AT_NAMED: Final = re.compile(r"\b(as|am|is)\s+((?:an?\s+)?[a-z]+)\s+for\s+(?=[A-Z])")
_WORDS: Final = ((re.compile(r"\bwetin\b", re.I), "what"),
                 (re.compile(r"\b((?i:what|who|where|when|which(?: [a-z]+)?))\s+be\b"), r"\1 is"),
                 (re.compile(_I_BE + r"\b"), "I am"),
                 (re.compile(r"\b([Ww]e)\s+be\b"), r"\1 are"),
                 (re.compile(r"\b(grow|grew)\s+up\s+for\b"), "grew up in"),
                 (re.compile(r"\bI\s+grow\s+up\b"), "I grew up"),
                 (re.compile(r"\b(?:dey\s+)?(?:stay|live)\s+for\b"), "live in"),
                 (re.compile(r"\bI\s+must\s+(drink|have|eat)\s+my\b"), r"I \1"),
                 (re.compile(r"\b[Nn]a\s+me\s+dey\s+(?=[a-z])"), "I "),  # "na me dey play"
                 (re.compile(r"\b(is|am)\s+for\s+(?=(?:January|February|March|April|May|June|"
                             r"July|August|September|October|November|December)\b)"), r"\1 in "),
                 (re.compile(r"\b(my|our)\s+(husband|wife|sister|brother|dog|cat|mama|papa|"
                             r"son|daughter|cousin|friend|nephew|niece)\s+name\b", re.I),
                  r"\1 \2's name"),
                 (re.compile(r"\b(drive|get|have|buy|bought)\s+one\s+(?=[a-z])"), r"\1 a "),
                 (re.compile(r"\s+(?:small small|well well|sha|sef|o)(?=\s*(?:[!.,?]|$|"
                             r"because\b|and\b|but\b))"), ""),
                 (re.compile(r"^(?:abeg,?|oya,?|chai[,!]|omo[,!])\s+", re.I | re.M), ""))


def _going_on(m: re.Match[str]) -> str:
    subject, verb = m.group(1), m.group(2).lower()
    be = "am" if subject == "I" else "are"
    if re.fullmatch(_STATE, verb):
        return f"{subject} {be} {verb}"
    if verb in ("learn", "study", "take", "do"):
        return f"{subject} {be} {verb[:-1] if verb.endswith('e') else verb}ing"
    return f"{subject} {verb}"


def in_pidgin(text: str) -> bool:
    """Whether ``text`` uses a word or construction only Pidgin has."""
    return bool(_MARKERS.search(text) or _COPULA_AFTER_MY.search(text)
                or _NA_MY.search(text) or _NA_FIRST.search(text))


def standard_from_pidgin(text: str) -> str:
    """``text`` with its Pidgin constructions written in standard English; unchanged when
    it has none."""
    if not in_pidgin(text):
        return text
    out = _CLEFT.sub(r"I \2 \1", text)
    out = _NA_FIRST.sub(r"\1It is \2", out)
    out = _COPULA_AFTER_MY.sub(r"\1 is ", out)
    out = _NA_MY.sub(r"\1 is \2", out)
    out = _NOT_BE.sub(r"I am not \1 anymore", out)
    out = _DONE.sub(lambda m: f"{m.group(1)} {_PAST[m.group(2)]}", out)
    out = _BOUGHT.sub(lambda m: ("bought" if m[1] == "buy" else "gave") + f" {m[2]} a ", out)
    out = _NOT.sub(r"I don't \1", out)
    for pattern, written in _WORDS:
        out = pattern.sub(written, out)
    out = re.sub(r"\bI\s+dey\s+(?=[A-Z])", "I live in ", out)
    out = _GOING_ON.sub(_going_on, out)
    out = _AT_NAMED.sub(r"\1 \2 at ", out)
    return re.sub(r"\s{2,}", " ", out).strip()
