"""An age spelled out read in digits: "I'm forty-two", "just turned thirty" and "im twenty
nine" (dictated on a phone) state the same age as "I'm 42"; the age rules and a later
question's answer check read digits.

Only the number right after what says an age is converted (text2num does the arithmetic of
the words): "I have two cats" or "the one who" stay as they are.
"""

from __future__ import annotations

import re
from typing import Final

from text_to_num import text2num

_UNITS: Final = "one|two|three|four|five|six|seven|eight|nine"
_TEENS: Final = "ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen"
_TENS: Final = "twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety"
_NUMBER: Final = (rf"(?:(?:{_TENS})(?:[- ](?:{_UNITS}))?|{_TEENS}|(?:a |one )?hundred"
                  rf"(?: and (?:{_TENS}|{_TEENS}|{_UNITS}))?)")
_AGE: Final = re.compile(
    r"\b(?P<lead>i['’]?m|i am|(?:just )?turned|turning|i['’]ll be|i will be|aged?)\s+"
    r"(?P<n>" + _NUMBER + r")\b(?![- ](?:" + _UNITS + r")\b)(?!\s*(?:percent|%|minutes|hours|"
    r"days|weeks|months|miles|km|pounds|kilos|euros|dollars|times|of\b))", re.IGNORECASE)


def _digits(m: re.Match[str]) -> str:
    try:
        value = text2num(m.group("n").lower().replace(" and ", " "), "en")
    except ValueError:
        return m.group(0)
    return f"{m.group('lead')} {value}"


def ages_in_digits(text: str) -> str:
    """``text`` with an age said in words after "I'm", "turned" and the like in digits."""
    return _AGE.sub(_digits, text)
