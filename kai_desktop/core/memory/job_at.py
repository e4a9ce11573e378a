"""A job said with where it is done: "I'm a software developer at Infosys", "I work as a chef
at Olive and Thyme", "I work as a pharmacist in the Sonnen-Apotheke, near the station", "I
work as translator now, at a small agency called Wortwerk, for medical texts": the job, and
the employer with it. What follows a comma after the employer is an aside."""

from __future__ import annotations

import re
from typing import Final

from kai_desktop.core.memory.phrasing_parts import END, PROPER
from kai_desktop.core.memory.phrasing_parts import fact as _fact
from kai_desktop.core.memory.statements import Fact, clean_value, job_fact

_JOB_AT: Final = re.compile(
    r"^(?i:i(?:'m| am|'ve been| have been| work as| worked as)\s+(?:an?\s+)?)"
    r"(?P<j>[a-z][a-z ]*?),?\s+(?i:at|for|in the)\s+"
    r"(?i:(?:an?|the)\s+[a-z ]{1,30}?\s+(?:called|named)\s+)?"
    r"(?P<w>" + PROPER + r"(?:\s+(?:and|&)\s+[A-Z][\w'’-]*)?(?:\s+(?:hospital|school|"
    r"university|bank|bakery|cafe|café|clinic|library|studio|agency))?)(?:,\s+[^.!?]*)?" + END)
""""in the" only before a name: "a nurse in the Royal Infirmary" names the employer, "a
nurse in London" the city."""


def with_employer(found: list[Fact], sentence: str) -> list[Fact]:
    """``found`` (the facts the rules read in ``sentence``) with the employer the job is
    said with; when the rules read nothing, the job as well."""
    at = _JOB_AT.search(sentence)
    if at is None or [f.key for f in found] not in ([], ["occupation"]):
        return found
    if not found:  # "I work as translator now, at a small agency called Wortwerk, for ..."
        found = [f for f in [job_fact(clean_value(at.group("j")))] if f is not None]
    employer = _fact("employer", "The user works at {v}.", at.group("w")) if found else None
    return [*found, employer] if employer is not None else found
