"""Facts told inside a story, restated as the plain sentence the capture rules know.

People who tell stories rarely say "My name is Loretta" or "I live in Dayton". They say
"My mother named me Loretta, after the movie star", "Harold and I have been in Dayton going
on thirty-one years now", "Twenty-two years I've been the librarian at Fairview Elementary",
"I turned 63 this past October", "I've been collecting snow globes ever since our
honeymoon", "There's nothing I'd rather eat than my mother's pot roast" or "I let Karen talk
me into a Prius". Each restatement is made only where the words can mean nothing else: a
name with a capital after "named me", a place with a capital and a span of years, a month
by name, a job word.
"""

from __future__ import annotations

import re
from typing import Final

from kai_desktop.core.memory.languages import is_language
from kai_desktop.core.memory.rewrites import Rewrite
from kai_desktop.core.memory.slot_words import (
    BREEDS,
    DRINKS,
    JOBS_SAID_BARE,
    MONTH_NAMES,
    PET_KINDS,
)

_NAMED_ME: Final = re.compile(
    r"\b(?:[Mm]y\s+(?:mother|mom|mum|mama|father|dad|papa|parents|folks)|[Mm]a|[Pp]a)\s+"
    r"(?:named|christened)\s+me\s+(?P<n>[A-Z][a-z'’-]+)\b")
""""My mother named me Loretta, after Loretta Young": the user's name."""
_BEEN_IN_FOR_YEARS: Final = re.compile(
    r"\b(?:[A-Z][a-z]+\s+and\s+I|[Ww]e|I)(?:'ve|’ve|\s+have)\s+(?:lived|been)\s+in\s+"
    r"(?P<p>[A-Z][a-z'’-]+(?:\s+[A-Z][a-z'’-]+)?)\s+(?:going on|for|nearly|almost|about|over|"
    r"close to|well over)\s+(?:[a-z]+-)?[a-z\d]+\s+years\b")
""""Harold and I have been in Dayton going on thirty-one years now": where the user lives."""
_BEEN_THE_JOB_AT: Final = re.compile(
    r"(?:\b(?:[A-Za-z]+(?:-[a-z]+)?|\d{1,2})\s+years,?\s+)?"
    r"\bI(?:'ve|’ve|\s+have)\s+been\s+(?:the|an?)\s+(?P<j>(?:[a-z]+\s+)?[a-z]+)\s+(?:at|for)\s+"
    r"(?P<o>[A-Z][\w'’&.-]*(?:\s+[A-Z][\w'’&.-]*){0,4})")
""""Twenty-two years I've been the librarian at Fairview Elementary": the job and where."""
_COLLECTING_SINCE: Final = re.compile(
    r"\bI(?:'ve|’ve|\s+have)\s+been\s+collecting\s+(?P<x>(?!(?:them|it|these|those|for|since)\b)"
    r"[a-z]+(?:\s+(?!(?:ever|for|since|from|at|in|as|and|but)\b)[a-z]+)?)")
""""I've been collecting snow globes ever since our honeymoon": what the user collects."""
_TURNED_IN: Final = re.compile(
    r"\bI\s+turned\s+(?P<n>[1-9]\d?)\s+(?:this\s+past|last|this|back\s+in|in)\s+"
    r"(?P<m>(?i:" + MONTH_NAMES + r"))\b")
""""I turned 63 this past October": the user's age and the month of their birthday."""
_FOUND_OUT: Final = re.compile(
    r"\bI\s+(?:found out|learned|learnt|discovered)(?:\s+the hard way)?\s+(?:that\s+)?"
    r"(?=I(?:'m|’m|\s+am)\s+allergic\b)")
""""I found out the hard way that I'm allergic to bee stings": the allergy."""
_RATHER_THAN: Final = re.compile(
    r"\b(?:[Tt]here(?:'s|’s|\s+is)\s+)?[Nn]othing\b[^.!?]{0,40}?\bI(?:'d|’d|\s+would)\s+rather\s+"
    r"(?P<k>eat|drink|watch|read)\s+than\s+(?P<x>[^,.;!?]+)")
""""There's nothing on God's green earth I'd rather eat than my mother's pot roast"."""
_KINDS: Final = {"eat": "food", "drink": "drink", "watch": "film", "read": "book"}
_TALKED_INTO: Final = re.compile(
    r"\b(?:I\s+let\s+[A-Z][a-z]+\s+talk\s+me|[A-Z][a-z]+\s+talked\s+me)\s+into\s+(?:an?|the)\s+"
    r"(?P<c>[A-Z][\w-]*(?:\s+[A-Z][\w-]*)?)")
""""So I let Karen talk me into a Prius": the car the user has now (a make or model, with
its capital)."""

_SPOONING_EVERY_MORNING: Final = re.compile(
    r"\bI(?:'ve|’ve|\s+have)\s+been\s+(?:spooning|pouring|drinking|making|brewing|having)\s+"
    r"(?P<v>[A-Z][\w'’-]+|(?i:" + DRINKS + r"))\s+(?:into\s+my\s+(?:mug|cup)\s+)?"
    r"(?:first thing\s+)?(?:every|each)\s+morning(?:\s+(?:ever\s+)?since)?(?=\s*[,.;!]|\s*$)")
""""I've been spooning Sanka into my mug first thing every morning since": the morning drink."""
_GOT_ME_ONTO: Final = re.compile(
    r"\b(?P<s>(?:[Aa]|[Tt]he|[Oo]ne)\s+(?:[a-z]+\s+){0,6}?)got\s+me\s+(?:onto|on to|into|"
    r"drinking)\s+(?P<v>(?:[a-z]+\s+)?(?i:" + DRINKS + r"))\b[^.!?]*")
