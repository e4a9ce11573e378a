"""Changes said as a swap: "I replaced the Fiat with a Honda", "moved from Leeds to Bristol",
"I gave up black coffee, it's matcha now".

The old value names the memory that changes (whatever key it was filed under); the new value
takes its place. Written by hand for the reasons ``statements`` gives.
"""

from __future__ import annotations

import re
from itertools import product
from typing import Final

from kai_desktop.core.memory.phrasing_parts import ANY, END, PROPER, lead_in
from kai_desktop.core.memory.statements import article, clean_value, strip_preamble

_PERFECT = r"(?:['’]ve| have)?"
"""The perfect tense of a swap ("I've switched from espresso to mint tea")."""


def _did(i_verbs: str, we_verbs: str | None = None) -> str:
    """A lead-in to a swap verb, in the past or the perfect tense; the subject may be left
    out, as people do in chat ("Sold the Golf and bought a Mini")."""
    lead = f"(?:i{_PERFECT} )?(?:{i_verbs})"
    if we_verbs:
        lead += f"|we{_PERFECT} (?:{we_verbs})"
    return lead_in(lead)


_WHEN = (r"(?i:\s+(?:(?:in|on|at|for) the (?:mornings?|evenings?|afternoons?|weekends?)|at "
         r"(?:night|breakfast|lunch|dinner|work)|every (?:morning|evening|day|night)|for "
         r"(?:breakfast|lunch|dinner)))?")
