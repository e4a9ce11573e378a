"""A pronoun that points back to the question before it: "What's the best way to store
comic books? I collect them." says "I collect comic books"; and "it" that points back to
the one title the sentence before names: "We watched King of Boys again last night. It's
my favourite film." says "King of Boys is my favourite film"; and a favourite said without
its kind after a sentence that opens with one: "Food has changed too. Now my favourite is
ramen." says "my favourite food is ramen".

The rules read one sentence at a time, and "I collect them" alone names nothing. When a
statement's object is "them" or "it" and the sentence before it in the same message is a
question, the pronoun is read as the thing that question ends on: its last one or two
words that are neither small words nor what is done to the thing ("store", "cleaning").
"""

from __future__ import annotations

import re
from typing import Final

from kai_desktop.core.memory.languages import is_language
from kai_desktop.core.memory.slot_words import COLOUR_NAMED, INSTRUMENTS

_STATEMENT: Final = re.compile(
    r"^(?P<head>(?:and\s+)?i\s+(?:also\s+|really\s+|mainly\s+|mostly\s+|actually\s+)?"
    r"(?:collect|play|speak|drink|grow|ride|drive|breed|study|learn|own|keep|make|"
    r"(?:have |'ve |’ve )?(?:collected|been collecting)))\s+"
    r"(?P<pronoun>them|it)\b(?P<tail>[^.!?]*[.!]*)$", re.I)
_QUESTION_END: Final = re.compile(r"(?P<words>[A-Za-z][A-Za-z' -]*?)\s*\?\s*$")
_BEFORE_WORDS = """
a an the my our your some any these those for of on about with store keep clean care organise
organize display protect buy sell find make get start fix sort label frame insure value tune
maintain learn play brew
"""
_BEFORE_THING: Final = frozenset(_BEFORE_WORDS.split())
"""Words a thing is named after ("store comic books", "tips for vinyl records")."""
_OTHER_WORDS = """
to in at from by and or best way good ways tips idea ideas should could would do does i you it
them is are what how where when which who why look stop me this that
"""
_NOT_THE_THING: Final = _BEFORE_THING | frozenset(_OTHER_WORDS.split())


def _thing(question: str, pronoun: str) -> str | None:
    """The one or two words ``question`` ends on that ``pronoun`` can stand for."""
    end = _QUESTION_END.search(question[-80:])  # the thing is in its last words
    if end is None:
        return None
    words = end.group("words").split()
    thing: list[str] = []
    before = ""
    for word in reversed(words):
        bare = word.casefold().strip("'")
        if bare in _NOT_THE_THING or bare.endswith("ing") or len(thing) == 2:
            before = bare
            break
        thing.insert(0, word)
    if not thing or not (before in _BEFORE_THING or before.endswith("ing")):
        return None  # "Is it reliable?": what is said of a thing, not the thing
    plural = thing[-1].casefold().endswith("s")
    return " ".join(thing) if plural == (pronoun.casefold() == "them") else None


_ITS_MY_FAVOURITE: Final = re.compile(
    r"^(?:and\s+)?(?:it|that)(?:'s|’s| is| was| remains| has (?:always )?been)\s+"
    r"(?:still\s+|always\s+|easily\s+)?(?:my|our)\s+"
    r"(?P<rest>(?:all-time\s+)?favou?rite\s+(?:film|movie|book|song|show|series|album|band|"
    r"game|play|novel|musical|podcast)\b.*)$", re.I | re.S)
_TITLE: Final = re.compile(
    r"\b[A-Z][\w'’-]*(?:\s+(?:(?:of|the|in|on|a|an|to|for|at|with|&)\s+)*[A-Z][\w'’-]*)*")
_NOT_A_TITLE: Final = re.compile(
    r"(?:I|I'm|I’m|Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)(?:day)?|January|February|March|April|"
    r"May|June|July|August|September|October|November|December|Christmas|Easter")


