"""A message dictated to a phone, read as the sentences it was spoken in.

Voice typing writes what was said with no full stops: "so for context i work as a vet tech
at riverbend animal hospital and the shifts are like ten hours so i kind of need reminders
um like every single morning i make a chai latte and then i take gizmo out hes my dog". The
capture rules read one sentence at a time, so a long message without a single stop is cut
where a speaker starts a new clause: before "um" and "uh" (dropped), before a subject that
starts one ("hes my dog", "and i play ukulele", "so my sister"), and before the discourse
words that open one ("oh", "okay", "anyway", "also"). Only a long message in lower case with
no sentence stop at all is cut; anything typed with stops or capitals is left as it is.

Written by hand: punctuation-restoring models need weights from a model hub and a GPU to be
quick; these cues are what the rules need.
"""

from __future__ import annotations

import re
from typing import Final

from kai_desktop.core.memory.slot_words import DAYS, says_how

_MIN_WORDS: Final = 18
"""Shorter messages are one sentence even when dictated."""
_MAX_CHARS: Final = 4000
"""Longer text without a stop is pasted, not spoken: it is left whole, and the rules skip
it as they skip any run-on (cutting 150 KB into clauses took seconds of capture)."""

_HESITATIONS: Final = re.compile(r"\s*\b(?:u+m+|u+h+|e+r+m+|hmm+|you know)\b,?\s*", re.IGNORECASE)
_SUBJECT: Final = (r"(?:i|im|i'm|ive|i've|id|i'd|ill|i'll|hes|he's|shes|she's|we|we're|weve|"
                   r"we've|theres|there's|(?:its|it's)(?! my fav))")
"""A subject that starts a clause of its own ("hes my dog", "i play ukulele")."""
_MY: Final = r"(?:my|our)"
"""Also an object ("get my life organised"): a clause start only after "and", "so", "but"."""
_OPENER: Final = (r"(?:oh|okay|ok|anyway|also|wait|plus|so yeah|and then|the (?:dog|cat) is "
                  r"(?:called|named)|"
                  r"and (?:the|this|that|everything|he|she|they)\b|so (?!much|"
                  r"many|far|long|that|good|bad|happy|tired|excited|proud|glad|sorry|big|small|"
                  r"cool|nice|do|does|did|is|am|are)\w+)")
_NO_CUT_WORDS: Final = (
    "a an the and or but so than as that what where when which who whom whose if because "
    "cause bc til until before after while like to of for with at in on by from about me you "
    "is are was were be been being am do does did have has had can could will would should "
    "may might must not no how why whether then now just ever since said says say think "
    "thought know knew guess hope feel mean bet wish tell told realised realized swear "
    "promise"
)
_NO_CUT_AFTER: Final = frozenset(_NO_CUT_WORDS.split())
"""Words a new clause cannot follow: "than i", "as i", "where i live", "me and i"."""
_IM_THEN_MY: Final = re.compile(r"\b(i'?m|i am) ([a-z]+)\s+(?=(?:my|our)\b)", re.IGNORECASE)
"""One word after "im" ends a clause before "my" ("im dominic my wife leanne set this up"),
unless the word takes a clause of its own ("im sure my wife ...")."""
_TAKES_A_CLAUSE_WORDS: Final = (
    "sure glad afraid certain happy sorry worried positive convinced hoping guessing thinking "
    "telling saying not so also just really still always never with at in on for from to by "
    "about like visiting seeing meeting calling texting helping taking bringing missing "
    "driving picking losing using doing finding selling")
_TAKES_A_CLAUSE: Final = frozenset(_TAKES_A_CLAUSE_WORDS.split())
_WHEN_ALONE: Final = re.compile(
    r"(?:and |so |but |then )?(?:every|each|on) (?:single )?" + DAYS + r"(?: first thing)?",
    re.IGNORECASE)
"""A time said before its clause ("every morning first thing i have a monster"): no
sentence of its own."""
_CUE: Final = re.compile(
    r"\s+(?=(?:(?:and|so|but|then)\s+)?(?:(?:now|then|also|honestly|actually)\s+)?" + _SUBJECT
    + r"\b|(?:and|so|but)\s+(?:now\s+|then\s+|also\s+)?" + _MY + r"\b|" + _OPENER + r"\b)",
    re.IGNORECASE)


def _dictated(text: str) -> bool:
    """Long, without a sentence stop, and in lower case (a lone "I" aside): what voice
    typing writes. A typed sentence that ends without its full stop is none."""
    return (len(text) <= _MAX_CHARS and not re.search(r"[.!?;]", text)
            and not re.search(r"\b[A-Z][a-z]", text) and len(text.split()) >= _MIN_WORDS)


