"""Which parts of a user's message can hold a fact about the user.

Capture only ever looks at the user's own words. A message is cut into sentences; a
sentence is a candidate when it is a first-person statement: not a question, a greeting,
thanks, small talk or a passing state ("I'm tired today").
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

from kai_desktop.core.memory.antecedents import with_antecedents
from kai_desktop.core.memory.clauses import clauses
from kai_desktop.core.memory.implied_subject import leaves_out_i
from kai_desktop.core.memory.introductions import INTRODUCTIONS
from kai_desktop.core.memory.labelled import said_plainly
from kai_desktop.core.memory.not_facts import HEDGE, JOKE, REQUEST, TRANSIENT
from kai_desktop.core.memory.slot_words import SMALL_TALK_WORDS

FULL_STOP: Final = re.compile(
    r"(?<=[.!?])\s+|\n+|(?<=[\U0001F300-\U0001FAFF\u2600-\u27BF])\s+(?=[A-Z])")
"""Where a message breaks into whole sentences: an emoji before a capital ends one too."""
_SENTENCE_END = re.compile(
    r"(?<=[.!?;])\s+(?!(?i:mine)\b)|\n+|,?\s+(?:but|and|and then|also|so)\s+(?:now\s+)?"
    r"(?=(?:i|my|i'm)\b)"
    r"|,\s+(?=(?:i|my|i'm)\b)"
    # "37, live in Halifax, originally from Moncton": clauses that leave out the "I"
    r"|,\s+(?=(?:live|living|drive|speak|play|collect|work|working|originally|allergic|born|"
    r"married|studying|learning)\s)",
    re.I,
)
_QUESTION_START = re.compile(
    # "wait whats my dogs name again": a word that holds the floor, then the question
    r"^(?:(?:wait|hold on|hang on|hmm+|umm*|uh+|ok so|okay so|so|oh|and|ok|okay),?\s+)?"
    r"(?:whats|wheres|whos|hows|whens|what|who|whom|whose|where|why|how|which|do|does|"
    r"when(?!\s+(?:i|i'm|we|we're|my|our)\b)|"  # "When I get home, ...": a clause of a statement
    r"did|can|could|would|will|"
    r"should|shall|is|are|am|was|were|have|has|may|might|tell me|remind me|guess)\b"
    r"(?!['’]t\b|\s+\d)",  # "Can't start the day without tea", "May 2nd is ..." say something
    re.I,
)
_SMALL_TALK = re.compile(r"^(?:" + SMALL_TALK_WORDS + r")\b(?!\s+(?:more|longer)\b)(?:\s+(?:there|"
                         r"all|everyone|again|kai)\b)?[\s!.,]*", re.I)
_FIRST_PERSON = re.compile(
    r"\b(?:i|i'm|i've|i'd|im|my|mine|me|myself|we|we're|we've|our|ours|us)\b", re.I
)
_NAME_AND_I = re.compile(r"(?:^|(?<=[.!?]\s))([A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)?) and (?=I\b)")
_BECAUSE_ALLERGIC = re.compile(r",\s+(?=i(?:'m| am) (?:allergic|intolerant)\b)", re.I)
_BULLET = re.compile(r"^(?:[-*•‣◦·]|\d{1,2}[.)])\s+")
"""A list item's marker ("- I live in Porto"): no part of what the item says."""
_JOINED = "\x00"
_COMMA_KEPT = "\x01"


def sentences(text: str, *, whole: Callable[[str], bool] | None = None) -> list[str]:
    """The message cut into sentences (and clauses joined by "but"/"also" before "I");
    "Hannah and I got married" and "I can't eat nuts, I'm allergic" stay whole, and so
    does a sentence ``whole`` knows as one ("Jonas, my husband, is a teacher")."""
    flat = " ".join(text.replace("\r", "\n").replace(_JOINED, " ").replace(_COMMA_KEPT, " ")
                    .split("\n\n"))
    flat = _NAME_AND_I.sub(lambda m: m.group(1) + _JOINED, flat)
    flat = _BECAUSE_ALLERGIC.sub(_COMMA_KEPT, flat)  # "I can't eat nuts, I'm allergic"
    out: list[str] = []
    for full in FULL_STOP.split(flat):
        # A pasted run-on "sentence" is no statement: the rules never look at one (their
        # trailing-phrase matching grows with the square of its length).
        # A question is not kept whole either: no rule reads one (10,000 pasted questions
        # took seconds here).
        asks = full.rstrip().endswith("?")
        keep = (whole is not None and not asks and len(full) <= MAX_STATEMENT_CHARS
                and whole(full.replace(_JOINED, " and ").replace(_COMMA_KEPT, ", ").strip()))
        out.extend(_BULLET.sub("", s.strip(" ,;")).replace(_JOINED, " and ")
                   .replace(_COMMA_KEPT, ", ")
                   for s in ([full] if keep else _SENTENCE_END.split(full))
                   if s and s.strip(" ,;"))
    return out


