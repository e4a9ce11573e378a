"""The reply to a message in which the user tells Kai about themself.

A small model answers "We have a cat called Mochi." with the next line of its memory
block ("Your vehicle is the red Fiat Panda."), with the user's news as its own ("I moved to
Porto a few weeks ago ..."), with its own name in the user's place ("Kai is vegetarian.") or
with a refusal ("I'm sorry, but I can't assist with that.").
Each such reply also teaches the model, through the window, to give the next one the same
way. So a reply to a statement that does any of these is replaced by the plain
acknowledgement (which the session already keeps from being copied into answers that need
another); a good reply stays as it is.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from kai_desktop.core.memory.capture import told_of_user
from kai_desktop.core.memory.informal import standard_spelling
from kai_desktop.core.memory.text_match import content_stems, normalise_text
from kai_desktop.core.memory.user_sentences import statement_sentences

_FIRST_PERSON_START = re.compile(
    r"^\s*(?:(?:originally|actually|now|also|still|basically|honestly|really|currently)\s+)?"
    r"(?:i|i'm|i've|i'd|my|we|we're|we've|our)\b", re.I)
"""A clause in the first person, after an adverb the user's own sentence may open with
("Originally I'm from Tromso because …" for "Originally I'm from Tromso.")."""
_CLAUSE = re.compile(r"(?<=[.!?])\s+|[,;:]\s+")
"""Sentences and their clauses: "You're right, I'm familiar with Twi" holds a clause in
the user's voice after an opening in the assistant's."""
_OUR = re.compile(r"\b(?:we|us|our|ours)\b", re.I)
"""The user's household, said by the assistant: "Ama is staying with us this month" for
"My cousin Ama is staying with us this month"."""
_DEFINES = re.compile(
    r"\b(?:is|are) (?:a |an |the )?(?:very )?(?:popular|common|famous|well-known|major|leading|"
    r"large|big|small|local|traditional|type of|kind of|brand of)\b", re.I)
"""What a small model tells the user about the user's own things, from no source ("Volta
Construction is a major construction company in Accra", "Milo is a popular mug of coffee")."""
_NOT_NAMES = frozenset(
    {"I", "I'm", "I've", "I'd", "We", "We're", "We've", "My", "Our", "The", "A", "An", "It",
     "It's", "This", "That", "So", "And", "But", "Yes", "No", "Hi", "Hello", "Hey", "Oh",
     "Well", "Actually", "Also", "Update", "Big", "These", "Now", "Today"}
)
"""Capitalised words that open sentences rather than name things."""
_CAPITALISED = re.compile(r"\b[A-Z][\w'-]+")


def is_statement(user_text: str) -> bool:
    """Whether the message tells something about the user and asks nothing, in the words
    it is written in or as the rules read it ("Tengo una perrita que se llama Chancleta"; "My
    job? Plumber." asks nothing: the user answers their own question)."""
    standard = standard_spelling(user_text)
    if "?" in standard:
        return False
    return any(statement_sentences(text, told_of_user=told_of_user)
               for text in dict.fromkeys((user_text, standard)) if "?" not in text)


def _as_user(answer: str, user_text: str, memories: Sequence[tuple[str, str]]) -> bool:
    """A sentence in the first person that carries the user's words or memories."""
    said = content_stems(user_text) | content_stems(standard_spelling(user_text))
    known = said.union(*(content_stems(fact) for _, fact in memories))
    names = set(_CAPITALISED.findall(user_text)) - _NOT_NAMES
    for sentence in _CLAUSE.split(answer.strip()):
        if not (_FIRST_PERSON_START.match(sentence) or _OUR.search(sentence)):
            continue
        words = content_stems(sentence)
        if words and len(words & known) * 2 >= len(words):
            return True
        if names & set(_CAPITALISED.findall(sentence)):
            return True  # "I moved to Porto ..." for "We relocated to Porto."
    return False


def _names_itself_as_user(answer: str, user_text: str, assistant: str) -> bool:
    """"Kai is vegetarian." for "I'm vegetarian.": the assistant put its own name where
    the user belongs."""
    opening = re.match(r"^\s*" + re.escape(assistant) + r"(?:'s|\s+\w+)", answer, re.I)
    return bool(opening) and bool(content_stems(answer) & content_stems(user_text))


def _defines_users_thing(answer: str, user_text: str) -> bool:
    """A sentence that opens with a name the user said and tells what it is."""
    names = set(_CAPITALISED.findall(user_text)) - _NOT_NAMES
    for sentence in re.split(r"(?<=[.!?])\s+|,\s+and\s+", answer.strip()):
        opening = _CAPITALISED.match(sentence)
        if opening and opening.group() in names and _DEFINES.search(sentence):
            return True
    return False


_ENGLISH = frozenset((  # noqa: SIM905 - reads better as prose
    "a an the is are was were be been am i i'm you you're your yours me my we our it it's "
    "that this to of and or but in on at for with from about as so not no yes do does did "
    "have has had can will would what how glad nice great good sounds thanks thank "
    "remember got noted"
).split())
"""Words nearly every English sentence has, and no French, Spanish, German or Italian one."""
_LETTER_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")


