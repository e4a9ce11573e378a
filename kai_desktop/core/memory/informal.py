"""Texting spellings read as the standard ones, before the capture rules and the memory
hint look at a message.

People type "im a paramedic", "fav color is orange", "bday is oct 3" or "me and my gf tasha":
the rules are written for "I'm", "favourite", "birthday" and "girlfriend", and the memory
hint matches a question's words against a memory's. Only spellings that mean one thing are
mapped ("its", "ill", "were", "id" and "well" are words too and are left alone), fillers such
as "lol" and "tbh" are dropped, a lone "i" becomes "I" and each sentence starts with a capital.
A word list rather than a spelling-correction library: those correct typos against a
dictionary and would turn names ("loki", "jaylen") into words.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final

from kai_desktop.core.memory.australian_english import standard_from_australian
from kai_desktop.core.memory.hinglish import standard_from_hinglish
from kai_desktop.core.memory.implied_subject import asked_tersely
from kai_desktop.core.memory.indian_english import standard_from_indian
from kai_desktop.core.memory.irish_english import standard_from_irish
from kai_desktop.core.memory.jamaican_patois import standard_from_patois
from kai_desktop.core.memory.languages import LANGUAGES
from kai_desktop.core.memory.learner_english import standard_word_order
from kai_desktop.core.memory.own_questions import own_questions_answered
from kai_desktop.core.memory.pidgin import standard_from_pidgin
from kai_desktop.core.memory.restatements import restated_plainly
from kai_desktop.core.memory.run_ons import noted_sentences, spoken_sentences
from kai_desktop.core.memory.scots import standard_from_scots
from kai_desktop.core.memory.self_corrections import corrected
from kai_desktop.core.memory.singapore_english import standard_from_singlish
from kai_desktop.core.memory.slot_words import BARE_JOBS
from kai_desktop.core.memory.spanglish import standard_from_spanglish
from kai_desktop.core.memory.spelled_numbers import ages_in_digits
from kai_desktop.core.memory.taglish import standard_from_taglish

_WORDS: Final[dict[str, str]] = {
    # contractions typed without the apostrophe
    "im": "I'm", "ive": "I've", "dont": "don't", "doesnt": "doesn't", "didnt": "didn't",
    "cant": "can't", "isnt": "isn't", "wasnt": "wasn't", "arent": "aren't",
    "werent": "weren't", "havent": "haven't", "hasnt": "hasn't", "hadnt": "hadn't",
    "couldnt": "couldn't", "wouldnt": "wouldn't", "shouldnt": "shouldn't", "wont": "won't",
    "thats": "that's", "whats": "what's", "wheres": "where's", "whos": "who's",
    "hows": "how's", "theres": "there's", "heres": "here's", "shes": "she's", "hes": "he's",
    "theyre": "they're", "youre": "you're", "weve": "we've", "theyve": "they've",
    "youve": "you've", "idk": "I don't know", "gonna": "going to", "wanna": "want to",
    "imma": "I'm going to",
    # short forms
    "fav": "favourite", "fave": "favourite", "favs": "favourites", "faves": "favourites",
    "bday": "birthday", "b-day": "birthday", "gf": "girlfriend", "bf": "boyfriend",
    "bff": "best friend", "hubby": "husband", "wifey": "wife", "yrs": "years",
    "yr": "year", "hrs": "hours", "wks": "weeks", "wk": "week", "u": "you", "ur": "your",
    "bc": "because", "cuz": "because", "coz": "because", "tho": "though", "rn": "right now",
    "tmrw": "tomorrow", "pls": "please", "plz": "please", "thx": "thanks",
    "thnx": "thanks", "w/": "with", "w/o": "without", "orig": "originally",
    "abt": "about", "obv": "obviously", "approx": "approximately", "incl": "including",
    "nt": "night", "b/c": "because",
}
# hyphens texting leaves out: "my all time fav movie", "my go to food"; greetings drawn out
_PHRASES: Final = ((re.compile(r"\bh+i{2,}\b", re.I), "hi"),
                   (re.compile(r"\bhe+y{2,}\b|\bhe{2,}y+\b", re.I), "hey"),
                   (re.compile(r"\ball time\b(?=\s+(?:fav|fave|favou?rite|best)\b)", re.I),
                    "all-time"),
                   (re.compile(r"(?:(?<=\bmy )|(?<=\bnew ))go to\b(?=\s+[a-z])", re.I), "go-to"),
                   # "my favourite film ever": "ever" says how much, not what
                   (re.compile(r"\b((?:fav|fave|favou?rite)\s+[a-z]+)\s+"
                               r"(?:ever(?: made| written| recorded)?|of all(?: time)?|in the "
                               r"world)\b",
                               re.I), r"\1"))
_DASHED_ASIDE: Final = re.compile(r"(?<=\w)\s+[-–—]\s+[^-–—.!?;:]{1,90}?\s+[-–—]\s+"
                                  r"(?=(?:is|are|was)\s)")
""""Favourite colour - people find this hard to believe - is sage green", "My partner - we're
not married - is Anand": an aside between dashes, between a thing and what it is."""
# "my bro", "my sis": alone they are forms of address ("thanks bro")
_AFTER_MY: Final[dict[str, str]] = {"bro": "brother", "sis": "sister"}
_FILLERS: Final = (r"lol|lmao|rofl|haha+|hehe+|(?-i:ja(?:ja)+|je(?:je)+)|tbh|tbf|ngl|imo|imho|"
                   r"omg|fr|lowkey|istg|"
                   r"no cap|u+gh|u+rgh|a+rgh|welp|yikes")

