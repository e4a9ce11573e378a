"""An answer about the user that leaves out the memory it was handed.

A question about the user carries the memories that answer it (the memory hint). A small
model still answers "Who is my sister?" with "You are your sister." or "Is there anything
I'm allergic to?" with "Yes, there is something you are allergic to.": the remembered
value is missing. Then the memory itself, said to the user, is the answer ("Your sister is
called Ana."). An answer that gives the value in any words stays as it is.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from kai_desktop.core.chat.asked import QUESTION_STEMS, asked_slots, asks_for_advice
from kai_desktop.core.chat.context import address_user
from kai_desktop.core.memory.informal import standard_spelling
from kai_desktop.core.memory.key_words import canonical_key
from kai_desktop.core.memory.text_match import content_stems
from kai_desktop.core.memory.user_sentences import question_asked

_FACT_FRAME: Final = frozenset(content_stems(
    "the user user's users is are was were called named has have works lives drives plays "
    "speaks goes favourite"
))
"""The words every memory's sentence is built with, which name no value."""


def _value_stems(fact: str, question: str) -> set[str]:
    return content_stems(fact) - content_stems(question) - _FACT_FRAME


def answer_from_memory(answer: str, question: str, hint: Sequence[str]) -> str:
    """``answer``, or the first hinted memory said to the user when the answer gives none
    of the hinted memories' values."""
    if not hint or not answer.strip():
        return answer
    # "whats my fav color?" answered "Whats your fav color is orange.": read both written out
    question, said = standard_spelling(question), standard_spelling(answer)
    if (_asks_back(said) or _YOU_REMEMBER.match(said) or echoes_question(said, question)
            or _restates_question(said, question)
            or _mirrors_question(said, question) or _speaks_as_user(said, question, hint[0])
            or _names_user_as(said, hint[0]) or _negates(said, question, hint[0])
            or _GARBLED.search(said)):
        return address_user(hint[0])
    given = content_stems(said)
    values = [_value_stems(fact, question) for fact in hint]
    if not values[0] or any(v & given for v in values):
        return answer
    return address_user(hint[0])


def _asks_back(answer: str) -> bool:
    """"Where do you work at Dulce Vida?" for "Where do I work?": the question handed back
    (with the value in it), which answers nothing; the memory said plainly does."""
    return answer.rstrip().endswith("?")


_GARBLED: Final = re.compile(r"\b[a-z]+_[a-z_]+\b|^\s*your\s+(?:main\s+[a-z]+s|original\s+from)\b",
                             re.I)
""""Your home_city is Hyderabad.": a memory's key copied into the answer; "Your main
collects ..." ("main" is "I" in Hinglish), "Your original from Satara.": the question's
words garbled. The memory said plainly reads better."""
_YOU_REMEMBER = re.compile(r"^\s*you (?:remember|recall)\b", re.I)
""""You remember you live in Nottingham." for "Remind me, where do I live?": the request
to remind turned into the answer's subject; the memory said plainly is the answer."""

_ECHO = re.compile(r"^\s*(?P<q>(?:what|which|where|when|who|how)\b[^.!?]*?)\s+(?:is|are|was|"
                   r"called|named)\b", re.I)


def echoes_question(answer: str, question: str) -> bool:
    """"What colour do you like best is Purple.", "When your birthday is June 3rd.": the
    user's question turned into the start of a statement (a small model copying the form
    of an earlier answer); the memory said plainly is the better answer."""
    match = _ECHO.match(answer)
    if match is None:
        return False
    echoed = content_stems(match.group("q"))
    return bool(echoed) and echoed <= content_stems(question) | _PRONOUNS


_WHAT_DO_I = re.compile(r"^\s*what (?:do i|i) (?P<rest>[^?]+?)\s*\?*\s*$", re.I)


