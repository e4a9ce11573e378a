"""Values of the wrong kind for their topic, as a story hands them to a small model.

A sentence that tells a story names many things, and the 0.5B fills a topic with the
wrong one of them: "my throat closed up ... my nut allergy" gives the allergy "throat",
"the flat in Harrogate when the boiler packed in" the job "boiler", "Honestly, it's my
favourite food" the food "Honestly", "Being the only vegan at my brother's barbecue" the
brother's name "Being the only vegan", "My nephew asked me ... and I panicked and said Ben
Lomond" the nephew's name "Ben Lomond", "Stovies, nae contest. My mum's stovies" the mum's
name "Stovies", "My mum's Welsh so I grew up chatting in Welsh" the home town "Welsh".
Each check here refuses one such kind of value.
"""

from __future__ import annotations

import re
from typing import Final

from kai_desktop.core.memory.languages import is_language
from kai_desktop.core.memory.not_facts import TRANSIENT
from kai_desktop.core.memory.slot_words import JOBS_SAID_BARE, MONTH_NAMES, RELATIVE_WORDS

BODY_PARTS: Final = frozenset({
    "throat", "skin", "eyes", "eye", "face", "lips", "lip", "tongue", "mouth", "nose",
    "chest", "hands", "hand", "arms", "arm", "legs", "leg", "stomach", "tummy", "belly",
    "head", "ears", "ear", "neck", "lungs", "airways", "cheeks", "body",
})
"""Where an allergy shows, never what it is to."""
_NAME_PARTICLES: Final = frozenset({"de", "da", "do", "dos", "das", "von", "van", "der",
                                    "del", "della", "la", "le", "di", "du", "bin", "bint",
                                    "al", "el", "ibn", "of", "y", "st"})
_NEVER_IN_NAMES: Final = frozenset({"the", "a", "an", "only", "is", "was", "are", "at", "to",
                                    "for", "with", "and", "or", "my", "our", "your", "in",
                                    "on", "very", "so", "just", "be", "been", "will",
                                    "would", "can", "could", "should", "must"})
"""Words no name of a person or a pet holds after its first word."""
_PLACE_TOPICS: Final = frozenset({"home city", "grew up in"})
_NAME_TOPICS: Final = frozenset({"name", "relative", "pet"})
_SPECIFIC: Final = r"(?:the|this|that|these|those|his|her|their|our|your)"
_SAID: Final = re.compile(
    r"\b(?:(?:said|say|says|saying)(?:\s+(?:it's|it is|it was|is|was))?|answered|replied|"
    r"guessed|shouted|yelled|typed|googled|searched(?: for)?|(?:told|asked) (?:him|her|them|me|"
    r"us))\s+$", re.I)
"""Words after which a name is what someone said, not who someone is ("my boyfriend say is
waste money")."""
_COUNTED: Final = (
    r"\s*(?:times|x\b|minutes|mins|hours|hrs|days|weeks|months|years? (?:ago|of|in|since)|"
    r"km|miles|%|percent|followers|people|dollars|bucks|quid|pounds|euros|kg|lbs|pages|"
    r"episodes|books|films|movies|countries|cities|pairs|tabs)\b")
"""What a number counts when it is no age ("40 times", "12 years ago")."""
_HAVE_SOME: Final = (r"\b(?:i|we)\s+(?:have|own|got|'ve got|have got)\s+(?:maybe|about|around|"
                     r"almost|nearly|over|like|probably|roughly)?\s*")
""""I have maybe 60 now" (blind boxes): a number the user has, no age."""
_DOING_NOW: Final = re.compile(
    r"^\W*(?:so\s+)?(?:i'm|i’m|i am|im)\s+(?!(?:learning|studying|training|working|living|"
    r"collecting|saving|dating|raising|teaching|volunteering)\b)[a-z]+ing\b", re.I)
""""i'm rotting in bed and it's honestly a vibe": what the user is doing now."""
_SOMEONE_SAYS: Final = re.compile(
    r"\b(?:my\s+\w+|he|she|they)\s+(?:always\s+|often\s+)?(?:says|said|say|thinks|think|"
    r"reckons|keeps saying|"
    r"told me)\b", re.I)
