"""Long chatty sentences: the main clause without its asides, and the facts stated along
the way.

"I live in Leicester with my husband Rohan and our dog Biscuit, who is a very spoilt
beagle" states a home city, a husband's name and a dog's name. The rules read one fact
from a whole sentence, so they also read it without its asides (", who is a very spoilt
beagle", ", so ...", " because ...", a comma and a new clause); every "my husband Rohan",
"our dog Biscuit" or "a rabbit called Clover" in it is a name fact of its own, and "I
turned 33 on the 9th of August" gives the birthday with the age.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import Final

from kai_desktop.core.memory.implied_subject import OPENING_VERB
from kai_desktop.core.memory.slot_builders import kin_facts
from kai_desktop.core.memory.slot_words import DIETS_ONE_IS, MONTH_NAMES, PET_KINDS, RELATIVE_WORDS
from kai_desktop.core.memory.statements import KIN_AGE, Fact, build_fact

_NEW_SUBJECT: Final = (r"(?:and\s+)?(?:i|i'm|i've|i'd|i'll|we|we're|we've|we'd|he|he's|she|"
                       r"she's|it|it's|they|they're|there's|there\s+is|nobody|everyone|"
                       r"everybody|rain or shine|nothing\s+fancy)")
_ASIDE: Final = re.compile(
    r"(?:,\s+(?:which|who|where|although|though|but|so|because|as|since)\b"
    r"|\s+(?:because|although|though|whereas|who|which)\s"
    r"|,\s+" + _NEW_SUBJECT + r"\b)[^\n]*$", re.I)
"""The first aside of a sentence and all that follows it: a relative clause, a reason, a
contrast, or a comma followed by a clause of its own (", I've watched it twenty times")."""


def _opening(words: str) -> re.Pattern[str]:
    """An opener of ``words`` at the start of a sentence, after "and", "so" and the like,
    with the "that" and the comma after it."""
    return re.compile(r"^(?:(?:and|so|oh|plus|anyway),?\s+)?(?:" + words
                      + r")(?: that)?,?\s+(?=[a-z])", re.I)


_OPENER: Final = _opening(r"lately|recently|these days|nowadays|i must (?:confess|say|admit)|"
                          r"i have to (?:say|admit)|to be honest|honestly")
""""And lately ramen has become ...": the opener goes, the clause starts with a capital."""
_TELLING: Final = _opening(r"you should know|i (?:ought|should) (?:also )?(?:to )?(?:mention|"
                           r"tell you|say)|let me tell you|for the record|i am pleased to (?:say|"
                           r"report)|i(?:'m| am) sorry to say|i(?:'ve| have) been told(?: by "
                           r"[\w ]{1,40}?)? that")
""""You should know that I have been vegetarian since 1979": what the user tells, after
how it is told."""


_INSERT: Final = re.compile(
    r",\s+(?:as|after|of course|since|myself|however|alas|naturally|incidentally|mind you|too|"
    r"it seems|i think|i believe|i fear|at (?:my|our|his|her) age|with interruptions|"
    r"believe it or not|funnily enough|oddly enough|strangely enough|without "
    r"(?:a )?(?:question|doubt))\b[^,.;:!?()]{0,40},\s+(?=[a-z])",
    re.I)
""""My favourite food, as it has been since childhood, is ...", "I have also, at my age,
begun to learn Italian": a short insert between commas, which the sentence reads on
without."""


def without_opener(sentence: str) -> str:
    """``sentence`` without an opener such as "And lately" or "I must confess" or a short
    insert between commas, starting with a capital ("And lately ramen has become ..." ->
    "Ramen has become ...")."""
    sentence = _TELLING.sub("", _INSERT.sub(" ", sentence.strip()))
    opened = _OPENER.sub("", sentence.strip())
    if opened == sentence.strip() or opened.startswith(("i ", "i'")):
        return sentence.strip()
    return opened[:1].upper() + opened[1:]


def without_asides(sentence: str) -> str:
    """``sentence`` without its first aside and what follows ("Dosa is my favourite food,
    although nobody makes them like my mum" -> "Dosa is my favourite food") and without an
    opener such as "And lately"; the sentence itself when it has neither."""
    main = without_opener(_ASIDE.sub("", sentence.strip()).rstrip(" ,;:-"))
    return main if len(main.split()) >= 2 else sentence.strip()


_NAME: Final = r"(?P<v>[A-Z][a-z-]+(?:\s+[A-Z][a-z-]+)?)(?:['’]s)?"
"""A name, without the "'s" of "my sister Fiona's lap" (which names the sister)."""


def kin_then_name(name: str, *, called: bool) -> re.Pattern[str]:
    """"my husband Rohan", "our dog Biscuit": "my" or "our", the kin word (group ``r``),
    then ``name`` (a pattern with group ``v``); with ``called``, "called" or "named" may
    go between ("our dog called Biscuit")."""
    between = r"(?i:(?:called|named)\s+)?" if called else ""
    return re.compile(r"\b(?i:my|our)\s+" + KIN_AGE + r"(?P<r>(?i:" + RELATIVE_WORDS + "|"
                      + PET_KINDS + r")),?\s+" + between + name + r"\b")


_OWNER: Final = (r"(?:\b(?i:i|we)\s+|(?:^|[,;]\s*|\b(?i:and|but)\s+))"
                 r"(?i:(?:also|still|now|just|already)\s+)?")
"""Who has the pet: the user ("I", "we"), or no one said ("..., and have a cat called
Tom"), never another person ("Our neighbours have a cat called Smudge")."""

_NAMED: Final = [
    # "with my husband Rohan", "our dog Biscuit": kin word, then the name
    kin_then_name(_NAME, called=True),
    # "we also have a rabbit called Clover", "there's a tortoise named Shelly" (one the user
    # has: "Met a dog named Rex" and "Our neighbours have a cat called Smudge" name no pet
    # of theirs)
    re.compile(r"(?:" + _OWNER + r"(?i:have|got|keep|adopted|own)|\b(?i:i|we)['’]ve|"
               r"\b(?i:there['’]s|there is)|\b(?i:(?:i|we) share (?:the|our|my) (?:house|home|"
               r"flat)\b[^.!?]*?\bwith))\s+"
               r"(?i:(?:also|got)\s+)?(?i:an?|one)\s+(?i:[a-z-]+\s+)?"
               r"(?P<r>(?i:" + PET_KINDS + r"))\s+(?i:called|named)\s+" + _NAME + r"\b"),
    # "I have a dog named Kulot and a cat named Pandesal": a further pet in the same list
    re.compile(r"\b(?i:have|got|keep|adopted|own)\s+(?i:an?|one)\s+[^.!?]*?\b(?i:called|named)\s+"
               r"[A-Z][\w-]*[^.!?]*?(?:,\s*|\s+)(?i:and|plus)\s+(?i:also\s+)?(?i:an?|one)\s+"
               r"(?i:[a-z-]+\s+)?(?P<r>(?i:" + PET_KINDS + r"))\s+(?i:called|named)\s+" + _NAME
               + r"\b"),
    # "a walk along the promenade with Cadno, our border terrier", "... Biddy, the cat, is
    # waiting": the name, then whose
    re.compile(r"(?:^" + OPENING_VERB + r")?(?<![\w'’])" + _NAME
               + r",\s+(?i:my|our|the)\s+(?:[a-z-]+\s+){0,2}?(?P<r>(?i:" + PET_KINDS
               + r"))\b(?=\s*(?:[,.;!?)]|$))"),
    # "Callum (my boyfriend) says hi", "Marmite (the dog, a scruffy terrier) barked": the
    # name, then its kin or kind in brackets
    re.compile(r"(?<![\w'’])" + _NAME + r"\s*\((?i:my|our|the)\s+(?P<r>(?i:" + RELATIVE_WORDS
               + "|" + PET_KINDS + r"))\b[^)]*\)"),
]
_NAME_THEN_AGE: Final = re.compile(
    r"\b(?i:i'm|i am)\s+[A-Z][\w'’-]*(?i:,?\s+(?:btw|by the way))?,\s*(?P<v>\d{1,2})"
    r"(?=\s*(?:,|\.|!|$|(?i:and|years old|y/?o)\b))")
""""I'm Imogen btw, 31, chronically disorganised": the age after the name."""
_ALLERGIC_TO_THAT: Final = re.compile(
    r"\b(?i:nothing|no|not anything)\s+(?i:with)\s+(?P<v>[a-z][\w -]{1,25}?)(?i:\s+in it)?"
    r"(?i:\s+please)?,\s*(?i:because\s+|cause\s+|cos\s+|bc\s+|as\s+)?(?i:i'm|i am)\s+"
    r"(?i:allergic)\b(?!\s+to\b)")
""""nothing with kiwi in it, I'm allergic": what the user is allergic to, named before."""
_GREW_UP_THERE: Final = re.compile(
    r"\b(?i:from|in)\s+(?P<v>[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)?),?\s+(?i:where i grew up)\b")
""""a box of my old stuff from Whitby where I grew up": where the user is from."""
_KID_IN: Final = re.compile(
    r"\b(?i:when|while|since)\s+(?i:i|we)\s+(?i:was|were)\s+(?i:(?:just|only|still)\s+)?"
    r"(?i:(?:a|little)\s+)?(?i:kids?|child|children|boys?|girls?|lads?|lass|teenagers?|teens?|"
    r"little)\s+(?i:in|on)\s+(?P<v>[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)?)")
""""Back when I was a kid in Dundee we'd swim in the Tay": where the user grew up."""
_MY_ALLERGY: Final = re.compile(
    r"\b(?i:my)\s+(?!(?i:bad|terrible|awful|worst|little|new|food|seasonal|severe|mild|"
    r"serious|big|own|only|one)\b)(?P<v>[a-z]+(?:\s+[a-z]+)?)\s+(?i:allerg(?:y|ies))\b")
""""that's how I found out about my nut allergy": what the user is allergic to."""
_AS_A_DIET: Final = re.compile(
    r"(?:^|[,;]\s*)(?i:as|being)\s+(?i:(?:a|an|the only|the one)\s+)?(?i:(?:lifelong|strict|"
    r"committed|long-time|longtime)\s+)?(?P<v>(?i:" + DIETS_ONE_IS + r"))\b(?!\s+\w+ing)")
""""Being the only vegan at my brother's barbecue", "As a vegetarian, I ...": the diet."""
_MY_HOME_IN: Final = re.compile(
    r"\b(?i:my|our)\s+(?i:flat|house|apartment|home)\s+(?i:in)\s+(?P<v>[A-Z][\w'’-]+"
    r"(?:\s+[A-Z][\w'’-]+)?)")
""""the floor of my flat in Cardiff": where the user lives."""

_MY_BIRTHDAY_IN: Final = re.compile(
    r"\b(?i:for|on|before|after|around)\s+(?i:my)\s+(?i:birthday)\s+(?i:in)\s+"
    r"(?P<v>(?i:" + MONTH_NAMES + r"))\b")
""""she is knitting a jumper for my birthday in February": the month it falls in."""


_TURNED_ON: Final = re.compile(
    r"\b(?i:i (?:just )?turned|i(?:'ve| have) (?:just )?turned)\s+(?P<a>\d{1,3})\s+(?:(?i:on\s+)"
    r"(?P<d>(?i:(?:the\s+)?\d{1,2}(?:st|nd|rd|th)?(?:\s+of)?\s+" + MONTH_NAMES + r"|" + MONTH_NAMES
    + r"\s+\d{1,2}(?:st|nd|rd|th)?))|(?i:in|last)\s+(?P<m>(?i:" + MONTH_NAMES + r")))\b")
""""I turned 33 on the 9th of August", "I turned 43 in November": the age and the birthday
(or its month)."""


_ALONG: Final = [  # each pattern's value is its group ``v``
    (_MY_HOME_IN, "home_city", "The user lives in {v}."),
    (_NAME_THEN_AGE, "age", "The user is {v} years old."),
    (_ALLERGIC_TO_THAT, "allergy", "The user is allergic to {v}."),
    (_GREW_UP_THERE, "origin", "The user is originally from {v}."),
    (_KID_IN, "origin", "The user is originally from {v}."),
    (_MY_ALLERGY, "allergy", "The user is allergic to {v}."),
    (_AS_A_DIET, "diet", "The user is {v}."),
    (_MY_BIRTHDAY_IN, "birthday", "The user's birthday is in {v}."),
]


def said_along(sentence: str) -> list[Fact]:
    """The facts ``sentence`` states on the way: the relatives and pets it names ("with my
    husband Rohan and our dog Biscuit"), and an age with its birthday ("I turned 33 on the
    9th of August"); one fact per key."""
    found: dict[str, Fact] = {}
    for pattern in _NAMED:
        for fact in kin_facts(pattern, sentence):
            found.setdefault(fact.key, fact)
    for pattern, key, content in _ALONG:
        along = pattern.search(sentence)
        said = build_fact(key, content, along.group("v")) if along else None
        if said is not None:
            found.setdefault(said.key, said)
    turned = _TURNED_ON.search(sentence)
    if turned:
        for said in (build_fact("age", "The user is {v} years old.", turned.group("a")),
                     build_fact("birthday", "The user's birthday is {v}.",
                                turned.group("d") or f"in {turned.group('m')}")):
            if said is not None:
                found.setdefault(said.key, said)
    return list(found.values())


def read_with_asides(sentence: str, read: Callable[[str], list[Fact]]) -> list[Fact]:
    """The facts ``read`` finds in ``sentence``, with the relatives and pets it names along
    the way. Its main clause is read as well: a fact found only there is kept, and its value
    replaces the whole sentence's where that one runs on into an aside ("Japanese because
    we're going to Tokyo"), but not where it goes on with a list ("Portuguese, and I speak
    English at work": both languages)."""
    said = sentence
    sentence = without_opener(sentence)  # "I must confess": no fact of its own
    found = [_as_written(f, said) for f in read(sentence)]
    main = without_asides(sentence)
    if main != sentence.strip():
        shorter = {f.key: _as_written(f, said) for f in read(main)}
        found = [_shorter(f, shorter.pop(f.key, None)) for f in found] or list(shorter.values())
    found = [_cut_company(f) for f in found]
    keys = {f.key for f in found}
    return found + [f for f in said_along(sentence) if f.key not in keys]


_LIST_GOES_ON: Final = re.compile(r"^\s*(?:,|and\b|&|or\b)", re.I)


_COMPANY: Final = re.compile(r"\s+(?:with\s+(?:my|our)|and\s+(?:we|i|he|she|they)|"
                            r"and\s+(?:also\s+)?(?:have|own|keep)|because)\s.*$", re.I)
"""Where a value runs on into the company the user keeps or a new clause ("Leicester with
my husband Rohan", "Nairobi and we moved to the UK when I was seven", "Leeds and have a
cat called Tom")."""


def _with_value(fact: Fact, value: str) -> Fact:
    """``fact`` with ``value`` in place of its value, in the value and the sentence alike."""
    return replace(fact, value=value, content=fact.content.replace(fact.value, value))


def _as_written(fact: Fact, said: str) -> Fact:
    """``fact`` with its value in the case the user wrote it ("These days rooibos is ...":
    the capital the opener's removal gave it goes)."""
    value = fact.value[:1].lower() + fact.value[1:]
    if value == fact.value or value not in said or fact.value in said:
        return fact
    return _with_value(fact, value)


def _cut_company(fact: Fact) -> Fact:
    value = _COMPANY.sub("", fact.value)
    if value == fact.value or not value or fact.value not in fact.content:
        return fact
    return _with_value(fact, value)


def _shorter(whole: Fact, main: Fact | None) -> Fact:
    if main is None or not whole.value.casefold().startswith(main.value.casefold()):
        return whole
    rest = whole.value[len(main.value):]
    return whole if not rest or _LIST_GOES_ON.match(rest) else main
