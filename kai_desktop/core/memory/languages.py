"""Names of languages, to check that a value filed as a language is one.

A fixed list, because the check must not depend on the model: the 0.5B files "I've been
learning Korean on Duolingo" as speaking "Duolingo". The list holds the languages with
many speakers and those of Europe; a value naming none of them is not stored as a
language (the statement may still be stored under another topic).
"""

from __future__ import annotations

import re
from typing import Final

_NAMES = """
afrikaans albanian amharic arabic armenian assamese azerbaijani basque belarusian bengali
bosnian breton bulgarian burmese cantonese catalan cebuano chinese cornish creole croatian czech
danish dutch english esperanto estonian faroese farsi filipino finnish flemish french frisian
gaelic galician georgian german greek gujarati hainanese haitian hakka hausa hawaiian hebrew hindi
hmong hokkien hungarian
icelandic igbo indonesian irish italian japanese javanese kannada kazakh khmer kinyarwanda
korean kurdish kyrgyz lao latin latvian lingala lithuanian luxembourgish macedonian malagasy
malay malayalam maltese mandarin manx maori marathi mongolian nepali norwegian occitan odia
oromo pashto patois persian polish portuguese punjabi quechua romanian romansh russian sami samoan
sanskrit scots serbian sesotho shona sindhi sinhala slovak slovene slovenian somali spanish
sign swahili swedish tagalog tajik tamil tatar telugu teochew thai tibetan tigrinya tongan turkish
turkmen twi ukrainian urdu uyghur uzbek vietnamese welsh wolof xhosa yiddish yoruba zulu
ilocano ilokano hiligaynon bisaya visayan kapampangan waray bikol pangasinan chavacano
bhojpuri maithili awadhi konkani tulu kashmiri dogri sylheti balochi dari hindustani
setswana tswana sotho ndebele tsonga venda swati kikuyu luganda luo akan fante ewe bambara
fula fulani chichewa nyanja bemba berber tamazight kabyle shanghainese fijian bislama
"""
LANGUAGES: Final = frozenset(_NAMES.split())


def is_language(value: str) -> bool:
    """Whether ``value`` names at least one language ("French and a little Arabic")."""
    return bool(languages_in(value))


def languages_in(text: str) -> list[str]:
    """The languages ``text`` names, in order and once each, as written."""
    out: list[str] = []
    for word in re.findall(r"[A-Za-z]+", text):
        if word.casefold() in LANGUAGES and word.casefold() not in {w.casefold() for w in out}:
            out.append(word)
    return out


def languages_listed(text: str) -> str:
    """The languages ``text`` names, as one list ("Tagalog, Ilocano and English"); empty
    when it names none."""
    named = languages_in(text)
    return ", ".join(named[:-1]) + " and " + named[-1] if len(named) > 1 else "".join(named)