def _title(sentence: str) -> str | None:
    """The one title ``sentence`` names past its first word; None when it names none or
    more than one ("We saw Jaws and Alien")."""
    if re.search(r"\b[A-Z][\w'’-]*\s+and\s+[A-Z]", sentence):
        return None  # "Pride and Prejudice", or two titles: which one is unclear
    words = sentence.split(maxsplit=1)
    found: list[str] = []
    for match in _TITLE.finditer(words[1] if len(words) == 2 else ""):
        title: list[str] = []
        for word in match.group(0).split():
            if _NOT_A_TITLE.fullmatch(word):  # "Jaws on Friday"
                break
            title.append(word)
        while title and not title[-1][:1].isupper():
            title.pop()
        if title:
            found.append(" ".join(title))
    return found[0] if len(found) == 1 else None


def _titled_favourite(before: str, said: str) -> str | None:
    """"We watched King of Boys again. It's my favourite film.": the one title ``before``
    names is the favourite ``said`` names; None when ``said`` names none or ``before`` no
    title."""
    favourite = _ITS_MY_FAVOURITE.match(said.strip())
    title = _title(before) if favourite else None
    return f"{title} is my {favourite.group('rest')}" if favourite and title else None


_BARE_FAVOURITE: Final = re.compile(
    r"^(?P<head>(?:and\s+|so\s+)?(?:now\s+)?(?:my|our)\s+(?:new\s+)?favou?rite)\s+"
    r"(?P<rest>(?:is|are)\s+.*)$", re.I | re.S)
_KINDS: Final = "food|film|movie|drink|colou?r|book|music|song|band|dish|meal|sport|game|show"
"""The kinds of favourite a sentence before may name (a regular expression alternation)."""
_TOPIC: Final = re.compile(
    r"^(?:and\s+|so\s+|oh\s+|also\s+)?(?P<t>" + _KINDS + r")s?(?:[- ]wise)?\b", re.I)


_TOPIC_LAST: Final = re.compile(
    r"\b(?:about|over|on|in)\s+(?:\w+\s+)?(?P<t>" + _KINDS + r")s?\s*[.!]*$", re.I)
""""... and we disagree about films": the topic the sentence ends on."""
_NEW_FAVOURITE: Final = re.compile(
    r"\b(?:i(?:'ve|’ve| have)(?: got)?|there's)\s+an?\s+new\s+favou?rite\s+(?P<t>" + _KINDS
    + r")\s*[.!:]*$", re.I)
_THE_NEW_ONE: Final = re.compile(
    r"^(?:it's\s+|it is\s+)?(?:an?|the|some)\s+(?P<v>[^,.;:!?]+?)(?=\s+(?:from|at|in|on|with)\b|"
    r"\s*[,.;:!?]|\s*$)", re.I)

_FAVOURITE_CHANGED: Final = re.compile(
    r"\b(?:my|our)\s+favou?rite\s+(?P<t>" + _KINDS + r")\s+(?:has\s+|have\s+)?chang\w*"
    r"(?:\s+too|\s+as well|\s+also)?\s*[.!]*$", re.I)
_NOW_IT_IS: Final = re.compile(
    r"^(?:and\s+)?now\s+(?:it(?:'s|’s|\s+is)\s+|is\s+)(?:an?\s+|the\s+)?(?P<v>[^,.;:!?]+?)"
    r"(?=\s*[,.;:!?]|\s*$)", re.I)
""""My favourite food change too! Now is poutine.": the new favourite."""


def _with_topic_said_before(sentences: list[str], i: int) -> str | None:
    """"Food also has changed! Now my favourite is ...", "We disagree about films. My
    favourite is Heat": sentence ``i`` with the topic the sentence before opens or ends
    with, for a favourite said without one; "I've a new favourite food. A spice bag from
    the chippy.": the thing named after a new favourite. None when there is none."""
    before = sentences[i - 1].strip()
    changed = _FAVOURITE_CHANGED.search(before)
    now = _NOW_IT_IS.match(sentences[i].strip()) if changed else None
    if changed is not None and now is not None:
        return f"My favourite {changed.group('t').casefold()} is {now.group('v')} now."
    new = _NEW_FAVOURITE.search(before)
    named = _THE_NEW_ONE.match(sentences[i].strip()) if new else None
    if new is not None and named is not None:
        return f"My favourite {new.group('t').casefold()} is {named.group('v')}."
    bare = _BARE_FAVOURITE.match(sentences[i].strip())
    topic = (_TOPIC.match(before) or _TOPIC_LAST.search(before)) if bare else None
    if bare is None or topic is None:
        return None
    return f"{bare.group('head')} {topic.group('t').casefold()} {bare.group('rest')}"


