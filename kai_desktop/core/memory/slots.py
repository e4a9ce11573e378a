"""The model's part of capture: sort a statement into a known slot and lift out its value.

A small model is poor at inventing keys and third-person sentences, but good at picking one
item from a short menu and copying words from its input. So the model answers, under a JSON
schema that llama.cpp turns into a grammar, with ``topic`` (one of the slots below),
``detail`` (what a favourite, relative or pet is) and ``value`` (words from the statement);
code then checks every part against the user's sentence and builds the key and the
third-person fact from a fixed template. The same slot always gives the same key, so a
change said in other words lands on the memory it changes. Topics outside the menu go to
``other`` with a short key of the model's.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, Final

from kai_desktop.core.memory.key_words import canonical_key
from kai_desktop.core.memory.languages import is_language, languages_in
from kai_desktop.core.memory.model import Category
from kai_desktop.core.memory.slot_words import (
    ANIMAL_WORDS,
    BREEDS,
    CAR_MAKES,
    DIET_WORDS,
    DISCOURSE_WORDS,
    EMPTY_VALUE,
    INSTRUMENTS,
    JOB_WORDS,
    PRONOUN_VALUE,
    SYMPTOMS,
    about_someone_else,
)
from kai_desktop.core.memory.statements import Fact, article, clean_value, job_fact
from kai_desktop.core.memory.text_match import content_stems, normalise_text
from kai_desktop.core.memory.third_person import third_person
from kai_desktop.core.memory.value_kinds import written_in, wrong_kind


@dataclass(frozen=True)
class Slot:
    key: str
    template: str
    """The fact, with ``{v}`` for the value and ``{d}`` for the detail."""
    category: Category = Category.GENERAL
    needs_detail: bool = False
    negation_ok: bool = False
    """Whether the value may follow a "not" (a dislike or an allergy is said that way)."""


SLOTS: Final[dict[str, Slot]] = {
    "name": Slot("name", "The user's name is {v}."),
    "age": Slot("age", "The user is {v} years old."),
    "home city": Slot("home_city", "The user lives in {v}."),
    "grew up in": Slot("origin", "The user is originally from {v}."),
    "job": Slot("occupation", "The user works as {a} {v}."),
    "employer": Slot("employer", "The user works at {v}."),
    "favourite": Slot("favourite_{d}", "The user's favourite {d} is {v}.", Category.PREFERENCE,
                      needs_detail=True),
    "relative": Slot("{d}_name", "The user's {d} is called {v}.", needs_detail=True),
    "pet": Slot("{d}_name", "The user's {d} is called {v}.", needs_detail=True),
    "languages": Slot("languages", "The user speaks {v}."),
    "allergy": Slot("allergy", "The user is allergic to {v}.", negation_ok=True),
    "diet": Slot("diet", "The user's diet: {v}.", Category.PREFERENCE, negation_ok=True),
    "car": Slot("vehicle", "The user drives {a} {v}."),
    "instrument": Slot("plays", "The user plays the {v}."),
    "birthday": Slot("birthday", "The user's birthday is {v}."),
    "collects": Slot("collects", "The user collects {v}."),
    "studies": Slot("studies", "The user is studying {v}."),
    "dislikes": Slot("dislikes", "The user dislikes {v}.", Category.PREFERENCE,
                     negation_ok=True),
    # Anything else: the key is the model's detail; the fact is the user's own sentence
    # turned to the third person.
    "other": Slot("{d}", "", needs_detail=True),
}
NO_FACT: Final = "none"

SLOT_SCHEMA: Final[dict[str, Any]] = {
    "type": "object",
    "properties": {
        "topic": {"enum": [*SLOTS, NO_FACT]},
        "detail": {"type": "string", "maxLength": 24},
        "value": {"type": "string", "maxLength": 60},
    },
    "required": ["topic", "detail", "value"],
}

def is_slot_key(key: str) -> bool:
    """Whether capture words the facts under ``key`` from a template of its own."""
    return key.endswith("_name") or key.startswith("favourite_") or any(
        slot.key == key for slot in SLOTS.values())


def fact_for_key(key: str, value: str) -> Fact:
    """The fact that sets slot ``key`` to ``value``, worded as capture words that slot."""
    value = clean_value(value)
    for slot in SLOTS.values():
        if slot.key == key:
            return Fact(key, slot.template.format(v=value, a=article(value)), slot.category,
                        value, origin="change")
    if key.endswith("_name") and key != "name":
        what = key[: -len("_name")].replace("_", " ")
        return Fact(key, f"The user's {what} is called {value}.", Category.GENERAL, value,
                    origin="change")
    return Fact(key, f"The user's {key.replace('_', ' ')} is {value}.", Category.GENERAL, value,
                origin="change")


def slot_value(key: str, content: str) -> str | None:
    """The value in ``content`` when it is worded as capture words slot ``key`` ("The user
    speaks Twi and Dutch." -> "Twi and Dutch"); None for other wordings."""
    for slot in SLOTS.values():
        if slot.key == key and slot.template:
            head, _, tail = slot.template.partition("{v}")
            if "{" in head or "{" in tail:
                return None
            match = re.fullmatch(re.escape(head) + r"(.+?)" + re.escape(tail), content.strip())
            return match.group(1) if match else None
    return None


_NEGATION = r"\b(?:not|no longer|never|don't|doesn't|didn't|isn't|aren't|wasn't|can't|cannot|" \
            r"won't|n't)\b"
_ENDED = r"\b(?:left|quit|stopped|gave up|sold|retired from|moved away from|got rid of)\b"
RELATIVES: Final = frozenset({
    "wife", "husband", "partner", "spouse", "girlfriend", "boyfriend", "fiance", "fiancee",
    "sister", "brother", "mother", "mum", "mom", "father", "dad", "son", "daughter",
    "grandmother", "grandfather", "grandma", "grandpa", "aunt", "uncle", "cousin", "niece",
    "nephew", "boss", "friend", "best_friend", "flatmate", "roommate", "colleague",
})
_MARRIED: Final = frozenset({"wife", "husband", "spouse", "partner"})


def _plain_words(text: str) -> set[str]:
    return {w[:-1] if len(w) > 3 and w.endswith("s") else w for w in normalise_text(text).split()}


def words_in(value: str, source: str) -> bool:
    """Every word of ``value`` occurs in ``source`` as written (a plural s aside)."""
    words = _plain_words(value)
    return bool(words) and words <= _plain_words(source)


_WORK_CUE = re.compile(
    r"\b(?:work\w*|job|jobs|employ\w*|hired|joined|payroll|company|firm|started|boss|office|"
    r"colleagues?|career|position|role|intern\w*|at|for)\b",
    re.I,
)
_JOINED = re.compile(r"\b(?:joined|at|for|with)\s+[A-Z]")
_MONTHS = (r"jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|january|february|march|april|"
           r"june|july|august|september|october|november|december")
_CUES: Final[dict[str, re.Pattern[str]]] = {
    # What the sentence must say for a topic to fit: the 0.5B files "I was brought up in
    # Adelaide" as a birthday and "I swim every Tuesday" as a favourite ("like" as a verb).
    "favourite": re.compile(r"\b(?:favou?rite|love|loves|best|prefer\w*|go-to|choice|pick|"
                            r"adore|enjoy\w*|fan of|beats|(?:i|we|really|also|do|does|did|"
                            r"would|i'd|we'd|still|just|always|actually)\s+likes?)\b", re.I),
    "allergy": re.compile(r"\b(?:allerg\w*|reaction|intoleran\w*|ill|sick|hives|can't eat|"
                          r"cannot eat|anaphyla\w*|swell\w*|rash|itch\w*|sneez\w*|"
                          r"unwell|nause\w*)\b", re.I),
    "instrument": re.compile(r"\b(?:play\w*|instrument|band|orchestra|drum\w*)\b", re.I),
    "dislikes": re.compile(r"\b(?:hate|dislike|can't stand|cannot stand|not a fan|don't like|"
                           r"do not like|disgust\w*|awful|detest|loathe|avoid|gross)\b", re.I),
    "studies": re.compile(r"\b(?:learn\w*|stud\w*|pick\w* up|(?<!\bof )course|degree|lessons?|"
                          r"class\w*|school|university|college|year of|training)\b", re.I),
    "car": re.compile(r"\b(?:drive\w*|car|ride|vehicle|motor\w*|scooter|bike|van|truck)\b",
                      re.I),
    "birthday": re.compile(r"\b(?:birthday|born)\b", re.I),
    "collects": re.compile(r"\bcollect\w*", re.I),
    # "Luca's favourite film is The Godfather; mine is Cinema Paradiso" is no introduction
    "name": re.compile(r"\b(?:name\w*|i'm|i am|im|call\w*|here|this is|it's|speaking|me|"
                       r"hi|hello|hey|ciao|hola)\b", re.I),
    "languages": re.compile(r"\b(?:speak\w*|languages?|fluent|bilingual|native|mother tongue|"
                            r"grew up speaking)\b", re.I),
}
_DIET_WORDS = re.compile(r"\b(?:vegetarian|vegan|pescatarian|halal|kosher|keto|paleo|diet|"
                         r"coeliac|celiac|gluten|lactose|"
                         r"eat meat|eat fish|meat|gluten-free|dairy-free)\b", re.I)
_PROPER: Final = frozenset({"name", "home city", "grew up in", "employer", "relative", "pet",
                            "languages"})
def _detail(topic: str, raw: str, sentence: str) -> str | None:
    detail = canonical_key(raw)
    if not detail:
        return None
    if topic == "relative":
        if detail not in RELATIVES:
            return None
        married = re.search(r"\bmarried\b", sentence, re.I)
        return detail if words_in(detail, sentence) or (married and detail in _MARRIED) \
            else None
    if topic == "pet" and not words_in(detail.replace("_", " "), sentence):
        return None
    if topic == "pet":
        return BREEDS.get(detail, detail)  # "my terrier Murphy" is the user's dog
    if topic in ("favourite", "other") and not (
        content_stems(detail.replace("_", " ")) & content_stems(sentence)
    ):
        return None
    return detail


def _value_problem(topic: str, slot: Slot, value: str, sentence: str) -> str | None:
    """Why ``value`` cannot fill ``topic`` for this ``sentence`` (None: it can)."""
    if not value or len(value.split()) > 6 or EMPTY_VALUE.fullmatch(value) or (
            len(value.split()) == 1 and PRONOUN_VALUE.match(value)):
        return "no usable value"  # "years", "my": no thing named
    if not words_in(value, sentence):
        return "not something the user said"
    if topic != "other" and re.search(r"\b(?:i|i'm|me|my|we|our|you|you're)\b", value, re.I):
        return "no usable value"  # "I'm lactose intolerant" as the value of an allergy
    first = re.escape(value.split(maxsplit=1)[0])
    if topic != "other" and re.search(r"\b(?:i|we)\s+(?:\w+ly\s+|now\s+|just\s+|also\s+|still\s+)?"
                 + first + r"\b", sentence, re.I):
        return "no usable value"  # "I prefer pho": the verb the user said, not a thing
    if topic in ("name", "relative", "pet") and (
            _SAYS_HOW.match(value) or value.casefold() in DISCOURSE_WORDS):
        return "not a name"  # "my boss is really nice so far"; "Right, that's me."
    if topic in ("name", "relative", "pet") and re.search(
            r"\b(?:in|(?<!married )(?<!engaged )(?<!wed )to|from|at|near|around)\s+"
            + re.escape(value) + r"\b", sentence, re.I):
        return "a place, not a name"  # "my sister is still in Rome"
    if topic in _OWN_TOPICS and about_someone_else(sentence):
        return "said of someone else"
    if not slot.negation_ok and re.search(_NEGATION + r"[^,;.]*\b" + first, sentence, re.I):
        return "said as no longer true"
    if re.search(_ENDED + r"[^,;.]*\b" + first, sentence, re.I):
        return "said as no longer true"  # "I left nursing" is no dislike of nursing
    return wrong_kind(topic, value, sentence) or _topic_problem(topic, value, sentence)


_SAYS_HOW: Final = re.compile(r"(?i:really|very|so|super|pretty|quite|too|such|kind of|sort of|"
                              r"nice|great|good|sweet|kind|cute|lovely|amazing|awesome|cool|"
                              r"fine|okay|ok|mean|strict|busy|old|young|new|the best)\b")
"""Words that say what someone is like, never what they are called."""
_OWN_TOPICS: Final = frozenset({"name", "age", "home city", "grew up in", "job", "employer",
                                "languages", "birthday", "studies", "car", "instrument"})
"""Topics about the user alone: a sentence about a relative or a pet fills none of them."""
_OWN_WORDS: Final = {"allergy": {"allergic", "allergy", "reaction", *SYMPTOMS},
                     "favourite": {"favourite"}, "job": {"job"},
                     "languages": {"language", "languages"},
                     "grew up in": {"born", "raised", "grew", "hometown", "originally"},
                     "home city": {"live", "living", "moved", "based"}}
_NO_CUE: Final = "nothing in the sentence says it is a "


def _topic_problem(topic: str, value: str, sentence: str, *, need_cue: bool = True
                   ) -> str | None:
    """Why ``value`` is not a ``topic`` (None: it is); ``need_cue=False`` skips the check
    that the sentence names the topic."""
    cue = _CUES.get(topic)
    if (topic == "instrument" and INSTRUMENTS.search(value)) or (
            topic == "car" and CAR_MAKES.search(value)):
        cue = None  # "I practise the saxophone", "I own a Yaris": the thing names itself
    if need_cue and cue is not None and not cue.search(sentence):
        return _NO_CUE + topic
    if set(value.casefold().split()) & _OWN_WORDS.get(topic, set()):
        return "no usable value"  # the topic's own word copied into its value
    if topic == "age" and not re.fullmatch(r"\d{1,3}", value):
        return "no usable value"
    if topic == "birthday" and not re.search(r"\d|\b(?:" + _MONTHS + r")\b", value, re.I):
        return "not a date"
    if topic == "languages" and not is_language(value):
        return "not a language"
    if topic in _PROPER and re.search(r"[A-Z]", sentence[1:]) and not re.search(
            r"\b[A-Z]", _as_written(value, sentence)):
        return "not a name"  # the user writes names with capitals, and this is none
    if topic == "job" and (not JOB_WORDS.search(value.rsplit(maxsplit=1)[-1])
                           or job_fact(value) is None):
        return "not a job"  # "Dubliner", "IT department at Unilever": what the rules refuse
    if topic == "employer" and not _WORK_CUE.search(sentence):
        return "not an employer"  # "I support Benfica" says nothing about work
    return None


def _refiled(topic: str, value: str, sentence: str) -> str:
    """``topic`` with the 0.5B's known misfilings put right."""
    if topic in ("favourite", "other") and CAR_MAKES.search(value) and not \
            _CUES["favourite"].search(sentence):
        return "car"  # "I own a silver Toyota Yaris" filed as a favourite
    if topic == "birthday" and re.fullmatch(r"\d{1,3}", value):
        return "age"  # "I turned 41" filed as a birthday
    if topic == "allergy" and _DIET_WORDS.search(sentence) and not _CUES["allergy"].search(
            sentence):
        return "diet"  # "I keep a halal diet" filed as an allergy
    if topic == "languages" and _CUES["studies"].search(sentence) and is_language(value) \
            and not _CUES["languages"].search(sentence):
        return "studies"  # "I've been learning Korean"
    if topic == "job" and _JOINED.search(sentence) and value[:1].isupper() and \
            not JOB_WORDS.search(value.rsplit(maxsplit=1)[-1]):
        return "employer"  # "I joined Aurora Labs" filed as a job
    return topic


def _reshaped(topic: str, slot: Slot, value: str, detail: str, sentence: str
              ) -> tuple[str, str]:
    """``(value, detail)`` with the known wrong shapes of an item repaired."""
    if not value.strip() and not slot.needs_detail:
        return detail, ""  # the value written into ``detail``
    if topic == "allergy" and clean_value(value).casefold() in _OWN_WORDS["allergy"] and detail:
        # The symptom as the value and the cause as the detail ("Shellfish makes me ill").
        return detail, ""
    named = re.search(r"\bfavou?rite\s+(?!is\b|was\b|of\b|thing|one\b)([a-z]+)", sentence, re.I)
    if topic == "favourite" and named and named.group(1).casefold() not in value.casefold():
        detail = named.group(1)  # "Navy blue suits me best, my favourite colour": not "suit"
    if topic in ("pet", "relative") and detail.strip().casefold() == value.strip().casefold():
        detail = ""  # the name written as the kind too
    if topic in ("pet", "relative") and not detail.strip():
        return value, _kind_named(topic, sentence)  # "Bruno, our boxer, is the best dog"
    if topic == "languages" and not languages_in(value) and languages_in(sentence):
        # "I grew up bilingual in Irish and English" -> value "bilingual"
        return " and ".join(languages_in(sentence)), detail
    return value, detail


def _as_written(value: str, sentence: str) -> str:
    """``value`` with the user's own capitals where the sentence holds it ("murphy" for
    "My terrier Murphy": a name the model wrote in lower case), and a word the model wrote
    twice in a row once where the user wrote it once ("pepper pepper" for "a cat named
    pepper")."""
    written = written_in(value, sentence)
    if written is None:
        once = re.sub(r"\b(\w+)(?:\s+\1\b)+", r"\1", value, flags=re.I)
        written = written_in(once, sentence) if once != value else None
    return written or value


_PROPER_NAMES: Final = frozenset({"name", "relative", "pet", "home city", "grew up in"})
"""Topics whose value is a person's, pet's or place's name, written with capitals."""


def slot_fact(item: dict[str, Any], sentence: str) -> tuple[Fact | None, str]:
    """The fact one model item states, checked against the user's ``sentence``; or the
    reason it is refused."""
    topic = str(item.get("topic", ""))
    slot = SLOTS.get(topic)
    if slot is None:
        return None, "no fact"
    raw_value, raw_detail = _reshaped(topic, slot, str(item.get("value", "")),
                                      str(item.get("detail", "")), sentence)
    value = re.sub(r"^(?:a|an|the|my|our)\s+", "", clean_value(raw_value), flags=re.I)
    value = _as_written(value, sentence)
    if topic in _PROPER_NAMES and value.islower():  # "marcus" from "hey kai im marcus"
        value = re.sub(r"\b[a-z]", lambda m: m.group(0).upper(), value)
    topic = _refiled(topic, value, sentence)
    slot = SLOTS[topic]
    problem = _value_problem(topic, slot, value, sentence)
    if problem == _NO_CUE + "favourite":
        return _plain_fact(raw_detail, value, sentence)
    if problem is not None:
        return None, problem
    detail = _detail(topic, raw_detail, sentence) if slot.needs_detail else ""
    key = canonical_key(slot.key.format(d=detail)) if detail is not None else ""
    if detail is None or not key or len(key.split("_")) > 4:
        return None, "no usable key"
    if topic == "other":
        content = third_person(sentence)
    elif topic == "diet" and value.casefold() in DIET_WORDS:
        content = f"The user is {value.casefold()}."  # "The user is pescatarian."
    else:
        content = slot.template.format(v=value, d=detail.replace("_", " "), a=article(value))
    return Fact(key, content, slot.category, value, origin="model"), ""


def _kind_named(topic: str, sentence: str) -> str:
    """The one animal or relative word ``sentence`` holds, for an item that left its
    detail empty ("" when there is none or more than one)."""
    words = normalise_text(sentence).split()
    if topic == "pet":  # "our boxer ... the best dog": one animal, named twice
        animals = {BREEDS.get(w, w) for w in words if w in ANIMAL_WORDS or w in BREEDS}
        if len(animals) != 1:
            return ""
        (animal,) = animals
        return animal if animal in words else next(w for w in words if BREEDS.get(w) == animal)
    found = {w for w in words if w in RELATIVES}
    return found.pop() if len(found) == 1 else ""


def _plain_fact(raw_detail: str, value: str, sentence: str) -> tuple[Fact | None, str]:
    """A "favourite" the sentence never calls one ("Espresso is what I drink every morning"):
    the user's words in the third person, under the detail as key (no liking was stated)."""
    detail = canonical_key(raw_detail)
    if not detail or len(detail.split("_")) > 3 or not words_in(detail.replace("_", " "),
                                                                 sentence):
        return None, _NO_CUE + "favourite"
    problem = wrong_kind("other", value, sentence) or _topic_problem("favourite", value,
                                                                    sentence, need_cue=False)
    if problem is not None:
        return None, problem
    return Fact(detail, third_person(sentence), Category.GENERAL, value, origin="model"), ""


def parse_slot_item(text: str) -> dict[str, Any] | None:
    """The model's answer as a dict, or None when it is not a JSON object."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, TypeError):
        return None
    return data if isinstance(data, dict) else None