""""A lady at our new church got me onto chicory coffee": the drink the user has switched to."""
_THE_JOB_IS_AT: Final = re.compile(
    r"(?:^|(?<=[.!?]\s))(?:And\s+)?(?:[Tt]he|[Mm]y)\s+(?:new\s+)?(?:job|work|position|post)"
    r"(?:'s|’s|\s+is)\s+(?:at|with|for)\s+(?P<o>(?:the\s+)?[A-Z][\w'’&.-]*(?:\s+[A-Z][\w'’&.-]*)"
    r"{0,4})")
""""The job's at the Biltmore Estate, three days a week": where the user works."""
_NAMED_BY_OTHERS: Final = re.compile(
    r"\b(?P<a>" + PET_KINDS + r")(?:\s+(?:mix|cross))?\s+(?:that\s+|who\s+)?(?:the\s+[a-z]+|they|"
    r"someone)\s+(?:had\s+)?(?:named|called)\s+(?P<n>[A-Z][a-z'’-]+)")
""""We brought her home from the shelter, a collie mix the volunteers had named Duchess"."""
_BROUGHT_HOME: Final = re.compile(
    r"\b(?:[Ww]e|I)\s+(?:brought|took|adopted|got)\s+(?:her|him)\s+(?:home|from)\b|"
    r"\b(?:[Oo]ur|[Mm]y)\s+(?:dog|cat|puppy|kitten)\b")

_SET_OUT_TO_LEARN: Final = re.compile(
    r"\b(?:decided|started|began|got it into my head|made up my mind|signed up)\s+to\s+learn\s+"
    r"(?P<l>[A-Z][a-z]+)\b(?P<rest>[^,.;!?]*)")
""""I got it into my head to learn Italian so I could visit her": a language the user is
learning (not "wanted to learn": a wish)."""


def _learning(m: re.Match[str]) -> str:
    return f"{m[0]}. I'm learning {m['l']}." if is_language(m["l"]) else m[0]

_MET_AND_MARRIED: Final = re.compile(
    r"\b(?P<n>[A-Z][a-z'’-]+)\s+and\s+I\s+(?:first\s+)?(?:met|got together)\b(?=[^.!?]{0,200}[.!?]?"
    r"[^.!?]{0,200}\b(?:we|We)\s+(?:were|got)\s+married\b)")
""""Harold and I met at a roller rink in 1981 ... We were married eleven months later": the
user's husband or wife, by the pronoun the story gives them."""

_WATCHED_EVERY_YEAR: Final = re.compile(
    r"\b(?:[Ee]very|[Ee]ach)\s+(?:Christmas(?: Eve)?|Thanksgiving|Easter|Halloween|New Year's Eve)"
    r"\s+since\s+[^,.;!?]{1,40}?,?\s+I(?:'ve|’ve|\s+have)\s+"
    r"(?:watched|seen)\s+(?P<t>[A-Z][^,.;!?]{1,40}?)(?=\s*[,.;!?]|\s+again\b)")
""""Every Christmas Eve since I was nine, I've watched It's a Wonderful Life": a film the user
has watched every year of their life is their favourite."""


def _spouse(m: re.Match[str]) -> str:
    rest = m.string[m.end():]
    he, she = (re.search(rf"\b(?:{w})\b", rest, re.I) for w in ("he|him|his", "she|her"))
    spouse = "husband" if he and not she else "wife" if she and not he else "partner"
    return f"My {spouse} is called {m['n']}. {m[0]}"


def _named_by_others(m: re.Match[str]) -> str:
    if not _BROUGHT_HOME.search(m.string):
        return m[0]  # a pet the user only met
    kind = BREEDS.get(m["a"].casefold(), m["a"].casefold())
    return f"{m[0]}. Our {kind} is called {m['n']}"


def _job_at(m: re.Match[str]) -> str:
    if m["j"].split()[-1] not in JOBS_SAID_BARE:
        return m[0]
    return f"I work as a {m['j']} at {m['o']}"


STORIES: Final[tuple[Rewrite, ...]] = (
    (_NAMED_ME, lambda m: f"My name is {m['n']}. I was named"),
    (_BEEN_IN_FOR_YEARS, lambda m: f"I live in {m['p']}. We have been here for years"),
    (_BEEN_THE_JOB_AT, _job_at),
    (_COLLECTING_SINCE, lambda m: f"I collect {m['x']}."),
    (_TURNED_IN, lambda m: f"I'm {m['n']}. My birthday is in {m['m'].capitalize()}. I turned"),
    (_FOUND_OUT, ""),
    (_RATHER_THAN, lambda m: f"My favourite {_KINDS[m['k']]} is {m['x']}"),
    (_TALKED_INTO, lambda m: f"Now I drive a {m['c']}"),
    (_SPOONING_EVERY_MORNING, lambda m: f"I have {m['v']} every morning"),
    (_GOT_ME_ONTO, lambda m: f"{m['s']}suggested it. Now I drink {m['v']}"),
    (_THE_JOB_IS_AT, lambda m: f"I work at {m['o']}"),
    (_NAMED_BY_OTHERS, _named_by_others),
    (_SET_OUT_TO_LEARN, _learning),
    (_MET_AND_MARRIED, _spouse),
    (_WATCHED_EVERY_YEAR, lambda m: f"My favourite film is {m['t']}. {m[0]}"),
)
"""Each way of telling a fact in a story and its plain restatement, in the order made."""


def told_plainly(text: str) -> str:
    """``text`` with each fact told in a story restated plainly; unchanged when none is."""
    for pattern, plain in STORIES:
        text = pattern.sub(plain, text)
    return text
