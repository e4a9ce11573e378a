"""What a question asks about the user: whether it is about them at all, which memory
slots it asks for ("Who am I married to?" -> the spouse's name) and which memories answer
it, so the answer can be checked against them."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from kai_desktop.core.memory.informal import standard_spelling
from kai_desktop.core.memory.routines import ACTIVITIES
from kai_desktop.core.memory.slot_words import BREEDS, PET_KINDS, RELATIVE_WORDS
from kai_desktop.core.memory.text_match import content_stems
from kai_desktop.core.memory.user_sentences import A_QUESTION, question_asked, why_not_a_statement

ABOUT_USER: Final = re.compile(r"\b(?:my|i|me|mine|i'm|am i|our|we|us)\b|"
                                r"^\W*favou?rite\s+[a-z]+(?:\s+(?:right now|now|these days|"
                                r"again|at the moment))?\W*$|"
                                r"\bthe\s+(?:"
                                + PET_KINDS + r")(?:['’]?s name| called| named|['’]s called)\b",
                                re.I)
"""A message about the user: one that says "my", "I" or "me" (or "our", "we": the user's
household, as capture reads them too), asks what "the dog" is called, or asks for a
favourite and no one else's ("fav food rn?")."""
_SIGN_OFF: Final = re.compile(r"\?\s+(?:(?:with |many )?thanks|thank you|cheers|(?:kind |best )?"
                              r"regards|best wishes|love|yours\b[^?]*)\b[^?]{0,40}$", re.I)
""""... the name of our cat? With thanks, Emrys": the question, then how the letter ends."""

QUESTION_STEMS: Final = frozenset(
    {"what", "whic", "who", "whom", "whos", "wher", "when", "why", "how", "tell", "know",
     "reme", "plea", "like", "does", "did", "have", "said", "say", "abou", "remi", "call",
     "agai"}
)
"""Stems of question and request words, which say nothing about a note's topic."""


def answered_by_memory(query: str, memories: Sequence[tuple[str, str]]) -> bool:
    """True when a question about the user ("my", "I", "me") shares its topic words with a
    memory in the prompt ((key, fact) pairs), so that memory, not a note, is the answer."""
    if not ABOUT_USER.search(query):
        return False
    wanted = content_stems(query) - QUESTION_STEMS
    return bool(wanted) and any(wanted & _memory_stems(key, fact) for key, fact in memories)


def _memory_stems(key: str, fact: str) -> set[str]:
    """The topic words of a memory: its key's words and its fact's."""
    return content_stems(f"{key.replace('_', ' ')} {fact}")


