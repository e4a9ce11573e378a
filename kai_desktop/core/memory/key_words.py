"""Memory keys in one spelling: the short snake_case slot name every way of naming a
slot comes to ("User's Favorite-Color" -> ``favourite_colour``, "job" -> ``occupation``),
so a fact said in other words lands on the memory it changes."""

from __future__ import annotations

import re
import unicodedata
from typing import Final

_SPELLING: Final[dict[str, str]] = {
    "favorite": "favourite", "fav": "favourite", "color": "colour", "colors": "colour",
    "colours": "colour",
}
_SYNONYMS: Final[dict[str, str]] = {
    "job": "occupation", "profession": "occupation",
    "work": "occupation", "career": "occupation", "hometown": "origin",
    "city": "home_city", "location": "home_city", "residence": "home_city",
    "home": "home_city", "company": "employer", "workplace": "employer", "firm": "employer",
    "employers": "employer",
    "firstname": "name", "first_name": "name", "user_name": "name", "username": "name",
    "pet_name": "pet", "birth_date": "birthday", "date_of_birth": "birthday",
    "dob": "birthday", "language": "languages", "diet_preference": "diet",
    "day_job": "occupation", "job_title": "occupation", "job_role": "occupation",
    "car": "vehicle", "ride": "vehicle", "motorbike": "vehicle",
    "motorcycle": "vehicle", "scooter": "vehicle",
}
_FAVOURITE_SYNONYMS: Final[dict[str, str]] = {
    "dish": "food", "meal": "food", "dinner": "food", "grub": "food", "cuisine": "food",
    "movie": "film", "novel": "book",
    "beverage": "drink", "tune": "song", "series": "show", "tv_show": "show",
    "tv_series": "show", "hue": "colour", "flick": "film",
}
"""Words for the same favourite: "favourite dish" changes the favourite food."""
_KEY_NOISE: Final = frozenset(
    {"user", "users", "the", "my", "a", "an", "of", "is", "s", "new", "current", "present",
     "latest"}
)
MAX_KEY_WORDS: Final = 4


def canonical_key(raw: str) -> str:
    """A short snake_case slot name: ``"User's Favorite-Color"`` -> ``favourite_colour``."""
    text = unicodedata.normalize("NFKC", raw).casefold().replace("'", "")
    words = list(re.sub(r"[^\w]+", " ", text.replace("_", " ")).split())
    words = [_SPELLING.get(w, w) for w in words if w not in _KEY_NOISE]
    key = "_".join(words[:MAX_KEY_WORDS])
    if key.startswith("favourite_"):
        thing = key[len("favourite_"):]
        key = "favourite_" + _FAVOURITE_SYNONYMS.get(thing, thing)
    return _SYNONYMS.get(key, key)[:48].strip("_")