"""A time of day a swap may name ("matcha in the mornings instead of espresso")."""
_USES = r"(?:drink|have|eat|take|use|drive|ride|prefer)"
"""What one does with a thing that changes: a drink, a food, a car."""
_OLD = r"(?i:(?:my|our|the|that|this)\s+(?:old\s+)?)?(?P<old>[^,.;!?]+?)"
_SWAP = [
    re.compile(r"^" + ANY + r"(?i:\s+(?:(?:has|have) (?:replaced|taken over from|taken the place "
               r"of|pushed out|won out over)|took over from|won out over)\s+(?:the |my |our )?)"
               r"(?P<old>[^,.;!?]+?)(?i:\s+(?:as (?:my|our) [a-z ]+|for me|in my (?:mornings?|"
               r"evenings?|cup|mug)))?" + _WHEN + END),
    re.compile(_did("left|quit", "left") + r"(?P<old>[A-Z][^,.;!?]*?)"
               r"(?i:\s+for\s+(?:an?\s+(?:new\s+)?"
               r"(?:job|position|role|post)\s+(?:at|with)\s+)?)" + PROPER + END),
    # "We have left Aberystwyth and settled in Shrewsbury, a short walk from Catrin"
    re.compile(_did("left", "left") + r"(?P<old>[A-Z][^,.;!?]*?),?\s+(?i:and\s+(?:have\s+)?"
               r"(?:settled|moved|relocated)\s+(?:in|to))\s+" + PROPER + r"(?:,\s+[^.!?]*)?" + END),
    # "I changed my tinto for matcha" (Spanish "cambiar X por Y")
    re.compile(_did("replaced|swapped|traded(?: in)?|exchanged|changed",
                    "replaced|swapped|traded(?: in)?|changed")
               + _OLD + r"(?i:\s+in)?(?i:\s+(?:for|with))\s+(?i:(?:an?|the|my|our)\s+)?(?:new\s+)?"
               + ANY + END),
    re.compile(_did("sold|got rid of|gave up", "sold|got rid of")
               + _OLD + r"(?i:(?:,?\s+and|,)\s+(?:i\s+|we\s+)?"
               r"(?:bought|got|now (?:drive|have|own))|\s+for)\s+(?i:(?:an?|the)\s+)?" + ANY
               + r"(?i:\s+(?:second[- ]hand|used))?" + END),
    # "I gave up black coffee, it's matcha now", "Ditched the gym, now I swim"
    re.compile(_did("gave up|given up|quit|ditched|dropped|stopped (?:drinking|eating|having)|"
                    r"no more|kicked|went off|gone off|got off|sold|got rid of|traded in",
                    "sold|got rid of")
               + _OLD + r"(?i:\s+for me)?"
               r"(?i:\s*[,;:]\s*(?:and\s+)?(?:now\s+)?(?:it(?:'s|’s| is)|i(?:'m| am) (?:on|into)|"
                        r"(?:i|we) (?:drink|have|eat|use|prefer|drive|own)|"
                        r"(?:i|we)(?:'ve| have)(?: got)?(?= an?\b)|"
                        r"i(?:'ve| have)? switched to|switched to))\s+(?i:(?:an?|the)\s+)?"
               + ANY + _WHEN + END),
    # "I don't drink buttermilk anymore, I drink a hot cocoa now, because Wojtek makes it"
    re.compile(lead_in(r"i (?:don't|do not|no longer) " + _USES) + r"(?i:(?:an?|the|my)\s+)?"
               r"(?P<old>[^,.;!?]+?)(?i:\s+(?:anymore|any more))?\s*[,;]\s*"
               r"(?i:(?:but\s+)?(?:now\s+)?(?:(?:i|we) " + _USES + r"|it(?:'s|’s| is)))\s+"
               r"(?i:(?:an?|the|some)\s+)?" + ANY
               + _WHEN + r"(?i:,?\s+(?:because|as|since)\s+[^.!?]+)?" + END),
    # "I gave up coffee, tea for me now", "I've gone off pizza, sushi is my favourite now"
    re.compile(_did("gave up|given up|quit|ditched|went off|gone off|got off") + _OLD
               + r"\s*[,;:]\s*(?i:(?:and\s+)?(?:now\s+)?)(?i:(?:an?|the)\s+)?" + ANY
               + r"(?i:\s+(?:for me|is my (?:new )?(?:favourite|favorite|go-to)(?: [a-z]+)?))"
               + _WHEN + END),
    # "Pizza used to be my favourite, now it's sushi"
    re.compile(r"^(?P<old>[^,.;!?]+?)(?i:\s+used to be my (?:favourite|favorite|go-to)(?: [a-z]+)?)"
               r"\s*[,;:]\s*(?i:(?:but\s+)?now\s+it(?:'s|’s| is)\s+)(?i:(?:an?|the)\s+)?" + ANY
               + END),
    # "I have matcha in the mornings instead of espresso now"
    re.compile(lead_in(r"i (?:now )?(?:have|drink|eat|take|use|prefer|go for|get|drive|ride)")
               + r"(?i:(?:an?|the|some)\s+)?(?P<v>[^,.;!?]+?)" + _WHEN + r"\s+(?i:instead of|in "
               r"place of|rather than)\s+(?i:(?:an?|the|my)\s+)?(?P<old>[^,.;!?]+?)" + _WHEN + END),
    # "Lately I prefer pho over tacos"
    re.compile(lead_in(r"i (?:now |much |really )?prefer") + r"(?i:(?:an?|the)\s+)?"
               r"(?P<v>[^,.;!?]+?)\s+(?i:over|to|rather than)\s+(?i:(?:an?|the|my)\s+)?"
               r"(?P<old>[^,.;!?]+?)" + _WHEN + END),
    # "The Fiat's been replaced by a Renault Zoe"
    re.compile(r"^(?i:(?:the|my|our)\s+(?:old\s+)?)?(?P<old>[^,.;!?]+?)(?i:'s|’s| has| have| was| "
               r"got)?\s+(?i:(?:been\s+)?(?:replaced|swapped|traded in))\s+(?i:by|with|for)\s+"
               r"(?i:(?:an?|the|my)\s+)?(?:new\s+)?" + ANY + END),
    # "Now it's oat lattes for me, no more frappe"
    re.compile(lead_in(r"it(?:'s|’s| is)") + r"(?P<v>[^,.;!?]+?)(?i:\s+for me)?\s*[,;]\s*"
               r"(?i:no more|not|instead of)\s+(?i:(?:the|my)\s+)?(?P<old>[^,.;!?]+?)"
               r"(?i:\s+anymore)?" + END),
    # "These days pizza beats laksa for me"
    re.compile(r"^(?i:(?:these days|nowadays|now|lately),?\s+)?(?P<v>[^,.;!?]+?)\s+(?i:beats|has "
               r"beaten|trumps|wins over|has overtaken)\s+(?P<old>[^,.;!?]+?)(?i:\s+for me)?"
               + END),
    # "Coffee's out, green tea's in"
    re.compile(r"^(?i:(?:the|my)\s+)?(?P<old>[^,.;!?]+?)(?i:'s|’s| is| are)\s+(?i:out)\s*[,;:]\s*"
               r"(?i:(?:and\s+)?(?:the\s+)?)?(?P<v>[^,.;!?]+?)(?i:'s|’s| is| are)\s+(?i:in)" + END),
    # "Goodbye Corsa, hello Kia Sportage"
    re.compile(r"^(?i:goodbye|bye(?:-bye)?|so long|farewell)\s+(?i:(?:to\s+)?(?:the\s+|my\s+|"
               r"our\s+)?(?:old\s+)?)(?P<old>[^,.;!?]+?)\s*[,;:]\s*(?i:(?:and\s+)?hello)\s+"
               r"(?i:(?:to\s+)?(?:the\s+|my\s+|our\s+|an?\s+)?(?:new\s+)?)" + ANY + END),
    # "Coconut water instead of chai for me now"
    # ("I work for FlyeFit instead of Bon Secours" is a clause, read by the rules)
    re.compile(r"^(?i:(?:an?|the|some)\s+)?(?!(?i:i|we|i'm|i've|we're|we've)\b)(?P<v>[^,.;!?]+?)"
               r"\s+(?i:instead of|in place of|rather than)\s+(?i:(?:an?|the|my)\s+)?"
               r"(?P<old>[^,.;!?]+?)(?i:\s+for me)?" + END),
    # "The Ibiza went, we got a Kia Niro"
    re.compile(r"^(?i:(?:the|my|our)\s+(?:old\s+)?)?(?P<old>[A-Z][^,.;!?]*?)\s+(?i:went|is gone|"
               r"has gone|got sold|was sold|died on (?:me|us)|gave up)\s*[,;:]\s*(?i:(?:and |so )?"
               r"(?:now )?(?:i|we)(?:'ve| have)? (?:got|bought|have|drive)(?: ourselves| myself)?)"
               r"\s+(?i:(?:an?|the)\s+)?(?:new\s+)?" + ANY + END),
    # "I'm not at Dartmouth General anymore, I'm at St. Boniface", "no longer with Aviva,
    # it's Zurich now": the place the user is no longer at, and the one they are at now
    re.compile(r"^(?i:(?:i(?:'m|’m| am)\s+)?(?:not\s+(?:at|with)\s+(?P<a>)|no longer\s+(?:at|with)"
               r"\s+))" + r"(?P<old>[A-Z][^,.;!?]*?)(?(a)(?i:\s+(?:anymore|any more)))\s*[,;:]\s*"
               r"(?i:(?:but\s+)?(?:now\s+)?(?:i(?:'m|’m| am)\s+(?:now\s+)?(?:at|with)|"
               r"it(?:'s|’s| is)(?:\s+now)?))\s+(?i:(?:an?|the)\s+)?" + ANY + END),
    re.compile(_did("moved|switched|changed|went|relocated|upgraded|downgraded",
                    "moved|switched|relocated|upgraded")
               + r"(?i:\s*from)\s+(?P<old>[^,.;!?]+?)(?i:\s+to)\s+" + ANY + END),
]