def spoken_sentences(text: str) -> str:
    """``text`` with a full stop where a dictated run-on starts a new clause; unchanged
    when it has a sentence stop already or is short."""
    if not _dictated(text):
        return text
    text = _IM_THEN_MY.sub(lambda m: m.group(0) if m.group(2) in _TAKES_A_CLAUSE
                           else m.group(0).rstrip() + ". ", _HESITATIONS.sub(". ", text))
    text = text.strip(" .")
    return re.sub(r"\.\s*\.", ".", _cut_at(text, _CUE, _NO_CUT_AFTER, 2, _WHEN_ALONE)).strip()


def _cut_at(text: str, cues: re.Pattern[str], no_cut_after: frozenset[str],
            min_words: int, not_alone: re.Pattern[str] | None = None) -> str:
    """``text`` with a full stop at each cue that follows at least ``min_words`` words
    since the last cut and does not follow a word in ``no_cut_after``, nor leave a piece
    that ``not_alone`` matches whole."""
    out: list[str] = []
    last = 0
    for cue in cues.finditer(text):
        piece = text[last:cue.start()]
        before = piece.split()
        if len(before) < min_words or before[-1].casefold().strip(",") in no_cut_after:
            continue
        if not_alone is not None and not_alone.fullmatch(piece.strip(" ,")):
            continue
        out.append(piece.rstrip(" ,") + ".")
        last = cue.end()
    out.append(text[last:])
    return " ".join(out)


# -- notes typed in capitals ------------------------------------------------------------------
# Someone who types in capitals often types in notes, too: "I AM 76 LIVE IN TOLEDO OHIO GREW UP
# IN SCRANTON PA", "DOG IS DUKE CAT IS BUSTER", "BIRTHDAY IS DECEMBER 12 MY SISTER BERNICE
# FORGETS IT EVERY YEAR". Each stretch without a stop is cut where a new note starts: a verb
# whose "I" is left out, a pet, relative or favourite named before "is", a subject, "my", or
# a remark after the value ("... 190000 MILES STILL RUNS FINE", "... NO MORE TOLEDO WINTERS").
_NOTE_START: Final = re.compile(
    r"\s+(?=(?:live in|lived in|grew up|work (?:part|full|as|at|for)|drive (?:a|an)\b|speak|"
    r"play (?:the|a)\b|moved to|sold|bought|quit|retired|taking|bowl|collect|"
    r"(?:wife|husband|partner|dog|cat|son|daughter|sister|brother|birthday) is|favou?rite|"
    + _SUBJECT + r"|my|no more|not|dont|don't|still|nobody|never|write that down|found|keeps|"
    r"\d[\d,]*\s+(?:miles|km|kilometres|years|yrs|days|hours)\b|"
    r"[a-z]+\s+(?:makes|says|thinks|loves|hates|forgets|wants|likes|knows|calls)\b)\b)",
    re.IGNORECASE)
_NO_NOTE_AFTER_WORDS: Final = (
    "a an the and or but so than as that what where when which who if because to of for with "
    "at in on by from about is are was were be am do does did have has had can will would not "
    "no very too i im i'm i've ive we he she they it its it's my our up wife husband partner "
    "dog cat son daughter sister brother mom mum dad grandson granddaughter friend")
_NO_NOTE_AFTER: Final = frozenset(_NO_NOTE_AFTER_WORDS.split())


_NAMED_NOTE: Final = re.compile(
    r"(?:^|(?<=[.!?;]\s))(?:(?:hello|hi|hey),?\s+this is|(?:my\s+)?(?:wife|husband|partner|dog|"
    r"cat|son|daughter|sister|brother) is)\s+(?P<n>[a-z]+)(?=[.!?;]|$)")


def _named(note: re.Match[str]) -> str:
    """A name standing alone after "DOG IS" or "THIS IS" gets its capital back; a word
    that reads as how someone is ("DOG IS SICK", "WIFE IS RETIRED") does not."""
    name = note.group("n")
    if says_how(name):
        return note.group(0)
    return note.group(0)[:note.start("n") - note.start()] + name.capitalize()


def noted_sentences(text: str) -> str:
    """``text`` (typed in capitals, read in lower case) with a full stop where a stretch
    without one starts a new note; a stretch of fewer than five words is left whole, and so
    is text too long to be typed (as :func:`spoken_sentences` leaves it)."""
    if len(text) > _MAX_CHARS:
        return text
    out: list[str] = []
    for stretch in re.split(r"(?<=[.!?;])\s+", text):
        short = len(stretch.split()) < 5
        out.append(stretch if short else _cut_at(stretch, _NOTE_START, _NO_NOTE_AFTER, 1))
    return _NAMED_NOTE.sub(_named, " ".join(out))
