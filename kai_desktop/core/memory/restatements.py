"""Everyday ways of saying a fact, restated as the plain sentence the capture rules know.

People rarely say "I live in Townsville" or "I am originally from Mildura". They say
"Townsville's home now", "I'm a Mildura boy originally", "I'm in Taipei now! Moved last
month", "Fave colour's terracotta", "Wednesday arvo's touch footy", "Mornings now is soy milk
from the shop downstairs", "Kirsty's got me onto turmeric lattes" or "company is Eva Air".
Each restatement here is only made where the words can mean nothing else: a place with a
capital (or, after "I'm in ... now" in a message that says the user moved, any word), a day
of the week, a drink from the drink list.
"""

from __future__ import annotations

import re
from typing import Final

from kai_desktop.core.memory.favourites_said import favourites_plainly
from kai_desktop.core.memory.languages import is_language
from kai_desktop.core.memory.restated_jobs import (
    AS_A_NOW,
    HERE_AS,
    LEFT_ROLE_NOW,
    as_a_now,
    here_as,
    job_now,
)
from kai_desktop.core.memory.rewrites import Rewrite
from kai_desktop.core.memory.routines import ACTIVITIES
from kai_desktop.core.memory.slot_words import (
    ANIMAL_WORDS,
    COLOUR_NAMED,
    COLOURS,
    DIETS_ONE_IS,
    DRINKS,
    INSTRUMENTS,
    RELATIVE_WORDS,
    WORKPLACES,
)
from kai_desktop.core.memory.told_in_stories import told_plainly

_START: Final = r"(?:^|(?<=[.!?]\s)|(?<=,\s)|(?<=\bbut\s)|(?<=\band\s))"
_I_AM: Final = r"(?i:i(?:'m|’m| am))"
_PLACE: Final = r"(?P<p>[A-Z][a-z'’-]+(?:\s+[A-Z][a-z'’-]+)?)"
_FAVOURITE_IS: Final = re.compile(
    r"\b((?i:fave|fav|favou?rite)\s+[a-z]+)['’]s\s+(?!(?i:new|latest|last|next|first|own|best|"
    r"most|name|names|songs?|books?|albums?|films?|shows?)\b)")
""""Fave colour's terracotta": "'s" after a favourite is "is" (a favourite band's new album is
the band's)."""
_LOCAL_OF: Final = re.compile(
    _START + _I_AM + r"\s+(?:originally\s+)?an?\s+" + _PLACE
    + r"\s+(?:boy|girl|lad|lass|kid|local|native|man|woman)(?:\s+originally)?\b")
""""I'm a Mildura boy originally": where the user is from."""
_NOT_A_PLACE: Final = re.compile(
    r"(?:\w+(?:ese|ish|ian|ean|an)|Kiwi|Aussie|Pom|Brit|Yank|Yankee|Geordie|Scouse|Scouser|"
    r"Cockney|Valley|Country|City|Farm|Town|Church|Army|Navy|Catholic|Christian|Muslim|"
    r"Jewish|Good|Big|Little|Old|Young|Proper)\b")
_HOME_NOW: Final = re.compile(
    _START + _PLACE + r"(?:'s|’s|\s+is)\s+(?:now\s+)?home(?:\s+now|\s+these days|\s+nowadays)\b")
_HOME_IS: Final = re.compile(
    _START + r"(?i:home)(?:'s|’s|\s+is)\s+(?:now\s+)?" + _PLACE
    + r"(?=\s+(?:now|these days|nowadays)\b)")
_IN_NOW: Final = re.compile(
    r"(?:" + _START + r"|(?P<mv>\bmoved\s))(?:" + _I_AM + r"|(?i:we(?:'re|’re| are)|were))\s+"
    r"(?:now\s+)?in\s+(?P<p>[A-Za-z][a-z'’-]+(?:\s+[A-Za-z][a-z'’-]+)?)"
    r"(?:\s+now\b|(?=[.!]\s+[Nn]ow\b))")
