"""Notes written as labels: "Name: Tomasz", "Car: Skoda Octavia", "Pets:\n- dog, Kuba",
"Favourites: colour green, film Jaws", "Employer now Kier (left Amey)".

People set up an assistant this way, and a small model refuses such notes or files them
nowhere. The rules read plain sentences, so each labelled field is said again as the
sentence it stands for ("My name is Tomasz.", "I drive a Skoda Octavia.", "My dog is called
Kuba.", "I work for Kier." with "I switched from Amey to Kier."), and every other line is
left as it was. A label the table below does not know leaves its line untouched, so prose
with a colon ("Big news: I got the job") reads as before.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

from kai_desktop.core.memory.label_words import label_said
from kai_desktop.core.memory.slot_words import (
    CAR_MAKES,
    DIET_WORDS,
    DIETS,
    GO_ACTIVITIES,
    HOBBY_VERBS,
    INSTRUMENTS,
    PET_KINDS,
    RELATIVE_WORDS,
    VEHICLE_WORDS,
)
from kai_desktop.core.memory.statements import article

_FENCE: Final = "```"
_MAX_FIELD_CHARS: Final = 200  # a profile field is short; a longer line is prose
_MAX_LINES: Final = 30  # a longer message is pasted text, not the user's profile

_BULLET: Final = re.compile(r"^\s*(?:[-*•‣◦·]|\d{1,2}[.)])\s+")
_SEPARATOR: Final = r"(?::|->|→|=>|=|//|>>|»|\||\s[-–—]+)"
"""What stands between a label and its value ("Car: Skoda", "Car -> Skoda", "car // Skoda")."""
_FIELD: Final = re.compile(
    r"^(?P<label>[^\W\d_][\w'’ -]{0,30}?)\s*" + _SEPARATOR + r"\s*(?P<value>\S.*)$")
_NOW_FIELD: Final = re.compile(
    r"^(?P<label>[^\W\d_][\w'’ ]{0,30}?)\s+(?:(?:is|are)\s+)?now\s*:?\s+(?:(?:is|are)\s+)?"
    r"(?P<value>\S.*)$", re.I)
""""Employer now Kier", "Morning drink is now green tea", "My favourite food now is bagels": a
label, "now", the new value."""
_SOMEONE: Final = r"(?:" + PET_KINDS + "|" + RELATIVE_WORDS + r")"
_ABOUT_ME: Final = re.compile(r"\babout (?:me|myself)\s*[-:–—]?\s*$", re.I)
_NAME_AGE: Final = re.compile(r"(?P<n>[A-Z][a-z'’-]+),\s+(?P<a>[1-9]\d)")
""""Rosa, 52": a list about the user opens with their name and age."""
_HEADING: Final = re.compile(r"^(?P<label>[^\W\d_][\w'’ ]{0,30}?)\s*:\s*$")
_FAV_WORDS: Final = r"(?:fav|fave|favou?rite)"
_BARE_LABEL: Final = (
    r"(?:" + _FAV_WORDS + r"\s+(?:colou?r|food|dish|meal|snack|film|movie|drink|tea|coffee|"
    r"book|author|band|song|singer|album|artist|season|sport|team|game|show|series|animal|"
    r"place|city|flower|number|cuisine|dessert|beer|wine)|b-?day|birthday)")
_BARE_FIELD: Final = re.compile(
    r"^(?i:(?:also|and|oh and|plus|btw),?\s+)?(?P<label>(?i:" + _BARE_LABEL + r"))\s+"
    r"(?:(?i:is)\s+)?(?P<value>(?!(?i:is|are|was|about|of|for|has|had)\b)\S.*)$")
""""bday Nov 3rd", "fav colour ochre", "also fav food is bibimbap now": a label that needs no
separator, for the few labels people write that way."""
_FIELDS_APART: Final = re.compile(
    r"\s+\|\s+|;\s+|\s+/\s+(?=[^\W\d_][\w'’ -]{0,30}?\s*:)|,\s+(?=" + _BARE_LABEL + r"\s)",
    re.I)
_LINE_SENTENCES: Final = re.compile(r"(?<=[.!?])\s+(?=[a-zA-Z])")
_LIST_VALUES: Final = re.compile(r"\s*\|\s*")

_PARENS: Final = re.compile(r"\s*\((?P<p>[^)]*)\)")
_WAS: Final = re.compile(r"^(?:was|were|formerly|previously|used to be|left|not|no longer|"
                         r"no more|instead of|before that|before)\s+(?P<old>.+)$", re.I)
_NEW_NOT_OLD: Final = re.compile(
    r"^(?:now\s+)?(?P<new>[^,;]+?)(?:\s+now)?\s*[,;-]\s*(?:not|no more|no longer|instead of)\s+"
    r"(?P<old>[^,;]+?)(?:\s+any\s?more)?$", re.I)
_ARROW: Final = re.compile(r"^(?P<old>[^>]+?)\s*(?:->|→|=>|>>)\s*(?P<new>[^>]+?)(?:\s+now)?$")
""""Aarhus -> Rotterdam": the old value, then the new."""
_STRUCK: Final = re.compile(r"^~~(?P<old>[^~]+?)~~\s*(?P<new>[^~]+?)(?:\s+now)?$")
""""~~espresso~~ yerba mate": the old value struck through, then the new (Markdown)."""
_BEATS: Final = re.compile(r"^(?P<new>[^>]+?)\s+>\s+(?P<old>[^>]+?)(?:\s+now)?$")
""""bitterballen > frikadeller now": the new value over the old."""
_DROPPED: Final = re.compile(
    r"^(?:now\s+)?(?P<new>[^,;]+?)(?:\s+now)?\s*[,;]\s*(?P<old>[^,;]+?)\s+(?:dropped|gone|"
    r"ditched|out|retired|no more|sold|left)$", re.I)  # "yerba mate, cortado dropped"
_OLD_THEN_NEW: Final = re.compile(
    r"^(?:no longer|not|no more)\s+(?P<old>[^,;]+?)\s*[,;-]\s*(?:now\s+)?(?P<new>[^,;]+?)"
    r"(?:\s+now)?$", re.I)  # "no longer stamppot - bibimbap"
_ARTICLE: Final = re.compile(r"^(?:(?i:an?|some)|the|The(?=\s+[a-z]))\s+")
""""a Skoda", "the trumpet"; not the "The" of a name ("The Big Lebowski", "The Hague")."""
_CLAUSE_START: Final = re.compile(
    r"^(?:i|i'm|i've|i'd|we|we're|we've|it|it's|its|they|they're|he|she|this|that|there|"
    r"you|nothing|none|n/a|tbd|unknown|same|in|at|on|with|from|to|into|off|out|up|down|over|"
    r"back|away|finally|still|again|so|very|too|really|just|not|never|always|busy|done|hard|"
    r"easy|fine|ok|okay|good|bad|great|terrible|crazy|mad|lol|haha)\b", re.I)
"""A value that is a clause or says nothing ("Work - it's been crazy", "Pets: none", "Car:
in the garage again", "Home - finally")."""
_DID: Final = re.compile(
    r"^(?:moved|sold|left|quit|got|bought|switched|changed|started|joined|became|gave up|"
    r"stopped|retired|swapped|traded|replaced|took up|picked up|adopted)\b", re.I)  # "moved to"
_AT_EMPLOYER: Final = re.compile(r"^(?P<job>[^,@]+?),?\s+(?:at|for|with|@)\s+(?P<emp>[A-Z].*)$")
_WEEKDAYS: Final = re.compile(
    r"^(?:every\s+|on\s+)?(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days?|weekends?)"
    r"(?:\s+(?:mornings?|afternoons?|evenings?|nights?))?$", re.I)
_FAVOURITE: Final = re.compile(r"^" + _FAV_WORDS + r"\s+(?P<t>[a-z]+(?: [a-z]+)?)$", re.I)
_SOLD: Final = re.compile(
    r"^(?:I\s+)?(?i:sold|swapped|traded(?: in)?|ditched|got rid of|replaced)\s+"
    r"(?:(?i:the|my|our|an?)\s+)?(?P<old>[^>→(]+?)\s*(?:->|→|=>|>>|\s(?i:for))\s+"
    r"(?:(?i:an?|the)\s+)?(?P<new>[A-Za-z][^>→(]*?)(?:\s+(?i:now))?(?:\s*\(.*\))?\s*[.!]*$")
""""sold the Skoda -> Vespa now", "traded my Fiat for a Honda": a vehicle given up for
another."""
_PET_ITEM: Final = re.compile(
    r"^(?:an?\s+)?(?P<k>(?i:" + PET_KINDS + r"))(?:\s*[,:=-]+\s*|\s+(?:called|named)\s+|\s+)"
    r"(?P<v>[A-Z][\w'’-]*)$|^(?P<v2>[A-Z][\w'’-]*)\s*(?:\((?:an?\s+)?(?P<k2>(?i:" + PET_KINDS
    + r"))\)|,?\s+(?:the|my|our)\s+(?P<k3>(?i:" + PET_KINDS + r")))$")

Frame = Callable[[str], list[str]]

_LISTS_LANGUAGES: Final = r"languages?|langs?|speaks?|spoken|tongues?"
_LISTS_ALLERGIES: Final = r"allerg\w*(?: to)?|intoleran\w*"
_LISTS: Final = re.compile(_LISTS_LANGUAGES + "|" + _LISTS_ALLERGIES)
"""Labels whose value may list several ("Danish, English, Faroese"); any other value is
cut at its first comma ("cortado, double, no sugar", "accordion, badly, ~8 yrs")."""
_KIN_SHORT: Final = {"bro": "brother", "sis": "sister", "bf": "boyfriend", "gf": "girlfriend",
                     "hubby": "husband"}
_FAMILY: Final = re.compile(r"fam|family|household|kids|children|siblings|relatives|people")
_KIN_ITEM: Final = re.compile(
    r"^(?P<k>(?i:" + RELATIVE_WORDS + "|" + "|".join(_KIN_SHORT) + r"))\s*[,:=-]*\s+"
    r"(?P<v>[A-Z][\w'’-]*)\b")  # "bro Torsten (older)", "sister: Ana"


def _bare(value: str) -> str:
    return _ARTICLE.sub("", value.strip(" ."))


def _said(template: str) -> Frame:
    return lambda v: [template.format(v=_bare(v), a=article(_bare(v)))]


def _proper(template: str) -> Frame:
    """A name or a place: written with a capital, or typed all in lower case and short
    ("home: leeds"), never a common noun with an article ("Location: the office")."""
    said = _said(template)

    def frame(value: str) -> list[str]:
        lower_ok = value.islower() and len(value.split()) <= 2 and not _ARTICLE.match(value)
        return said(value) if _bare(value)[:1].isupper() or lower_ok else []
    return frame


def _job(value: str) -> list[str]:
    value = _bare(value)
    at = _AT_EMPLOYER.match(value)  # "electrician, at Amey"
    if at is None:
        return [f"I work as {article(value)} {value}."]
    job = at.group("job")
    return [f"I work as {article(job)} {job}.", f"I work for {at.group('emp')}."]


def _diet(value: str) -> list[str]:
    value = _bare(value)
    said = value.casefold()
    return [f"I'm {value}." if said in DIETS or said in DIET_WORDS else f"My diet is {value}."]


def _hobby(value: str) -> list[str]:
    """A hobby item: "collect enamel pins" (the user's own words), "banjo (badly)" (an
    instrument), "bouldering every Thursday" (an activity one goes to)."""
    value = _bare(value)
    if HOBBY_VERBS.match(value):
        return [f"I {value}."]
    if INSTRUMENTS.fullmatch(value):
        return [f"I play the {value}."]
    if GO_ACTIVITIES.match(value):
        return [f"I go {value}."]
    return [f"My hobby is {value}."]


def _sold(m: re.Match[str]) -> list[str] | None:
    old, new = _bare(m.group("old")), _bare(m.group("new"))
    if not any(CAR_MAKES.search(v) or VEHICLE_WORDS.search(v) for v in (old, new)):
        return None  # "sold my flat for a song" names no vehicle
    return [f"I switched from {old} to {new}.", *_vehicle(new)]


def _vehicle(value: str) -> list[str]:
    value = _bare(value)
    rides = re.search(r"\b(?:scooter|bike|motorbike|motorcycle|moped|vespa)\b", value, re.I)
    return [f"I {'ride' if rides else 'drive'} {article(value)} {value}."]


def _weekly(value: str) -> list[str]:
    """"WEEKLY: bouldering, Thursday evenings": what the user goes and does, and when."""
    what, _, when = value.partition(",")
    if not re.fullmatch(r"[a-z]+ing", what.strip()) or not _WEEKDAYS.match(when.strip()):
        return []
    return [f"I go {what.strip()} on {when.strip()}."]


_FRAMES: Final[list[tuple[re.Pattern[str], Frame]]] = [
    (re.compile(r"(?:full |first )?name|called|me|i'm|i am"), _proper("My name is {v}.")),
    (re.compile(r"age|years?(?: old)?"), _said("I'm {v}.")),
    (re.compile(r"home ?town|originally(?: from)?|from|born in|birthplace|place of birth|"
                r"grew up(?: in)?|roots|origin"), _proper("I'm originally from {v}.")),
    (re.compile(r"home(?: city)?|city|town|location|lives?(?: in)?|living(?: in)?|based(?: in)?|"
                r"where i live|residence|base|moved(?: to)?|relocated(?: to)?"),
     _proper("I live in {v}.")),
    (re.compile(r"employer|company|works? (?:for|at)|workplace|firm|employed (?:by|at)|"
                r"organi[sz]ation"), _proper("I work for {v}.")),
    (re.compile(r"job|work|occupation|profession|role|career|(?:job )?title|day job|position|"
                r"what i do|trade"), _job),
    (re.compile(r"(?:\w+ )?(?:mornings?|am|a\.m\.)(?: \w+)?|first thing|wake[- ]up drink|"
                r"breakfast drink"),
     _said("I have {a} {v} in the morning.")),
    (re.compile(r"(?:usual |go-to )?drink|beverage"), _said("My favourite drink is {v}.")),
    (re.compile(_LISTS_LANGUAGES), _said("I speak {v}.")),
    (re.compile(_LISTS_ALLERGIES), _said("I'm allergic to {v}.")),
    (re.compile(r"diet(?:ary)?(?: needs| requirements| preferences)?|eating"), _diet),
    (re.compile(r"car|vehicle|wheels|ride|motor|motorbike|bike|scooter|drives?|transport|"
                r"getting around"), _vehicle),
    (re.compile(r"instruments?|plays?|musical instruments?"), _said("I play the {v}.")),
    (re.compile(r"birthday|bday|b-day|birth ?date|date of birth|dob|born(?: on)?"),
     _said("My birthday is {v}.")),
    (re.compile(r"collects?|collection|collecting|collector"), _said("I collect {v}.")),
    (re.compile(r"learning|studying|studies|study"), _said("I'm learning {v}.")),
    (re.compile(r"hobby|hobbies|pastimes?|spare time|free time|interests"), _hobby),
    (re.compile(r"film|movie"), _said("My favourite film is {v}.")),
]
_KIND: Final = re.compile(r"(?:" + RELATIVE_WORDS + "|" + PET_KINDS + r")")
"""A label that is a relative or a pet ("Sister: Agnieszka", "Our dog = Kuba"): its value
is a name."""


def _new_value(value: str) -> tuple[str, str | None]:
    """The value a field gives now, and the old one it names ("green tea now, not yerba
    mate", "bigos (was pierogi)", "no longer an electrician, now a site manager")."""
    old = None
    for part in _PARENS.finditer(value):
        was = _WAS.match(part.group("p").strip())
        if was:
            old = was.group("old")
    value = _PARENS.sub("", value).strip(" .")
    for pattern in (_NEW_NOT_OLD, _OLD_THEN_NEW, _ARROW, _STRUCK, _BEATS, _DROPPED):
        swap = pattern.match(value)
        if swap:
            value, old = swap.group("new"), swap.group("old")
            break
    value = re.sub(r"^now\s+|\s+now$", "", value.strip(" ."), flags=re.I)
    return value.strip(" ."), (_bare(old) if old else None)


def _without_aside(label: str, value: str) -> str:
    """"shepherd's pie - the lentil version, since I don't eat meat": the value without the
    aside after it; a pet's or a relative's name ends at a comma ("cat: Jandal, a skinny
    thing who sleeps in the washing basket")."""
    value = re.split(r"\s+[-–—]\s+|,\s+(?:since|because|though|although)\s", value)[0]
    return re.split(r",(?![^(]*\))", value)[0] if _KIND.fullmatch(label) else value


def _frame(label: str, value: str) -> list[str] | None:
    """The plain sentences one field stands for, or None for a label this table does not
    know or a value that is no value."""
    if _DID.match(value) and not re.match(r"^(?:got|bought)\s", value, re.I):
        return [f"I {value}."]  # "Update: moved from Leeds to Sheffield"
    value = _without_aside(label, value)
    if (not label or _CLAUSE_START.match(value) or len(_PARENS.sub("", value).split()) > 8
            or "?" in value):
        return None
    new, old = _new_value(value)
    if not _LISTS.fullmatch(label) and not re.search(r",\s*(?:at|for|with|@)\s", new):
        new = new.split(",")[0].strip()  # "cortado, double, no sugar"
    if not new:
        return None
    change = [f"I switched from {old} to {_bare(new)}."] if old else []
    if _WEEKDAYS.match(label):
        day = label.title() if label.endswith("s") else label.title() + "s"
        return [f"On {day} I do {_bare(new)}."]
    favourite = _FAVOURITE.match(label)
    if favourite:
        return [*change, f"My favourite {favourite.group('t')} is {_bare(new)}."]
    frame = next((f for pattern, f in _FRAMES if pattern.fullmatch(label)), None)
    if frame is not None:
        said = frame(new)
        return [*change, *said] if said else None
    if _KIND.fullmatch(label):
        if not _bare(new)[:1].isupper():
            return None  # "Dog: barking all night" names no one
        return [*change, f"My {label} is called {_bare(new)}."]
    return None


def _items(label: str, value: str) -> list[str] | None:
    """A field whose value lists several ("Favourites: colour green, film Jaws", "Pets:
    dog, Kuba"): one sentence each, or None when it lists nothing this table knows."""
    if label in ("favourite", "favourites", "faves", "favs", "favourite things"):
        out = []
        for item in re.split(r",\s*|\s+and\s+", value):
            thing, _, said = item.strip().partition(" ")
            if said:
                out.append(f"My favourite {thing.casefold()} is {said.strip(' .')}.")
        return out or None
    if _FAMILY.fullmatch(label):
        kin = _KIN_ITEM.match(value.strip(" ."))
        if kin:
            word = kin.group("k").casefold()
            return [f"My {_KIN_SHORT.get(word, word)} is called {kin.group('v')}."]
    if label in ("pets", "pet", "animals"):
        # "Mruczek (cat)" names the kind in brackets; "dog, Waffles (lurcher, very daft)"
        # only adds an aside
        pet = _PET_ITEM.match(value.strip(" .")) or _PET_ITEM.match(_PARENS.sub("", value))
        if pet:
            kind = pet.group("k") or pet.group("k2") or pet.group("k3")
            return [f"My {kind.casefold()} is called {pet.group('v') or pet.group('v2')}."]
    return None


_UPDATES: Final = ("update", "updates", "changes", "change", "news", "correction", "btw", "fyi")


def _field(text: str, heading: str) -> list[str] | None:
    """The sentences one labelled field stands for (a bare item under ``heading`` reads
    as that heading's field); None when it is no field this table knows."""
    text = text.strip()
    if len(text) > _MAX_FIELD_CHARS:
        return None
    if heading in _UPDATES and _FIELD.match(text):
        heading = ""  # "updates:\n- moved: Utrecht -> Trondheim": a field of its own
    said = _under(heading, text) if heading else None
    if said:
        return said
    sold = _SOLD.match(text)
    if sold is not None:
        return _sold(sold)
    m = _FIELD.match(text) or _NOW_FIELD.match(text) or _BARE_FIELD.match(text)
    if m is None:
        return None
    label, value = label_said(m.group("label")), m.group("value").rstrip(" .!")
    if label in (*_UPDATES, "weekly", "every week", ""):
        inner = _FIELD.match(value)  # "weekly: Thursdays = bouldering"
        if inner is not None and not _DID.match(value):
            return _field(value, "")
        if _DID.match(value):
            return [f"I {value.strip(' .')}."]
        return _weekly(value) or None if label in ("weekly", "every week") else None
    return _items(label, value) or _frame(label, value)


def _under(heading: str, text: str) -> list[str] | None:
    """What a bare item or a field under ``heading`` says ("dog:\n  name: Pip": the dog's)."""
    said = _items(heading, text) or _frame(heading, text)
    theirs = _FIELD.match(text) if not said and re.fullmatch(_SOMEONE, heading) else None
    if theirs is not None:  # never the user's own name; other fields of the pet go
        named = label_said(theirs["label"]) == "name"
        return [f"My {heading} is called {theirs['value'].strip(' .')}." if named else ""]
    return said


def _fields(body: str) -> list[str]:
    """The fields of one line: "langs | Danish | English" is one label with its list;
    "learning: Icelandic; fav film: Jaws" is two fields."""
    parts = _LIST_VALUES.split(body.strip())
    if len(parts) > 1 and not _FIELD.match(parts[0]) and _frame(label_said(parts[0]), parts[1]):
        return [f"{parts[0]}: {', '.join(parts[1:])}"]
    return [f for f in _FIELDS_APART.split(body) if f.strip()]


def said_plainly(text: str) -> str:
    """``text`` with each labelled field it holds said as plain sentences, one per line;
    every other line as it was (``text`` itself when it holds no such field)."""
    lines = text.splitlines()
    if _FENCE in text or len(lines) > _MAX_LINES:
        return text
    out: list[str] = []
    heading = ""
    changed = about_me = False
    for line in lines:
        about_me = _ABOUT_ME.search(line) is not None or (about_me and bool(_BULLET.match(line)))
        if about_me and (who := _NAME_AGE.fullmatch(_BULLET.sub("", line).strip(" ."))):
            out.extend([f"My name is {who['n']}.", f"I'm {who['a']}."])  # "* Rosa, 52"
            changed = True
            continue
        head = _HEADING.match(line.strip())
        if head is not None and label_said(head.group("label")):
            heading = label_said(head.group("label"))
            continue
        # an indented line under a heading is one of its items, as a bulleted one is
        bulleted = _BULLET.match(line) is not None or (bool(heading) and line[:1] in " \t")
        for sentence in _LINE_SENTENCES.split(_BULLET.sub("", line)):
            fields = _fields(sentence)
            said = [_field(f, heading if bulleted else "") for f in fields]
            if not any(said):
                out.append(sentence)
                continue
            changed = True
            for field, plain in zip(fields, said, strict=True):
                out.extend(plain or [field])  # a field not known stays as it was
        if not bulleted:
            heading = ""
    return "\n".join(out) if changed else text
