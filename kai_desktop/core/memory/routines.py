"""A weekly or daily activity: "I run every Sunday", "On Saturdays I go swimming", "I swim
in the sea every Saturday morning". The activity's slot is ``<activity>_routine`` and its
value the day, so "I run on Mondays now" changes the same memory."""

from __future__ import annotations

import re
from typing import Final

from kai_desktop.core.memory.phrasing_parts import END, Build
from kai_desktop.core.memory.phrasing_parts import LEAD as _LEAD
from kai_desktop.core.memory.phrasing_parts import fact as _fact
from kai_desktop.core.memory.slot_words import DAYS as _DAYS
from kai_desktop.core.memory.statements import Fact

ACTIVITIES: Final[dict[str, str]] = {
    "run": "running", "jog": "jogging", "swim": "swimming", "cycle": "cycling",
    "climb": "climbing", "hike": "hiking", "train": "training", "skate": "skating",
    "row": "rowing", "dance": "dancing", "work out": "working out", "surf": "surfing",
    "walk": "walking", "bowl": "bowling", "ski": "skiing", "sail": "sailing", "box": "boxing",
    "fish": "fishing",
}
_WEEKDAYS: Final = frozenset(
    {"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"}
)


def _routine_either(m: re.Match[str]) -> Fact | None:
    """The day may come before ("every Sunday I run") or after ("I run every Sunday")."""
    when = m.group("v") or m.group("w")
    if not when:
        return None
    if m.group("c"):  # "I go to pottery class every Thursday"
        subject = m.group("c").casefold()
        said = f"{subject} {m.group('k').casefold()}"
        return _fact(f"{subject} routine", f"The user goes to {said} {{v}}.", _when(when))
    if m.group("d"):  # "I do yoga every Sunday"
        done = m.group("d").casefold()
        return _fact(f"{done} routine", f"The user does {done} {{v}}.", _when(when))
    act = m.group("a") or m.group("g") or m.group("f") or ""
    activity = ACTIVITIES.get(act.casefold(), act.casefold())
    return _fact(f"{activity} routine", f"The user goes {activity} {{v}}.", _when(when))


def _when(when: str) -> str:
    """"every Sunday", "on Thursday nights"."""
    day = " ".join(w.capitalize() if w.rstrip("s") in _WEEKDAYS else w
                   for w in when.casefold().split())
    return f"on {day}" if day.endswith("s") and day.rstrip("s") != "day" else f"every {day}"


def _day_for(m: re.Match[str]) -> Fact | None:
    """"Sunday is my running day", "Saturdays are for swimming"."""
    activity = m.group("a").casefold()
    return _fact(f"{activity} routine", f"The user goes {activity} {{v}}.", _when(m.group("v")))


DAY_FOR: Final[tuple[re.Pattern[str], Build]] = (
    re.compile(r"^(?i:(?P<v>(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?)\s+"
               r"(?:is|are)\s+(?:my|for)\s+(?P<a>[a-z]{3,}ing)(?:\s+(?:day|days|night|nights))?)"
               + END),
    _day_for,
)


_DONE: Final = (r"yoga|pilates|tai chi|karate|judo|crossfit|zumba|spin|parkrun|aerobics|"
                r"kickboxing|taekwondo|aikido|qigong|jiu-jitsu|capoeira|barre")
"""What one does rather than goes to or plays ("I do yoga every Sunday")."""
ROUTINE: Final[tuple[re.Pattern[str], Build]] = (
    re.compile(_LEAD + r"(?i:(?:(?:every|on) )?(?P<v>" + _DAYS + r"),?\s+)?(?i:i (?:usually "
               r"|always |often )?(?:(?P<a>" + "|".join(ACTIVITIES) + r")(?: [A-Z][\w'’-]*)?|go "
               r"(?P<g>(?!going\b)[a-z]{3,}ing)|go for an? (?P<f>run|swim|jog|"
               r"walk|hike|ride|cycle)|do (?P<d>" + _DONE + r")|(?:go to|have|attend) (?:a |my )?"
               r"(?P<c>(?!(?:a|an|the|my)\b)[a-z]+(?: [a-z]+)?) "
               r"(?P<k>class|classes|lessons?|practice|rehearsals?|club)))"
               r"(?i:\s+(?:in|at|on|along|around|with|by|before|after) (?:the |a |my )?"
               r"[\w'’-]+(?: [\w'’-]+)?(?=\s+(?:every|on) ))?(?i:\s+(?:every|on) (?P<w>" + _DAYS
               + r"))?(?i:\s+(?:at|in|with|w/|along|around|before|after) [^.!?]+)?"
               r"(?:,\s+[^.!?]*)?" + END),
    _routine_either,
)


def _played_on(m: re.Match[str]) -> Fact | None:
    game = m.group("a").casefold()
    return _fact(f"{game} routine", f"The user plays {game} {{v}}.", _when(m.group("v")))


PLAYED_ON: Final[tuple[re.Pattern[str], Build]] = (
    re.compile(_LEAD + r"(?i:(?:every |(?=\w+days\b|\w+day \w+s\b))(?P<v>" + _DAYS
               + r"),?\s+i (?:usually |always )?play "
               r"(?P<a>(?!the\b|a\b|an\b|my\b)[^\W\d_]+(?: tennis)?)(?:\s+(?:for|with|at|in|down) "
               r"[^.!?]+)?(?:,\s+[^.!?]*)?)" + END),
    _played_on,
)
""""Every Thursday night I play darts for the team at the Red Lion", "Tuesday nights I play
netball": a game on a day (an instrument is played with "the"; "Tuesday I play" may be once)."""
MUST_ON: Final[tuple[re.Pattern[str], Build]] = (
    re.compile(r"^(?i:(?P<a>[a-z]{3,}ing)\s+(?:every|on)\s+(?P<v>" + _DAYS + r")\s+(?:is|are)\s+"
               r"(?:a must|non[- ]?negotiable|sacred|a given|my thing|my favourite thing))" + END),
    _day_for,
)
""""Bouldering every Wednesday is non negotiable": an activity kept to a day."""
ROUTINES: Final = [ROUTINE, DAY_FOR, PLAYED_ON, MUST_ON]