# Typed in lower case, or with the capital a phone puts at the start: "GF" (gluten-free),
# "BC" and "IM" in capitals are other words.
_WORD = re.compile(
    r"(?<![\w'’])(" + "|".join(re.escape(v) for w in sorted(_WORDS, key=len, reverse=True)
                              for v in (w, w.capitalize()))
    + r")(?![\w/-])(?!['’](?!s\b))",  # "gf's" is the girlfriend's
)
_MY_SHORT = re.compile(r"\b(my|our)\s+(" + "|".join(_AFTER_MY) + r")\b", re.IGNORECASE)
_FILLER = re.compile(r"(?:,\s*)?(?<![\w'’])(?:" + _FILLERS + r")(?![\w'’])(?P<end>[,.!]*)\s*",
                     re.IGNORECASE)
_EMOJI: Final = re.compile(r"[ \t]*[\U0001F000-\U0001FAFF\u2600-\u27BF\u2B00-\u2BFF\uFE0F\u200D]+"
                           r"\s*")
""""im jasleen 👋 everyone calls me jas": an emoji ends what it follows, as a full stop."""
_FLAG_WORD: Final = re.compile(
    r"\s+btw(?=\s+(?:and|so|but)\s|\s*[.!?,;]|\s*$)|(?:^|(?<=[.!?]\s))(?:fyi|btw)[,:]?\s+(?=[a-z])",
    re.I)
""""I'm 22 btw and my ...", "goblin is my cat btw.", "fyi allergic to penicillin": a word
that only flags a fact."""
_STRESS: Final = re.compile(
    r"\b(is|are|'s|’s)\s+(?:literally|honestly|basically|genuinely|actually|definitely|"
    r"absolutely|officially|truly|really|lowkey|highkey|100%|forever)\s+(?=my\b)", re.I)
""""lavender is literally my favorite color": a word of stress between "is" and "my"."""
_LANGUAGE = re.compile(r"\b(?:" + "|".join(sorted(LANGUAGES)) + r")\b")
"""A language's name, which always has its capital ("i speak slovak")."""
_MONTH = re.compile(r"\b(?:january|february|april|june|july|august|september|october|november|"
                    r"december)\b")
"""A month's name, which always has its capital ("bday in october"; "may" and "march" are
words too)."""
_LONE_I = re.compile(r"(?<![\w'’])i(?=$|[\s,.!?;:])")
_SENTENCE_START = re.compile(r"(^\s*|[.!?]\s+)([a-z])")