_FRAMING: Final = frozenset({
    "honestly", "actually", "seriously", "basically", "literally", "obviously", "frankly",
    "personally", "definitely", "totally", "absolutely", "really", "truly", "anyway",
    "anyways", "admittedly", "apparently", "clearly", "genuinely", "naturally", "sadly",
    "luckily", "happily", "hopefully", "surely", "well", "yeah", "yes", "nope", "okay", "ok",
})
"""Words that frame what a sentence says ("Honestly, it's my favourite food"); never the
value of any topic."""


def wrong_kind(topic: str, value: str, sentence: str) -> str | None:
    """Why ``value`` is of a kind ``topic`` never holds (None: it may be)."""
    words = value.split()
    if (why := _said_otherwise(topic, value, sentence)) is not None:
        return why
    if len(words) == 1 and words[0].casefold().strip(".,!") in _FRAMING:
        return "a word that frames the sentence, not a value"
    if topic == "allergy" and {w.casefold() for w in words} & BODY_PARTS:
        return "a part of the body, not what the user is allergic to"
    if topic in _NAME_TOPICS and any(w.casefold() in _NEVER_IN_NAMES for w in words[1:]):
        return "not a name"  # "Being the only vegan"
    if topic in _NAME_TOPICS and re.search(r"[A-Z]", sentence[1:]) and any(
            w[:1].islower() and w.casefold() not in _NAME_PARTICLES
            for w in (written_in(value, sentence) or value).split()):
        return "not a name"  # the user writes names with capitals, and this is none
    if topic == "relative" and re.search(r"\b(?:" + RELATIVE_WORDS + r")['’]s\s+(?:\w+\s+)?"
                                         + re.escape(value) + r"\b", sentence, re.I):
        return "a relative's thing, not a name"  # "my mother's pot roast"
    if topic in _NAME_TOPICS and _only_said(value, sentence):
        return "what someone said, not a name"  # "I panicked and said Ben Lomond"
    if topic in _PLACE_TOPICS and len(words) == 1 and is_language(value):
        return "a language, not a place"
    return _not_done(topic, words, sentence)


def _not_done(topic: str, words: list[str], sentence: str) -> str | None:
    """Why ``words`` are not the user's home, job or studies in ``sentence`` (None: they
    may be)."""
    if topic == "home city" and " ".join(words).casefold() in _NO_PLACE:
        return "no place named"  # "so I make them in home"
    if topic == "home city" and not _HOME_CUE.search(sentence):
        return "nothing in the sentence says the user lives there"  # "a park of Wyoming"
    if topic == "job" and words and re.search(r"\b(?:my|our|his|her|their)\s+(?:\w+\s+)?"
                                              + re.escape(words[-1]) + r"\b", sentence, re.I) \
            and not re.search(r"\b(?:as|am|i'm|a|an)\s+(?:\w+\s+)?" + re.escape(words[-1]),
                              sentence, re.I):
        return "someone the user knows, not a job"  # "which my supervisor still brings up"
    if topic == "job" and words and _only_a_thing(words[0], sentence):
        return "not a job"  # "when the boiler packed in": a thing, not what the user does
    head = re.split(r"\s+(?:by|at|in|on|near|for|with|of|from)\s+", " ".join(words))[0].split()
    if topic == "job" and head and head[-1].casefold() in _NOT_JOBS:
        return "a thing, not a job"  # "a little diner by the river served me grits"
    if topic == "studies" and words and not is_language(" ".join(words)) and not re.search(
            _STUDY_BEFORE + re.escape(words[0]) + r"\b", sentence, re.I):
        return "not what the user studies"  # "lessons ..., though I can order gelato"
    return None


_NO_PLACE: Final = frozenset({"home", "here", "there", "town", "the city", "the town", "abroad"})
_HOME_CUE: Final = re.compile(
    r"\b(?:live|lives|living|lived|home|moved|move|moving|based|settled|resid\w*|relocat\w*|"
    r"stay|staying|arrived|now|house|flat|apartment|neighbou?rhood|city|town|up(?:ped)? sticks|"
    r"(?:i'?m|i am|we'?re|we are|been)\s+in)\b", re.I)