MAX_STATEMENT_CHARS: Final = 1000
"""A longer "sentence" (pasted text without full stops) is no plain statement of a fact,
and the rules' trailing-phrase matching grows with the square of its length."""


def why_not_a_statement(sentence: str) -> str | None:
    """None for a first-person statement that may hold a durable fact; else the reason."""
    s = sentence.strip()
    if not s:
        return "empty"
    if s.endswith("?") or _QUESTION_START.match(s):
        return A_QUESTION
    if len(s) > MAX_STATEMENT_CHARS:
        return "too long for a plain statement"
    rest = _SMALL_TALK.sub("", s, count=1).strip()
    if not rest or len(rest.split()) < 2:
        return "small talk"
    if JOKE.search(s):
        return "a joke"
    if not _FIRST_PERSON.search(s) and not any(p.match(s) for p in INTRODUCTIONS) \
            and not leaves_out_i(s):
        return NOT_ABOUT_USER
    if REQUEST.match(s):
        return A_REQUEST
    if HEDGE.match(s):
        return "a guess or an opinion, not a fact"
    if TRANSIENT.search(s):
        return PASSING_STATE
    return None


A_QUESTION: Final = "a question"
A_REQUEST: Final = "a request, not a fact"
NOT_ABOUT_USER: Final = "not about the user"
PASSING_STATE: Final = "a passing state, not a lasting fact"

_ASKING = (r"(?:whats|wheres|hows|what|who|where|when|why|how|which|do|does|did|can|could|"
           r"would|will|should|shall|is|are|have|has|any|anything|got any|ideas|tips|"
           r"thoughts|suggestions|recommendations|please|help)\b(?!['’]t\b)")
_BEFORE_ASKING = re.compile(r"(?:\s*[,;:]\s+|\s+[-–—]+\s+)(?:(?:so|and|but|then|now|ok|okay),?\s+)?"
                            r"(?=" + _ASKING + r")", re.I)
_SUPPOSED = re.compile(r"^(?:if|when|whether|before|after|once|although|though|unless|while|"
                       r"in case|suppose|supposing)\b", re.I)
_REASON = re.compile(r"^(?:since|because|seeing as|given that|now that|as)\s+(?=(?:i|i'm|i've|"
                     r"we|we're|we've|my|our)\b)", re.I)
""""Since I'm allergic to penicillin, ...", "Now that I work at Shopify, ...": a fact given
as the reason for the question."""
_AS_A = re.compile(r"^as an?\s+(?!(?:kid|child|teen|teenager|boy|girl|rule|result|matter|whole|"
                   r"reminder|side note|favour|favor)\b)(?=[a-z])", re.I)
""""As a vet at Banfield, how do I ...?": what the user is, said as the asker's role."""
_REASON_AFTER = re.compile(r"[,;]?\s+(?:since|because|as|given that|seeing as)\s+(?P<s>(?:i|i'm|"
                           r"i've|we|we're|we've|my|our)\b[^?]*)\?$", re.I)
""""What should I tell a new doctor, since I'm allergic to penicillin?": the reason after."""


def statement_before_question(sentence: str) -> str | None:
    """The statement a question is asked after, as its context: "I live in Galway, so
    what's a good day trip from here?" -> "I live in Galway"; a reason given before or
    after it ("Since I'm vegan, ...", "..., because I'm vegan?") -> "I'm vegan"; "As a vet,
    ..." -> "I'm a vet". None for a question that opens as one ("Remind me, what's my
    name?") or whose lead only supposes ("If I move to Cork, what should I pack?")."""
    parts = _question_parts(sentence)
    if parts is None:
        return None
    lead = _AS_A.sub("I'm a ", _REASON.sub("", parts[0]), count=1)
    return None if not lead or _SUPPOSED.match(lead) else lead