""""I'm in Taipei now", "we've moved were in plymouth. Now ..." (typed without the
apostrophe: "were" with "now" is "we're")."""
_MOVED: Final = re.compile(r"\b(?:moved|relocated|moving|packed up)\b", re.IGNORECASE)
_HOUSE_LANGUAGE: Final = re.compile(
    r"\b(?P<l>[A-Z][a-z]+) was the (?:language|tongue) (?:of|in|spoken in) (?:our|my) "
    r"(?:house|home|family|household)\b")
""""Welsh was the language of our house": a language the user grew up speaking."""
_BORN_AND_BRED: Final = re.compile(r",?\s+(born and (?:bred|raised))\s+(?=(?i:i|i'm|we|my)\b)")
""""originally from grimsby born and bred i only moved ...": an aside that ends a sentence."""
_STAY_IN: Final = re.compile(r"\b([Ii]|[Ww]e)\s+(?:still\s+)?stay\s+in\s+(?=[A-Z])")
""""We stay in Mont Kiara": where one stays, in the present, is where one lives."""
_DAYS: Final = r"(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day"
_DAY_PART: Final = re.compile(
    _START + r"(?P<d>" + _DAYS + r")s?\s+(?P<t>morning|afternoon|evening|night)s?"
    r"(?:'s|’s|\s+is(?!\s+(?:for|my|our)\b))\s+(?P<a>[a-z][a-z -]{2,30}?)"
    r"(?=\s+(?:with|at)\b|\s*[,.;!]|$)")
""""Wednesday arvo's touch footy with the boys": a weekly activity ("Sunday mornings are for
surfing" the routine rules read as it is)."""
_DRINK: Final = r"(?P<v>(?:[a-z]+\s+)?(?i:" + DRINKS + r"))"
_MORNINGS: Final = re.compile(
    _START + r"(?:[Mm]y\s+)?(?i:mornings?|breakfast)(?:\s+(?:now|these days))?"
    r"(?:'s|’s|\s+is|\s+are|\s*[-–—:]|,?\s+it(?:'s|’s|\s+is))\s+(?:(?:usually|just|always|now|"
    r"mostly|normally|still)\s+)*(?:(?:an?|my)\s+)?(?:(?:(?:big|small|large|huge|strong)\s+)?"
    r"(?:pot|cup|mug|glass|flask)\s+of\s+(?=[A-Z])(?P<b>[A-Z][\w'’-]+)|" + _DRINK + r")\b[^,.!?;]*")
""""Brekkie's usually just a long black", "Mornings now is soy milk": the morning drink."""
_MUST_HAVE: Final = re.compile(
    _START + r"(?i:every\s+morning),?\s+(?:I\s+)?(?i:must|need to|have to|gotta|got to)\s+have\s+"
    r"(?:(?:my|an?)\s+)?" + _DRINK + r"\b[^,.!?;]*")
_GOT_ME_ONTO: Final = re.compile(
    r"\b(?:[A-Z][a-z]+|[Ss]he|[Hh]e|[Tt]hey|[Mm]y\s+[a-z]+)(?:'s|’s|\s+has|\s+have)\s+got\s+me\s+"
    r"(?:onto|on to|into|drinking)\s+" + _DRINK + r"(?P<m>\s+(?:in the mornings?|every morning))?")
""""Kirsty's got me onto turmeric lattes of a morning": what the user drinks now."""
_COMPANY_IS: Final = re.compile(_START + r"(?i:company|employer|firm)(?:'s|’s|\s+is)\s+(?=[A-Z])")
_WE_TWO: Final = re.compile(
    _START + r"(?i:me\s+and)\s+(?:my\s+[a-z]+\s+)?[A-Za-z][a-z]+(?:\s+[A-Za-z][a-z]+)?\s+"
    r"(?:are\s+|'re\s+)?(?=(?i:learning|studying|doing|taking)\b)")