def _mirrors_question(answer: str, question: str) -> bool:
    """"You do for a living as a project manager." for "What do I do for a living?", "You
    do on Sundays you are going to the pool." for "What I do on Sundays?": the question
    turned round word for word, then the value hung on with "as", "is" or a new clause."""
    match = _WHAT_DO_I.match(question)
    if match is None:
        return False
    mirrored = r"^\s*you\s+" + r"\s+".join(map(re.escape, match.group("rest").split()))
    return re.match(mirrored + r",?\s+(?:as|is|are|was|you)\b", answer, re.I) is not None


_NEGATION = re.compile(r"\b(?:not|never|no longer|\w+n't)\b", re.I)
_WH_QUESTION = re.compile(r"^\s*(?:what|which|where|who|whom|when|how)\b", re.I)


def _negates(answer: str, question: str, fact: str) -> bool:
    """"You do not work as a chef." for "What do I do for work?" with "The user works as
    a chef.": a small model copying the "not" of another memory into an answer the memory
    gives plainly."""
    return (bool(_WH_QUESTION.match(question)) and not _NEGATION.search(question)
            and bool(_NEGATION.search(answer)) and not _NEGATION.search(fact))


_AS_USER = re.compile(
    r"^\s*(?:(?:yes|no)\b,?\s+)?(?:i|i'm|i am|i've|my)\s+(?!think|believe|remember|recall|"
    r"see|know|don't know|do not know|can|could|will|would|'ll|am not sure|'m not sure)"
    r"(?P<rest>[^.!?]*)", re.I)


def _speaks_as_user(answer: str, question: str, fact: str) -> bool:
    """"No, I do not eat meat." for "Do I eat meat?": the answer says the user's fact in
    the user's own first person, as if the assistant were the user (a small model copying
    the question's "I", or the memory's third person turned into "I"); the memory said to
    the user is the answer."""
    said = _AS_USER.match(answer)
    if said is None or not _ABOUT_USER.search(question):
        return False
    asked = (content_stems(question) - QUESTION_STEMS) | _value_stems(fact, question)
    return bool(asked & content_stems(said.group("rest")))


_YOU_ARE = re.compile(r"^\s*(?i:you are|you're|i am|i'm)\s+(?i:called\s+|named\s+)?"
                      r"(?P<name>[A-Z][\w'-]+)")


def _names_user_as(answer: str, fact: str) -> bool:
    """"You are Otieno." for "Who's my husband?" with "The user's husband is called
    Otieno.": the name of someone the user knows given as the user's own."""
    match = _YOU_ARE.match(answer)
    if match is None:
        return False
    name = match.group("name")
    return (re.search(r"\b" + re.escape(name) + r"\b", fact) is not None
            and re.search(r"\bthe user (?:is|is called|'s name is)\s+" + re.escape(name), fact,
                          re.I) is None
            and not fact.casefold().startswith("the user's name"))


_AS_ASKED: Final = {"you": "i", "your": "my", "yours": "mine", "are": "am"}


def _opening(text: str) -> list[str]:
    words = re.findall(r"[a-z']+", text.casefold())[:3]
    return [_AS_ASKED.get(w, w) for w in words]


def _restates_question(answer: str, question: str) -> bool:
    """"Which food am you allergic to Shellfish? Sushi.": the user's question said again
    with more in it, before an answer of its own; the memory said plainly is the answer."""
    match = _LEADING_QUESTION.match(answer)
    asked = _opening(question)
    return match is not None and len(asked) == 3 and _opening(match.group(1)) == asked


_LEADING_QUESTION = re.compile(r"^\s*([^.!?]*\?)\s+(?=\S)")
_PRONOUNS: Final = frozenset(content_stems("you your yours you're"))


def without_echoed_question(answer: str, question: str) -> str:
    """"Which colour do you like best? Orange." -> "Orange.": a small model that repeats
    the user's question (in the second person) before answering it; only a question made
    of the user's own words is dropped."""
    match = _LEADING_QUESTION.match(answer)
    if match is None:
        return _said_back_dropped(answer, question)
    echoed = content_stems(match.group(1))
    if not echoed or not echoed <= content_stems(question) | _PRONOUNS:
        return answer
    return _opening_dropped(answer, match)


