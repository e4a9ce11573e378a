"""Jamaican English and Patois read as the standard English it means, before the capture
rules and the memory hint look at a message.

Jamaicans write as they speak, between English and Patois: "Mi name Shanique", "mi live inna
Montego Bay", "Mi a learn Haitian Creole now", "mi nuh eat pork", "Mi favourite film a Cool
Runnings", "Bammy a mi cat", "mi have a dog name Duppy", "Mi turn 29 pon di 6th a February".
The grammar is regular: "mi" is "I", "my" or "me" by where it stands (before a verb, before
a noun, after a verb or preposition), "a" before a verb marks what goes on and between two
things is "is", "di" is "the", "pon" "on", "inna" "in", "wid" "with", "nuh" "not", "cyaan"
"can't", "fi" "for", "seh" "say" or "that", and a verb is not marked for the past. Only a
message with at least two words that only Patois has is touched; English is left exactly as
it was.

Written by hand for the same reason as :mod:`pidgin`: no maintained package translates
Patois offline, and the constructions the rules need are few and regular.
"""

from __future__ import annotations

import re
from functools import partial
from typing import Final

_MARKERS: Final = re.compile(
    r"\b(?:mi|di|dem|pon|inna|nuh|cyaan|seh|yuh|likkle|deh|haffi|wid|wah gwaan|mek|nah|"
    r"bout|tings?|dat|coulda|bawl|wha|weh)\b", re.I)
_WORDS: Final = (
    (r"di", "the"), (r"pon", "on"), (r"inna", "in"), (r"wid", "with"), (r"cyaan", "can't"),
    (r"likkle", "little"), (r"bout", "about"), (r"tings", "things"), (r"ting", "thing"),
    (r"yuh", "you"), (r"dat", "that"), (r"haffi", "have to"), (r"nuh", "don't"),
    (r"nah", "won't"), (r"fi", "for"), (r"wha", "what"), (r"weh", "where"),
)
_WORD: Final = [(re.compile(r"(?<![\w'’])" + w + r"(?![\w'’])", re.I), s) for w, s in _WORDS]
_VERBS: Final = (
    "live|work|drive|play|speak|collect|love|like|have|need|do|grow|turn|know|want|pack|move|"
    "finish|stop|sell|catch|just|always|never|originally|allergic|a|deh|nearly|coulda|go|reach|"
    "start|paint|tell|call|eat|drink|feel|make|get|come|gone|try|learn|study|teach|still|also|"
    "only|really|cook|buy|use|seh|don't|can't|won't|did|was|mash|grew|am|miss|keep|ride|be|"
    "follow|come|\\w+ing"
)
_NOUNS: Final = (
    "name|cousin|sister|brother|mother|father|mum|mom|dad|granny|grandmother|boyfriend|"
    "girlfriend|husband|wife|partner|dog|cat|favourite|favorite|memory|bedroom|room|car|job|"
    "co-worker|coworker|friends?|belly|face|birthday|training|cup|spirit|new|own|old|"
    "family|house|place|small|netball|team|church|school|daughter|son|kids|baby|life|"
    "auntie|uncle|nephew|niece|best"
)
_AFTER_ME: Final = (r"call|remind|tell|give|mek|help|for|with|to|love|carry|about|like|than|"
                    r"on|from|ask|show|let|make|hear|see|leave|miss|pay|send|teach")
_MI_FIRST: Final = re.compile(r"\b[Mm]i\s+(?:" + _VERBS + "|" + _NOUNS + r")\b")
_MI: Final = re.compile(r"(?<![\w'’])(?P<m>[Mm]i)(?![\w'’])")
_PROGRESSIVE: Final = re.compile(r"\bI a (?P<v>learn|study|try|work|live|drive|teach|go|take|"
                                 r"look|plan|save|train|talk|cook|do)\b")
_I_A: Final = re.compile(r"\bI a\b")
_NAME_IS: Final = re.compile(r"\b([Mm]y name)\s+(?=[A-Z])")
_PET_NAMED: Final = re.compile(r"\b(dog|cat|puppy|kitten|parrot)\s+name\s+(?=[A-Z])")
_KIND_IS: Final = re.compile(r"\b((?:[Ff]avou?rite|[Ff]avorite)\s+[a-z]+)\s+a\s+(?=\S)")
_NAME_A_MY: Final = re.compile(r"(^|[.!?]\s+|,\s+)([A-Z][a-z]+)\s+a\s+(?=my\b)")
_THAT_IS: Final = re.compile(r"\b[Aa] that a\b")
_DAY_IS: Final = re.compile(r"\b((?:[Ee]very|[Oo]n)\s+[A-Z][a-z]+day(?:\s+(?:morning|afternoon|"
                            r"evening|night))?)\s+a\s+(?P<a>[a-z]+)")
_NOW_A: Final = re.compile(
    r"\b([Nn]ow)\s+a\s+(?=[a-z]+(?:\s+[a-z]+)?\s+(?:tea|coffee|juice|every)\b)")
