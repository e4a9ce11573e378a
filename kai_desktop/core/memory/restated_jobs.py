"""Jobs said in passing, restated as the plain sentence the capture rules know:
"Tamsin here - charge nurse, ICU at Dartmouth General", "I build furniture as a carpenter
now", "left the charge nurse role, now clinical educator"."""

from __future__ import annotations

import re
from typing import Final

from kai_desktop.core.memory.slot_words import BARE_JOBS, JOB_WORDS, JOBS_SAID_BARE

HERE_AS: Final = re.compile(
    r"\b(?P<n>[A-Z][a-z'’-]+)\s+here\s*(?:[-–—:,])\s+(?P<j>(?:[a-z]+\s+){0,2}?[a-z]+)"
    r"(?:,\s+[^.!?,;]{1,30}?)?(?:\s+(?:at|for)\s+(?P<o>[A-Z][\w'’&.-]*(?:\s+[A-Z][\w'’&.-]*)"
    r"{0,4}))?(?=\s*[,.;!?]|\s*$)")
""""Tamsin here - charge nurse, ICU at Dartmouth General": an introduction with the job and
the workplace said bare after it (the unit between them is no part of either)."""
AS_A_NOW: Final = re.compile(
    r"\bI\s+(?!work\b|am\b|was\b|started\b)[a-z]+\s+(?:[a-z]+\s+){0,3}?as\s+an?\s+"
    r"(?P<j>(?:[a-z]+\s+)?[a-z]+)\s+now\b")
""""I build furniture as a carpenter now": the job the user has now."""
LEFT_ROLE_NOW: Final = re.compile(
    r"(?:\bI(?:'ve|’ve|\s+have)?\s+)?\b(?i:left|quit|gave up|stepped down from)\s+"
    r"(?:the|my)\s+(?:[a-z]+\s+){0,2}?"
    r"(?i:role|job|post|position|gig)[,;]?\s+(?:and\s+)?(?:(?i:i(?:'m|’m| am))\s+)?now\s+"
    r"(?:an?\s+)?(?P<j>(?:[a-z]+\s+)?[a-z]+)(?=\s*[,.;!]|\s*$)")
""""left the charge nurse role, now clinical educator": the job the user has now."""


def as_a_now(m: re.Match[str]) -> str:
    """"I work as a carpenter now" when what follows "as a" ends on a job."""
    job = m["j"]
    if not (JOB_WORDS.search(job) or job.split()[-1] in BARE_JOBS.split("|")):
        return m[0]
    return f"I work as a {job} now"


def here_as(m: re.Match[str]) -> str:
    """The introduction, then the job (and the workplace) said as a plain sentence."""
    if m["j"].split()[-1] not in JOBS_SAID_BARE:
        return m[0]  # "Dana here - total beginner"
    return f"{m['n']} here. I'm a {m['j']}{' at ' + m['o'] if m['o'] else ''}"


def job_now(m: re.Match[str]) -> str:
    """The job after "left the X role, now": only a word that is a job on its own."""
    return as_a_now(m) if m["j"].split()[-1] in JOBS_SAID_BARE else m[0]