_TITLE_DOT = re.compile(r"(?<![\w.])(?P<t>St|Dr|Mr|Mrs|Ms|Mt|Ft|Prof|Rev|Capt|Sgt)\.(?=\s+[A-Z])")
""""St. Albans", "Dr. Patel": the full stop of a title ends no sentence ("It's St. Boniface
hospital" gave the name "St"); "Baker St. My dog ..." (a street, after its name) keeps it."""


def _titles_undotted(text: str) -> str:
    return _TITLE_DOT.sub(lambda m: m[0] if re.search(r"\w\s+[A-Z][\w'’]*\s+$",
                                                      text[max(0, m.start() - 60):m.start()])
                          else m["t"], text)


@lru_cache(maxsize=32)
def standard_spelling(text: str) -> str:
    """``text`` with texting spellings written out, and names capitalised when it is typed
    all in lower case; unchanged when it has neither. Fillers are only dropped when
    something else is left ("lol" alone stays "lol"). Kept for the last messages read: a
    turn asks it of the same message several times (the memory hint, whether it is a
    statement, whether the reply fails it, capture), and a long message takes a while."""
    if typed_in_capitals(text):
        # read as typed in lower case: names get their capitals back
        text = noted_sentences(text.lower())
    text = _titles_undotted(text)
    # an emoji mid-message ends a sentence, one at the end is dropped ("👍" alone stays)
    unadorned = _EMOJI.sub(lambda m: ". " if m.end() < len(text) else "", text)
    if re.search(r"\w", unadorned):
        text = re.sub(r"([.!?])\.\s", r"\1 ", unadorned)
    lower = typed_in_lower_case(text)
    # Spanish first: its "mi" (my) is no Patois "mi"
    text = standard_from_australian(standard_from_singlish(standard_from_taglish(
        standard_from_patois(standard_from_scots(standard_from_hinglish(standard_from_spanglish(
            spoken_sentences(text))))))))
    # "...together lol. im imogen": the sentence the filler ends still ends there
    out = _FILLER.sub(lambda m: ". " if re.search(r"[.!]", m.group("end")) else " ",
                      re.sub(r"\b([Ii])ts\s+(?=my\b)", r"\1t's ", text))  # "its my fav food"
    out = re.sub(r"(?<!\s)\s+\.", ".", out).strip()  # from a run's start only: linear
    # blank lines and runs of spaces go; an indented line keeps one space ("dog:\n  name: Rex")
    out = re.sub(r"[^\S\n]*\n\s*", lambda m: "\n" + " " * m[0].endswith((" ", "\t")), out)
    out = re.sub(r"(?<=\S)[^\S\n]{2,}", " ", out).strip(" ,")
    if not re.search(r"\w", out):
        out = text
    for phrase, written in _PHRASES:
        out = phrase.sub(written, out)
    out = _DASHED_ASIDE.sub(" ", _WORD.sub(lambda m: _WORDS[m.group(1).lower()], out))
    out = _MY_SHORT.sub(lambda m: f"{m.group(1)} {_AFTER_MY[m.group(2).lower()]}", out)
    if lower:
        out = _LANGUAGE.sub(lambda m: m.group(0).capitalize(), names_capitalised(out))
    out = _MONTH.sub(lambda m: m[0].capitalize(), _FLAG_WORD.sub("", _STRESS.sub(r"\1 ", out)))
    out = standard_from_irish(standard_from_indian(standard_from_pidgin(_LONE_I.sub("I", out))))
    out = _SENTENCE_START.sub(lambda m: m.group(1) + m.group(2).upper(), restated_plainly(out))
    return asked_tersely(out) or standard_word_order(
        ages_in_digits(corrected(own_questions_answered(out))))