_WHEN_AFTER = re.compile(r"\s+(?:in the (?:mornings?|evenings?|afternoons?)|at (?:night|work|"
                         r"home|breakfast)|on (?:weekends|weekdays)|every (?:day|morning))$",
                         re.I)


def change_of(sentence: str) -> tuple[str, str] | None:
    """``(old, new)`` when ``sentence`` says one thing replaced another, else None."""
    # "Got rid of the Transit, I've a Volvo now": what looks like a lead-in may be the swap
    # "Oh, and a confession: pad thai has overtaken shepherd's pie": a label before a colon
    plain = strip_preamble(sentence)
    labelled = re.sub(r"^[^.!?:]{1,30}:\s+", "", plain)
    dashed = re.sub(r"^[^.!?:]{1,30}?\s+[-–—]\s+", "", plain)  # "new job - not at X anymore"
    for text, pattern in product(dict.fromkeys((labelled, plain, sentence, dashed)), _SWAP):
        match = pattern.search(text)
        if match:
            old = clean_value(re.sub(r"^(?:my|our|the)\s+", "", match.group("old"), flags=re.I))
            new = re.sub(r"^(?:an?|the)\s+", "", clean_value(match.group("v")), flags=re.I)
            new = _WHEN_AFTER.sub("", new)  # "to black coffee in the mornings"
            if old and new and old.casefold() != new.casefold():
                return old, new
    return None


def replaced_in(content: str, old: str, new: str) -> str | None:
    """``content`` with ``old`` (whole words, any case) put as ``new``, keeping a capital
    at the start of the fact ("Black coffee is how the user starts every day." -> "Matcha
    is how ..."); None when ``content`` does not hold ``old``."""
    match = re.search(r"\b" + re.escape(old) + r"\b", content, re.I)
    if match is None:
        return None
    if old[:1].isupper():
        # "Sold the Enfield, bought an Ather scooter": the whole name the old one is part
        # of goes ("a Royal Enfield Classic" -> "an Ather scooter", not "a Royal Ather
        # scooter Classic")
        name = r"(?:[A-Z][\w'’-]*\s+)*" + re.escape(old) + r"(?:\s+[A-Z][\w'’-]*)*"
        match = re.search(r"\b" + name + r"\b", content) or match
    start = match.start()
    # "stopped drinking coffee, now green tea" on "drinks black coffee": the words that
    # described the old thing go with it ("green tea", not "black green tea")
    while (word := re.search(r"\b(\w+) $", content[:start])) and word[1].lower() in _DESCRIBING:
        start = word.start(1)
    if start == 0:
        value = new[:1].upper() + new[1:]
    elif match.group(0)[:1].islower():  # "chai" -> "coconut water", not "Coconut water"
        value = new[:1].lower() + new[1:]
    else:
        value = new
    before = content[:start]
    # "drives a Fiat" -> "drives an Audi": the article follows the new value
    before = re.sub(r"\b(an?) $", lambda m: _article_like(m.group(1), value) + " ", before,
                    flags=re.I)
    return before + value + content[match.end():]


_DESCRIBING_WORDS: Final = (
    "black white red blue green yellow grey gray silver brown pink purple orange strong "
    "weak iced hot cold oat soy decaf instant filter fresh herbal old little big small "
    "large used vintage classic cheap masala spiced sweet milky"
)
_DESCRIBING: Final = frozenset(_DESCRIBING_WORDS.split())
"""Words that describe a thing, said before it ("black coffee", "a little red car")."""


def _article_like(said: str, value: str) -> str:
    new = article(value)
    return new.capitalize() if said[:1].isupper() else new