def question_asked(sentence: str) -> str:
    """What ``sentence`` asks, without the statement given as its context: "I drive a
    Skoda; how often should it be serviced?" -> "how often should it be serviced?" (it
    asks nothing about the user's car); ``sentence`` itself when it has no such statement."""
    parts = _question_parts(sentence)
    return sentence if parts is None else parts[1]


def _question_parts(sentence: str) -> tuple[str, str] | None:
    """(the statement, the question) of a question asked with a statement, else None."""
    s = sentence.strip()
    if not s.endswith("?") or len(s) > MAX_STATEMENT_CHARS:
        return None  # a pasted run-on "question" is read as no statement
    after = _REASON_AFTER.search(s)
    if after is not None:
        return after.group("s").strip(), s[: after.start()].strip(" ,;") + "?"
    if _QUESTION_START.match(s):
        return None
    cut = _BEFORE_ASKING.search(s)
    if cut is None:
        return None
    lead = s[: cut.start()].strip(" ,;:-–—")
    return (lead, s[cut.end():].strip()) if lead else None


def asking_sentences(text: str) -> list[str]:
    """The questions and requests of ``text`` ("Help me write a toast for my sister
    Hannah's wedding"): no statements, but they may name the user's own in passing."""
    return [s for s in sentences(text) if len(s) <= MAX_STATEMENT_CHARS
            and why_not_a_statement(s) in (A_QUESTION, A_REQUEST)]


def _a_clause_told(sentence: str, told_of_user: Callable[[str], bool]) -> bool:
    """"Collect enamel pins, mostly weird hospital ones, have approx 90", "No more Ricoffy,
    mornings it's honeybush tea now": a sentence one of whose clauses states the user's
    fact."""
    parts = clauses(sentence)
    return len(parts) > 1 and any(told_of_user(p) for p in parts)


def statement_sentences(text: str, *, told_of_user: Callable[[str], bool] | None = None
                        ) -> list[str]:
    """The sentences of ``text`` that may hold a fact about the user (of a question asked
    after a statement, the statement: :func:`statement_before_question`; of a labelled
    note such as "Car: Skoda Octavia", the sentence it stands for; "I collect them" after a
    question on comic books, "I collect comic books"); ``told_of_user``
    keeps one without "I" or "my" that a rule knows as the user's ("Sold the Golf and
    bought a Mini", "Casablanca is the best film ever made")."""
    out = []
    for sentence in with_antecedents(sentences(said_plainly(text), whole=told_of_user)):
        body = sentence
        for _ in range(3):  # "Oh hi, ...": one greeting word after another
            body = _SMALL_TALK.sub("", body, count=1).strip()
        why = why_not_a_statement(body)
        lead = statement_before_question(body) if why == A_QUESTION else None
        if lead is not None:
            body, why = lead, why_not_a_statement(lead)
        if why is None or (why in (NOT_ABOUT_USER, PASSING_STATE) and told_of_user is not None
                           and (told_of_user(body) or _a_clause_told(body, told_of_user))):
            out.append(body)
        elif body != sentence and told_of_user is not None and told_of_user(sentence):
            out.append(sentence)  # "Goodbye Corsa, hello Kia": no greeting, a change
        elif why == PASSING_STATE and told_of_user is not None:
            # "Had it four times this week - laksa is my favourite food now": a clause
            # that states a lasting fact in a sentence about this week.
            out.extend(c for c in clauses(body)
                       if why_not_a_statement(c) is None and told_of_user(c))
    return out


def looked_at(text: str, statements: list[str]) -> list[str]:
    """The ``statements`` of ``text`` (:func:`statement_sentences`) and, for a second look,
    its sentences that only lack an English "I" ("allergic ako sa shrimp"): no questions,
    requests, jokes or small talk."""
    known = set(statements)
    return statements + [s for s in sentences(text) if s not in known
                         and why_not_a_statement(s) == NOT_ABOUT_USER]