def _other_language(answer: str, user_text: str) -> bool:
    """"Bonjour Camille ! Comment puis-je vous aider ?" for "Bonjour! I'm Camille.": the
    greeting word taken for the language of the message."""
    said = _LETTER_WORD.findall(user_text.casefold())
    words = _LETTER_WORD.findall(answer.casefold())
    share = sum(w in _ENGLISH for w in words) / len(words) if len(words) >= 4 else 1.0
    return any(w in _ENGLISH for w in said) and share < 0.1


def _recites_memory(answer: str, user_text: str, memories: Sequence[tuple[str, str]]) -> bool:
    """The reply gives a remembered fact the message did not mention, and nothing of what
    the message said."""
    said = content_stems(user_text)
    words = content_stems(answer)
    if words & said:
        return False
    user_stems = content_stems("the user")
    return any((content_stems(fact) - user_stems) & words for _, fact in memories)


def _garbled_echo(answer: str, user_text: str) -> bool:
    """"You new employer is Bistro Mewa." for "My new employer is Bistro Mewa.", "You sushi
    has replaced bigos" for "Sushi has replaced bigos": the user's words turned to the
    second person by a small model that put "you" before a word that takes none."""
    said = content_stems(user_text)
    if normalise_text(answer) == normalise_text(user_text):
        return True  # "I'm 31." said back word for word
    if re.match(r"^\s*your\b", answer, re.I) and content_stems(answer) <= said:
        return True  # "Your French course is enrolled.": the message said back, bent
    if said and content_stems(answer) == said and not re.search(r"\byou(?:r|'re)?\b", answer,
                                                                re.I):
        return True  # "Originally I'm from Sapporo." said back as it was, not to the user
    after_my = re.findall(r"\bmy\s+(\w+)", user_text, re.I)
    subjects = re.findall(r"\b(\w+)\s+(?:is|are|has|have|was|were)\b", user_text, re.I)
    return any(re.search(r"\byou\s+" + re.escape(word) + r"\b", answer, re.I)
               for word in after_my + subjects
               if word.casefold() not in {"i", "you", "we", "it", "there", "that", "this"})


_REFUSAL = re.compile(
    r"\b(?:i can(?:'|no)t (?:assist|help) with|i(?:'m| am) (?:not able|unable) to (?:assist|"
    r"help|update|save|store|remember)|i can(?:'|no)t (?:do|provide) that|i(?:'m| am) not "
    r"sure what you mean|could you (?:please )?(?:provide more context|clarify))\b",
    re.I,
)
"""A refusal or a plea for context: a statement about the user asks for nothing that could
be refused, and needs no clarifying ("Partner: Ewa." answered "I'm not sure what you mean
by 'partner'")."""


def off_the_point(
    answer: str, user_text: str, memories: Sequence[tuple[str, str]], *, assistant: str = "Kai"
) -> bool:
    """Whether ``answer`` fails a statement ``user_text`` in one of the ways above."""
    if not answer.strip() or not is_statement(user_text):
        return False
    return (
        bool(_REFUSAL.search(answer))
        or _as_user(answer, user_text, memories)
        or _names_itself_as_user(answer, user_text, assistant)
        or _recites_memory(answer, user_text, memories)
        or _defines_users_thing(answer, user_text)
        or _other_language(answer, user_text)
        or _garbled_echo(answer, user_text)
    )


_FAREWELL = re.compile(
    r"^\s*(?:(?:ok(?:ay)?|right|well|alright),?\s+)?(?:bye(?:-bye)?(?: for now)?|goodbye|"
    r"good night|see (?:you|ya)(?: later| soon| tomorrow)?|catch you (?:later|soon)|"
    r"talk (?:to you )?(?:soon|later)|later|ciao|cheers|take care|"
    r"have a good (?:one|day|night|evening))"
    r"(?:,?\s+kai)?\s*[!.]*\s*$", re.I)
_THANKS = re.compile(r"^\s*(?:thanks|thank you|thx|cheers)(?: (?:a lot|so much|very much))?"
                     r"(?:,?\s+kai)?\s*[!.]*\s*$", re.I)


_MOOD = re.compile(r"\b(?:tired|drained|exhausted|worn out|knackered|sleepy|stressed|sad|down|"
                   r"sick|ill|rough|long (?:day|week)|hard (?:day|week)|bad (?:day|week)|fed up|"
                   r"overwhelmed|lashing|pouring|raining|freezing|dreich|miserable|what a day|"
                   r"phew)\b", re.I)


def small_talk_reply(user_text: str, answer: str) -> str | None:
    """A friendly line for a farewell, a thank-you or a low mood the model refused or left
    empty ("I'm sorry, but I can't assist with that." for "Catch you later!" or "Long day,
    feeling drained."); None otherwise."""
    if answer.strip() and not _REFUSAL.search(answer):
        return None
    if _FAREWELL.match(user_text):
        return "Bye for now! I'll remember what you told me."
    if _THANKS.match(user_text):
        return "You're welcome!"
    if _MOOD.search(user_text) and "?" not in user_text:
        return "Sorry to hear that. I hope the rest of your day is easier."
    return None