_ASKS_FOR: Final[tuple[tuple[re.Pattern[str], str], ...]] = tuple(
    (re.compile(pattern, re.I), key) for pattern, key in (
        # "Which day do I run?": the routine of the activity asked about
        *((rf"\b(?:{verb}|{doing})\b", f"{doing}_routine") for verb, doing in ACTIVITIES.items()),
        (r"\bwhere\b.*\b(?:live|living|based|home|stay|staying)\b|"
         r"\b(?:what|which) (?:town|city)\b.*\b(?:live|living|stay|staying|in now)\b", "home_city"),
        (r"\bwhere\b.*\bfrom\b|\bgrow up\b|\bgrew up\b|\bhometown\b|\bwhere\b.*\bborn\b|"
         r"\broots\b|\bwhere\b.*\b(?:raised|brought up)\b",
         "origin"),
        (r"\b(?:job|profession|occupation|trade|line of work|do for a living|"
         r"what do i do(?= for work|\W*$)|what(?:'s| is)? my work(?! address| phone| email))\b",
         "occupation"),
        (r"\bwhere do i work\b|\bwhere am i working\b|\bemploy(?:er|s)\b|\bwho do i work for\b|"
         r"\bcompany\b|\bwho am i working for\b", "employer"),
        (r"\bhow old\b|\bmy age\b", "age"),
        (r"\bbirthday\b|\bwhen was i born\b|\b(?:month|day|date|year)\b.*\bborn\b", "birthday"),
        (r"\bcar\b|\bdrive\b|\bride\b|\b(?:motor)?bike\b|\bscooter\b|\bget around\b", "vehicle"),
        (r"\bride\b|\bbike\b", "bike"),
        (r"\binstrument\b|\bwhat do i play\b", "plays"),
        (r"^(?!.*\b(?:learn|learning|study|studying|class|classes|lessons?|course|teaching|"
         r"picking up)\b)"
         r".*\b(?:languages?|speak)\b", "languages"),
        (r"\ballerg", "allergy"),
        (r"\bdiet\b|\bdo i eat\b|\bintoleran|\b(?:can't|cannot|can not|don't|do not|never) eat\b|"
         r"\bavoid eating\b", "diet"),
        (r"\bmarried\b|\bhusband\b|\bwife\b|\bspouse\b|\bpartner\b", "spouse_name"),
        (r"\bcollect", "collects"),
        (r"\bstudy|\bstudying\b|\blearn(?:ing)?\b|\bclass(?:es)?\b|\blessons?\b|\bcourse\b|"
         r"\bteaching myself\b|\bpicking up\b",
         "studies"),
        (r"\bmy (?:first |full |given )?name\b|\bwhat am i called\b|\bwho am i\b(?! working)|"
         r"\bwho i am\b|"
         r"\bwhat do (?:people|they|you|friends|most people) call me\b", "name"),
        (r"\b(?:pup|puppy|doggo|pooch)\b", "dog_name"),
        (r"\b(?:kitty|kitten|moggy)\b", "cat_name"),
        (r"\b(?:film|movie)s?\b", "favourite_film"),
        (r"\bdrink(?:ing)?\b", "usual_drink"),
        (r"\bdrink(?:ing)?\b.*\bmorning|\bmorning\b.*\bdrink(?:ing)?\b|\bstart (?:the|my) day\b|"
         r"\b(?:have|take|need|drink)\b.*\b(?:first thing|in the mornings?)\b", "morning_routine"),
        (r"\bfavou?rite (?:dish|meal|feed|thing to eat)\b|\bwhat do i (?:most )?like to eat\b",
         "favourite_food"),
    )
)
"""Questions that ask for a slot in words the slot's fact may not share."""
_SAME_SLOT: Final[dict[str, tuple[str, ...]]] = {
    "spouse_name": ("spouse_name", "husband_name", "wife_name", "partner_name"),
    "climbing_routine": ("climbing_routine", "bouldering_routine"),
}


def asked_slots(query: str) -> set[str]:
    """The memory keys a question asks for in words the memory may not share ("Who am I
    married to?" -> the spouse's keys); empty when it names none."""
    keys = {key for pattern, key in _ASKS_FOR if pattern.search(query)}
    named = _NAME_OF.search(query)  # "What's my canary called?" -> canary_name
    if named and named.group(1).casefold() not in _MARRIED:
        kind = named.group(1).casefold()  # "What's my chihuahua's name?" -> dog_name
        keys.add(f"{BREEDS.get(kind, kind)}_name")
    return {k for key in keys for k in _SAME_SLOT.get(key, (key,))}


_NAME_OF: Final = re.compile(r"\b(?:my|our|the)\s+(?:\w+\s+)?(" + RELATIVE_WORDS + "|" + PET_KINDS
                             + r")(?:'s name| called| named|'s called)\b", re.I)
_MARRIED: Final = frozenset({"husband", "wife", "partner", "spouse"})


_TIME_STEMS: Final = frozenset(content_stems(
    "morning mornings afternoon afternoons evening evenings night nights weekend weekends "
    "day days week weekly monday mondays tuesday tuesdays wednesday wednesdays thursday "
    "thursdays friday fridays saturday saturdays sunday sundays"))