""""Me and Kirsty are doing Indonesian", "me and jun hao learning thai now": the user does it
too."""
_PUT_ME_ON: Final = re.compile(
    r"\b(?:[Tt]he\s+)?(?:doc|doctor|dietitian|dietician|GP|(?:(?:Dr|Doctor)\.?\s+)?[A-Z][a-z]+)"
    r"(?:(?:'s|’s|\s+has|\s+had)"
    r"\s+(?:got|put)|\s+put)\s+me\s+on\s+(?=(?:an?|the|this)\s+[^.!?]*\bdiet\b)")
""""The doc's got me on the low FODMAP diet": a diet the user is on."""
_JOB_WITH: Final = re.compile(
    r"^(?:And\s+)?It(?:'s|’s| is) (?:with|at|for) (?P<o>(?:the\s+)?[A-Z][\w&'’-]*(?:\s+"
    r"(?:[A-Z][\w&'’-]*|and|of|&))*)(?=[^.!?]*\b(?:job|role|position|post|contract|farm|firm|"
    r"company|practice|business)\b)")
""""It's with Queensland Parks and Wildlife, so a proper government job", "It's at
Rustenhof Estate, a small family farm": a message that opens on where the user works."""
_MY_DRINK: Final = re.compile(
    _START + r"(?:(?i:an?|the)\s+)?" + _DRINK + r"\s+(?:is|'s|’s)\s+(?:now\s+)?my\s+(?:usual\s+)?"
    r"(?:drink|usual)(?P<now>\s+now)?(?=\s*[,.;!]|\s*$)")
""""A cortado is my drink now": what the user drinks."""
_TOLD_MY_AGE: Final = re.compile(
    r"(?:^|(?<=[.!?]\s))[^.!?]*?\b(?:keeps? reminding|reminds?|reminded|keeps? telling|told) me "
    r"(?:that\s+)?(?=(?i:i(?:'m| am))\s+\d{1,2}\b)")
""""Fergus keeps reminding me that I'm 41 now": the user's age, whoever says it."""
_ROUTINE_OBJECT: Final = re.compile(
    r"\b(?P<when>(?i:every|on)\s+" + _DAYS + r"s?(?:\s+(?:morning|afternoon|evening|night)s?)?,?\s+"
    r"I\s+(?:" + "|".join(ACTIVITIES) + r"))\s+(?!(?:every|on|at|in|with)\b)[a-z]+[^.!?,;]*")
""""Every Thursday evening I swim forty lengths at the Western Baths": the activity and its
day; how much is done is no part of the routine."""
_WHERE_I_GREW_UP: Final = re.compile(
    r"\b(?P<p>[A-Z][a-z'’-]+(?:\s+[A-Z][a-z'’-]+)?),\s+where I (?:grew up|was born|was raised|"
    r"come from)\b,?")
_SWELL: Final = re.compile(
    r"\b(?:(?i:even)\s+)?(?:(?i:an?|the|any)\s+)?(?:(?i:smear|trace|bit|hint|drop|touch|crumb|"
    r"whiff|speck|sniff|mouthful|taste)\s+of\s+)?(?P<a>[a-z]+)\s+(?:makes|made|make)\s+my\s+"
    r"(?:lips|face|throat|mouth|tongue|skin|eyes)\s+(?:swell|itch|puff|burn|tingle)(?:\s+up)?")
""""even a smear of sesame makes my lips swell up": what the user is allergic to."""
_AGE_FIRST: Final = re.compile(
    r"(?:^|(?<=:\s)|(?<=[.!?]\s))(?P<n>[1-9]\d),\s+(?=(?i:live|living|based|originally|from|"
    r"married|single|mum|dad|mom|work|working|retired)\b)")