_KEPT_THINGS: Final = re.compile(
    r"\b(?:my|our)\s+(?:[a-z]+\s+)?(?:albums?|boxes|box|collection|folders?|shelves|drawers?|"
    r"tins?|books?|cases?|binders?)\s+of\s+(?P<t>(?:[a-z]+\s+)?[a-z]+s)\s*[.!]*$", re.I)
""""The grandchildren found my albums of cigarette cards.": what is kept, which a following
"I collect them" names."""


_SHE_IS_OURS: Final = re.compile(
    r"^(?:and\s+)?(?:she|he)(?:'s|’s|\s+is)\s+(?:our|my)\s+(?P<a>cat|dog|kitten|puppy|rabbit|"
    r"hamster|parrot|horse|tortoise)\b(?:,[^.!?]*)?[.!]*$", re.I)
_SUBJECT_NAME: Final = re.compile(
    r"(?<=\s)(?P<n>[A-Z][a-z]{2,})(?=(?:'s|’s|\s+(?:is|was|has|always|usually|still|loves|"
    r"sleeps|sits|waits|yells|meows|barks))\b)|^(?P<f>[A-Z][a-z]{2,})(?=\s+(?:always|usually|"
    r"still|loves|sleeps|sits|waits|yells|meows|barks)\b)")


def _pet_said_before(before: list[str], sentence: str) -> str | None:
    """"... Lamington's always up on the fence yelling for her dinner. She's our cat.": the
    pet named as the subject of the sentence before, the last one when it names several."""
    ours = _SHE_IS_OURS.match(sentence.strip())
    if ours is None:
        return None
    names = [m["n"] or m["f"] for m in _SUBJECT_NAME.finditer(before[-1].strip())
             if not _NOT_A_TITLE.fullmatch(m["n"] or m["f"])]
    return f"Our {ours['a'].casefold()} is called {names[-1]}." if names else None


_DETHRONED: Final = re.compile(
    r"^(?:oh,?\s+)?(?:and\s+|also\s+|so\s+)?(?:[a-z]+-wise:?\s+)?"
    r"(?:sorry,?\s+(?P<s>[\w' -]{2,30}?),\s+"
    r"(?:you|you've|you're)\b[^.!?]*\b(?:replaced|dethroned)|(?:the\s+|my\s+)?"
    r"(?P<x>[\w' -]{2,30}?)(?:'s|’s|\s+has|\s+have|\s+is|\s+are|\s+got|\s+was|\s+were)?\s+"
    r"(?:been\s+|got\s+|now\s+)?"
    r"(?:knocked off (?:its|his|her|their|the) (?:perch|throne|top spot)|dethroned|replaced|"
    r"demoted|bumped))\b", re.I)
""""Sorry chicken rice, you kena replaced", "the parmi's been knocked off its perch": an old
favourite named as it is replaced."""
_NEW_NUMBER_ONE: Final = re.compile(
    r"^(?P<y>[A-Za-z][\w' -]{1,40}?)\s+(?:is|are|'s|’s)\s+(?:now\s+)?my\s+(?:new\s+)?(?:number one|"
    r"favou?rite|fave|go-to)(?:\s+now)?(?=\s*[,.!]|\s+[-–—]\s|\s*$)", re.I)


_THATS_MY_ONE: Final = re.compile(
    r"(?:^|,\s+(?:and\s+)?)(?:that|it)(?:'s|’s|\s+is)\s+(?:now\s+)?my\s+(?:new\s+)?(?:number one|"
    r"favou?rite(?:\s+food)?)(?:\s+now)?\s*[.!]*$", re.I)
_SERVED: Final = re.compile(
    r"\b(?:does|do|makes|serves|sells|cooks|braais|grills|bakes)\s+(?:an?\s+|the\s+)?"
    r"(?P<t>[a-z]+(?:\s+[a-z]+){0,2}?)(?=\s+(?:with|that|which|who|hot|fresh|straight|off|"
    r"from|in|at|on|by)\b|\s*[,.!]|$)", re.I)
