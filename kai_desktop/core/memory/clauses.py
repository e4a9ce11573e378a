"""The clauses of a compound sentence, each read as a statement of its own.

"I quit cooking and became a firefighter", "Sadly Max died, our new dog is called Bella":
the fact is in one clause, and no rule covers the whole sentence. Capture reads the
clauses when the whole sentence states nothing the rules know.
"""

from __future__ import annotations

import re

_CLAUSE_BREAK = re.compile(r"\s*[,;:]\s+|\s+[-–—]{1,2}\s+|\s+(?:and|but|so)\s+(?:then\s+|now\s+)?",
                           re.I)
"""A comma, semicolon or colon, a dash between spaces ("Busy week - my dog is called
Rex"), or "and", "but", "so"."""
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
    parts = [re.sub(r"^(?:and|but|so)\s+", "", p.strip(), flags=re.I)
             for p in _CLAUSE_BREAK.split(sentence.strip().rstrip(".!")) if p.strip()]
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