# -- names in a message typed all in lower case ----------------------------------------------
# The rules know a name or a place by its capital ("moved to Austin", "named Loki"). In a
# message with no capital at all, the words right after a phrase that introduces a name get
# one, up to the first word that cannot be part of it ("started at sparky electric last week").
_PLACE_OR_EMPLOYER: Final = (
    r"live in|lives in|living in|moved to|move to|moving to|relocated to|based in|stay in|"
    r"staying in|company is|drive an?|ride an?|"
    r"born in|raised in|grew up in|from|work at|work for|works at|works for|working at|"
    r"working for|started at|start at|starting at|job at|hired me at|employed by|"
    r"(?:flat|house|apartment|place) in|(?:" + BARE_JOBS + r"|usher|clerk|lecturer) (?:at|for)|"
    r"named|called|name is|name's"
)
_KIN_WORDS: Final = (
    r"(?:little\s+|big\s+|older\s+|younger\s+|twin\s+|baby\s+)?(?:brother|sister|"
    r"girlfriend|boyfriend|wife|husband|partner|fiance|fiancee|son|daughter|mom|mum|dad|"
    r"friend|best friend|cousin|aunt|uncle|niece|nephew|grandma|grandpa|dog|cat|puppy|kitten)"
)
_KIN: Final = r"(?:my|our)\s+" + _KIN_WORDS
_NOT_IN_A_NAME_WORDS: Final = (
    "a an the my our your his her their and or but with for in on at to of by since last next "
    "this that these those now today tonight yesterday tomorrow ago because so as when while "
    "where who which whom mostly every each all about though too again already recently soon "
    "is was are were be been being has have had do does did will would can could should "
    "i i'm we it he she they you me us them home work school myself here there area downtown "
    "near nearby right just also still only really always never like years months weeks days "
    "anymore obviously actually basically literally honestly "
    "year month week day lives works loves likes hates wants needs gets got moved says said "
    "went goes plays runs keeps thinks knows not no yes ok okay well pretty very so much "
    "many some any same other new old little big nobody everyone everybody someone anyone "
    "monday tuesday wednesday thursday friday saturday sunday both finally once even then "
    "first later eventually apparently suddenly often sometimes usually rarely barely "
    "happily totally completely absolutely say tell ask think born bred raised"
)
_NOT_IN_A_NAME: Final = frozenset(_NOT_IN_A_NAME_WORDS.split())
_INTRODUCES: Final = re.compile(
    r"\b(?:" + _PLACE_OR_EMPLOYER + r")\s+|\b" + _KIN + r"\s+", re.IGNORECASE
)
# a name after "my brother" is followed by the end, a pause or a verb ("my brother jaylen
# lives in chicago"); "my dog barks at night" names no one
_AFTER_A_NAME: Final = re.compile(
    r"\s*(?:$|[,.;:!?)]|(?:and|who|is|was|has|had|have|'s|’s|just|turned|got|moved|lives|always|"
    r"never|still|usually|sits|sleeps|hides|eats|forgets|makes|thinks|calls|hates|wants|needs|"
    r"works|loves|likes|plays|studies|goes|went|says|said|keeps|gets|will|set|bought|gave|told|"
    r"made|helped|installed|showed|taught|started|found|ate|ran|bit|stole|broke|chewed|"
    r"dug|[a-z]{2,}ed)\b)",
    re.IGNORECASE,
)
_NAME_BEFORE_KIN: Final = re.compile(
    r"(?<![\w'’])([a-z][a-z'’-]+)\s*\((?:my|our|the)\s+" + _KIN_WORDS + r"\b", re.IGNORECASE)
_NAME_AFTER_IM: Final = re.compile(
    r"\b(?:i'm|i am)\s+([a-z][a-z'’-]+)(?=\s*,?\s*(?:btw|by the way)\b|,\s*\d{1,2}\b)",
    re.IGNORECASE)
_NAME_AFTER_HI: Final = re.compile(
    r"\b(?:hi|hello|hey|hiya|howdy)\b[\s,.!]*(?:(?:ok|okay|so|um|uh|well|there|kai|all|"
    r"everyone)[\s,.!]+){0,3}(?:i'm|i am)\s+([a-z][a-z'’-]+)(?=\s*(?:$|[,.!;]|(?:and|my|here|"
    r"from|btw)\b))", re.IGNORECASE)
