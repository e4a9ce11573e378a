"""More ways people say the same plain facts, beyond the core rules of ``statements``.

The core rules cover the textbook wording ("I live in ...", "my X is Y"). People say the same
facts in many other ways ("I'm based in Ghent", "everyone calls me Priya", "I make a living
as a carpenter", "Oolong is the tea I like most"). Each phrasing here files its fact under the
same slot as the core rule, so a change said in other words still lands on the memory it
changes, and no model call is needed for it.

Written by hand for the same reason as ``statements``: the set of phrasings is small,
English and must behave identically on every model. Values that are names must be written
with a capital (as the user writes names), which keeps "I'm at home" or "I'm in a hurry"
out; the phrasing must cover the whole sentence, apart from a trailing time phrase.

The other shape of a change ("I replaced the Fiat with a Honda") is read in ``swaps``.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Final

from kai_desktop.core.memory.everyday_phrasings import ANIMALS as _ANIMALS
from kai_desktop.core.memory.everyday_phrasings import EVERYDAY
from kai_desktop.core.memory.everyday_phrasings import kin as _kin
from kai_desktop.core.memory.implied_subject import with_i, with_my
from kai_desktop.core.memory.introductions import INTRODUCTIONS
from kai_desktop.core.memory.job_at import with_employer
from kai_desktop.core.memory.languages import is_language
from kai_desktop.core.memory.model import Category
from kai_desktop.core.memory.phrasing_parts import (
    ANY,
    END,
    MAX_VALUE_WORDS,
    PET_END,
    PROPER,
    Build,
)
from kai_desktop.core.memory.phrasing_parts import JOB_TAIL as _JOB_TAIL
from kai_desktop.core.memory.phrasing_parts import LEAD as _LEAD
from kai_desktop.core.memory.phrasing_parts import NAME_END as _NAME_END
from kai_desktop.core.memory.phrasing_parts import fact as _fact
from kai_desktop.core.memory.phrasing_parts import lead_in as _i
from kai_desktop.core.memory.phrasing_parts import slot as _slot
from kai_desktop.core.memory.routines import ROUTINES
from kai_desktop.core.memory.slot_builders import driven_fact, languages_fact, not_eaten_fact
from kai_desktop.core.memory.slot_words import BREEDS, CAR_MAKES, DRIVEN, MONTH_NAMES, NOT_NAMES
from kai_desktop.core.memory.slot_words import DIETS_ONE_IS as _DIETS
from kai_desktop.core.memory.slot_words import NOT_STUDIED as _NOT_STUDIED
from kai_desktop.core.memory.slot_words import RELATIVE_WORDS as _RELATIVES
from kai_desktop.core.memory.starting_at import restated
from kai_desktop.core.memory.statements import (
    KIN_AGE,
    RULES,
    Fact,
    clean_value,
    favourite_fact,
    job_fact,
    rule_facts,
    strip_preamble,
)
from kai_desktop.core.memory.value_first import VALUE_FIRST


def _job(m: re.Match[str]) -> Fact | None:
    return job_fact(re.sub(r"^(?:an?|the)\s+", "", clean_value(m.group("v")), flags=re.I))


def _job_or_field(m: re.Match[str]) -> Fact | None:
    """"I do accounting for a living": a job word, or else the field the user works in."""
    return _job(m) or _fact("occupation", "The user works in {v}.", m.group("v"))


def _favourite(m: re.Match[str]) -> Fact | None:
    thing = m.group("t")
    if len(thing.split()) > 2:
        return None
    return favourite_fact(thing, m.group("v"), max_words=MAX_VALUE_WORDS)


def _at_time(m: re.Match[str]) -> Fact | None:
    when = m.group("t").casefold()
    return _fact(f"{when} routine", f"The user has {{a}} {{v}} every {when}.", m.group("v"))


def _children(m: re.Match[str]) -> Fact | None:
    kind = {"kids": "children", "boys": "sons", "girls": "daughters"}.get(
        m.group("r").casefold(), m.group("r").casefold())
    return _fact(f"{kind} names", f"The user's {kind} are called {{v}}.", m.group("v"))


def _language(m: re.Match[str]) -> Fact | None:
    return languages_fact(m, max_words=MAX_VALUE_WORDS)


def _got_language(m: re.Match[str]) -> Fact | None:
    """"I've got Gaelic from my granny": a language the user has, not a pet or a car."""
    return _language(m) if is_language(m.group("l")) else None


INTRODUCED: Final = "introduction"
"""The origin of a name said as "Dana here": it names a new user, never renames one."""


def _introduced(m: re.Match[str]) -> Fact | None:
    fact = _fact("name", "The user's name is {v}.", m.group("v"))
    return replace(fact, origin=INTRODUCED) if fact is not None else None


def _name_alone(m: re.Match[str]) -> Fact | None:
    words = m.group("v").split()
    if not all(_written_as_name(w) for w in words) or is_language(m.group("v")):
        return None
    return _introduced(m)


def _written_as_name(word: str) -> bool:
    """"Lucía", "Anne-Marie", "O'Brien": each part capitalised, the rest in lower case (no
    "OK", no "Monterrey-based"), and no word that says what the user is ("Mexican")."""
    parts = re.split(r"[-'’]", word)
    return word.casefold() not in NOT_NAMES and all(
        p[:1].isupper() and (p[1:].islower() or not p[1:]) for p in parts if p)


def _favourite_either(m: re.Match[str]) -> Fact | None:
    thing = m.group("t") or m.group("t2")
    if not thing:
        return None
    value = clean_value(m.group("v"))
    if value.casefold().startswith(("my ", "the ", "it ", "this ", "that ")):
        return None
    return favourite_fact(thing, value, max_words=MAX_VALUE_WORDS)


PHRASINGS: Final[list[tuple[re.Pattern[str], Build]]] = [
    # -- name
    *((intro, _introduced) for intro in INTRODUCTIONS),
    (re.compile(_i(r"(?:people|everyone|everybody|my friends|friends|most people|they) "
                   r"(?:call|calls) me|i go by|i(?:'m| am) known as|(?:you can |just )?call me|"
                   r"the name's|my name's|i(?:'m| am) named|my first name is|(?:everyone|people|"
                   r"most people|they) knows? me as")
                + PROPER + _NAME_END), _slot("name", "The user's name is {v}.")),
    # "I'm Olusegun, but friends say Segun": the name, and what friends say
    (re.compile(_i(r"i(?:'m| am)") + PROPER + r"(?i:,?\s+but (?:my )?(?:friends|everyone|"
                r"everybody|people|most people) (?:say|call me|know me as))\s+[A-Z][\w'’-]*"
                + END), _slot("name", "The user's name is {v}.")),
    (re.compile(r"^" + PROPER + r"(?i:\s+is my (?:first )?name)" + END),
     _slot("name", "The user's name is {v}.")),
    # "Hola Kai! So I'm Lucía.": a name alone after "I'm", written as names are
    (re.compile(r"^(?i:(?:so|well|anyway|okay|ok),?\s+)?(?i:i'm|i am)\s+"
                r"(?P<v>[^\W\d_][\w'’-]*(?:\s+(?!(?i:btw|by)\b)[^\W\d_][\w'’-]*)?)"
                r"(?i:,?\s+(?:btw|by the way|(?:nice|pleased|good|great) to meet you))?"
                r"(?:,\s*\d{1,2}\b[^.!?]*)?\s*[.!]*$"),
     _name_alone),
    # -- age
    (re.compile(_i(r"i (?:just )?turned|i(?:'m| am) now|i(?:'ve| have) (?:just )?turned")
                + r"(?P<v>\d{1,3})(?i:\s+years?\s+old)?" + END),
     _slot("age", "The user is {v} years old.")),
    # -- where the user lives
    (re.compile(_i(r"i(?:'ve| have) been living in|i(?:'m| am) (?:now )?(?:based|settled|"
                   r"staying|living) in|i(?:'m| am) (?:now )?based out of|"
                   r"i (?:now )?(?:reside|settled|stay) in|we "
                   r"(?:now |just |recently |finally )?(?:live|moved|relocated) (?:down |up |over |"
                   r"back |from [A-Z][\w' -]*? )?(?:in|to)|we(?:'ve| have) (?:just |finally )?"
                   r"(?:moved|relocated"
                   r"|upped sticks(?: and moved)?) (?:from [A-Z][\w' -]*? )?to|"
                   r"i(?:'ve| have)? (?:just |recently |finally )?(?:moved|relocated)"
                   r"(?: over| out| down| up| back)? to|(?:our|my) "
                   r"(?:family|household) (?:moved|relocated)(?: out| over)? to|home (?:for me "
                   r"|for us )?is|my home is(?: now)?(?: an? [a-z]+(?: [a-z]+)? in)?|"
                   r"(?:i|we) (?:now )?call|i(?:'m| am) (?:now )?in|i(?:'m| am) a "
                   r"(?:resident|local) of")
                + r"(?!(?i:" + MONTH_NAMES + r")\b)" + PROPER + r"(?i:\s+home)?" + END),
     _slot("home_city", "The user lives in {v}.")),  # "we moved in May": when, not where
    # -- where the user comes from
    (re.compile(_i(r"i grew up (?:in|on)|i was raised in|i spent my (?:childhood|early years) in|"
                   r"i come from|i(?:'m| am) originally from|i hail from|my hometown is|"
                   r"(?:i was )?born and (?:raised|bred) in|originally,? i(?:'m| am) from|"
                   r"i(?:'m| am) a native of|i was brought up in|my roots are in|"
                   r"my family (?:is|comes) from")
                + r"(?i:(?:an? )?(?:small |little |tiny )?(?:town|village|city|place) "
                  r"(?:near|outside|close to|north of|south of|east of|west of)\s+)?"
                + r"(?i:the\s+)?" + PROPER + END),
     _slot("origin", "The user is originally from {v}.")),
    (re.compile(r"^" + PROPER + r"(?i:(?:\s+is|'s|’s) where my (?:roots are|family (?:is|comes) "
                r"from))" + END), _slot("origin", "The user is originally from {v}.")),
    (re.compile(r"^" + PROPER + r"(?i:\s+is my (?:hometown|home town|birthplace))" + END),
     _slot("origin", "The user is originally from {v}.")),
    (re.compile(r"^" + PROPER + r"(?i:\s+is where i(?:'m| am)? (?:was born|grew up|come from|"
                r"was raised|from)(?: and (?:raised|grew up|bred))?(?: originally)?)" + END),
     _slot("origin", "The user is originally from {v}.")),
    (re.compile(r"^" + PROPER + r"(?i:\s+(?:has been|is) (?:my |our )?home(?: (?:for me|for us|"
                r"now))?)" + END), _slot("home_city", "The user lives in {v}.")),
    (re.compile(r"^" + PROPER + r"(?i:(?:\s+is|'s|’s) where (?:i|we)(?:'m| am|'re| are)? (?:live|"
                r"living|call home|are based|based|staying))" + END),
     _slot("home_city", "The user lives in {v}.")),
    (re.compile(_i(r"i(?:'m| am) an?") + PROPER + r"(?i:\s+(?:resident|local))" + END),
     _slot("home_city", "The user lives in {v}.")),
    # -- job (diets first: "vegetarian" ends like a job word)
    (re.compile(_i(r"i(?:'m| am) (?:a |now |strictly |fully )?")
                + r"(?P<v>(?i:" + _DIETS + r"))" + END),
     _slot("diet", "The user is {v}.", Category.PREFERENCE)),
    (re.compile(_i(r"i make (?:a|my) living as|i earn (?:a|my) living as|i(?:'m| am) "
                   r"(?:currently |now )?(?:working|employed) as|i(?:'ve| have) become|i became|"
                   r"i retrained as|"
                   r"i(?:'m| am) a (?:qualified|trained|certified)") + ANY + _JOB_TAIL + END),
     _job),
    (re.compile(_i(r"i(?:'m| am)(?: now)?(?: officially)? an?") + ANY
                + r"(?i:\s+(?:by (?:trade|profession)|for a living|full[- ]time|part[- ]time))"
                + END), _job),
    (re.compile(_i(r"i do") + ANY + r"(?i:\s+for a living)" + END), _job_or_field),
    (re.compile(_i(r"i(?:'ve| have)? (?:quit|left|gave up|given up) [^,.;!?]+? (?:to become|to be|"
                   r"to work as|to train as|and became|and now work as)") + ANY + _JOB_TAIL
                + END), _job),
    # -- employer
    (re.compile(_i(r"i(?:'m| am) (?:employed|hired) (?:by|at)|i(?:'m| am) on the payroll (?:at|of)|"
                   r"i (?:just |recently )?(?:joined|started at|started working (?:at|for)|"
                   r"got a job (?:at|with)|took a job (?:at|with))|i(?:'ve| have) (?:just )?"
                   r"(?:joined|started at|started working (?:at|for)|(?:got|landed|found|taken) "
                   r"an? (?:new )?(?:job|post|position) (?:at|with))|i work for") + PROPER
                + r"(?i:\s+(?:down|up|over|out) (?:at|in|on|by) [^.,;!?]+)?" + END),
     _slot("employer", "The user works at {v}.")),
    (re.compile(_i(r"i(?:'m| am) (?:now )?(?:at|with)") + PROPER
                + r"(?i:\s+(?:now|these days|nowadays))" + END),
     _slot("employer", "The user works at {v}.")),
    (re.compile(r"^" + PROPER + r"(?i:\s+(?:is (?:the (?:company|firm|place) |where )i work"
                r"(?: for| at)?|is my (?:new |current )?employer|(?:pays|employs) me|"
                r"pays my (?:salary|wages|bills)))" + END),
     _slot("employer", "The user works at {v}.")),
    # -- favourites
    (re.compile(_i(r"my (?:all-time |absolute |very |current )?(?:favourite|favorite|go-to)")
                + r"(?P<t>[a-z][a-z ]{1,30}?)(?i:\s+(?:is|are|has always been|would be))\s+"
                + ANY + END), _favourite),
    (re.compile(r"^" + ANY + r"(?i:\s+(?:is|are|has always been|has been|was always) (?:my "
                r"(?:all-time |absolute |new )?(?:favourite|favorite|go-to) (?P<t>[a-z][a-z ]"
                r"{1,20}?)|the (?P<t2>[a-z][a-z ]{1,20}?) i (?:like|love|enjoy|prefer)(?: (?:most|"
                r"best|the most))?))" + END), _favourite_either),
    (re.compile(r"^" + ANY + r"(?i:\s+is my (?P<t>[a-z][a-z ]{1,20}?) of choice)" + END),
     _favourite_either),
    # -- relatives
    (re.compile(_i(r"my") + KIN_AGE + r"(?P<r>" + _RELATIVES + r")(?i:\s+(?:goes by|is named|"
                r"(?:is|was) called|is)|['’]s (?:called|named)|['’]s name (?:is|was)|,)\s+"
                + PROPER + END), _kin),
    # "Our labrador answers to Mango": a breed names the dog
    (re.compile(_i(r"my|our") + KIN_AGE + r"(?P<r>" + _RELATIVES + r"|" + _ANIMALS + r"|"
                + "|".join(BREEDS) + r")(?i:\s+(?:answers|responds) to)\s+" + PROPER + END),
     _kin),
    # "my dad, Piotr, lives with us", "my wife Efua runs a bakery": the name beside the kin
    (re.compile(_i(r"my|our") + KIN_AGE + r"(?P<r>" + _RELATIVES + r"|" + _ANIMALS
                + r"),?\s+(?P<v>[A-Z][\w'’-]*?[\w-])(?:['’]s)?(?:,|\s+[a-z]+\b)[^.!?]*[.!]*$"),
     _kin),
    (re.compile(r"^" + PROPER + r"(?i:\s+is (?:my|our|the(?= (?:dog|cat|puppy|kitten)\b)) (?P<r>"
                + _RELATIVES + r"|" + _ANIMALS + r"))"
                + END), _kin),
    # "Gnocchi is asleep in the box, she's the cat": a pet named, then said to be the pet
    (re.compile(r"^" + PROPER + r"\s+(?:is|was)\b[^.!?]*?,\s*(?i:she|he)(?:'s|’s| is)\s+"
                r"(?i:the|my|our)\s+(?P<r>" + _ANIMALS + r")\b[^.!?]*[.!]*$"), _kin),
    (re.compile(r"^" + PROPER + r"(?i:\s+is (?:the name of|what (?:i|we) call) (?:my|our) "
                r"(?P<r>" + _RELATIVES + r"|" + _ANIMALS + r"))" + END), _kin),
    (re.compile(_i(r"i(?:'m| am|'ve been| have been) (?:happily )?married to|i married|"
                   r"(?:happily )?married to|i(?:'m| am) engaged to") + PROPER
                + END), _slot("spouse_name", "The user is married to {v}.")),
    (re.compile(r"^" + PROPER + r"(?i:\s+and i (?:got|are|have been|'ve been|were|just got) "
                r"(?:married|engaged)(?:\s+(?:for\s+)?\d+\s+years)?)" + END),
     _slot("spouse_name", "The user is married to {v}.")),
    (re.compile(_i(r"i have|i(?:'ve| have) got|we have|we(?:'ve| have) got") + r"(?i:an?|one)\s+"
                r"(?P<r>" + _RELATIVES + r")(?i:\s+(?:called|named))\s+" + PROPER + END), _kin),
    # -- pets
    (re.compile(_i(r"(?:i|we) (?:also |now |still )?(?:have|own|keep|adopted|got)|(?:i|we)"
                   r"(?:'ve| have) (?:also )?got|my|our")
                + r"(?i:(?:an?|one)\s+)?(?i:(?!(?:has|have|had|got|owns|keeps|is|was)\b)[a-z-]+\s+)"
                r"{0,3}?(?P<r>" + _ANIMALS + r")(?i:\s+(?:cross|mix))?(?i:\s+(?:as well|too))?"
                r"(?i:,?\s+(?:is\s+)?(?:an?\s+[a-z -]+?\s+)?(?:called|named|by the name of)|"
                r"['’]s (?:called|named)|'s name is|,\s+(?:her|his|its) name(?:'s| is)|"
                r",\s+(?:she|he|it)(?:'s|’s| is) (?:called|named)|,|\s+is)\s+"
                + PROPER + PET_END), _kin),
    *ROUTINES,  # "I run every Sunday", "Sunday is my running day"
    # -- languages, allergies, diet
    (re.compile(_LEAD + r"(?i:(?:at home|at work|with \w+|in \w+),?\s+)?" + r"(?i:i can speak|"
                r"i(?:'m| am) fluent in|i speak fluent|i(?:'m| am) bilingual in|(?:i|we) "
                r"(?:also |mostly |only )?speak|(?:i|we)(?: all| both)? grew up speaking|"
                r"my (?:first|native|mother) "
                r"(?:language|tongue) is)\s+(?i:(?:\w+ )?languages?:\s*)?(?P<v>[^.;!?]+?)"
                + END), _language),
    # "I've a bit of Gaelic as well as English": every language the sentence names
    (re.compile(_i(r"i(?:'ve| have)(?: got)?(?: fairly| pretty| quite)?|i (?:speak|know)")
                + r"(?i:a (?:bit|little|smattering|word or two) of|some|basic|decent|good|fluent|"
                r"conversational)\s+[A-Z][^.!?]*" + END), _language),
    (re.compile(_i(r"i(?:'ve| have)(?: got)?|i(?:'ve| have) picked up") + r"(?P<l>[A-Z][a-z]+)"
                r"(?:\s+(?i:from|at|through|thanks to|since)\b[^.!?]*)?" + END), _got_language),
    (re.compile(_i(r"i (?:don't|do not|never|can't|cannot) eat|i gave up eating|no")
                + r"(?P<v>(?i:(?:red |white |processed )?meat|fish|pork|beef|dairy|meat or fish|"
                r"meat and fish|meat or dairy|animal products|gluten|wheat|lactose|sugar|eggs))"
                r"(?i:\s+for me)?"
                r"(?i:,?\s+(?:as |because |since )?(?:i'm|i am) (?:a\s+)?(?P<d>coeliac|celiac|"
                + _DIETS + r"|diabetic|lactose intolerant|gluten intolerant))?"
                + END), not_eaten_fact),
    (re.compile(_i(r"i (?:can't|cannot|can not|mustn't) (?:eat|have|drink|touch)") + ANY
                + r"(?i:,?\s+(?:as |because |since |i'm |i am )+(?:i'm |i am )?(?:allergic|"
                r"intolerant)(?: to (?:it|them))?)" + END),
     _slot("allergy", "The user is allergic to {v}.")),
    (re.compile(_i(r"i have an?|i(?:'ve| have) got an?") + r"(?P<v>[a-z][a-z ]{1,30}?)"
                r"(?i:\s+allergy)" + END), _slot("allergy", "The user is allergic to {v}.")),
    (re.compile(r"^" + ANY + r"(?i:\s+(?:is|are) (?:something|what|the (?:only )?thing) "
                r"(?:i'm|i am) allergic to)" + END),
     _slot("allergy", "The user is allergic to {v}.")),
    (re.compile(r"^" + ANY + r"(?i:\s+(?:makes|make) me (?:ill|sick|swell(?: up)?|sneeze|"
                r"itch|wheeze|break out)|\s+brings? me out in "
                r"(?:hives|a rash|spots)|\s+gives? me (?:hives|an? "
                r"(?:allergic|bad) reaction|an? rash|rashes|an? itch)|\s+(?:triggers?|causes?) "
                r"(?:my|an) allerg\w+)"
                + END), _slot("allergy", "The user is allergic to {v}.")),
    # "I can't start the day without chai", "I can't function until I've had my chai"
    (re.compile(_i(r"(?:i )?(?:can't|cannot|couldn't|can not) (?:(?:start|begin|face) (?:the|my) "
                   r"(?:day|morning|mornings)|function(?: in the mornings?)?) (?:without|before|"
                   r"until i(?:'ve| have) had)") + r"(?i:an?\s+|my\s+)?" + ANY + END),
     _slot("morning routine", "The user starts the day with {v}.")),
    # "Every morning starts with an espresso", "My day begins with a run"
    (re.compile(_i(r"(?:every|each|my) (?:day|morning)|my mornings") + r"(?i:(?:always |usually )?"
                r"(?:starts?|begins?|kicks? off) with)\s+(?i:an?\s+|my\s+)?" + ANY + END),
     _slot("morning routine", "The user starts the day with {v}.")),
    (re.compile(_i(r"i (?:always |usually |now )?(?:start|begin) (?:every|each|the|my) (?:day|"
                   r"morning) with") + r"(?i:an?\s+|my\s+)?(?i:(?:cup|mug|pot|glass) of\s+)?" + ANY
                + r"(?i:\s+instead)?" + END),
     _slot("morning routine", "The user starts the day with {v}.")),
    # "Every morning I have a cappuccino": what the user has at a time of day
    (re.compile(r"^(?i:every|each)\s+(?P<t>(?i:morning|evening|night|lunchtime))(?i: first "
                r"thing)?\s*,?\s+(?i:i (?:must |always |usually )?(?:have|drink|make|grab|get)"
                r"(?: myself)? (?:an?\s+|some\s+|my\s+)?(?:(?:can|cup|mug|glass|tumbler|bottle) "
                r"of\s+)?)" + ANY + r"(?i:\s+(?:(?:from|at|on|in) (?:the|a|my|our)|before|after) "
                r"[^.,;!?]+)?" + END), _at_time),
    # "I have two kids, Mia and Leo"
    (re.compile(_i(r"i have|i(?:'ve| have) got|we have|we(?:'ve| have) got") + r"(?i:(?:two|three|"
                r"four|\d) (?P<r>kids|children|sons|daughters|boys|girls)),?\s+(?i:called |named )?"
                r"(?P<v>[A-Z][\w'’-]+(?:, [A-Z][\w'’-]+)* and [A-Z][\w'’-]+)" + END), _children),
    # -- car, instrument, birthday, collections, studies, dislikes
    (re.compile(_i(r"my (?:own )?car is|my (?:current |own )?car's|i (?:now |currently )?drive|"
                   r"i (?:now |currently )?ride(?= an? (?-i:[A-Z]))|i(?:'m| am) "
                   r"(?:now )?driving|i get (?:around|about) (?:in|on)|i commute (?:in|on)|"
                   r"i (?:get|go|ride|commute) to work (?:in|on)|i(?:'ve| have) got a new car,?|"
                   r"(?:i (?:now |just )?(?:have|own)|i(?:'m| am) (?:now )?in)"
                   r"(?= (?:an? )?(?=(?-i:[A-Z]))(?:"
                   + CAR_MAKES.pattern + r"))")
                + r"(?!" + DRIVEN + r")(?i:(?:an?|my)\s+)?" + ANY
                + r"(?i:,\s+the\s+[a-z -]+?(?:scooter|bike|motorbike|car|ute|van|truck))?" + END),
     driven_fact),
    (re.compile(r"^" + ANY + r"(?i:\s+is (?:what|the instrument) i play)" + END),
     _slot("plays", "The user plays the {v}.")),
    (re.compile(_i(r"my birthday (?:falls|is) (?:on|in)|my birthday's|i was born on|"
                   r"i celebrate my birthday (?:on|in)") + r"(?P<v>[^.,;!?]{1,30}?)" + END),
     _slot("birthday", "The user's birthday is {v}.")),
    (re.compile(_i(r"i collect|i(?:'ve| have) (?:been collecting|collected)|i(?:'m| am) "
                   r"(?:into )?collecting|i(?:'m| am) a collector of") + ANY + END),
     _slot("collects", "The user collects {v}.")),
    (re.compile(_i(r"i(?:'m| am) (?:taking|doing|halfway through|in the middle of|working "
                   r"through)") + r"(?i:an?\s+)?(?P<v>[A-Za-z ]{2,30}?)"
                r"(?i:\s+(?:lessons|classes|class|course))(?i:\s+(?:online|at night|in the "
                r"evenings|on weekends|twice a week|every week))?" + END),
     _slot("studies", "The user is studying {v}.")),
    (re.compile(_i(r"i(?:'m| am) in (?:my|the) \w+ year (?:of|at|studying)") + ANY + END),
     _slot("studies", "The user is studying {v}.")),
    (re.compile(_i(r"i(?:'m| am) (?:doing|taking|studying for) an? (?:part-time |full-time |"
                   r"online |evening )?(?:degree|course|masters|master's|phd|diploma) in|"
                   r"i(?:(?:'ve| have) (?:started|begun)| started| began) (?:learning|studying)|"
                   r"i(?:'m| am) (?:now |currently |also |still )?(?:studying|learning|picking up|"
                   r"teaching myself|trying to learn)|i study")
                + r"(?!to\b)" + _NOT_STUDIED + ANY
                + r"(?i:\s+(?:on the side|in my spare time|in the evenings|at night school))?"
                + END),
     _slot("studies", "The user is studying {v}.")),
    (re.compile(_i(r"i (?:can't|cannot|can not) stand|i (?:really )?(?:hate|dislike|detest|"
                   r"loathe)|i(?:'m| am) not a fan of|i (?:really )?don't like") + ANY + END),
     _slot("dislikes", "The user dislikes {v}.", Category.PREFERENCE)),
]


def plain_facts(sentence: str) -> list[Fact]:
    """The facts plain wording in ``sentence`` states: the core rules first, then these
    phrasings, then those that say the value first, then the core's catch-all "my X is Y"
    (first match wins); a sentence that leaves out "I" is read again with it ("Turned 29
    last week")."""
    found = _facts_said(sentence)
    full = (with_i(sentence) or with_my(sentence)) if not found else None
    return _facts_said(full) if full else found


def _facts_said(sentence: str) -> list[Fact]:
    sentence = restated(sentence)
    *core, catch_all = RULES
    found = (rule_facts(sentence, [*core, *PHRASINGS, *EVERYDAY]) or value_first(sentence)
             or rule_facts(sentence, [catch_all]))
    return with_employer(found, strip_preamble(sentence))


def value_first(sentence: str) -> list[Fact]:
    """The fact a value-first phrasing reads in ``sentence`` (a preamble such as "Jonas,"
    is part of it here)."""
    return rule_facts(sentence, VALUE_FIRST, preamble=False)