def _said_back_dropped(answer: str, question: str) -> str:
    """"Whit month's ma birthday in October." -> "October.": the question said back word for
    word without its question mark, then the answer; kept whole when what follows reads on
    as a clause ("... is in October")."""
    asked = question.strip().rstrip("?!. ").strip()
    if len(asked.split()) < 3 or not answer.casefold().startswith(asked.casefold()):
        return answer
    rest = answer[len(asked):]
    if not re.match(r"[\s,:;-]+\w", rest) or re.match(
            r"[\s,:;-]+(?:is|are|was|were|am|it|that|and|but|or|to|so)\b", rest, re.I):
        return answer
    rest = rest.lstrip(" ,:;-")
    return rest[:1].upper() + rest[1:]


def _opening_dropped(answer: str, opening: re.Match[str]) -> str:
    """``answer`` after its ``opening``, starting with a capital."""
    rest = answer[opening.end():]
    return rest[:1].upper() + rest[1:]


_SOURCE_PREAMBLE = re.compile(
    r"^\s*(?:based on|from) (?:the|my|your) (?:information|details|notes?|memories|memory|"
    r"memory hints?|context|data)"
    r"(?: (?:provided|given|available|i have|shared))?(?: (?:in|from|by) (?:the|my|your) "
    r"[\w' ]{1,40}?)?(?:\s*[\"“][^\"”]{0,200}[\"”]\s*,?|\s*,)\s*(?=\S)",
    re.I,
)


def without_source_preamble(answer: str) -> str:
    """"Based on the information provided in the daily note, your birthday is 19 November."
    -> "Your birthday is 19 November.": the prompt's notes are Kai's own memory, not a
    document the user handed over."""
    match = _SOURCE_PREAMBLE.match(answer)
    return answer if match is None else _opening_dropped(answer, match)


NOT_KNOWN: Final = "I don't know that yet. Tell me and I'll remember it."
_OPENERS: Final = frozenset({"You", "Your", "You're", "I", "I'm", "My", "Yes", "No", "The"})


def unknown_answer(answer: str, question: str, memories: Sequence[tuple[str, str]],
                   *, assistant: str = "Kai") -> str:
    """``answer``, or an honest "not yet" when the question asks for something no memory
    holds and the answer gives a name from another memory or the assistant's own ("Who am
    I married to?" answered "You are married to Keiko." with only a sister called Keiko;
    "What am I called?" answered "You are Kai ...")."""
    question = question_asked(standard_spelling(question))  # not the statement before it
    if (not question.rstrip().endswith("?") or not _ABOUT_USER.search(question)
            or _UNSURE.search(answer) or asks_for_advice(question)):
        return answer
    slots = asked_slots(question)
    if not slots or any(canonical_key(key) in slots for key, _ in memories):
        return answer
    asked = set(re.findall(r"\b[A-Z][\w'-]+", question))
    names = set(re.findall(r"\b[A-Z][\w'-]+", answer)) - _OPENERS - asked
    known = {w for _, fact in memories for w in re.findall(r"\b[A-Z][\w'-]+", fact)}
    if names & (known | {assistant}):
        return NOT_KNOWN  # a name borrowed from a memory about something else
    # A slot nothing holds: a value no memory has is made up ("You play the guitar.")
    said = content_stems(answer) - content_stems(question) - _ANSWER_FRAME
    remembered = set().union(*(content_stems(fact) for _, fact in memories))
    return NOT_KNOWN if said and not said & remembered else answer


_UNSURE: Final = re.compile(r"\b(?:not sure|don't know|do not know|no idea|haven't told|"
                            r"have not told|not told|don't remember)\b", re.I)
_ABOUT_USER: Final = re.compile(r"\b(?:i|i'm|my|me|mine|am i|our|we|us)\b", re.I)
_ANSWER_FRAME: Final = frozenset(content_stems(
    "you your you're are were have has is was called named the user favourite"))