""""37, live in Halifax, originally from Moncton": a note that opens on the user's age."""
_SHELF_OF: Final = re.compile(
    _START + r"(?i:i\s+(?:have|own|keep)|there(?:'s|’s| is))\s+(?:an?|my)\s+(?:whole\s+)?"
    r"(?:shelf|shelves|box|drawer|cabinet|cupboard|room|wall|case|tin|album)\s+(?:full\s+)?of\s+"
    r"(?P<x>[a-z]+(?:\s+[a-z]+)?)\s+(?:that\s+)?(?i:i(?:'ve|’ve| have))\s+collected\b")
""""I have a shelf full of fossils I've collected": what the user collects."""
_OVERTAKEN: Final = re.compile(
    _START + r"(?P<x>[A-Z][\w'’ -]{1,30}?)\s+(?:has|'s|’s)\s+(?:now\s+)?(?:overtaken|replaced|"
    r"taken over from|beaten|knocked out)\s+(?:the\s+)?[\w'’ -]{2,30}?\s+as\s+my\s+"
    r"(?P<k>favou?rite\s+[a-z]+)")
""""Pilau has overtaken ugali as my favourite food": the new favourite."""
_THERE_IS_OURS: Final = re.compile(
    _START + r"There(?:'s|’s| is)\s+an?\s+(?P<a>" + "|".join(sorted(ANIMAL_WORDS)) + r")\b"
    r"[^,.!?]*?\bcalled\s+(?P<n>[A-Z][\w'’-]+),\s+(?:she|he|it)(?:'s|’s| is)\s+(?:ours|mine)\b")
""""There's a tortoise in our garden called Shelly, she's ours": the user's pet."""
_COLOUR_THEN_FAVOURITE: Final = re.compile(
    r"\b(?:anything\s+)?(?P<c>(?i:" + COLOUR_NAMED + r"))[,.]?\s+"
    r"(?:like\s+|[-–—]\s+)?(?i:that(?:'s|’s| is)\s+my\s+favou?rite\s+colou?r)\b")
""""just anything mustard yellow like that's my favorite color": the colour named first."""
_YOU_SHOULD_KNOW: Final = re.compile(
    _START + r"(?i:(?:so\s+)?(?:the\s+)?(?:things?|stuff)\s+(?:you should know|to know)(?:\s+about "
    r"me)?\s+(?:is|are)):?\s+")
""""so the things you should know is im allergic to penicillin": a preamble to the fact."""
_THE_PET_IS_A: Final = re.compile(
    _START + r"[Tt]he\s+(?P<a>dog|cat|puppy|kitten)(?:'s|’s|\s+is)\s+(?=an?\s+[^.!?,]*?\bcalled\b)")
""""The dog's a Jack Russell called Jakkals": the user's dog."""
_HOME_LANGUAGE: Final = re.compile(
    _START + r"(?:[Mm]y\s+)?(?i:home|first|mother|native)[- ](?i:language|tongue)(?:'s|’s|\s+is)\s+"
    r"(?P<l>[A-Z][a-z]+)")
_COLOUR_NAMED_FAVOURITE: Final = re.compile(
    r"\b(?P<c>(?:(?:canary|bright|dark|light|pale|deep|burnt|baby|hot|lime|sea|pastel|neon|"
    r"electric|ice|powder|dusty|soft)\s+)?(?i:" + COLOURS + r")),\s+"
    r"(?i:my\s+favou?rite\s+colou?r)\b")
""""I voted khaki, my favourite colour": the colour said before it is named a favourite."""
_BEST: Final = re.compile(
    _START + r"(?:[Tt]he\s+)?[Bb]est\s+(?P<k>film|movie|book|food|feed|meal|dish|song|album|band|"
    r"show|drink|colou?r)(?:\s+(?:ever(?:\s+made|\s+written)?|in the world|of all time|going))?\s+"
    r"(?:is|'s|’s)\s+")
""""Best film ever made is District 9", "Best feed in the world is a chicken parmi"."""
_NAME_IS_OURS: Final = re.compile(
    _START + r"(?!(?:He|She|It|They|That|This|There|Who|What)\b)(?P<n>[A-Z][a-z]+)(?:'s|’s|"
    r"\s+is)\s+(?:our|my)\s+(?P<a>cat|dog|kitten|puppy|rabbit|"
    r"hamster|parrot|tortoise)\b(?=,|\s*[.!])")
