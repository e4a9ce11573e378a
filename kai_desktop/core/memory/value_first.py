"""Phrasings that say the value first and what it is after it.

"Jonas, my husband, is a teacher", "Nothing beats a good schnitzel, my favourite meal",
"German is my mother tongue", "Bee stings are dangerous for me, I'm allergic",
"Casablanca is the best film ever made", "I've got a big vinyl collection"; and those
whose lead-in names the topic ("Workwise, I'm at Spotify", "Every Friday I play
five-a-side football"), which the other rules pass over as a preamble. The topic word
comes last or first, so the rules that start from "I" or "my" miss them, and a small model
files them by the first thing it sees (the husband's job as the user's). Each files its fact
under the slot the other rules use, so a later change lands on it.

Written by hand for the reasons ``statements`` gives.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

from kai_desktop.core.memory.implied_subject import OPENING_VERB
from kai_desktop.core.memory.languages import is_language
from kai_desktop.core.memory.model import Category
from kai_desktop.core.memory.slot_builders import common_noun, kin_fact, languages_fact
from kai_desktop.core.memory.slot_builders import what_i_do_fact as _what_i_do
from kai_desktop.core.memory.slot_words import DRINKS, PET_KINDS, RELATIVE_WORDS
from kai_desktop.core.memory.statements import (
    KIN_AGE,
    Fact,
    build_fact,
    diet_fact,
    favourite_fact,
    job_fact,
)

_NAME = (r"(?!(?:There|Here|It|That|This|What|Who)(?:'s|’s)?\b)"
         r"(?P<v>[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)?)")
_KIN = r"(?P<r>" + RELATIVE_WORDS + "|" + PET_KINDS + r")"
_END = r"\s*[.!]*$"
_WEEKDAY_WHEN = (r"(?i:monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?"
                 r"(?: (?i:morning|afternoon|evening|night)s?)?")
""""Tuesday", "Tuesdays", "Tuesday night": a day of the week and a time of it."""
_DAYS = (r"(?i:(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend)s|"
         r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday) "
         r"(?:nights|evenings|mornings|afternoons))")
_SOFT = r"(?:good|great|nice|proper|decent|big|hot|cold|fresh|classic|real|simple|plain)"

Build = Callable[[re.Match[str]], Fact | None]


def _favourite(m: re.Match[str]) -> Fact | None:
    value = re.sub(r"^(?:anything|everything|all things) in\s+", "", m.group("v").strip(),
                   flags=re.I)  # "Anything in turquoise, that's my favourite colour"
    value = re.sub(r"^(?:" + _SOFT + r"\s+)+", "", value, flags=re.I)
    return favourite_fact(m.group("t"), value, max_words=4)


def _allergy(m: re.Match[str]) -> Fact | None:
    # "Bee stings" starts the sentence; it is no name
    return build_fact("allergy", "The user is allergic to {v}.", common_noun(m.group("v")),
                      max_words=4)


def _collects(m: re.Match[str]) -> Fact | None:
    return build_fact("collects", "The user collects {v}.", common_noun(m.group("v")),
                      max_words=3)


def _dislikes(m: re.Match[str]) -> Fact | None:
    return build_fact("dislikes", "The user dislikes {v}.", common_noun(m.group("v")),
                      Category.PREFERENCE, max_words=4)


def _studies(m: re.Match[str]) -> Fact | None:
    return build_fact("studies", "The user is studying {v}.", m.group("v"), max_words=4)


def _age(m: re.Match[str]) -> Fact | None:
    return build_fact("age", "The user is {v} years old.", m.group("v"))


def _two_languages(m: re.Match[str]) -> Fact | None:
    first, second = m.group("a"), m.group("b")
    if not (is_language(first) and is_language(second)):
        return None
    return build_fact("languages", "The user speaks {v}.", f"{first} and {second}")


def _goes_on(m: re.Match[str]) -> Fact | None:
    activity = m.group("v").casefold()
    day = m.group("d").capitalize()
    return build_fact(f"{activity} routine", f"The user goes {activity} {{v}}.", f"on {day}")


def _has_on(m: re.Match[str]) -> Fact | None:
    thing = m.group("v").casefold()
    day = m.group("d").capitalize()
    return build_fact(f"{thing.split()[0]} routine", f"The user has {{v}} on {day}.", thing,
                      max_words=3)


def _does_every(m: re.Match[str]) -> Fact | None:
    thing = m.group("v").casefold()
    when = " ".join(w.removesuffix("s") for w in m.group("d").split()).capitalize()
    verb = "goes" if thing.endswith("ing") else "does" if m.groupdict().get("do") else "has"
    return build_fact(f"{thing.split()[-1]} routine", f"The user {verb} {{v}} every {when}.",
                      thing, max_words=3)


def _morning(m: re.Match[str]) -> Fact | None:
    return build_fact("morning routine", "The user starts the day with {v}.",
                      common_noun(m.group("v")), max_words=4)


def _drink(m: re.Match[str]) -> Fact | None:
    if m.group("w").casefold() == "morning":
        return _morning(m)
    return build_fact("usual drink", "The user drinks {v}.", common_noun(m.group("v")),
                      Category.PREFERENCE, max_words=4)


def _employer(m: re.Match[str]) -> Fact | None:
    return build_fact("employer", "The user works at {v}.", m.group("v"), max_words=5)


def _plays_on(m: re.Match[str]) -> Fact | None:
    game = m.group("v").strip()
    day = m.group("d").capitalize()
    when = f"on {day}" if day.endswith("s") else f"every {day}"
    return build_fact(f"{game.split()[-1]} routine", f"The user plays {{v}} {when}.", game,
                      max_words=4)


_SPORTS = (r"football|soccer|tennis|basketball|badminton|squash|golf|cricket|volleyball|"
           r"rugby|hockey|netball|padel|chess|bridge|poker|yoga|pilates|karate|judo|boxing")
_DOES: Final = frozenset({"yoga", "pilates", "karate", "judo", "boxing"})


def _activity_when(m: re.Match[str]) -> Fact | None:
    activity = m.group("v").casefold()
    when = " ".join(w if w in {"morning", "afternoon", "evening", "night", "mornings",
                               "afternoons", "evenings", "nights"} else w.capitalize()
                    for w in m.group("d").casefold().split())
    verb = "goes" if activity.endswith("ing") else "does" if activity in _DOES else "plays"
    return build_fact(f"{activity} routine", f"The user {verb} {activity} {{v}}.",
                      f"{m.group('p').casefold()} {when}", max_words=4)


_LEAD_VERB = (r"(?:nothing beats|you can't beat|i (?:love|adore|could eat|could live on|"
              r"always (?:order|have|get))|give me|"
              # "Tonight I watch with Wojtek Cinema Paradiso, it is my favourite film"
              r"(?:(?:tonight|today|yesterday|last night|this evening|again),?\s+)?(?:i(?:'m| am)?"
              r"\s+)?(?:(?:re)?watch(?:ed|ing)?|(?:re)?read(?:ing)?|listen(?:ed|ing)? to)"
              r"(?:\s+with\s+(?:my\s+\w+|[A-Z][\w'’-]*|her|him|them|friends))?)\s+")
_AGAIN = r"(?:\s+(?:again|once more|tonight|for (?:like |about )?the \w+ time))?"  # how often
_I_HAVE_A = (r"^(?i:i(?:'ve| have) got|i have|i own|i keep)\s+(?i:an?\s+)?(?i:(?:big|huge|"
             r"large|small|growing|massive|modest|little)\s+)?")
"""The lead-in of a collection the user has: "I've got a big", "I have a"."""
_THING = r"(?P<t>[a-z]+(?: [a-z]+)?)"

VALUE_FIRST: Final[list[tuple[re.Pattern[str], Build]]] = [
    # "home stuff: wife Joanna; dog Ferdinand (basset, v dramatic)": a kin word and a name,
    # as notes are written, after an optional label
    (re.compile(r"^(?:[A-Za-z][a-z ]{1,20}:\s*)?(?:(?i:my|our)\s+)?(?P<r>(?i:" + RELATIVE_WORDS
                + "|" + PET_KINDS + r"))\s+(?P<v>[A-Z][\w'’-]+)(?:\s*\([^)]*\))?"
                r"(?:\s+(?i:who|which|that)\b[^.!?]*)?" + _END), kin_fact),
    # "Jonas, my husband, is a teacher", "when I get home Biddy, the cat, is waiting"
    (re.compile(r"^(?:(?i:and|but|so|oh|plus|then),?\s+)?(?:(?i:when|whenever|once)\s+"
                r"(?:(?:[a-z'’]+|I)\s+){1,5})?" + OPENING_VERB + _NAME
                + r",\s+(?i:my|our|the)\s+" + KIN_AGE
                + r"(?:[a-z]+\s+)?" + _KIN + r"\b(?:,[^.!?]*)?"
                + _END), kin_fact),
    # "Yellow makes me happy, it's my favourite colour"
    (re.compile(r"^(?P<v>[A-Z][\w'’-]*(?:\s+[a-z][\w'’-]*)?)\s+(?i:makes|keeps|gets|just|"
                r"always|never)\b[^,;.!?]*[,;]\s*(?i:it's|it’s|it is|that's|that’s)\s+(?i:my)\s+"
                r"(?i:(?:all-time |absolute |very )?favou?rite)\s+" + _THING + _END), _favourite),
    # "Nothing beats a good schnitzel, my favourite meal", "Purple, always purple, my fave"
    (re.compile(r"^(?i:" + _LEAD_VERB + r")?(?i:(?:an?|the|some)\s+)?(?P<v>[^,.;!?]+?)\s*"
                + _AGAIN + r"(?:,\s*(?:[\w']+\s+){0,7}[\w']+\s*)?[,:\-–—]+\s*"
                r"(?i:(?:it's|it is|that's|which is)\s+)?"
                r"(?i:(?:hands down|easily|definitely|by far|absolutely|without (?:a )?doubt|"
                r"always|forever|still)\s+)?"
                r"(?i:my (?:all-time |absolute |very |new |current )?(?:favou?rite|go-to)\s+)"
                + _THING + _END),
     _favourite),
    # "The film I rewatch the most is Black Panther"
    (re.compile(r"^(?i:the)\s+" + _THING + r"\s+(?i:i)\s+(?:[a-z]+\s+){1,2}(?i:the\s+)?(?i:most|"
                r"best|more than any other)\s+(?i:is|are)\s+(?P<v>[A-Z][^,.;!?]*?)" + _END),
     _favourite),
    # "Shellfish and I don't get along, I'm allergic"
    (re.compile(r"^(?P<v>[^,.;!?]+?)\s+(?i:and i (?:don't|do not|never) (?:get along|mix|agree))"
                r"[,;]?\s*(?i:(?:as |because |since )?i(?:'m| am) (?:very |badly |severely )?"
                r"allergic(?: to (?:it|them))?)" + _END), _allergy),
    # "Haggis, neeps and tatties is my favourite meal": a list is one value
    (re.compile(r"^(?P<v>[A-Z][\w'’-]*(?:\s+[\w'’-]+)?(?:,\s+[\w'’-]+(?:\s+[\w'’-]+)?){1,4},?"
                r"\s+and\s+[\w'’-]+(?:\s+[\w'’-]+)?)\s+(?i:is|are)\s+(?i:my)\s+"
                r"(?i:(?:all-time |absolute |very )?favou?rite)\s+" + _THING + _END), _favourite),
    # "Lasagne's taken over as my favourite food", "Ramen has become my favourite food",
    # "Braveheart is a film I never tire of",
    # "I'd pick navy over any other colour"
    (re.compile(r"^(?P<v>[A-Z][^,.;!?]*?)(?i:'s|’s|\s+has)\s+(?i:taken over|become|come out on "
                r"top)\s+(?i:as\s+)?(?i:my)\s+(?i:(?:new|current)\s+)?(?i:favou?rite)\s+" + _THING
                + _END), _favourite),
    (re.compile(r"^(?P<v>[A-Z][^,.;!?]*?)\s+(?i:is|are)\s+(?i:an?|the)\s+" + _THING + r"\s+(?i:i "
                r"(?:never (?:tire|get tired|get bored) of|could (?:watch|read|eat|listen to|hear) "
                r"(?:again and again|over and over|forever|every day)|keep coming back to))"
                + _END),
     _favourite),
    (re.compile(r"^(?i:i'd|i would|i'll always|i always)\s+(?i:pick|choose|take|go for)\s+"
                r"(?P<v>[^,.;!?]+?)\s+(?i:over|above)\s+(?i:any|every) other\s+" + _THING
                + _END), _favourite),
    # "Navy blue is my colour", "Black Panther is my number one film"
    (re.compile(r"^(?P<v>[A-Z][^,.;!?]*?)(?i:\s+is|\s+are|'s|’s|\s+remains)\s+(?i:now\s+|still\s+)?"
                r"(?i:my)\s+(?i:(?:number "
                r"one|no\.? ?1|top|all-time|one true|favou?rite)\s+){0,2}(?P<t>(?i:colour|color|"
                r"film|movie|song|band|book|dish|drink|season|flower|sport|team|game))"
                r"(?i:,?\s+(?:always has been|always was|for years|by far))?" + _END), _favourite),
    # "Violin's my instrument"
    (re.compile(r"^(?i:the\s+)?(?P<v>[A-Za-z][a-z]+)(?i:\s+is|'s|’s)\s+(?i:my)\s+(?i:instrument)"
                + _END), lambda m: build_fact("plays", "The user plays the {v}.",
                                              common_noun(m.group("v")))),
    # "Casablanca is the best film ever made"
    (re.compile(r"^(?P<v>[A-Z][^,.;!?]*?)\s+(?i:is|are)\s+(?i:the (?:best|greatest) "
                + _THING + r"(?:\s+(?:ever made|ever written|ever|of all time|in the world|"
                r"there is))?)" + _END), _favourite),
    # "Tortilla is my comfort food and my favourite"
    (re.compile(r"^(?P<v>[A-Z][^,.;!?]*?)\s+(?i:is|are)\s+(?i:my)\s+(?:\w+\s+)?" + _THING
                + r"(?i:,?\s+and\s+(?:also\s+)?my (?:all-time )?favou?rite)" + _END), _favourite),
    # "Basque and Spanish are the languages I grew up with"
    (re.compile(r"^[^.!?]*\b(?i:languages?|tongues?)\b[^.!?]*\b(?i:i (?:grew up (?:with|speaking)|"
                r"speak|know|use|was raised (?:with|speaking)))\b[^.!?]*" + _END), languages_fact),
    # "I'm in my forties, 44 to be exact"
    (re.compile(r"^(?i:(?:i'm|i am) in my \w+,?\s+)?(?P<v>\d{1,3})(?i:,?\s+to be (?:exact|precise))"
                + _END), _age),
    # "Athens is home", "Lisbon has been home for years"
    (re.compile(r"^(?P<v>[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*)(?i:\s+is|\s+has been|'s|’s)\s+"
                r"(?i:(?:my\s+)?(?:home (?:city|town)|home|city|town))"
                r"(?i:\s+(?:now|for (?:me|us|years|now|\w+ years)|these days))*" + _END),
     lambda m: build_fact("home_city", "The user lives in {v}.", m.group("v"))),
    # "Evening classes in Italian keep me busy"
    (re.compile(r"^(?i:(?:evening|night|weekly|online|weekend)\s+)?(?i:classes|lessons|courses?)"
                r"\s+(?i:in)\s+(?P<v>[A-Z][\w'’-]*)\s+(?i:keeps?|take|takes|fill|fills)\s+"
                r"(?i:me|up my)\b[^.!?]*" + _END), _studies),
    # "A little Fiat 500 is what I drive", "Vintage postcards are what I collect"
    (re.compile(r"^(?i:(?:an?|the|my)\s+)?(?i:(?:little|old|new|big|small|battered|trusty)\s+)?"
                r"(?P<v>[A-Z][^,.;!?]*?)\s+(?i:(?:is|are) what i (?P<do>drive|ride|get around in|"
                r"collect))" + _END), _what_i_do),
    # "Cats make me sneeze, I'm allergic to them"
    (re.compile(r"^(?P<v>[^,.;!?]+?)\s+(?i:makes?|gives?)\s+(?i:me)\s+[^,.;!?]+[,;]\s*"
                r"(?i:(?:as |because |since )?i(?:'m| am) (?:very |badly |severely )?"
                r"(?:allergic|intolerant)(?: to (?:it|them))?)" + _END), _allergy),
    # "28 going on 29"
    (re.compile(r"^(?P<v>\d{1,3})\s+(?i:going on)\s+\d{1,3}\b[^.!?]*" + _END), _age),
    # "Coeliac here, so gluten-free everything", "Vegan here", "pescatarian btw so no meat"
    (re.compile(r"^(?P<v>(?i:vegetarian|vegan|pescatarian|coeliac|celiac|lactose intolerant))"
                r"(?:\s+(?i:here|myself|btw|fyi)\b[^.!?]*|,?\s+(?i:so)\b[^.!?]*)?" + _END),
     lambda m: diet_fact(m.group("v").lower())),
    # "Pharmacist by day", "Translator, mostly legal documents"
    (re.compile(r"^(?P<v>[A-Za-z][a-z]+(?: [a-z]+)?)(?:\s+(?i:by day|by trade|by profession)|"
                r",\s+(?i:mostly|mainly|usually|largely|specialising in|specializing in|"
                r"self-employed|freelance)\b[^.!?]*)" + _END),
     lambda m: job_fact(common_noun(m.group("v")))),
    # "Mornings mean a mug of Milo for me", "My mornings start with a chai"
    (re.compile(r"^(?i:my\s+)?(?i:mornings?\s+(?:means?|starts? with|begins? with|are for|are "
                r"all about)|days?\s+(?:starts? with|begins? with))\s+(?i:(?:an?|my)\s+)?"
                r"(?i:(?:cup|mug|glass|pot|bowl) of\s+)?(?P<v>[A-Za-z][^,.;!?]{1,30}?)"
                r"(?i:\s+for me)?" + _END),
     _morning),
    # "First thing every morning: masala chai", "Every morning, a flat white"
    (re.compile(r"^(?i:first thing\s+)?(?i:every|each)\s+(?i:single\s+)?(?i:morning)"
                r"\s*[:,\-–—]\s*(?i:(?:an?|my)\s+)?(?i:(?:cup|mug|glass|pot|bowl) of\s+)?"
                r"(?P<v>[A-Za-z][^,.;!?]{1,30}?)" + _END),
     _morning),
    # "Off coffee now, it's green tea in the mornings": what the mornings are now
    (re.compile(r"^(?:(?i:off|done with|no more|quit|stopped)\s+[^,.;!?]{1,30}?(?i:\s+now)?,\s*)?"
                r"(?i:(?:these days|nowadays|now|lately),?\s+)?(?i:(?:it's|it’s|it is|its)\s+)"
                r"(?i:an?\s+)?(?P<v>(?i:" + DRINKS + r"))\s+"
                r"(?i:in the mornings?|of a morning|first thing)(?i:\s+now|\s+these days)?" + _END),
     _morning),
    # "Flat white, every single morning", "Need my cold brew every morning"
    (re.compile(r"^(?i:(?:i\s+)?(?:need|have|drink|grab|love)\s+)?(?i:(?:an?|my)\s+)?"
                r"(?i:(?:cup|mug|glass|pot|bowl) of\s+)?(?!(?i:i|we|these days|nowadays|lately)\b)"
                r"(?P<v>[A-Za-z][^,.;!?]{1,30}?),?\s+(?i:every (?:single )?morning|each morning|"
                r"first thing(?: in the morning)?(?:,?\s+every (?:single )?day)?)" + _END),
     _morning),
    # "I just have one cappuccino in the morning", "I'm on black coffee first thing": a drink
    # had in the mornings
    (re.compile(r"^(?i:(?:these days|nowadays|lately),?\s+)?"
                r"(?i:(?:i\s+(?:just |only |usually |always |normally )?(?:have|drink|take|grab)|"
                r"i(?:'m|’m| am)\s+(?:now\s+|mostly\s+)?on)\s+)"
                r"(?i:(?:an?|my|one|a single|some)\s+)?(?i:(?:cup|mug|glass|pot) of\s+)?"
                r"(?P<v>(?i:[a-z-]+\s+)?(?i:" + DRINKS + r"))\s+(?i:in the mornings?|first thing)"
                r"(?i:\s+now|\s+these days)?" + _END),
     _morning),
    # "Mandarin at home, English everywhere else"
    (re.compile(r"^(?P<a>[A-Z][a-z]+)\s+(?i:at home|with (?:my )?(?:parents|family|mum|mom|dad|"
                r"grandparents|kids|husband|wife|partner)),?\s+(?P<b>[A-Z][a-z]+)\s+(?i:everywhere "
                r"else|at work|elsewhere|outside|with friends|with everyone else|with everybody "
                r"else)" + _END), _two_languages),
    # "French obviously, and Italian from my mother's side", "English natively, plus some German"
    (re.compile(r"^(?P<a>[A-Z][a-z]+)(?i:\s+(?:obviously|of course|natively|fluently|mainly|"
                r"mostly|first))?,?\s+(?i:and|plus)\s+(?i:(?:some|a bit of|a little|basic)\s+)?"
                r"(?P<b>[A-Z][a-z]+)(?i:(?:,?\s+(?:from|thanks to|through|at|with|too|as well|"
                r"also)\b[^.!?]*)?)" + _END), _two_languages),
    # "If I could only eat one thing, it'd be laksa"
    (re.compile(r"^(?i:if i could (?:only )?eat (?:just )?one (?:thing|food|dish)(?: forever)?,?\s+"
                r"it(?:'d| would) be)\s+(?P<v>[^,.;!?]+?)" + _END),
     lambda m: favourite_fact("food", common_noun(m.group("v")), max_words=4)),
    # "Postcards, I collect them from every trip"
    (re.compile(r"^(?P<v>[A-Za-z][a-z ]{1,30}?)\s*,\s*(?i:i (?:collect|'ve been collecting|have "
                r"been collecting|keep collecting) (?:them|those))\b[^.!?]*" + _END), _collects),
    # "Plus a cat, Miso"
    (re.compile(r"^(?i:plus|and|also)\s+(?i:(?:an?|our|my)\s+)" + _KIN
                + r",?\s+(?i:called |named )?" + _NAME + _END), kin_fact),
    # "52 years old, believe it or not"
    (re.compile(r"^(?P<v>\d{1,3})\s+(?i:years? (?:old|young)|and counting)\b[^.!?]*" + _END),
     _age),
    # "Saturdays are for hiking", "Tuesday nights are my climbing nights"
    (re.compile(r"^(?P<d>" + _DAYS + r")\s+(?i:are (?:for|my)|mean)\s+"
                r"(?P<v>[a-z]+ing)(?i:\s+(?:nights|evenings|mornings|afternoons|days|time))?"
                + _END), _goes_on),
    # "Friday nights are darts at the pub"
    (re.compile(r"^(?P<d>" + _DAYS + r")\s+(?i:are|mean)\s+(?i:for\s+)?(?P<v>(?!chaos\b)[a-z]+"
                r"(?:s|ing)|quiz|bingo|pool|karaoke|football|poker|chess|yoga|choir|salsa|trivia)"
                r"\s+(?i:at|in|"
                r"down|with)\s+(?i:the\s+|my\s+)?[a-z]+(?: [a-z]+)?" + _END), _has_on),
    # "Wednesday evenings are choir practice", "Tuesday nights mean band rehearsal"
    (re.compile(r"^(?P<d>" + _DAYS + r")\s+(?i:are|mean)\s+(?i:(?:my|for)\s+)?(?P<v>[a-z]+"
                r"(?:\s+[a-z]+)?\s+(?i:practice|practise|rehearsals?|training|class|classes|"
                r"lessons?|club))" + _END), _has_on),
    # "I've got loads of vinyl records, I collect them"
    (re.compile(r"^(?i:i(?:'ve| have) got|i have|i own)\s+(?i:loads|lots|tons|heaps|a lot|a ton|"
                r"hundreds|dozens|plenty)\s+(?i:of)\s+(?P<v>[a-z][a-z ]{1,30}?)\s*[,;]\s*"
                r"(?i:i (?:collect|have been collecting|'ve been collecting) (?:them|those))"
                + _END), _collects),
    # "I've always loved green, it's my colour"
    (re.compile(r"^[^,.;!?]*?\b(?P<v>[A-Za-z][\w'’-]*)\s*,\s*(?i:it's|it’s|it is|that's|that’s) "
                r"(?i:my)\s+(?P<t>(?i:colour|color|drink|song|film|movie|food|dish|sport|team|season|"
                r"flower|number|book|band|game|city|animal))" + _END), _favourite),
    # "Pollen is my enemy, hay fever every spring"
    (re.compile(r"^(?P<v>[^,.;!?]+?)\s+(?i:is|are)\s+[^,.;!?]*[,;:]\s*(?i:hay fever|allergies|an "
                r"allergy|sneezing|itchy eyes)\b[^.!?]*" + _END), _allergy),
    # "Trying to learn Mandarin these days"
    (re.compile(r"^(?i:(?:i'm |i am )?(?:trying to learn|learning|studying|taking up|been "
                r"learning))\s+(?!to\b)(?P<v>[A-Za-z][^,.;!?]{1,30}?)(?i:\s+(?:these days|"
                r"nowadays|at the moment|right now|on the side))?" + _END), _studies),
    # "German is my mother tongue, and I'm fluent in Spanish too"
    (re.compile(r"^(?P<v>[A-Z][\w-]*)(?i:\s+is|'s|’s)\s+(?i:my (?:first|native|mother) "
                r"(?:language|tongue))(?:[,;]?\s+[^.!?]*)?" + _END), languages_fact),
    # "Bee stings are dangerous for me, I'm allergic"
    (re.compile(r"^(?P<v>[^,.;!?]+?)\s+(?i:is|are|can be|could be)\s+(?i:[^,.;!?]+)[,;]\s*"
                r"(?i:(?:as |because |since )?i(?:'m| am) (?:very |badly |severely )?"
                r"(?:allergic|intolerant)(?: to (?:it|them))?)" + _END), _allergy),
    # "Stamps are my thing, I've collected them for years", "Old coins fascinate me, I
    # collect them"
    (re.compile(r"^(?P<v>[A-Za-z][^,.;!?]*?)\s+(?i:is|are|fascinates?|interests?|amazes?|"
                r"delights?|excites?)\b[^,.;!?]*[,;]\s*(?i:i(?:'ve| have)?"
                r"\s+(?:been\s+)?collect(?:ed|ing)?\s+(?:them|it))\b[^.!?]*" + _END), _collects),
    # "Olives are disgusting to me"
    (re.compile(r"^(?P<v>[A-Za-z][^,.;!?]*?)\s+(?i:is|are)\s+(?i:(?:just |really |so )?"
                r"(?:(?:disgusting|gross|vile|revolting)(?:\s+to me|\s+for me)?|"
                r"(?:horrible|awful|the worst)\s+(?:to me|for me)))" + _END),
     _dislikes),
    # "Workwise, I'm at Spotify"
    (re.compile(r"^(?i:(?:work|job|career)[- ]?wise|for work|at work),?\s+(?i:i(?:'m| am) "
                r"(?:now )?(?:at|with))\s+(?P<v>[A-Z][\w'’&-]*(?:\s+[A-Z][\w'’&-]*)*)" + _END),
     _employer),
    # "Eggs, I'm allergic, so no omelettes for me"
    (re.compile(r"^(?P<v>[A-Z][a-z]+(?: [a-z]+)?),\s+(?i:i(?:'m| am) (?:very |badly |severely )?"
                r"allergic(?: to (?:it|them))?)(?:,\s*[^.!?]*)?" + _END), _allergy),
    # "Every Friday morning it's football with friends"
    (re.compile(r"^(?i:every|on)\s+(?P<d>" + _WEEKDAY_WHEN + r"),?\s+(?i:it(?:'s|’s| is))\s+"
                r"(?P<v>[a-z][a-z-]{2,20}(?: [a-z-]{3,20})?)(?i:\s+with\s+[a-z ]{3,30})?" + _END),
     _does_every),
    # "On Saturday mornings I do parkrun with Rohan"
    (re.compile(r"^(?i:every|on)\s+(?P<d>" + _WEEKDAY_WHEN + r"),?\s+(?i:i (?:usually |always )?"
                r"(?P<do>do))\s+(?P<v>[a-z][a-z-]{2,20}(?: [a-z-]{3,20})?)"
                r"(?i:\s+with\s+[\w ]{2,30})?" + _END), _does_every),
    # "Pickup basketball every Tuesday night": the activity and the day, nothing else
    (re.compile(r"^(?P<v>[A-Za-z][a-z-]{2,20}(?: [a-z-]{3,20})?)\s+(?i:every)\s+(?P<d>"
                + _WEEKDAY_WHEN + r")" + _END), _does_every),
    # "Espresso is my morning drink now", "Oat milk latte is my usual drink"
    (re.compile(r"^(?P<v>[A-Za-z][\w'’ -]{1,30}?)\s+(?i:is|are)\s+(?i:my|our)\s+"
                r"(?P<w>(?i:morning|usual|daily|go-to|everyday))\s+(?i:drink|brew|cuppa|coffee|tea)"
                r"(?i:\s+(?:now|these days|nowadays))?" + _END), _drink),
    # "Every Friday I play five-a-side football"
    (re.compile(r"^(?i:every|on)\s+(?P<d>" + _WEEKDAY_WHEN + r"),?\s+(?i:i (?:usually |always )?"
                r"play)\s+(?P<v>[a-z][a-z -]{1,30}?)(?i:\s+(?:at|with|in) [\w' ]{2,30})?" + _END),
     _plays_on),
    # "Football every Wednesday evening with friends": the activity, then when
    (re.compile(r"^(?P<v>(?i:" + _SPORTS + r"|[a-z]+ing))\s+(?P<p>(?i:every|on))\s+"
                r"(?P<d>" + _WEEKDAY_WHEN + r"|(?i:weekends?))"
                r"(?i:\s+(?:with|at|in) [\w' ]+)?" + _END),
     _activity_when),
    # "I've got a big vinyl collection", "I have a collection of stamps"
    (re.compile(_I_HAVE_A + r"(?P<v>[a-z][a-z ]{1,30}?)(?i:\s+collection)" + _END), _collects),
    (re.compile(_I_HAVE_A + r"(?i:collection of)\s+(?P<v>[a-z][a-z ]{1,30}?)" + _END),
     _collects),
]

