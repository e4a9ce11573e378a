"""A job said with where it is done: "I'm a software developer at Infosys", "I work as a chef
at Olive and Thyme", "I work as a pharmacist in the Sonnen-Apotheke, near the station", "I
work as translator now, at a small agency called Wortwerk, for medical texts", "I'm working
as an architect again, at a practice called Hartley & Shaw": the job, and the employer with
it. What follows a comma after the employer is an aside."""

from __future__ import annotations

import re
from typing import Final

from kai_desktop.core.memory.phrasing_parts import END, PROPER
from kai_desktop.core.memory.phrasing_parts import fact as _fact
from kai_desktop.core.memory.statements import Fact, clean_value, job_fact

_JOB_AT: Final = re.compile(
    r"^(?i:i(?:(?:'m| am|'ve been| have been) working as|'m| am|'ve been| have been| work as|"
    r" worked as| (?P<in>work in)|(?:'ve| have)? (?:just |recently )?(?:started|began|begun)"
    r"(?: (?:work|working|(?:a |my )?(?:new )?job))? as)\s+(?:an?\s+)?)"
    r"(?P<j>[a-z][a-z -]*?|[A-Z]{2,}),?(?:\s+[a-z ]{1,30},)?\s+(?i:at|for|with|in the)\s+"
    r"(?i:(?:an?|the)\s+[a-z ]{1,30}?\s+(?:called|named)\s+)?"
    r"(?P<w>" + PROPER + r"(?:\s+(?:and|&)\s+[A-Z][\w'’-]*)?(?:\s+(?:hospital|school|"
    r"university|bank|bakery|cafe|café|clinic|library|studio|agency))?)(?:,\s+[^.!?]*|\s+(?i:on|"
    r"near|by|in) the [^.!?]*)?" + END)
""""in the" only before a name: "a nurse in the Royal Infirmary" names the employer, "a
nurse in London" the city. "I work in IT at Acme": the field, and the employer."""
_AT_AS: Final = re.compile(
    r"^(?i:i(?:'m| am) (?:employed|working) (?:at|by|for)\s+)(?P<w>" + PROPER + r")(?i:\s+as\s+"
    r"(?:an?\s+)?)(?P<j>[a-z][a-z ]*?)" + END)
""""I'm employed at Acme Corp as an analyst": the employer first, then the job."""
_IN_AS: Final = re.compile(
    r"^(?i:i (?:work|(?:'m| am) working) in\s+)" + PROPER + r"(?i:\s+as\s+(?:an?\s+)?)"
    r"(?P<j>[a-z][a-z ]*?)" + END)
""""I work in Tech Mahindra as a tester", "I work in London as a nurse": the job; the name
may be the employer or the city, so it is not filed."""
_RUNS: Final = re.compile(
    r"^(?i:i (?:run|own|manage|co-own|have)\s+(?:an?|my (?:own|little)|our)\s+(?:(?:small|little|"
    r"tiny|new|family)\s+)?[a-z]+(?:\s+[a-z]+)?\s+(?:called|named)\s+)(?P<w>" + PROPER + r")" + END)
""""I run a small bakery called Crumbs": the business the user works at."""


_FOR_PLACE: Final = re.compile(
    r"^(?i:it(?:'s|’s| is)|i work|i(?:'m| am) working)\s+(?i:for|at|with)\s+(?i:this|a|an|the)\s+"
    r"(?i:[a-z]+\s+){0,2}?(?i:store|shop|company|caf[eé]|agency|startup|brand|salon|restaurant|"
    r"bakery|boutique|firm|studio|gym|bar|clinic|practice|nonprofit|charity)\s+(?i:called|named)\s+"
    r"(?P<w>[\w'’&-]+(?:\s+(?!(?i:on|in|at|near|by|off|downtown)\b)[\w'’&-]+){0,3})"
    r"(?:\s+(?i:on|in|at|near|by|off|downtown)\b[^.!?]*)?" + END)
""""it's for this vintage store called cactus moon on south congress": where the job is
(said after it), its name with capitals."""


def with_employer(found: list[Fact], sentence: str) -> list[Fact]:
    """``found`` (the facts the rules read in ``sentence``) with the employer the job is
    said with; when the rules read nothing, the job as well."""
    if not found and (place := _FOR_PLACE.search(sentence)):
        named = " ".join(w if i and w in ("and", "of", "the", "&") else w[:1].upper() + w[1:]
                         for i, w in enumerate(place["w"].split()))  # "cactus moon"
        return [f] if (f := _fact("employer", "The user works at {v}.", named)) else []
    if not found and (runs := _RUNS.search(sentence)):
        owned = _fact("employer", "The user works at {v}.", runs["w"])
        return [owned] if owned is not None else []
    if not found and (job_in := _IN_AS.search(sentence)):
        said = job_fact(clean_value(job_in["j"]))
        return [said] if said is not None else []
    at = _JOB_AT.search(sentence) or _AT_AS.search(sentence)
    if at is None or [f.key for f in found] not in ([], ["occupation"]):
        return found
    if not found:  # "I work as translator now, at a small agency called Wortwerk, for ..."
        job = re.sub(r"^(?:an?|the)\s+", "", clean_value(at.group("j")), flags=re.I)
        said = (_fact("occupation", "The user works in {v}.", job)
                if at.re is _JOB_AT and at.group("in") else job_fact(job))
        found = [said] if said is not None else []
    employer = _fact("employer", "The user works at {v}.", at.group("w")) if found else None
    return [*found, employer] if employer is not None else found