""""Koekie's our cat, fat and spoilt rotten": the pet's name."""
_EMPLOYER_WHERE: Final = re.compile(
    r"\b(?P<w>(?i:work(?:s|ing)?\s+(?:at|for))\s+[A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*)*)\s+"
    r"(?:out|down|up|over|based)\s+in\s+[A-Z][\w'’-]*")
""""Work at Mokoena Steel out in Rosslyn": where the employer is, no part of its name."""
_MASS_JOB: Final = re.compile(
    _START + _I_AM + r"\s+(?:now\s+)?(?=(?:cabin|flight|air|ground|bar|kitchen|support|"
    r"office)\s+(?:crew|staff)\b)")
""""I'm cabin crew now": a job said without an article."""

_NAMED_THEN_PET: Final = re.compile(
    r"(?:\b(?P<v>(?i:take|took|walk|walked|feed|fed|brush|cuddle|love|adore|miss))\s+"
    r"(?P<l>(?!(?:him|her|it|them|out|up|my|the|our|a)\b)[a-z][a-z'’-]+)|"
    r"(?:^|(?<=[.!?]\s)|(?<=\s))(?!(?:He|She|It|They|That|This|There|The|My|Our|And|But|So|"
    r"I)\b)(?P<n>[A-Z][a-z'’-]+))"
    r"(?P<o>\s+(?:out|home|for (?:a|his|her) walk|to the (?:vet|park|beach)))?[,.]?\s+"
    r"(?:[Hh]e|[Ss]he)(?:'s|’s|\s+is)\s+(?:my|our)\s+(?P<a>" + "|".join(sorted(ANIMAL_WORDS)) + r")"
    r"(?=\s*(?:[,.;!?]|$)|\s+(?:and|who|but|(?:he|she)(?:'s|’s|\s+is))\b)")
""""i take gizmo out hes my dog", "Walked Biscuit, she's our dog": the pet named just before
(a name typed in lower case only as what the user does with it)."""
_KIN_NAMED_AFTER: Final = re.compile(
    _START + r"(?i:i(?:'ve|’ve| have)?\s+got|i\s+have)\s+(?:an?|one)\s+(?P<a>(?:older|younger|"
    r"little|big|baby|twin|kid)\s+)?(?P<r>" + RELATIVE_WORDS + r"),\s+(?P<n>[A-Z][a-z'’-]+)"
    r"(?=\s*(?:[,.;!]|$|\s+(?:who|and)\b))")
""""I've got a brother, Marek": the relative's name."""
_AT_WORKPLACE: Final = re.compile(
    _START + r"(?P<d>(?i:these days|nowadays),?\s+)?" + _I_AM + r"\s+at\s+"
    r"(?P<w>(?:[Tt]he\s+)?(?:[A-Z][\w'’.&-]*\s+){1,4}(?i:" + WORKPLACES + r"))\b"
    r"(?(d)|(?=\s+(?:these days|nowadays)\b))")
""""These days I'm at St Thomas Hospital": a named workplace, where the user is these
days, is where they work ("I'm at St Mary's Hospital now" may be a visit)."""
_PRACTISE: Final = re.compile(
    r"\b(?P<i>I\s+)(?:practi[sc]e|rehearse)\s+(?=(?:the\s+|my\s+)?(?:" + INSTRUMENTS.pattern
    + r")\b)")
""""In the evenings I practise the saxophone": an instrument the user plays."""
_THAT_I_COLLECT: Final = re.compile(
    r"\b(?:full|lots|loads|boxes|jars|heaps|piles)\s+of\s+(?P<x>[a-z]+(?:\s+[a-z]+)?)\s+"
    r"(?:that|which)\s+I\s+collect\b")
""""I have shelves full of vinyl records that I collect": what the user collects."""