""""a bakery that does a pork banh mi that ...": the dish a place is known for."""


def _replaced_favourite(before: list[str], sentence: str) -> str | None:
    """"Sorry chicken rice, you kena replaced. Lu rou fan is my new number one": the old
    favourite replaced by the new, which a memory holding the old one then takes; "the
    parmi's been knocked off its perch. There's a bakery that does a pork banh mi. That's my
    number one now.": the new one is the dish the sentence before names."""
    new = _NEW_NUMBER_ONE.match(sentence.strip())
    old = _DETHRONED.match(before[-1].strip()) if new else None
    if new is not None and old is not None:
        return f"I replaced {old['s'] or old['x']} with {new['y']}."
    that = _THATS_MY_ONE.search(sentence.strip())
    if that is None:
        return None
    said = sentence.strip()[:that.start()] if that.start() else before[-1]
    earlier = before[-1] if that.start() else (before[-2] if len(before) > 1 else "")
    old = _DETHRONED.match(earlier.strip())
    dishes = [m["t"] for m in _SERVED.finditer(said)]
    return f"I replaced {old['s'] or old['x']} with {dishes[-1]}." if old and dishes else None


_MORNINGS_TOPIC: Final = re.compile(r"^(?:and\s+|so\s+|oh\s+)?(?:my\s+)?(?:mornings?|breakfast)\b",
                                    re.I)
_ITS: Final = re.compile(r"^(?:and\s+|so\s+|now\s+)?it(?:'s|’s|\s+is)\s+(?P<rest>.+)$", re.I | re.S)


def _morning_said_before(before: list[str], sentence: str) -> str | None:
    """"Mornings have changed too - the Earl Grey is gone; it's hot water with lemon now.":
    what the mornings are now, when one of the two sentences before (an aside may split
    them) opens on the mornings."""
    said = any(_MORNINGS_TOPIC.match(b.strip()) for b in before[-2:])
    its = _ITS.match(sentence.strip()) if said else None
    return f"Every morning it's {its['rest']}" if its else None


_SPOKE_IT: Final = re.compile(r"^(?:and\s+)?i\s+(?:spoke|speak|(?:'ve|’ve| have)\s+spoken|"
                              r"grew up speaking|learned|learnt)\s+it\b(?P<tail>[^.!?]*[.!]*)$",
                              re.I)
_IN_LANGUAGE: Final = re.compile(r"\b(?:in|speaking|spoke|speak)\s+(?P<l>[A-Z][a-z]+)\b")
_THAT_COLOUR: Final = re.compile(r"^(?:and\s+)?i(?:'ve|’ve| have)?\s+(?:always\s+)?(?:loved|adored|"
                                 r"love|adore)\s+(?:that|this|the)\s+colou?r\b", re.I)
_A_COLOUR: Final = re.compile(r"\b" + COLOUR_NAMED + r"\b", re.I)


def _language_said_before(before: list[str], sentence: str) -> str | None:
    """"We chatted for an hour in Gaelic. I spoke it before I spoke a word of English.":
    the language the sentence before names."""
    spoke = _SPOKE_IT.match(sentence.strip())
    named = [m["l"] for m in _IN_LANGUAGE.finditer(before[-1])] if spoke else []
    languages = [n for n in named if is_language(n)]
    return f"I speak {languages[-1]}{spoke['tail']}" if spoke and languages else None


def _colour_said_before(before: list[str], sentence: str) -> str | None:
    """"Painted the front door mustard yellow. I've loved that colour for as long as I can
    remember.": the colour the sentence before names, when it names one; "Harold wanted
    beige, and I held out for periwinkle. It's been my favorite color since I was a girl.":
    of two, the one the user chose."""
    said = sentence.strip()
    if not (_THAT_COLOUR.match(said) or _ITS_MY_COLOUR.match(said)):
        return None
    colours = _A_COLOUR.findall(before[-1])
    chosen = _CHOSE_COLOUR.findall(before[-1])
    pick = colours if len(colours) == 1 else chosen if len(chosen) == 1 else []
    return f"My favourite colour is {pick[0].casefold()}." if pick else None