""""hi im dominic my wife ...": a word after a greeting and "im" is a name, unless it is a
state ("hi im tired", "hey im back")."""
_STATE_WORDS: Final = (
    "tired bored back sick fine good ok okay sorry sad happy excited stressed confused glad "
    "ready late early hungry thirsty cold hot alive great awesome sure curious nervous worried "
    "scared free off out in up down new stuck exhausted knackered shattered grand gutted "
    "buzzing chuffed lonely ill unwell better worse awake"
)
_STATES: Final = frozenset(_STATE_WORDS.split())
_NAME_HERE: Final = re.compile(r"(?:^|[,.!:;]\s*)([a-z][a-z'’-]+)\s+here\s*[.!]*$|"
                                r"^(?:(?:hi|hey|hello|hiya)[\s,!]+)+([a-z][a-z'’-]+)\s+here\b")
_VERB_FORM: Final = re.compile(r"\w{3,}(?:ed|ing)$")
"""A word after the first of a name that reads as a verb ("cardiff surrounded")."""
_CAPITALISED_WORD: Final = re.compile(r"\b[A-Z][a-z]")
_NAME_WORD: Final = re.compile(r"[a-z](?:[a-z-]|['’](?!s\b))*")
"""A word of a name; "'s" after it is the owner's ("my sister shermaine's bday")."""


def typed_in_lower_case(text: str) -> bool:
    """No word of ``text`` starts with a capital and goes on in lower case (an acronym such
    as "AMR" or a lone "I" is allowed)."""
    return not _CAPITALISED_WORD.search(text)


def typed_in_capitals(text: str) -> bool:
    """Whether ``text`` is typed in capitals throughout ("MY DOG IS CALLED BISCUIT"): a
    capital tells no name from any other word there. A few acronyms in ordinary text
    ("I work at the NHS") are not that."""
    letters = [c for c in text if c.isalpha()]
    return len(letters) >= 8 and sum(c.isupper() for c in letters) >= 0.95 * len(letters) \
        and len(re.findall(r"\b[A-Z]{2,}\b", text)) >= 2


def names_capitalised(text: str) -> str:
    """``text`` (typed in lower case) with each word of a name or place after the phrase
    that introduces it capitalised: at most three, one after a relative or pet ("my brother
    jaylen lives in chicago" -> "my brother Jaylen lives in Chicago")."""
    out = list(text)
    alone = _NAME_HERE.search(text)  # "hi kai, jess here", "hi hi, jolene here. my ..."
    at = (alone.lastindex or 1) if alone else 1
    if alone and alone.group(at).lower() not in _NOT_IN_A_NAME:
        out[alone.start(at)] = out[alone.start(at)].upper()
    hi = [m for m in _NAME_AFTER_HI.finditer(text)
          if m.group(1).lower() not in _STATES and not _VERB_FORM.search(m.group(1))]
    for named in [*_NAME_BEFORE_KIN.finditer(text), *_NAME_AFTER_IM.finditer(text), *hi]:
        # "callum (my boyfriend)", "i'm imogen btw, 31"
        if named.group(1).lower() not in _NOT_IN_A_NAME:
            out[named.start(1)] = out[named.start(1)].upper()
    for cue in _INTRODUCES.finditer(text):
        kin = cue.group(0).lower().startswith(("my", "our"))
        pos = cue.end()
        for n in range(1 if kin else 3):
            word = _NAME_WORD.match(text, pos)
            if word is None or word.group(0).lower() in _NOT_IN_A_NAME:
                break
            if n and _VERB_FORM.search(word.group(0)):
                break  # "my flat in cardiff surrounded by buckets"
            if kin and not _AFTER_A_NAME.match(text, word.end()):
                break
            out[pos] = out[pos].upper()
            pos = word.end()
            if not text.startswith(" ", pos) or _NAME_WORD.match(text, pos + 1) is None:
                break
            pos += 1
    return "".join(out)