_GAVE_UP_FOR: Final = re.compile(
    r"\b(?i:i(?:'ve|’ve| have)?\s+(?:gave|given)\s+up|i(?:'ve|’ve| have)?\s+quit|no more)\s+"
    r"(?:(?:my|the)\s+)?[a-z]+(?:\s+[a-z]+)?,\s+(?:it(?:'s|’s| is)|now\s+it(?:'s|’s| is))\s+"
    + _DRINK + r"\s+now\b")
""""I gave up black coffee, it's matcha now": the drink the user has switched to."""
_TAKEN_OVER: Final = re.compile(
    _START + _DRINK + r"\s+(?:has|'s|’s)\s+(?:taken over from|replaced)\s+(?:my\s+)?"
    r"(?:[A-Za-z]+\s+){0,2}?(?i:" + DRINKS + r")\b(?![^.!?]*\bmornings?\b)")
""""Cortado has taken over from Earl Grey": the new drink (one that took over in the
mornings is read as the morning drink)."""
_COUNT_CALORIES: Final = re.compile(
    r"\b(?i:i(?:\s+(?:now\s+|also\s+|still\s+|always\s+)?(?:count|track)|'m counting|’m counting|"
    r"\s+am counting))\s+(?i:my\s+)?(?i:calories?)\b")
""""I count calorie every day": a calorie-counting diet."""
_SO_A_DIET: Final = re.compile(
    r"\b(?P<e>(?i:i)\s+(?:eat|have|do)\s+[^.!?]{0,40}?),\s+(?:(?i:so|i\s+guess|basically|"
    r"technically)\s+)?(?P<d>(?i:" + DIETS_ONE_IS + r"))(?=\s*[.!]|\s*$)")
""""I eat fish but no meat, so pescatarian": the diet that names it."""
_NATIVE_FOR_ME: Final = re.compile(
    _START + r"(?P<l>[A-Z][a-z]+(?:(?:,\s+|\s+and\s+)[A-Z][a-z]+)*)\s+(?:are|is)\s+"
    r"(?:both\s+|all\s+)?(?:native\s+(?:for|to)\s+me|my\s+(?:native|first|mother)\s+(?:languages?|tongues?))")
""""Japanese and English are both native for me": the languages the user speaks."""
_FIRST_THING_I_DO: Final = re.compile(
    r"\b(?P<e>(?i:every|each)\s+morning,?\s+)?(?i:the\s+)?first\s+thing\s+I\s+do"
    r"(?P<m>\s+(?:every|each|in the)\s+morning)?\s+is\s+(?:to\s+)?(?:make|have|drink|brew|"
    r"get)\s+(?:myself\s+)?(?P<a>an?)\s+(?!(?:list|plan|call|note|wish|prayer|run|walk|"
    r"shower|bath|coffee\s+(?:run|date))\b)(?P<v>[a-z]+(?:\s+[a-z]+)?)(?=\s*[,.;!]|\s*$)")
""""Every morning the first thing I do is make a tinto": the morning drink."""
_THEIR_STINGS: Final = re.compile(
    r"(?:^|(?<=[.!?]\s))(?P<x>[A-Z][a-z]+)s\s+(?:are|have always been)\s+[^.!?]{0,30}?,\s+"
    r"(?P<i>I(?:'m|’m| am)\s+allergic\s+to)\s+their\s+(?P<s>stings|bites)\b")
""""Bees are my nemesis, I'm allergic to their stings": what the stings are of."""

_THATS_MY_KIN: Final = re.compile(
    r"(?:^|(?<=[.!?]\s))(?P<n>[A-Z][a-z'’-]+),\s+that(?:'s|’s| is)\s+my\s+(?P<r>"
    + RELATIVE_WORDS + r"|" + "|".join(sorted(ANIMAL_WORDS)) + r"),")
