"""A learner's word order and prepositions read as the standard ones, before the capture
rules and the memory hint look at a message.

People who learnt English after another language carry that language's grammar into it:
"I have 44 years" (Polish, French, Spanish, Italian), "allergic against penicillin"
(German, Dutch), "I have allergy for pollen", "I am playing on piano", "I am coming from
Zakopane", "I drink always buttermilk" (an adverb after the verb), "I work not more
as pharmacist but as translator" ("nicht mehr ... sondern"), "my work is as a pharmacist",
"I work by a small agency" ("bei"). The rules are written for the standard wording, so the
few constructions that can only mean one thing are rewritten to it; anything else is left
as it was. A grammar-correction model would do more and guess more; these are exact.
"""

from __future__ import annotations

import re
from typing import Final

from kai_desktop.core.memory.slot_words import INSTRUMENTS, RELATIVE_WORDS, WORKPLACES

_AUXILIARY_WORDS: Final = ("am is are was were be been have has had do does did will would can "
                            "could shall should may might must not")
_AUXILIARIES: Final = frozenset(_AUXILIARY_WORDS.split())
_FREQUENCY: Final = r"always|usually|normally|often|mostly|generally|sometimes|never|rarely"

_ALLERGIC: Final = re.compile(r"\b(allergic)\s+(?:against|on|for)\b", re.I)
# "I have 44 years" ends there: "I have 3 years of experience", "I have 2 years left" do not
_YEARS: Final = re.compile(
    r"\b(I)\s+have\s+(\d{1,3})\s+years(?:\s+old)?(?=\s*(?:[,.;!]|$|and\b|but\b))")
_ADVERB_AFTER_VERB: Final = re.compile(
    r"\b(I|we)\s+([a-z]+)\s+(" + _FREQUENCY + r"|now)\s+(?=[a-z])")
# "I drink not buttermilk anymore, but a hot cocoa", "I work not more as X but as Y"
_NOT_MORE_BUT: Final = re.compile(
    r"\b(?P<s>I|we)\s+(?:now\s+)?(?P<verb>[a-z]+)\s+not\s+(?:more\s+|any\s*more\s+)?"
    r"(?P<old>[^,.;!?]+?)(?:\s+(?:any\s*more|no more|more))?,?\s+but\s+(?:now\s+)?"
    r"(?P<new>[^,.;!?]+)")
# "I will play for her the accordion": the thing played before whom it is played for
_FOR_WHOM_FIRST: Final = re.compile(
    r"\b(play|sing|cook|make|read|bake)\s+(for\s+(?:her|him|them|us|you|me))\s+(the\s+[a-z]+)")
# "I am learning also Italian"
_ALSO_AFTER: Final = re.compile(r"\b(am|'m|are|'re)\s+([a-z]+ing)\s+also\b")
_MY_WORK_IS_AS: Final = re.compile(r"\b[Mm]y (?:work|job) is as\b")
# "working by a small agency", "as translator, by Siemens": "bei", where one works
_WORK_BY: Final = re.compile(
    r"\b(work(?:s|ing|ed)?(?:\s+as\s+[^,.;!?]+?)?,?\s+)by(?=\s+(?:a|an|the|[A-Z]))")

# "I have allergy for pollen", "I have an allergy on nuts"
_HAVE_ALLERGY: Final = re.compile(r"\bI\s+have\s+(?:an?\s+)?allergy\s+(?:for|on|against|to)\b")
# "I am playing on piano": "grać na", "spielen auf"
_PLAYING_ON: Final = re.compile(r"\bI\s+am\s+playing\s+on\s+(?:the\s+)?(?=(?:"
                                + INSTRUMENTS.pattern + r")\b)")
# "I am coming from Zakopane." (the present for where one is from), not "coming from work"
_COMING_FROM: Final = re.compile(
    r"\bI\s+am\s+coming\s+from\s+(?=[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)?\s*(?:[,.;!]|$))")
# "Every Sunday I am going to swimming pool": the habit, said in the continuous
_GOING_TO_POOL: Final = re.compile(r"\bI\s+am\s+going\s+to\s+(?:the\s+)?swimming\s+pool\b")

# "I am work as waitress", "I am come from Harbin" (Mandarin has no tense on the verb): an
# "am" before a bare verb is none of it ("I am working", "I am done" are standard)
_AM_BARE_VERB: Final = re.compile(
    r"\bI\s+am\s+(work|live|come|drink|play|learn|study|speak|drive|collect)\b(?=\s+[a-zA-Z])")
