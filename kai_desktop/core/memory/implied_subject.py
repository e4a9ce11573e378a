"""Fragments that leave out "I": "Moved to Oslo in the summer.", "Picking up Spanish on an
app.", "Been living in Bergen for years.", "Married to Daniel for six years now."

People drop the "I" from a sentence about their own life as often as they say it, and such
a sentence opens with the verb. A sentence that opens with a past form or an "-ing" form and
names no one else is the user's, unless the verb is one of mood, coming and going or plans
("Feeling sleepy today.", "Heading out now.", "Looking forward to Friday."), which say
nothing lasting.
"""

from __future__ import annotations

import re
from typing import Final

from kai_desktop.core.memory.slot_words import BARE_JOBS, INSTRUMENTS

IRREGULAR_PAST: Final = (
    "been|born|got|gave|took|went|left|sold|bought|grew|began|became|quit|made|kept|met|found|"
    "brought|spent|ran|swam|drove|flew|taught|fell|won|lost|wrote|did|had|came|upped"
)
OPENING_VERB: Final = (r"(?:(?i:" + IRREGULAR_PAST + r"|[a-z]{3,}(?:ed|ing))\s+(?=[A-Z]))?")
""""Took Pepper, our beagle, to the vet": a past or "-ing" form that opens a sentence
before a capitalised word, which the capital letter would make look like part of a name
(optional: put it before a name's group)."""
_OPENS_WITH_A_VERB: Final = re.compile(
    r"^(?:just|also|still|recently|finally|only|newly|currently)?\s*"
    r"(?:[a-z]+(?:ed|ing)|" + IRREGULAR_PAST + r")\b",
    re.I,
)
_NOTHING_LASTING: Final = re.compile(
    r"^(?:just\s+|still\s+)?(?:feel\w*|head\w*|go\b|going|looking|thinking|wondering|hoping|"
    r"loving|enjoying|waiting|getting|having|wishing|guessing|kidding|joking|bored|tired|"
    r"stuck|excited|relieved|worried|confused|amazed|surprised|impressed|pleased|"
    r"been (?:a|an|so|such|ages|forever|busy|there|ill|sick|better|worse)\b|"
    r"got to\b|gotta\b|had (?:a|an|enough|fun|to)\b|did (?:you|it)\b|came (?:back )?home\b|"
    r"went (?:out|to bed|home|shopping)\b|made (?:it|dinner|lunch|breakfast)\b|"
    r"spent (?:the|all) (?:day|morning|afternoon|evening|night)\b|lost (?:my|track)\b|"
    r"sounds?\b|seems?\b|talking\b|speaking of\b|according\b|assuming\b|regarding\b|"
    r"including\b|during\b|nothing\b|something\b|everything\b|morning\b|evening\b|"
    r"bring\b|thing\b|sing\b|king\b|wedding\b|building\b|ceiling\b|string\b|spring\b|red\b|"
    r"bed\b|need\b|speed\b|seed\b|weed\b|shed\b|hundred\b|sacred\b|wicked\b|naked\b)",
    re.I,
)
_SOMEONE_ELSE: Final = re.compile(r"\b(?:you|your|he|she|they|his|her|their|it's)\b", re.I)


def leaves_out_i(sentence: str) -> bool:
    """Whether ``sentence`` is the user's own, with the "I" left out."""
    s = sentence.strip()
    return bool(_OPENS_WITH_A_VERB.match(s)) and not _NOTHING_LASTING.match(s) \
        and not _SOMEONE_ELSE.search(s)


_GERUND_SUBJECT: Final = re.compile(r"\b(?:is|are|was|were|makes|made|can be|takes)\b", re.I)
_STATE_FIRST: Final = re.compile(
    r"^(?:originally from|allergic to|married to|fluent in|based in|diabetic)\s", re.I
)
""""Originally from Belfast", "Allergic to nuts": what the user is, the "I'm" left out."""
_PRESENT: Final = re.compile(
    r"^(?:also\s+)?(?:live in|drive an?|drive (?=(?-i:[A-Z])|[a-z]+\s+[a-z]+$)|speak|collect|"
    r"work (?:(?:part|full)[- ]time )?(?:as|at|for|in)|teach|"
    r"play (?:the )?(?=" + INSTRUMENTS.pattern + r")|"
    r"(?:bowl|swim|run|cycle|hike|jog|ski|sail|fish) (?=every|on))\s*", re.I)