""""Davie, that's my husband, says ...": the name of the user's relative or pet."""
_AT_CLASS: Final = re.compile(
    r"\b(?P<w>(?i:every|on)\s+" + _DAYS + r"s?(?:\s+(?:morning|afternoon|evening|night)s?)?,?\s+)"
    r"I(?:'m|’m| am)\s+at\s+(?:the\s+)?(?P<a>[A-Z][a-z]+|(?i:yoga|pilates|zumba|spin|choir|"
    r"gym|karate|judo|boxing|salsa|pottery|swimming|football|netball|rugby))\b")
""""Every Monday night I'm at the Zumba": what the user does on that day."""
_POT_OF: Final = re.compile(
    r"(?:^|(?<=[.!?]\s))It(?:'s|’s| is)\s+(?:a|an|my)\s+(?:(?:big|small|large|strong|hot)\s+)?"
    r"(?P<c>pot|cup|mug|flask|glass)\s+of\s+(?P<b>[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*)\s+"
    r"(?:every|each)\s+morning\b")
""""It's a pot of Scottish Blend every morning now": the morning drink, by its brand."""
_PLACE_CALLED: Final = re.compile(
    r"\bI(?:'m|’m| am)\s+(?:now\s+)?(?:working\s+)?at\s+(?:a|an)\s+(?:place|spot|outfit|"
    r"company|firm|shop|salon)\s+(?:called|named)\s+"
    r"(?P<n>[A-Z][\w'’&-]*(?:\s+(?:(?:and|of|&)\s+)?[A-Z][\w'’&-]*)*)"
    r"(?=[^.!?]*\b(?:" + WORKPLACES + r"|parlour|salon|garage|studio|surgery|practice|agency|"
    r"kennels|nursery|workshop)\b)")
""""I'm at a place called Waggy Tails, a wee grooming parlour": a workplace by its name
(a pub or a café may be a night out, so only working places count)."""


_KINDS: Final = {"feed": "food", "meal": "food", "dish": "food", "movie": "film"}


def _local_of(m: re.Match[str]) -> str:
    if _NOT_A_PLACE.fullmatch(m["p"].split()[0]):
        return m.group(0)
    return f"I'm originally from {m['p']}"


def _in_now(m: re.Match[str], text: str) -> str:
    if not _MOVED.search(text):
        return m[0]  # "I'm in Paris now": perhaps for a week
    place = " ".join(w.capitalize() for w in m["p"].split())
    return f"{'moved. ' if m['mv'] else ''}I live in {place} now"  # "we've moved were in"


def _got_me_onto(m: re.Match[str]) -> str:
    if m["m"]:
        return f"every morning it's {m['v']}"
    return f"I've switched to {m['v']}"


def _named_then_pet(m: re.Match[str]) -> str:
    name = m["n"] or m["l"]
    lead = f"{m['v']} " if m["v"] else ""
    stop = "." if re.match(r"\s+(?:he|she)\b", m.string[m.end():], re.I) else ""
    return f"{lead}{name}{m['o'] or ''}. Our {m['a']} is called {name.capitalize()}{stop}"


def _language(m: re.Match[str]) -> str:
    return f"I speak {m['l']}" if is_language(m["l"]) else m[0]