"""What a sentence that says where the user lives says ("I live", "moved to", "now")."""
_NOT_JOBS: Final = frozenset({
    "diner", "dinner", "river", "corner", "border", "summer", "winter", "water", "weather",
    "flower", "tower", "mirror", "door", "floor", "computer", "printer", "trailer", "theater",
    "theatre", "center", "centre", "burger", "butter", "order", "paper", "letter", "number",
    "member", "power", "poster", "sweater", "jumper", "heater", "tractor", "motor", "colour",
    "color", "flavour", "flavor", "error", "harbor", "harbour", "interior", "exterior",
    "mother", "father", "sister", "brother", "daughter", "neighbour", "neighbor", "other"})
"""Words a job's last word may look like ("-er", "-or") that name no job."""
_STUDY_BEFORE: Final = (r"\b(?:learn\w*|stud\w*|course|courses|degree|lessons?|class\w*|"
                        r"training|major\w*|in|of)\s+(?:\w+\s+){0,3}?")
"""A word of studying a few words before what is studied ("a course in pottery")."""


def _said_otherwise(topic: str, value: str, sentence: str) -> str | None:
    """Why ``sentence`` says something else than ``value`` as its ``topic``: a count for an
    age, a favourite no longer one, a name that is none (:func:`_no_name`), the user's own
    words that state no fact (:func:`_no_fact`); None when it may say it."""
    if topic == "age" and (re.search(r"\b" + re.escape(value) + _COUNTED, sentence, re.I)
                           or re.search(_HAVE_SOME + re.escape(value) + r"\b", sentence, re.I)):
        return "a count, not an age"  # "I've seen it probably 40 times", "I have maybe 60"
    if topic == "favourite" and re.search(re.escape(value) + r"\s+(?:is|are)\s*(?:not|n't|no "
                                          r"longer)\b[^.!?]*\bfavou?rite", sentence, re.I):
        return "said as no longer a favourite"  # "vada pav is not my favourite now"
    if topic == "name" and _acts(value, sentence):
        return "someone else who does something, not the user's name"  # "Haoran call me"
    if topic in _NAME_TOPICS:
        return _no_name(value, sentence)
    return _no_fact(value, sentence) if topic == "other" else None


_SOMEONE_DOES: Final = re.compile(
    r"^\W*(?:and\s+|but\s+|so\s+)?(?!(?:I|My|We|Our|Me|Every|On|Most|Some|It|This|That|There|"
    r"Here|What)\b)(?P<n>[A-Z][a-z]+)"
    r"\s+(?:has(?!\s+(?:become|been|taken|replaced|overtaken|always|never|just|now|won|beaten|"
    r"pushed|gone|got)\b)|does|plays|works|goes|drives|gets|takes|teaches|runs|swims)\b")
""""Rawiri has touch rugby on Wednesdays": what someone named does, not the user."""
_CLAUSES: Final = re.compile(r"(?<=[.!?])\s+|[,;]\s+(?:and\s+|but\s+|while\s+|whereas\s+)?"
                             r"(?=(?:I|I'm|I've|my|My|we|We|our|Our)\b)")
"""Where a sentence or a clause of the user's own starts ("Giulia runs on Mondays, and I
play volleyball")."""


def _no_fact(value: str, sentence: str) -> str | None:
    """Why the user's ``sentence``, kept in their own words, states no lasting fact about
    the user (None: it may)."""
    said = next((s for s in _CLAUSES.split(sentence) if value.casefold() in s.casefold()),
                sentence)
    doer = _SOMEONE_DOES.match(said)
    if doer is not None and not re.fullmatch(MONTH_NAMES + r"|\w+day", doer["n"], re.I):
        return "said of someone else"
    if TRANSIENT.search(sentence) or _DOING_NOW.match(sentence):
        return "a passing state, not a lasting fact"  # "day off today so i'm rotting in bed"
    if _SOMEONE_SAYS.search(sentence):
        return "what someone else says, not a fact"  # "my bf says we need an intervention"
    if "?" in sentence:
        return "a question, not a fact"  # "How many islands ...? My nephew asked me"
    if re.search(r"\b(?:you|ye|ya)\b", sentence, re.I):
        return "said to the assistant, not a fact"  # "... so you can remind him too"
    return None