""""live in Halifax", "drive a subaru outback", "speak english + french", "also play cello":
what notes typed in a hurry say of the user in the present, the "I" left out. Only verbs
of lasting facts, so a request ("play some jazz") is none."""
_JOB_FIRST: Final = re.compile(
    r"^(?:an?\s+)?(?:[a-z]+\s+)?(?:" + BARE_JOBS + r"|usher|clerk|lecturer|greeter)\s+"
    r"(?:at|for|with(?=\s+(?-i:[A-Z])))\s",
    re.I)
""""Cashier at Publix now", "pharmacist with Sonae": the job, the "I'm a" left out."""
_EACH_MORNING: Final = re.compile(
    r"^(?P<v>[a-z][\w'’-]*(?: [a-z][\w'’-]*)?) (?:every morning|in the mornings?)"
    r"(?: now)?[.!]*$", re.I)
""""Postum every morning.", "Tea in the morning now": what starts the day."""
_BORN: Final = re.compile(r"^(?:born|raised|born and raised) (?:in|on)\s", re.I)
""""Born in June", "Born and raised in Cork": the "I was" left out."""
_ADVERB: Final = re.compile(
    r"^(?:just|also|still|recently|finally|only|newly|currently)\s+", re.I)


def with_i(sentence: str) -> str | None:
    """``sentence`` with the "I" it leaves out put back, for the rules written with it:
    "Turned 29 last week" -> "I turned 29 last week", "Allergic to nuts" -> "I'm allergic
    to nuts", "Been vegan for years" -> "I've been vegan for years", "Trying to learn
    Korean" -> "I'm trying to learn Korean". None when it leaves out no "I"."""
    s = sentence.strip()
    if _STATE_FIRST.match(s):
        return "I'm " + s[:1].lower() + s[1:]
    if _BORN.match(s):
        return "I was " + s[:1].lower() + s[1:]
    if _JOB_FIRST.match(s) and not s.rstrip().endswith("?"):
        return "I'm a " + s[:1].lower() + s[1:]
    if (each := _EACH_MORNING.match(s)) and not s.rstrip().endswith("?"):
        return f"I have {each.group('v')} every morning."
    if _PRESENT.match(s) and not s.rstrip().endswith("?"):
        return "I " + s[:1].lower() + s[1:]
    if not leaves_out_i(s):
        return None
    adverb = _ADVERB.match(s)
    head = adverb.group(0).lower() if adverb else ""
    rest = s[len(head):]
    verb = rest.split(maxsplit=1)[0].lower()
    rest = rest[:1].lower() + rest[1:] if rest[1:2].islower() or len(rest) < 2 else rest
    if verb == "been":
        return f"I've {head}{rest}"
    if verb.endswith("ing"):
        # "Learning to drive is hard": the "-ing" phrase is what the sentence is about
        return None if _GERUND_SUBJECT.search(rest) else f"I'm {head}{rest}"
    return f"I {head}{rest}"


_LEAVES_OUT_MY: Final = re.compile(
    r"^(?:birthday|favou?rite \w+|name|job|hometown|home town|go-to \w+|wife|husband|partner|"
    r"dog|cat|son|daughter|sister|brother)(?=\s+is\b|'s\b|’s\b)",
    re.I,
)


_TERSE_QUESTION: Final = re.compile(
    r"^(?:(?:and|ok|okay|so)\s+)?(?:(?P<kin>wife|husband|partner|dog|cat|son|daughter|sister|"
    r"brother|mom|mum|dad|boss)(?:['’]?s)? name|(?P<fav>favou?rite \w+)|(?P<one>birthday|"
    r"hometown|job|employer|diet|allergy|allergies|age))\s*\??$", re.I)


def asked_tersely(message: str) -> str | None:
    """A question put as a bare topic ("DOGS NAME", "Favourite colour?", "Birthday?") as
    the question it is about the user ("What is my dog's name?"); None otherwise."""
    asked = _TERSE_QUESTION.match(message.strip())
    if asked is None:
        return None
    if asked.group("kin"):
        return f"What is my {asked.group('kin').lower()}'s name?"
    return f"What is my {(asked.group('fav') or asked.group('one')).lower()}?"


def with_my(sentence: str) -> str | None:
    """``sentence`` with the "my" it leaves out put back, for the slots only the user's
    own can be: "Birthday is Oct 3", "Favourite color is orange". None otherwise."""
    s = sentence.strip()
    if not _LEAVES_OUT_MY.match(s):
        return None
    return "My " + s[:1].lower() + s[1:]