_IM: Final = re.compile(r"\bI (?=(?:originally|allergic)\b)")
_ORDINAL_OF: Final = re.compile(r"\b(\d{1,2}(?:st|nd|rd|th))\s+a\s+(?=[A-Z][a-z]+)")
_SINCE_SMALL: Final = re.compile(r"\b[Ff]rom my small\b")
_PAST: Final = {"turn": "turned", "move": "moved", "pack": "packed", "grow": "grew",
                "finish": "finished", "sell": "sold", "stop": "stopped", "paint": "painted",
                "catch": "caught"}
_PAST_VERB: Final = re.compile(r"\bI (?:just |finally )?(" + "|".join(_PAST) + r")\b")
_MOVE_BEFORE: Final = re.compile(r"\bmove to\b(?=[^.!?]*\b(?:last|ago)\b)")
""""move to Kingston last month": a verb is not marked for the past."""
_THE_PET_NAME: Final = re.compile(r"\b[Dd]i (dog|cat|puppy|kitten) name\b")
""""Wha di dog name?": the user's own pet, asked for or named."""
_ASKED_WITHOUT_DO: Final = re.compile(
    r"\b(What|Where|When|Which \w+|What \w+) I (?=(?:live|work|do|drink|speak|follow|drive|play|"
    r"collect|come|eat)\b[^.!?]*\?)")
""""Where mi work now?": a question asked without "do"."""
_LOSE_CROWN: Final = re.compile(r"\blose (?:it|its|him|her) crown\b")
_DEH_AT: Final = re.compile(r"\bI deh at (?=[A-Z][^.!?]*\b(?:shift|work|job|hospital|school)\b)")


def in_patois(text: str) -> bool:
    """Whether ``text`` has two different words that only Patois has, or "mi" before a verb
    or a noun ("Mi pack up everything", "Which city mi living in now?")."""
    return (len({m.group(0).casefold() for m in _MARKERS.finditer(text)}) >= 2
            or _MI_FIRST.search(text) is not None)


def _as_cased(written: str, m: re.Match[str]) -> str:
    """``written`` with the capital the word it stands for had ("Di" -> "The")."""
    return written.capitalize() if m.group(0)[:1].isupper() else written


_WINDOW: Final = 40
"""How far either side of "mi" the word before and after it are looked for."""


def _mi(m: re.Match[str]) -> str:
    """"mi" as "me" after a verb or preposition, "my" before a noun, "I" before a verb."""
    text = m.string
    # the words either side, from a short window: slicing the whole text at every "mi"
    # made a long message quadratic
    before = re.search(r"([A-Za-z']+)\W*$", text[max(0, m.start() - _WINDOW):m.start()])
    after = re.match(r"\W*([A-Za-z'-]+)", text[m.end():m.end() + _WINDOW])
    word_after = after.group(1).casefold() if after else ""
    if before and re.fullmatch(_AFTER_ME, before.group(1).casefold()) and not (
            re.fullmatch(_NOUNS, word_after)):
        return "me"
    if re.fullmatch(_NOUNS, word_after):
        return "My" if m.group("m") == "Mi" else "my"
    if re.fullmatch(_VERBS, word_after) or not word_after:
        return "I"
    return "My" if m.group("m") == "Mi" else "my"


def standard_from_patois(text: str) -> str:
    """``text`` with its Patois constructions written in standard English; unchanged when
    it has none."""
    if not in_patois(text):
        return text
    out = _THE_PET_NAME.sub(r"mi \1 name", text)
    for pattern, written in _WORD:
        out = pattern.sub(partial(_as_cased, written), out)
    out = _MI.sub(_mi, out)
    out = re.sub(r"\b(\w+) dem\b", r"\1", out)  # "di visitors dem": the plural
    out = _PROGRESSIVE.sub(lambda m: f"I am {m['v']}ing", out)
    out = _I_A.sub("I am a", out)
    out = _NAME_IS.sub(r"\1 is ", out)
    out = _PET_NAMED.sub(r"\1 named ", out)
    out = _KIND_IS.sub(r"\1 is ", out)
    out = _NAME_A_MY.sub(r"\1\2 is ", out)
    out = _THAT_IS.sub("that is", out)
    out = _DAY_IS.sub(lambda m: f"{m.group(1)} I play {m['a']}", out)
    out = _NOW_A.sub(r"\1 it's ", out)
    out = _ORDINAL_OF.sub(r"\1 of ", out)
    out = _SINCE_SMALL.sub("since I was small", out)
    out = _PAST_VERB.sub(lambda m: m.group(0).replace(m.group(1), _PAST[m.group(1)]), out)
    out = _LOSE_CROWN.sub("has been dethroned", _MOVE_BEFORE.sub("moved to", out))
    out = _ASKED_WITHOUT_DO.sub(r"\1 do I ", _IM.sub("I'm ", out))
    return _DEH_AT.sub("I work at ", out)