_ITS_MY_COLOUR: Final = re.compile(
    r"^(?:and\s+)?(?:it|that)(?:'s|’s|\s+is|\s+has)(?:\s+always)?(?:\s+been)?\s+(?:always\s+)?"
    r"my\s+favou?rite\s+colou?r\b", re.I)
_CHOSE_COLOUR: Final = re.compile(
    r"\bI\s+(?:held out for|picked|chose|went for|voted for|insisted on|wanted|fought for)\s+"
    r"(?:the\s+)?(" + COLOUR_NAMED + r")\b", re.I)


_SAID_BEFORE: Final = (_replaced_favourite, _morning_said_before, _pet_said_before,
                       _language_said_before, _colour_said_before)
"""Readers of a sentence by the sentences before it in the message."""


_PARTS: Final = re.compile(r"\s+[-–—]\s+|,\s+(?=and\s)")
_PLAYED_IT: Final = re.compile(r"\bmy\s+(?P<i>" + INSTRUMENTS.pattern + r")(?P<mid>[^.!?]*?\b"
                               r"I(?:'ve|’ve| have)\s+(?:played|been playing))\s+it\b", re.I)


_COLLECT_THEM: Final = re.compile(
    r"\b(?P<a>an?)\s+(?P<t>[a-z]+(?:\s+[a-z]+)?)(?P<why>\s+(?:because|since|as|cause|cuz))\s+"
    r"(?i:i)\s+collect\s+them\b")
""""he could get me a snow globe because i collect them": the snow globes."""
_IN_MY_COLLECTION: Final = re.compile(
    r"(?P<pre>\b(?i:found|bought|got|picked up|added|scored|snagged|won)\s+(?i:an?|another)\s+"
    r"(?P<t>[a-z]+(?:\s+[a-z]+)?))(?P<mid>\b[^.!?]*?)\b(?i:that makes|makes it|brings (?:it|me|"
    r"the total) to|number)\s+\d+\s+(?i:in my collection)")
""""Found a snow globe of the Falkirk Wheel - that makes 212 in my collection": the user
collects snow globes."""


def _within(sentence: str) -> str:
    """"Watched Local Hero again - must be the fortieth time, and it's still my favourite
    film": the title the sentence opens with is the favourite a later part names; "jigs on
    my accordion - I've played it since I was ten": the instrument."""
    out = _PLAYED_IT.sub(lambda m: f"my {m['i']}{m['mid']} the {m['i']}", sentence)
    out = _COLLECT_THEM.sub(lambda m: f"{m['a']} {m['t']}{m['why']} I collect {m['t']}s", out)
    out = _IN_MY_COLLECTION.sub(lambda m: f"{m['pre']}{m['mid']}I collect {m['t']}s", out)
    parts = _PARTS.split(out)
    titled = (_titled_favourite(parts[0], re.sub(r"^\s*and\s+", "", part)) for part in parts[1:])
    return next((said for said in titled if said is not None), out)


def with_antecedents(sentences: list[str]) -> list[str]:
    """``sentences`` (one message, in order) with "them" or "it" after a question read as
    the thing the question ends on; the others as they are."""
    out = [_within(s) for s in sentences]
    for i in range(1, len(out)):
        if (titled := _titled_favourite(out[i - 1], out[i])) is not None:
            out[i] = titled
            continue
        read_by_before = next(
            (r for read in _SAID_BEFORE if (r := read(out[:i], out[i])) is not None), None)
        if read_by_before is not None:
            out[i] = read_by_before
            continue
        if (with_topic := _with_topic_said_before(out, i)) is not None:
            out[i] = with_topic
            continue
        said = _STATEMENT.match(out[i].strip())
        if said is None:
            continue
        kept = (_KEPT_THINGS.search(out[i - 1])
                if said["pronoun"].casefold() == "them" and "collect" in said["head"] else None)
        if kept:
            # "... my albums of cigarette cards. I have collected them since 1958."
            out[i] = f"{said.group('head')} {kept.group('t')}{said.group('tail')}"
            continue
        if not out[i - 1].rstrip().endswith("?"):
            continue
        thing = _thing(out[i - 1], said.group("pronoun"))
        if thing is not None:
            out[i] = f"{said.group('head')} {thing}{said.group('tail')}"
    return out