def _no_name(value: str, sentence: str) -> str | None:
    """Why ``value`` is nobody's name in ``sentence`` (None: it may be one)."""
    if re.search(r"\b(?:a|an|the|her|his|their|your)\s+" + re.escape(value) + r"\b",
                 sentence, re.I):
        return "a thing, not a name"  # "my mom was going thru a phase", "needs her walk"
    if re.search(r"\b(?:was|were|is|are|am|been)\s+" + re.escape(value) + r"\b", sentence,
                 re.I) and value.casefold().endswith("ing"):
        return "what someone was doing, not a name"  # "my roommate were arguing"
    if re.search(r"\b(?:drank|drinks?|drinking|eats?|eating|cooked|cooks?|bakes?|baked|"
                 r"ordered|orders?|served|serves|spooning|poured|pours?)\s+" + re.escape(value)
                 + r"\b", sentence, re.I):
        return "what someone has, not a name"  # "My mother drank Sanka every morning"
    if " " not in value and is_language(value):
        return "a language, not a name"
    if value.casefold() in JOBS_SAID_BARE:
        return "a job, not a name"  # "My husband is mechanic"
    if re.fullmatch(RELATIVE_WORDS, value, re.I):
        return "a relative, not a name"  # "my boyfriend's mother": no boyfriend called Mother
    if re.search(r"[A-Z]", sentence[1:]) and re.search(
            r"\w['’]s\s+" + re.escape(value.casefold()) + r"\b", sentence):
        return "someone's thing, not a name"  # "my mum's stovies": no mum called Stovies
    return None


def _acts(value: str, sentence: str) -> bool:
    """Whether ``sentence`` has ``value`` do something ("Haoran call me for dinner",
    "Haoran find new job here") and nowhere introduces the user by it."""
    name = re.escape(value)
    return bool(re.search(r"\b" + name + r"\s+(?:call|calls|called|find|finds|found|say|says|"
                          r"said|got|gets|went|goes|thinks|wants|made|makes|cooks|drives|"
                          r"picks|picked)\b", sentence)) and not re.search(
        r"\b(?:i'm|i am|im|my name is|my name's|call me|name's|this is)\s+" + name, sentence,
        re.I)


def written_in(value: str, sentence: str) -> str | None:
    """``value`` as ``sentence`` writes it (its capitals), or None when it is not there."""
    found = re.search(r"\b" + re.escape(value) + r"\b", sentence, re.I)
    return found.group(0) if found else None


_A_THING: Final = re.compile(
    r"(?<!\bi'm )(?<!\bim )(?<!\bi am )(?<!\bas )(?<!\bbeen )(?<!\bbecame )"
    r"\b" + _SPECIFIC + r"\s+(?:\w+\s+)?$", re.I)
""""the", "this", "her" ... (and a word) just before a thing, not after "I'm" or "as"."""


def _only_said(value: str, sentence: str) -> bool:
    """Whether every time ``sentence`` holds ``value`` it comes right after a word of
    saying ("... and said Ben Lomond", "I googled Pepper")."""
    return _each_time_after(value, sentence, _SAID)


def _only_a_thing(first: str, sentence: str) -> bool:
    """Whether every time ``sentence`` says ``first`` it says "the" (or "this", "her"...)
    before it, and not as what someone is ("I'm the head chef")."""
    return _each_time_after(first, sentence, _A_THING)


def _each_time_after(word: str, sentence: str, before: re.Pattern[str]) -> bool:
    """Whether ``sentence`` holds ``word`` and ``before`` ends the text before each of them."""
    said = list(re.finditer(r"\b" + re.escape(word) + r"\b", sentence, re.I))
    return bool(said) and all(before.search(sentence[: m.start()]) for m in said)
