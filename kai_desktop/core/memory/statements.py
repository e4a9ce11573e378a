"""The facts plain wording states in one of the user's sentences.

Which sentences are read at all is ``user_sentences``. Plain declaratives ("my X is Y",
"I live in ...", "I work as ...") become facts here without the model, with the same key
every time they are said, so a later change of value lands on the same memory. Keys are
short snake_case slots (``home_city``, ``occupation``, ``favourite_tea``); the content is
a third-person sentence, so the model never reads the user's words as its own.

This is written by hand because it is small, deterministic and must behave identically on
every model; the model proposes what these rules do not cover (see ``capture``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from kai_desktop.core.memory.key_words import canonical_key
from kai_desktop.core.memory.languages import is_language
from kai_desktop.core.memory.model import Category
from kai_desktop.core.memory.slot_words import (
    BREEDS,
    DIETS,
    DIETS_ONE_IS,
    DRIVEN,
    DRIVEN_FOR_WORK,
    GENERIC_NOUNS,
    INSTRUMENTS,
    JOB_WORDS,
    JOBS_SAID_BARE,
    MONTH_NAMES,
    NOT_JOBS,
    NOT_STUDIED,
    PASSING_STATE,
    PRONOUN_VALUE,
    driven_thing,
    says_how,
    what_they_are,
)


@dataclass(frozen=True)
class Fact:
    """One fact about the user: a slot (``key``), a third-person sentence and its value."""

    key: str
    content: str
    category: Category
    value: str
    origin: str = "rule"


# -- rules for plain declaratives --------------------------------------------------------

_VALUE = r"(?P<v>[^.,;!?]+?)"
_END = (r"(?:\s+(?:right now|at the moment|now|these days|anymore|nowadays|instead|again))?"
        r"(?:\s+(?:too|as well|also))?"
        r"(?:,?\s+(?:sadly|unfortunately|thankfully|luckily|though))?"
        r"(?:,?\s+which\s+(?:i guess|is|was|doesn't|does not|isn't|means)\b[^.!?]*)?\s*[.!]*$")
_RELATIONS = (
    "wife|husband|partner|girlfriend|boyfriend|sister|brother|mother|mom|mum|father|dad|"
    "son|daughter|boss|best friend|cat|dog"
)


_TRAILING_TIME = re.compile(
    r"(?:\s+(?:now|these days|anymore|nowadays|instead|again|actually|recently|at the moment|"
    r"right now|for now|at present|currently|"
    r"a while ago|(?:last|this|next) (?:week|month|year|summer|winter|spring|autumn|fall)|"
    r"in (?:the )?(?:early |late )?(?:spring|summer|autumn|fall|winter)|originally|"
    r"in (?:early |late )?(?:january|february|march|april|may|june|july|august|september|"
    r"october|november|december)|(?:with|on|using|through) (?:an? |the )?(?:apps?|duolingo|"
    r"duo lingo|"
    r"youtube|podcasts?|books?|tutor|online course)|"
    r"(?:at|in) (?:an? |the )?(?:night|evening|weekend|local|community) "
    r"(?:class|school|course)e?s?|"
    r"since [\w ]+|instead of [\w ]+|"
    r"(?:\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|a few|several|some) \w+ ago|"
    r"to be (?:near|nearer|closer to|with) [\w ]+|"
    r"on weekends|at (?:the )?weekends?|in the evenings|at night|on the side|"
    r"for (?:a fresh start|work|"
    r"(?:a |my )?(?:new )?job|love|a change)|"
    r"for (?:about |around |almost |nearly |over |more than |like )?(?:years|months|ages|"
    r"a while|a long time|(?:a|an|a few|many|several|two|three|four|five|six|seven|eight|nine|"
    r"ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|\d+) \w+)))+$",
    re.I,
)


_LEADING_TIME = re.compile(
    r"^(?:these days|nowadays|now|currently|lately|at the moment|right now),?\s+", re.I
)


def clean_value(value: str) -> str:
    """A value without quotes, extra spaces or a leading or trailing time phrase ("these
    days", "now", "since May")."""
    v = " ".join(value.split()).strip(" '\"")
    if v.rfind("(") > v.rfind(")"):  # "sesame (proper one" cut at an aside's comma
        v = v[: v.rfind("(")].strip()
    v = re.sub(r"^\((?P<in>[^()]+)\)", r"\g<in>", v)  # "(Icelandic) — Duolingo"
    v = re.sub(r"(?<=\w)\s+\((?:left|not|no longer|was|used to|ex|formerly)\b[^()]*\)$", "", v,
               flags=re.I)  # "Lisbon now (left Porto)": what it was is no part of the value
    v = re.split(r"\s+[—–-]\s+", v, maxsplit=1)[0]  # a dash opens an aside
    v = _LEADING_TIME.sub("", _TRAILING_TIME.sub("", v))
    return v.strip()


Rule = tuple[re.Pattern[str], Callable[[re.Match[str]], Fact | None]]


def build_fact(
    key: str,
    content: str,
    value: str,
    cat: Category = Category.GENERAL,
    *,
    max_words: int | None = None,
) -> Fact | None:
    """The fact ``content`` states with ``{v}`` = ``value`` (cleaned), under slot ``key``;
    None for an empty or overlong value."""
    value = clean_value(_SECOND_CLAUSE.sub("", value))
    if not value or len(value) > 80 or (max_words is not None and len(value.split()) > max_words):
        return None
    if PRONOUN_VALUE.match(value) or re.fullmatch(r"(?i:he|she|they|we|you|him|us|i)", value):
        return None  # "I've collected them for years", "She is my best friend": named elsewhere
    return Fact(canonical_key(key), content.format(v=value, a=article(value)), cat, value)


_SECOND_CLAUSE: Final = re.compile(
    r"\s+(?:and|but|while|whereas|though|although)\s+(?:[A-Z][\w'’]*|(?i:he|she|they|we|it|"
    r"(?:my|his|her|their|our) \w+))\s+(?:\w+[^s\s]s|is|was|has|does|are|were|had|did|can|"
    r"will)\b.*$|(?:\s+(?i:right now|rn))?\s+(?i:so)\s+(?i:like\s+)?(?i:i|we|you|it|that|a|an|the|"
    r"my)\s.*$")
""""I live in Leeds and Sam lives in York", "Korean on duo lingo right now so like a snow
globe would be perfect": what follows the value is another clause, no part of it."""


def article(value: str) -> str:
    """"a" or "an" before ``value`` (by its first letter)."""
    return "an" if value[:1].casefold() in "aeiou" else "a"


_VERDICT: Final = r"no contest|hands down|by far"
"""How sure the user is of a favourite ("... my favourite food no contest"): no part of it."""


def favourite_fact(thing: str, value: str, *, max_words: int | None = None) -> Fact | None:
    """The user's favourite ``thing`` is ``value``."""
    thing = _TRAILING_TIME.sub("", " " + " ".join(thing.split()).casefold()).strip()
    thing = re.sub(r"\s+(?:" + _VERDICT + r"|ever|of all time|in the (?:whole )?"
                   r"(?:entire |wide )?world)$", "", thing)
    if not thing:
        return None  # "Pierogi are my favourite now": a favourite of no kind said
    if re.search(r"(?:^|\s)(?:that|this|it|which|they|them)$|^I\b", value.strip(), flags=re.I):
        return None  # "..., for that has been my favourite colour": the value came before
    # "Sushi is amazing, it's my favourite food": the thing, not what it is like
    value = re.split(r"\s+(?:is|are|was|tastes|looks)\s+(?:so\s+|just\s+|really\s+)?[a-z]|"
                     r"\s+like\s+(?:I|we|you)\b", value.strip(), maxsplit=1)[0]
    value = re.sub(r"^(?:an?|some)\s+(?:proper|good|decent|nice|great|real)\s+", "", value,
                   flags=re.I)  # "A proper Cornish pasty": the pasty
    # "and sushi here is insane, its my new fav food": the sushi
    value = re.sub(r"\s+(?:here|there|round here|over here|" + _VERDICT + r")$|"
                   r"^(?:and|so|oh|but|also|plus)\s+(?:the\s+(?=[a-z]))?", "", value, flags=re.I)
    return build_fact(f"favourite {thing}", f"The user's favourite {thing} is {{v}}.", value,
                      Category.PREFERENCE, max_words=max_words)


_WHERE = re.compile(r"\s+(?:in|at|for|with|on)\s+.*$", re.I)
_AT_NAMED = re.compile(r"\s+(?i:at|for|with)\s+[A-Z].*$")
_BY_TRADE = re.compile(r"\s+(?:(?:to|by) (?:trade|profession)|for a living)$", re.I)


def job_fact(job: str) -> Fact | None:
    """The user works as ``job``, when its last word is a job word ("a drummer in a band":
    the job is what comes before the place)."""
    job = _AT_NAMED.sub("", job)  # "a waiter at Marks & Spencer": the place is no job word
    job = _BY_TRADE.sub("", job)  # "a joiner to trade"
    last = job.rsplit(maxsplit=1)[-1] if job else ""
    if len(job.split()) == 1 and job[:1].isupper():
        return None  # "I'm a Dubliner", "I'm an Italian": where from, not what job
    if last.casefold() in NOT_JOBS:
        return None  # "I'm a Limerick resident": where the user lives
    if not JOB_WORDS.search(last):
        job = _WHERE.sub("", job)
        last = job.rsplit(maxsplit=1)[-1] if job else ""
        if not JOB_WORDS.search(last):
            return None
    article = "an" if job[:1].casefold() in "aeiou" else "a"
    return build_fact("occupation", f"The user works as {article} {{v}}.", job)


def _favourite(m: re.Match[str]) -> Fact | None:
    return favourite_fact(m.group("t"), m.group("v"))


def _relation(m: re.Match[str]) -> Fact | None:
    rel = m.group("r").casefold()
    if (m.group("v")[:1].islower() and says_how(m.group("v"))) or what_they_are(m.group("v")):
        return None  # "my dog is sick again", "my mum is Welsh": how or what, not who
    if m.group("v").casefold() in JOBS_SAID_BARE:
        return None  # "My husband is mechanic": what he does, not who he is
    word = "pet" if rel in ("cat", "dog") else rel
    key = f"{word}_name" if word != "pet" else f"{rel}_name"
    return build_fact(key, f"The user's {rel} is called {{v}}.", m.group("v"))


def _my_x_is(m: re.Match[str]) -> Fact | None:
    # "My new employer is Bistro Mewa": the one that is current is the user's employer
    thing = re.sub(r"^(?:new|current|present)\s+(?=\w)", "",
                   " ".join(m.group("t").split()).casefold())
    if re.search(r"\b(?:it|he|she|they|him|her|them|that|this)\b|\b(?:say|says|said|think|"
                 r"thinks|thought|tells?|told)$", thing):
        return None  # "My nephew swears it is", "my mother always say is good": a claim
    if re.search(r"\s(?:and|but)\s+(?:[a-z]+\s+)?(?:I|[a-z]+s)\s", m.group("v")):
        return None  # "My birthday is in October and dorian keeps asking ...": two clauses
    if re.fullmatch(r"morning (?:drink|coffee|tea|brew|cuppa|beverage)", thing):
        # "My morning drink is a piccolo": the one slot every morning drink is kept in
        return build_fact("morning routine", "The user starts the day with {v}.", m["v"])
    if " " not in thing and is_language(thing):  # "my English is serviceable": spoken
        return build_fact("languages", "The user speaks {v}.", thing.capitalize())
    if thing.split()[-1] in GENERIC_NOUNS or len(thing.split()) > 3 or PASSING_STATE.match(
        m.group("v").strip()
    ) or (re.fullmatch(_RELATIONS, thing) and (says_how(m.group("v").split()[0])
                                                or what_they_are(m.group("v")))):
        return None  # "my dog is sick again": how the dog is
    called = re.match(r"(?:called|named)\s+(?P<v>[A-Z][\w'-]+)$", m.group("v").strip())
    if called and thing in BREEDS:  # "My kelpie is called Ned": the dog's name
        return build_fact(f"{BREEDS[thing]} name", f"The user's {thing} is called {{v}}.",
                          called.group("v"))
    place = re.match(r"(?:at|with|for)\s+(?P<v>[A-Z].*)$", m.group("v").strip())
    if canonical_key(thing) == "occupation" and place:
        # "My new job is at Fjord Woodworks": where the user works, not what as
        return build_fact("employer", "The user works at {v}.", place.group("v"))
    return build_fact(thing, f"The user's {thing} is {{v}}.", m.group("v"))


def diet_fact(diet: str) -> Fact | None:
    """The diet; a coeliac's says gluten-free, the word a later question about it finds."""
    gluten = " and the user eats gluten-free" if diet.casefold() in ("coeliac", "celiac") else ""
    return build_fact("diet", f"The user is {{v}}{gluten}.", diet, Category.PREFERENCE)


def _job(m: re.Match[str]) -> Fact | None:
    job = clean_value(m.group("v"))
    return diet_fact(job) if job.casefold() in DIETS else job_fact(job)


def _plays(m: re.Match[str]) -> Fact | None:
    """An instrument, or a game played at a time ("cricket every Sunday"): a routine."""
    if re.match(r"(?:an?|some|the|my|this|that)\s+(?:song|tune|game|video|track|record|"
                r"match|round|gig|part|role)s?\b", m["v"], re.I):
        return None  # "I played a song on my phone": what was played, not an instrument
    sport = re.match(r"(\w+) (?:every|on|at) ", m["v"])
    if sport and INSTRUMENTS.fullmatch(sport[1]):  # "cello at home": where is no part of it
        return build_fact("plays", f"The user plays {'the ' * bool(m['the'])}{{v}}.", sport[1])
    if sport and not m["the"]:
        return build_fact(f"{sport[1]} routine", "The user plays {v}.", m["v"])
    return build_fact("plays", f"The user plays {'the ' * bool(m['the'])}{{v}}.", m["v"])


_MONTH: Final = re.compile(r"(?i:" + MONTH_NAMES + r")\b")


def _born_in(m: re.Match[str]) -> Fact | None:
    """"I was born in Lublin": where from; "I was born in June (1990)": the birthday."""
    month = _MONTH.match(m.group("v"))
    if month is not None:
        return build_fact("birthday", "The user's birthday is in {v}.", month.group(0))
    return build_fact("origin", "The user was born in {v}.", m.group("v"))


def _teach(m: re.Match[str]) -> Fact | None:
    return build_fact("occupation", "The user teaches {v}.", m.group("v"))


_I = (r"^(?:so\s+|well\s+|actually,?\s+|also,?\s+|and\s+|but\s+|oh,?\s+|because\s+|cause\s+)*"
      r"(?:(?:now|these days|nowadays|currently|at the moment|right now),?\s+)?")
""""Now I live in Leeds": a lead-in, and a time said before the statement."""
_IM = r"i(?:'m| am|'ve been| have been)"
""""I'm a nurse" and "I've been a nurse (for years)" state the same thing."""
KIN_AGE: Final = r"(?i:(?:younger|older|little|big|elder|baby|twin|kid|step|new|late)\s+)?"
""""my younger sister", "our new dog": the same kin, the same slot."""
RULES: Final[list[Rule]] = [
    (re.compile(_I + r"(?:my name is|i'm called|i am called|call me)\s+" + _VALUE + _END, re.I),
     lambda m: build_fact("name", "The user's name is {v}.", m.group("v"))),
    (re.compile(_I + r"i(?:'m| am)\s+(?P<v>\d{1,3})(?:\s+years?\s+(?:old|of age))?" + _END, re.I),
     lambda m: build_fact("age", "The user is {v} years old.", m.group("v"))),
    (re.compile(_I + r"i(?:'ve| have)?\s*(?:now\s+|just\s+|recently\s+)?(?:live|living|lives|moved|"
                r"relocated)\s+(?:(?:here|over|back|out)\s+)?"
                r"(?:from\s+[^.,;!?]+?\s+)?(?:in|to)\s+(?!" + MONTH_NAMES + r"\b|with\b)"
                + _VALUE + _END, re.I),  # "I moved in May", "in with her": when, with whom
     lambda m: build_fact("home_city", "The user lives in {v}.", m.group("v"))),
    (re.compile(_I + r"i(?:'m| am) (?:now )?living in\s+" + _VALUE + _END, re.I),
     lambda m: build_fact("home_city", "The user lives in {v}.", m.group("v"))),
    (re.compile(_I + r"i(?:'m| am) (?:originally )?from\s+" + _VALUE + _END, re.I),
     lambda m: build_fact("origin", "The user is originally from {v}.", m.group("v"))),
    (re.compile(_I + r"(?i:i was born in)\s+(?P<v>[A-Z][^.,;!?]+?)" + _END), _born_in),
    (re.compile(_I + r"(?:i (?:now )?work|i(?:'m| am) (?:now )?working) (?:at|for)\s+"
                r"(?!a living\b|home\b|myself\b|it\b|the (?:moment|minute|weekend)\b)"
                r"(?:(?:an?|the)\s+[a-z ]{1,30}?\s+(?:called|named)\s+)?"  # "a firm called"
                + _VALUE + _END, re.I),
     lambda m: build_fact("employer", "The user works at {v}.", m.group("v"))),
    (re.compile(_I + r"i(?:'ve| have)? (?:now |still |just |recently )?(?:work|worked|been working|"
                r"(?:started|begun|began)(?: (?:work|working|(?:a |my )?(?:new )?job))?)"
                r"(?: \w+ days? a week| part[- ]time)? as\s+(?:an?\s+)?"
                + _VALUE + _END, re.I), _job),
    (re.compile(_I + _IM + r" (?:now |currently |officially |finally )?(?:an?\s+)" + _VALUE + _END,
                re.I), _job),
    (re.compile(_I + _IM + r" (?P<v>" + DIETS_ONE_IS + r"|lactose intolerant|"
                r"gluten intolerant|coeliac|celiac|diabetic|(?:gluten|dairy|lactose)[- ]free)"
                r"(?:\s+(?:for|since) [\w ]+|\s+type (?:1|2|one|two))?(?:,?\s+so\s+[^.!?]+)?"
                + _END, re.I),
     lambda m: diet_fact(m.group("v"))),
    # "I'm on Slimming World at the minute": a diet plan the user follows
    (re.compile(_I + _IM + r" (?:on|doing) (?:the )?(?P<v>slimming world|weight watchers|keto|"
                r"paleo|atkins|whole30|mediterranean|low[- ]carb|5:2|intermittent fasting)"
                r"(?: diet| plan)?"
                r"(?:\s+(?:at the (?:minute|moment)|now|these days|since [\w ]+))?" + _END, re.I),
     lambda m: build_fact("diet", "The user is on {v}.", m.group("v"), Category.PREFERENCE)),
    # "I don't take dairy at all", "I don't do gluten": a diet said by what is left out
    (re.compile(_I + r"i (?:don't|do not|never) (?:eat|take|do|have|touch) (?P<v>dairy|gluten|"
                r"meat|lactose)(?:\s+(?:at all|anymore|any more|products))?" + _END, re.I),
     lambda m: diet_fact("vegetarian" if m.group("v").lower() == "meat"
                         else m.group("v").lower() + "-free")),
    (re.compile(_I + r"i (?:now )?teach\s+" + _VALUE + _END, re.I), _teach),
    (re.compile(_I + r"my (?:favourite|favorite)\s+(?P<t>[a-z ]{2,30}?)\s+(?:is|are)\s+"
                + _VALUE + _END, re.I), _favourite),
    (re.compile(_I + r"my " + KIN_AGE + r"(?P<r>" + _RELATIONS + r")(?:'s name)?\s+is\s+"
                r"(?:called\s+|named\s+)?"
                r"(?P<v>[A-Z][\w'-]+)" + _END, re.I), _relation),
    (re.compile(_I + r"(?:i (?:have|own|got) an?|the) (?P<r>cat|dog)(?:\s+is|['’]s)?\s+"
                r"(?:called|named|name is)\s+(?P<v>[A-Z][\w'-]+)" + _END, re.I), _relation),
    # "I'm allergic to nuts so no pesto for me": what follows "so" is what it means
    (re.compile(_I + r"i(?:'m| am) (?:(?:very|severely|badly|dangerously|seriously|deathly|"
                r"highly|extremely|mildly|slightly|quite|really|super|so|also|a bit|a little)\s+)?"
                r"allergic to\s+" + _VALUE + r"(?:,?\s+so\s+[^.!?]+)?" + _END,
                re.I),
     lambda m: build_fact("allergy", "The user is allergic to {v}.", m.group("v"))),
    (re.compile(_I + r"i (?:now |also )?drive\s+(?P<v>" + DRIVEN + r")(?:\s+for a living)?"
                + _END, re.I),
     lambda m: job_fact(DRIVEN_FOR_WORK[m.group("v").casefold()] + " driver")),
    (re.compile(_I + r"i (?:drive|ride)\s+(?!" + DRIVEN + r")(?:an?\s+)?" + _VALUE + _END, re.I),
     lambda m: (build_fact("vehicle", "The user drives {a} {v}.", v)
                if (v := driven_thing(m.group("v"))) else None)),
    (re.compile(_I + r"(?:sometimes,?\s+)?i(?:'ve| have)? (?:still |also |sometimes )?(?:play|"
                r"played|been playing) "
                r"(?P<the>the\s+)?(?:a bit of\s+|a little\s+|some\s+)?" + _VALUE + _END, re.I),
     _plays),
    (re.compile(_I + r"my birthday is (?:on\s+)?(?P<v>[^.,;!?]{1,30}?)" + _END, re.I),
     lambda m: build_fact("birthday", "The user's birthday is {v}.", m.group("v"))),
    (re.compile(_I + r"i (?:usually |always )?drink\s+(?!(?:since|for|when|because|as|at)\b)"
                + _VALUE
                + r"(?:\s+(?:every|each|in the) (?:mornings?|day))?" + _END, re.I),
     lambda m: build_fact("usual_drink", "The user drinks {v}.", m.group("v"),
                          Category.PREFERENCE)),
    (re.compile(_I + r"i(?:'m| am|'ve been| have been) (?:studying|learning)\s+" + NOT_STUDIED
                + _VALUE + _END, re.I),
     lambda m: build_fact("studies", "The user is studying {v}.", m.group("v"))),
    (re.compile(_I + r"my (?P<t>[a-z][a-z ]{1,30}?)\s+is\s+" + _VALUE + _END, re.I), _my_x_is),
]


_PREAMBLE = re.compile(
    r"^(?:(?:(?!(?:i|i'm|i've|my|we|our)\b)[^.!?:,]{1,30}[:,]\s+){0,2}"
    r"(?!(?:i|i'm|i've|my|we|our)\b)[^.!?:,]{1,30}[:,]|by trade|by profession|by day|"
    r"professionally|(?:on |at )?weekends|(?:in the )?evenings|honestly|to be honest|basically|"
    r"after [\w' ]{1,40}?|"
    r"(?:work|job|diet|food|health|language|money)-?wise|in my (?:spare|free) time|"
    r"(?:big|quick|small|huge|exciting|some) (?:update|news))"
    r"\s+(?=(?:i|i'm|i've|my)\b)", re.I
)
"""A lead-in ("Big news:", "Right, first things first:", "By trade"); a clause of the user's
own is none."""


def strip_preamble(sentence: str) -> str:
    """``sentence`` without a short lead-in such as "Big news:" or "By the way,"."""
    return _PREAMBLE.sub("", sentence.strip(), count=1)


def rule_facts(sentence: str, rules: list[Rule] = RULES, *, preamble: bool = True
               ) -> list[Fact]:
    """The facts that plain wording in ``sentence`` states (first matching rule of
    ``rules`` wins); a short lead-in such as "Big news:" is passed over (``preamble``)."""
    whole = sentence.strip()
    stripped = strip_preamble(whole) if preamble else whole
    for text in dict.fromkeys((stripped, whole)):  # "There's also Rex, my dog": no lead-in
        for pattern, build in rules:
            match = pattern.search(text)
            if match:
                fact = build(match)
                if fact is not None and fact.key:
                    return [fact]
    return []