# "I have one dog, she call Doudou": the name, said with "call" for "is called"
_SHE_CALL: Final = re.compile(r"\b(she|he|it)\s+call\s+(?=[A-Z])")
# "my sister name is Lingling", "my boyfriend family": the possessive left unsaid
_KIN_THING: Final = re.compile(
    r"\b((?:my|our)\s+(?:" + RELATIVE_WORDS + r"|dog|cat))\s+(name|family|mother|father|mom|"
    r"mum|dad|parents|job|house|birthday)\b", re.I)
# "I also learn Cantonese": a language being learnt, said in the simple present
_LEARN: Final = re.compile(r"\bI\s+(also\s+|now\s+)?learn\s+(?=[A-Z][a-z]+\b)")
# "I move to Ottawa last month": the past, told by the time said after it
_MOVE_PAST: Final = re.compile(
    r"\b(I|we)\s+move\s+(?=to\s+[A-Z][^,.;!?]*?\s+(?:last\s+\w+|\w+\s+ago|yesterday)\b)")

# Spanish: "Besides Spanish and English I speak Portuguese" ("Además del español y el
# inglés hablo portugués"): the comma that ends what is set aside
_BESIDES: Final = re.compile(
    r"\b((?:Besides|Apart from|Aside from|Other than|Except(?: for)?)\s+[A-Z][a-z]+"
    r"(?:(?:,\s*|\s+and\s+)[A-Z][a-z]+)*)\s+(?=I\b)")
# "In the weekends I play the accordion" ("en los fines de semana")
_IN_THE_WEEKENDS: Final = re.compile(r"\b([Ii])n the weekends\b")
# "I work in the Jewish General Hospital" ("trabajo en"): a named workplace
_WORK_IN_NAMED: Final = re.compile(
    r"\b(I\s+(?:now\s+)?(?:work|am working))\s+in\s+(?=the\s+(?:[A-Z][\w'’.&-]*\s+){1,4}"
    r"(?i:" + WORKPLACES + r")\b)")
# "the bagels of here" ("de aquí"): said of where the user lives, no part of the thing
_OF_HERE: Final = re.compile(r"(?<=[a-z]s) of here\b")


def _adverb_before(m: re.Match[str]) -> str:
    if m.group(2).casefold() in _AUXILIARIES:
        return m.group(0)  # "I am always tired" is standard already
    return f"{m.group(1)} {m.group(3)} {m.group(2)} "


def _not_more_but(m: re.Match[str]) -> str:
    verb = m.group("verb")
    if verb.casefold() in _AUXILIARIES:
        return m.group(0)
    subject = m.group("s")
    return (f"{subject} don't {verb} {m.group('old')} anymore, {subject} {verb} "
            f"{m.group('new')} now")


def standard_word_order(text: str) -> str:
    """``text`` with a learner's constructions that mean one thing written the standard
    way; unchanged when it has none."""
    out = _ALLERGIC.sub(r"\1 to", text)
    out = _AM_BARE_VERB.sub(r"I \1", out)
    out = _SHE_CALL.sub(r"\1 is called ", out)
    out = _KIN_THING.sub(r"\1's \2", out)
    out = _MOVE_PAST.sub(r"\1 moved ", out)
    out = _LEARN.sub(r"I'm \1learning ", out)
    out = _HAVE_ALLERGY.sub("I'm allergic to", out)
    out = _PLAYING_ON.sub("I play the ", out)
    out = _COMING_FROM.sub("I'm originally from ", out)
    out = _GOING_TO_POOL.sub("I go swimming", out)
    out = _YEARS.sub(r"\1 am \2 years old", out)
    out = _MY_WORK_IS_AS.sub("I work as", out)
    out = _FOR_WHOM_FIRST.sub(r"\1 \3 \2", out)
    out = _ALSO_AFTER.sub(r"\1 also \2", out)
    out = _NOT_MORE_BUT.sub(_not_more_but, out)
    out = _ADVERB_AFTER_VERB.sub(_adverb_before, out)
    out = _BESIDES.sub(r"\1, ", out)
    out = _IN_THE_WEEKENDS.sub(lambda m: "On weekends" if m[1] == "I" else "on weekends", out)
    out = _WORK_IN_NAMED.sub(r"\1 at ", out)
    out = _OF_HERE.sub("", out)
    return _WORK_BY.sub(r"\1at", out)
