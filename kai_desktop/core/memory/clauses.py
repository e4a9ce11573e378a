"""The clauses of a compound sentence, each read as a statement of its own.

"I quit cooking and became a firefighter", "Sadly Max died, our new dog is called Bella":
the fact is in one clause, and no rule covers the whole sentence. Capture reads the
clauses when the whole sentence states nothing the rules know.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from kai_desktop.core.memory.statements import Fact

_CLAUSE_BREAK = re.compile(r"\s*[,;:]\s+|\s+[-–—]{1,2}\s+|\s+(?:and|but|so)\s+(?:then\s+|now\s+)?|"
                           r"\s+(?:because|since|cause|cuz)\s+(?=i'm\b|i am\b|im\b|i\b)", re.I)
"""A comma, semicolon or colon, a dash between spaces ("Busy week - my dog is called
Rex"), "and", "but", "so", or "because" before "I'm" ("embarrassing because I'm 29")."""
_ONE_NAME = re.compile(r"\b[A-Z][\w'’]* and [A-Z][\w'’]*(?=\s*(?:[,.;:!?]|$))")
""""Paws and Claws, a grooming salon": two capitalised words joined by "and" that end a
clause name one thing (or list two); the "and" splits no clause there."""
_AND = "\x02"
_SUBJECT = re.compile(r"^(?:i|i'm|i've|my|we|we're|we've|our|the|a|an|it|this|that|he|she|"
                      r"they|his|her|their)\b", re.I)

_HIS_VERB = re.compile(r"^(?!was\b)(?:[a-z]+[^su\s]s|has|is|does|goes)\b")
"""A verb said of someone else ("Felix, my brother, lives in Berlin"): no "I" goes before."""


_THEIRS = re.compile(r"^(?:[A-Z][\w-]*(?:'s|’s)|(?:my|our) [a-z]+(?:'s|’s)|his|her|their)\s+"
                     r"(?P<t>(?:favou?rite |first |home )?[a-z]+)\s+(?:is|are|was)\b", re.I)
_MINE = re.compile(r"^(?:and |but |while |whereas )?mine(?:'s|’s|\s+(?P<be>is|are))\s+(?P<v>.+)$",
                   re.I)


def clauses(sentence: str) -> list[str]:
    """The clauses of a compound sentence, each as a statement of its own: "I quit cooking
    and became a firefighter" -> ["I quit cooking", "I became a firefighter"]. A clause
    without a subject is read with "I" (the user is who the sentence is about)."""
    # "..., in which I play the euphonium": the clause is the user's own
    kept = _ONE_NAME.sub(lambda m: m.group(0).replace(" and ", _AND), sentence.strip())
    parts = [re.sub(r"^(?:and|but|so)\s+(?:that\s+(?=I\b))?|^(?:(?:in|at|with|for) which|that)"
                    r"\s+(?=I\b)", "", p.strip(), flags=re.I).replace(_AND, " and ")
             for p in _CLAUSE_BREAK.split(kept.rstrip(".!")) if p.strip()]
    if len(parts) < 2:
        return []
    out = []
    for before, said in zip(["", *parts], parts, strict=False):
        theirs = _THEIRS.match(before)
        mine = _MINE.match(said)
        part = said
        if theirs and mine:  # "Luca's favourite film is The Godfather; mine is Heat"
            part = f"my {theirs.group('t')} {mine.group('be') or 'is'} {mine.group('v')}"
        out.append(part)
        if not _SUBJECT.match(part) and part[:1].islower() and not _HIS_VERB.match(part):
            out.append("I " + part)
    return out


OWN_CLAUSE = re.compile(r"^(?:I|I'm|I’m|I am)\s")
""""I'm 47, my birthday is in October": a clause of the user's own is read beside the fact
the whole sentence states."""


def adds_to(found: Sequence[Fact], fact: Fact) -> bool:
    """Whether ``fact`` (read in a clause) adds to ``found``: a key of its own, and not one
    value said twice ("hot cocoa" in the sentence, "a hot cocoa" in its clause)."""
    bare = re.sub(r"^(?:an?|the)\s+", "", fact.value.casefold().strip())
    for said in found:
        other = re.sub(r"^(?:an?|the)\s+", "", said.value.casefold().strip())
        if said.key == fact.key or bare in other or other in bare:
            return False
    return True