_ADVICE: Final = re.compile(r"^\s*(?:how (?:do|can|should|could) (?:i|we)(?! (?:take|like|have|"
                            r"drink) (?:my|our)\b)|(?:what|where|which|when|"
                            r"who)\b[^?]*\bshould (?:i|we)|should (?:i|we))\b", re.I)
"""Advice asked for ("How do I charge it at home?", "What should I get my wife?"): no
question about what the user has said ("How do I take my coffee?" is one)."""


def asks_for_advice(query: str) -> bool:
    """"How do I charge it at home?", "What should I get my wife?": advice asked for."""
    return bool(_ADVICE.match(query))


_ASKED_WITHIN: Final = re.compile(
    r"\b(?:what(?:'s|s)?|where(?:'s|s)?|when(?:'s|s)?|which|who(?:'s|s)?|how)\b[^?]*$", re.I)


def spoken_question(text: str) -> str:
    """A question said without its question mark and after other words, as dictation
    writes it ("um hey okay so quiz time do you remember what my name is", "and last one
    whats my cats name"): the question from its question word, with the mark; ``text``
    itself when it has a mark or no question word."""
    if "?" in text:
        return text
    asked = _ASKED_WITHIN.search(text)
    return text if asked is None else asked.group(0).rstrip(" .!") + "?"


_WHEN_ASKED: Final = re.compile(
    r"^\s*(?:when|what\s+(?:day|days|time|night|nights|evening)|which\s+(?:day|days|night|nights|"
    r"evening))\b", re.I)
"""A question of when ("What day's touch footy?", "When's netball?")."""


def _routine_asked(query: str, memories: Sequence[tuple[str, str]]) -> list[str]:
    """The routine a question of when names in full without saying whose it is ("What
    day's touch footy?"): the user asks about their own week. Every topic word must be the
    routine's, so "When is the Super Bowl?" is not asked of a bowling night."""
    if not _WHEN_ASKED.match(query):
        return []
    wanted = content_stems(query) - QUESTION_STEMS - _TIME_STEMS
    return [fact for key, fact in memories
            if key.endswith("_routine") and wanted and wanted <= _memory_stems(key, fact)]


def memory_hint(query: str, memories: Sequence[tuple[str, str]], limit: int = 2) -> list[str]:
    """The memories that answer a question about the user, best first: ``memories`` are
    (key, fact) pairs; a memory counts by the topic words it shares with the question (its
    key's words included), and only those sharing the most are kept; a question that asks
    for a known slot in other words ("where am I from?") gets that slot. Empty for
    anything else."""
    # "whats my fav color?"; "I drive a Skoda; how often should it be serviced?" asks
    # nothing about the car
    query = question_asked(standard_spelling(_SIGN_OFF.sub("?", query.strip())))
    asked = why_not_a_statement(query) == A_QUESTION
    if not asked:  # "and last one whats my cats name": dictated, without its mark
        query = spoken_question(query)
        asked = why_not_a_statement(query) == A_QUESTION
    if not asked or asks_for_advice(query):
        return []
    if not ABOUT_USER.search(query):
        return _routine_asked(query, memories)[:limit]
    # "favourite" and "name" name no topic: the favourite film is not the favourite food,
    # the dog's name not the brother's (a slot the question asks for counts below)
    wanted = content_stems(query) - QUESTION_STEMS - content_stems("favourite favorite name")
    if wanted - _TIME_STEMS:
        # "What do I drink in the morning?" asks for a drink, not for anything done in a
        # morning; "What do I do on Saturday mornings?" asks for the time alone
        wanted -= _TIME_STEMS
    slots = asked_slots(query)
    # A slot the question asks for counts as two more shared words: "What is my name?"
    # shares "name" with the cat's and the dog's name too, but asks for ``name``; "Which
    # language am I learning?" shares "language" with the languages, but asks for studies.
    scored = [(len(wanted & _memory_stems(key, fact)) + 2 * (key in slots), fact)
              for key, fact in memories]
    best = max((score for score, _ in scored), default=0)
    return [fact for score, fact in scored if best and score == best][:limit]