_RESTATED: Final[tuple[Rewrite, ...]] = (
    (_FAVOURITE_IS, r"\1 is "),
    (_YOU_SHOULD_KNOW, ""),
    (_LOCAL_OF, _local_of),
    (_HOME_NOW, lambda m: f"I live in {m['p']} now"),
    (_HOME_IS, lambda m: f"I live in {m['p']}"),
    (_BORN_AND_BRED, r", \1. "),
    (_HOUSE_LANGUAGE, _language),
    (_STAY_IN, lambda m: f"{m.group(1)} live in "),
    (_DAY_PART, lambda m: f"Every {m['d']} {m['t']} I do {m['a']}"),
    (_MORNINGS, lambda m: f"Every morning it's {m['v'] or 'a mug of ' + m['b']}"),
    (_MUST_HAVE, lambda m: f"Every morning it's {m['v']}"),
    (_FIRST_THING_I_DO,
     lambda m: f"Every morning I have {m['a']} {m['v']}" if m["e"] or m["m"] else m[0]),
    (_GOT_ME_ONTO, _got_me_onto),
    (_COMPANY_IS, "My company is "),
    (_WE_TWO, "we are "),
    (_PUT_ME_ON, "I'm on "),
    (_JOB_WITH, lambda m: f"I work for {m['o']}"),
    (_MY_DRINK, lambda m: f"I{' have switched to' if m['now'] else ' drink'} {m['v']}"),
    (_TOLD_MY_AGE, ""),
    (_AGE_FIRST, lambda m: f"I'm {m['n']}. "),
    (_ROUTINE_OBJECT, r"\g<when>"),
    (_WHERE_I_GREW_UP, lambda m: f"{m['p']}. I grew up in {m['p']}."),
    (_SWELL, lambda m: f"I'm allergic to {m['a']}"),
    (_SHELF_OF, lambda m: f"I collect {m['x']}"),
    (_OVERTAKEN, lambda m: f"My {m['k']} is {m['x']} now"),
    (_THERE_IS_OURS, lambda m: f"Our {m['a']} is called {m['n']}"),
    (_COLOUR_THEN_FAVOURITE, lambda m: f", and my favourite colour is {m['c']}"),
    (_THE_PET_IS_A, lambda m: f"My {m['a']} is "),
    (_HOME_LANGUAGE, _language),
    (_COLOUR_NAMED_FAVOURITE, lambda m: f"{m['c']}. My favourite colour is {m['c']}"),
    (_BEST, lambda m: f"My favourite {_KINDS.get(m['k'], m['k'])} is "),
    (_NAME_IS_OURS, lambda m: f"Our {m['a']} is called {m['n']}"),
    (_EMPLOYER_WHERE, r"\g<w>"),
    (_MASS_JOB, "I work as "),
    (_NAMED_THEN_PET, _named_then_pet),
    (HERE_AS, here_as),
    (_KIN_NAMED_AFTER, lambda m: f"My {m['a'] or ''}{m['r']} is called {m['n']}"),
    (_AT_WORKPLACE, lambda m: f"I work at {m['w']}"),
    (_PRACTISE, r"\g<i>play "),
    (_THAT_I_COLLECT, lambda m: f"of them. I collect {m['x']}"),
    (_GAVE_UP_FOR, lambda m: f"I've switched to {m['v']} now"),
    (_TAKEN_OVER, lambda m: f"I've switched to {m['v']}"),
    (_SO_A_DIET, lambda m: f"{m['e']}. I'm {m['d']}"),
    (_COUNT_CALORIES, "I'm on a calorie-counting diet, I count calories"),
    (_NATIVE_FOR_ME, lambda m: f"I speak {m['l']}" if is_language(m["l"]) else m[0]),
    (AS_A_NOW, as_a_now),
    (LEFT_ROLE_NOW, job_now),
    (_THATS_MY_KIN, lambda m: f"{m['n']}, my {m['r']}, "),
    (_AT_CLASS, lambda m: f"{m['w']}I do {m['a']}"),
    (_POT_OF, lambda m: f"I start every day with a {m['c']} of {m['b']}"),
    (_PLACE_CALLED, lambda m: f"I work at {m['n']}"),
    (_THEIR_STINGS, lambda m: f"{m['x']}s are a problem. {m['i']} {m['x'].casefold()} {m['s']}"),
)
"""Each way of saying a fact and its plain restatement, in the order they are made."""


def restated_plainly(text: str) -> str:
    """``text`` with each everyday way of saying a fact restated plainly; unchanged when it
    has none. "I'm in Taipei now" is read as a home only in a message that says the user
    moved."""
    out = told_plainly(favourites_plainly(text))
    for pattern, plain in _RESTATED:
        out = pattern.sub(plain, out)
        if pattern is _HOME_IS:
            out = _IN_NOW.sub(lambda m: _in_now(m, text), out)
    return out
