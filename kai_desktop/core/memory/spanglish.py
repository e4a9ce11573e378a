"""Spanglish (Spanish and English mixed, as said in Miami) read as the English the capture
rules know, before the rules and the memory hint look at a message.

Facts come in either language, often both in one sentence: "Me llamo Marisol, pero everybody
calls me Mari" (my name is), "Vivo en Hialeah con mi esposo" (I live in ... with my husband),
"Soy manicurista" (I'm a manicurist), "tengo 30 años" (I'm 30), "Tengo una perrita que se
llama Chancleta" (a dog called), "Mi color favorito es el coral", "Los jueves juego
pickleball" (every Thursday I play), and questions too: "¿Cómo se llama mi perrita?" (what is
my dog's name?), "¿En qué city vivo ahora?". Only a message with two different words that
only Spanish has is touched; "mi" is none (Patois says it too), so English, Patois and a
Spanish name in English ("I work at Casa Bonita") are left as they were. Accents are optional.

Written by hand for the same reason as :mod:`pidgin`: the constructions the rules need are
few and exact, and a translation model would need weights this app does not ship.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

from kai_desktop.core.memory.rewrites import Plain, ignoring_case, rewritten_as_said

_ACCENTED: Final = {"a": "[aá]", "e": "[eé]", "i": "[ií]", "o": "[oó]", "u": "[uúü]", "n": "[nñ]"}


def _plain(word: str) -> str:
    return word.casefold().translate(str.maketrans("áéíóúüñ", "aeiouun"))


def _any(words: Iterable[str]) -> str:
    """The words (written without accents) as alternatives, each accent optional."""
    return "|".join("".join(_ACCENTED.get(c, c) for c in w)
                    for w in sorted(words, key=len, reverse=True))


_ONLY_SPANISH: Final = (
    "que qué pero porque ahora tengo vivo llamo una mis muy estoy está también tambien bueno "
    "mañana mañanas años cuál cual dónde donde cómo como cuántos cuantos cuándo manejo toco "
    "colecciono trabajo mudamos mudé favorito favorita favoritos favoritas comida película "
    "pelicula cumpleaños cumpleanos por obviamente originalmente alérgico alérgica alergica "
    "alergico hola nombre dejé juego tomo hablo aprendo hoy cosas esto eso es cuando aquí allá "
    "tiene mucha muchas pues oye verdad siempre nunca desde más así hermana hermano esposo "
    "esposa marido novio novia hija hijo abuela abuelo perro perra perrito perrita gato gata "
    "gatito gatita mamá papá lunes martes miércoles jueves viernes sábado domingo sábados "
    "domingos sobre primero té encanta gusta estudio sigo siguiendo aprendiendo haciendo tomando")
_MARKERS: Final = re.compile(
    r"(?<![\w'’])(?:" + "|".join(sorted(_ONLY_SPANISH.split(), key=len, reverse=True))
    + r"|o sea|se llama|soy(?=\s+[^\W\d_])(?!\s+(?:milk|sauce|latte|bean|free|protein|and|or)\b)"
    r"|(?:los|las|el|la|del)(?=\s+(?-i:[a-záéíóúñ]|[A-Z]\w*days?\b))|(?-i:un)(?=\s)"
    r"|en(?=\s+(?!route|masse|suite|passant|vogue|bloc)\w))(?![\w'’])|[¿¡]", re.IGNORECASE)
"""Words only Spanish has ("y", and, counts for none); "los" or "el" before a name is part
of it ("Los Angeles", "El Paso")."""
_TAGALOG: Final = re.compile(r"\b(?:ako|naman|talaga|ngayon|kasi|mga|hindi|yung|lang)\b", re.I)
"""Tagalog, which has Spanish's "pero" and "para" too: read by :mod:`taglish`."""
_FAVOURITE_ES: Final = re.compile(r"\bfavou?rite\s+\w+(?:\s+ever)?\s+es\s+(?:el\s+|la\s+)?[A-Z]")
""""My favorite movie ever es Moonlight": a Spanish "is" that one word alone gives away."""

_NOUNS: Final[dict[str, str]] = {
    "hermana": "sister", "hermano": "brother", "esposo": "husband", "marido": "husband",
    "esposa": "wife", "mujer": "wife", "novio": "boyfriend", "novia": "girlfriend",
    "mama": "mother", "madre": "mother", "papa": "father", "padre": "father",
    "hija": "daughter", "hijo": "son", "abuela": "grandmother", "abuelo": "grandfather",
    "prima": "cousin", "primo": "cousin", "perro": "dog", "perra": "dog", "perrito": "dog",
    "perrita": "dog", "gato": "cat", "gata": "cat", "gatito": "cat", "gatita": "cat",
    "color": "colour", "comida": "food", "pelicula": "film", "bebida": "drink",
    "cancion": "song", "libro": "book", "deporte": "sport", "serie": "show", "postre": "dessert",
    "cumpleanos": "birthday", "mes": "month", "instrumento": "instrument", "ciudad": "city",
    "idioma": "language", "idiomas": "languages", "dieta": "diet", "carro": "car",
    "dia": "day", "nombre": "name", "trabajo": "job", "semana": "week", "ano": "year",
}
_NOUN: Final = _any(_NOUNS)
_OWNERS: Final[dict[str, str]] = {"mis": "my", "mi": "my", "my": "my", "la": "the", "el": "the",
                                  "una": "a", "un": "a", "a": "a", "an": "a", "es mi": "is my"}
_VERBS: Final[dict[str, str]] = {  # "vivo" (I live), "siguiendo" (following)
    "vivo": "live", "trabajo": "work", "toco": "play", "juego": "play", "colecciono": "collect",
    "manejo": "drive", "tomo": "drink", "hablo": "speak", "tengo": "have", "sigo": "follow",
    "siguiendo": "following", "aprendiendo": "learning", "haciendo": "doing",
    "estudiando": "studying", "tomando": "drinking", "trabajando": "working",
}
_VERB: Final = _any(_VERBS)
_WORDS: Final[dict[str, str]] = {
    "lunes": "Monday", "martes": "Tuesday", "miercoles": "Wednesday", "jueves": "Thursday",
    "viernes": "Friday", "sabado": "Saturday", "domingo": "Sunday", "enero": "January",
    "febrero": "February", "marzo": "March", "abril": "April", "mayo": "May", "junio": "June",
    "julio": "July", "agosto": "August", "septiembre": "September", "octubre": "October",
    "noviembre": "November", "diciembre": "December", "espanol": "Spanish",
    "ingles": "English", "frances": "French", "portugues": "Portuguese", "italiano": "Italian",
    "aleman": "German", "hebreo": "Hebrew", "japones": "Japanese", "chino": "Chinese",
    "rojo": "red", "azul": "blue", "verde": "green", "amarillo": "yellow", "morado": "purple",
    "rosado": "pink", "rosa": "pink", "negro": "black", "blanco": "white", "gris": "grey",
    "naranja": "orange", "ahora": "now", "pero": "but", "porque": "because", "desde": "since",
    "originalmente": "originally", "y": "and"}
"""Days, months, languages, colours and small words, read where they stand as one (a day
after "los", a month after a number and "de", a colour after "favourite colour is"): 7
days, 12 months and 9 languages first."""
_DAY: Final = _any(list(_WORDS)[:7]) + r"|(?-i:[A-Z])[a-z]+day"
_MONTH: Final = _any(list(_WORDS)[7:19])
_LANGUAGE: Final = _any(list(_WORDS)[19:28])
_JOBS: Final[dict[str, str]] = {  # the masculine; "enfermera", "doctora" are read as it
    "estilista": "stylist", "periodista": "journalist", "recepcionista": "receptionist",
    "electricista": "electrician", "enfermero": "nurse", "maestro": "teacher",
    "profesor": "teacher", "abogado": "lawyer", "ingeniero": "engineer", "contador": "accountant",
    "doctor": "doctor", "medico": "doctor", "cocinero": "cook", "peluquero": "hairdresser",
    "cajero": "cashier", "mesero": "waiter"}
_JOB: Final = (r"((?:" + _any(_JOBS) + r")a?|" + _any(w[:-1] + "a" for w in _JOBS if w[-1] == "o")
               + r"|[a-záéíóú]+ista|[a-z]+(?:er|or|ist|ian|nurse|chef|legal))\b")
_START: Final = (r"(^|[.!?¡¿,:;]\s*|\b(?:and|y|but|pero|now|ahora|also|so|because|porque|still|"
                 r"ya|every \w+|obviamente|originally|originalmente|tambi[ée]n)\s+)")
"""Where a first-person verb starts its clause ("trabajo en", not "consiguió trabajo")."""
_MORNING: Final = r"(?:(?:por|en) la|cada) ma[ñn]ana|todas las ma[ñn]anas"
_GOOD: Final = (r"incre[íi]bles?|buen[íi]sim[oa]s?|riqu[íi]sim[oa]s?|delicios[oa]s?|brutal(?:es)?|"
                r"espectacular(?:es)?|ric[oa]s?|divin[oa]s?|amazing|incredible")
_NEW_FAVOURITE: Final = re.compile(
    r"\b(?:que hace|que tiene|que vende|that does|that makes|that has)\s+(?:una?|unos|unas|an?)"
    r"\s+(?:(?:" + _GOOD + r")\s+)?([^\s,.!?]+(?:\s+(?!(?:" + _GOOD + r")\b)[^\s,.!?]+){0,3})"
    r"(?=\s(?:" + _GOOD + r")\b|[,.!?])([^.!?]{0,160}?\b(?:and|y)\s+)(?:that's|that is|esa es|"
    r"ese es|eso es)\s+(my\s+favou?rite\s+\w+)", re.IGNORECASE)
""""que hace un ceviche increíble, ..., and that's my favorite food now": the dish is it."""
_ASKING: Final = re.compile(r"¿|^\W*(?:y\s+|and\s+)?(?:qu[ée]|c[óo]mo|d[óo]nde|cu[áa]l|cu[áa]nt"
                            r"[oa]s|cu[áa]ndo|what|where|which|when|how|who|do|am|is)\b", re.I)


def _a(said: str) -> str:
    """A job said in Spanish ("cajera", "manicurista") or English, in English with "a"."""
    word = said.lower()
    job = (_JOBS.get(_plain(word)) or _JOBS.get(_plain(word)[:-1] + "o")
           or _JOBS.get(_plain(word)[:-1]) or (word[:-1] if word.endswith("ista") else word))
    return f"{'an' if job[:1] in 'aeiou' else 'a'} {job}"


def _word(m: re.Match[str], at: int = 1) -> str:
    return _WORDS.get(_plain(m[at]).removesuffix("s"), _WORDS.get(_plain(m[at]), m[at]))


_COMMON: Final[list[tuple[str, Plain]]] = [
    (r"¿", ""), (r"\b(?:el|la) (mes|semana|a[ñn]o) pasad[oa]\b",
                 lambda m: f"last {_NOUNS.get(_plain(m[1]), m[1])}"),
    (r"\b(?:mis?|my)\s+(\w+)\s+favorit[oa]s?\b",
     lambda m: f"my favourite {_NOUNS.get(_plain(m[1]), m[1])}"),
    (r"\b(" + "|".join(_OWNERS) + r")\s+(" + _NOUN + r")\b",
     lambda m: f"{_OWNERS[m[1].lower()]} {_NOUNS[_plain(m[2])]}"),
    (r"\b(?:que )?se llama\b", "called"), (r"\bun poco de|un poquito de\b", "a little"),
    (r"\b(favou?rite\s+colou?r)\s+(?:es|is)(?:\s+(?:el|la))?\s+(\w+)",
     lambda m: f"{m[1]} is {_word(m, 2)}"),
    (r"\b(favou?rite\s+\w+(?:\s+ever)?|birthday|name)\s+es(?:\s+(?:el|la|los|las))?\b",
     r"\1 is"), (r"\bes\s+(?=mi\b|my\b)", "is "), (r"\bm[íi]\b(?=\s*[.!?,:;]|$)", "me"),
    (r"((?-i:[A-Z])[\w'’]*\s+)?\b(mis?)\b",  # not in a title: "Vivir Mi Vida"
     lambda m: m[0] if m[1] and m[2][0] == "M" else f"{m[1] or ''}my"),
    (r"(?<![\w'’])(ahora|pero|porque|desde|originalmente|y)(?![\w'’])", _word),
    (r"\bcon\s+(?:el|la|los|las)\b", "with the"),
    (r"\bcon\s+una?\s+(?=(\w))", lambda m: f"with {'an' if m[1] in 'aeiou' else 'a'} "),
    (r"\bcon\s+(?=my\b|a\b)", "with "), (r"\bdel\s+(?=\d{4}\b)", "from "),
    (r"\b(\d{1,2}) de (" + _MONTH + r")\b", lambda m: f"{m[1]} {_word(m, 2)}"),
    (r"\b(?:desde|since) (" + _MONTH + r")\b", lambda m: f"since {_word(m)}"),
    (r"\bobviamente,?", "obviously,"), (r"\ben (?:el|la) (?=(?-i:[A-Z]))", "at the "),
    (r"\ben\b(?=\s+(?-i:[A-Z]))", "in"), (r"\ben\s+una?\b", "at a"),
    (r"\b(" + _LANGUAGE + r")\b", _word),
    (r"\s+e(?=\s+(?:English|ingl))", " and"),
]


_SAID: Final = ignoring_case([
    (r"\bme llamo\b", "my name is"),
    (r"\bnos mudamos (?:a|para)\b", "we moved to"), (r"\bme mud[ée] (?:a|para)\b", "I moved to"),
    (r"\bsoy de\b", "I'm from"), (r"\bsoy al[ée]rgic[oa]\s+(?:al|a la|a los|a las|a)\b",
                                  "I'm allergic to"),
    (r"\btengo (\d+) a[ñn]os\b", r"I'm \1"),
    (r"\bsoy\s+(?:una?\s+)?" + _JOB, lambda m: f"I'm {_a(m[1])}"), (r"\bsoy\b", "I'm"),
    (r"\bestoy\b", "I'm"), (r"\bse acab[óo] (?:el|la|los|las)?\s*", "no more "),
    (r"\blo primero es\b", "first thing I have"), (r"\bdej[ée]\b", "I left"),
    (_START + r"trabajo (?:en|para)\b", r"\1I work at"),
    (_START + r"trabajo (?:como|de)\s+(?:una?\s+)?" + _JOB,
     lambda m: f"{m[1]}I work as {_a(m[2])}"),
    (_START + r"(?:aprendo|estudio)\b", r"\1I'm learning"),
    (r"\b(?:ahora|now),?\s+(?=" + _MORNING + r")", "Now, "), (_MORNING, "every morning"),
    (r"\b(?:todos los|cada|los|on)\s+(" + _DAY + r")s?\b(?=\s+(?:juego|toco|corro|nado|voy)"
     r"\s+(?!con\b))", lambda m: f"every {_word(m)}"),
    (_START + r"(" + _VERB + r")\s+(el|la|los|las|un|una)\b", lambda m: (
        f"{m[1]}I {_VERBS[_plain(m[2])]} {'a' if m[3].lower() in ('un', 'una') else 'the'}")),
    (_START + r"(" + _VERB + r")\b", lambda m: f"{m[1]}I {_VERBS[_plain(m[2])]}"),
    (r"\bI'm\s+(" + _VERB + r")\b", lambda m: f"I'm {_VERBS[_plain(m[1])]}"),
    *_COMMON,
])
_ASKED: Final = ignoring_case([
    (r"\bc[óo]mo me llamo\b", "what is my name"), (r"\bcu[áa]ntos a[ñn]os tengo\b", "how old am I"),
    (r"\b(?:(y)\s+)?(?:mi|my)\s+(" + _NOUN + r"),?\s+c[óo]mo se llama\b",
     lambda m: f"{'and ' if m[1] else ''}what is my {_NOUNS[_plain(m[2])]}'s name"),
    (r"\bc[óo]mo se llama\s+(mi|la|el)\s+(" + _NOUN + r")\b",
     lambda m: f"what is {_OWNERS[m[1].lower()]} {_NOUNS[_plain(m[2])]}'s name"),
    (r"\b(?:de|en) qu[ée] trabajo\b", "what is my job"),
    (r"\ba qu[ée] soy al[ée]rgic[oa]\b", "what am I allergic to"),
    (r"\bde d[óo]nde soy(\s+originalmente)?\b",
     lambda m: f"where am I{' originally' if m[1] else ''} from"),
    (r"\bpara qui[ée]n (" + _VERB + r")\b", lambda m: f"who do I {_VERBS[_plain(m[1])]} for"),
    (r"\bpor qu[ée]\b", "why"), (r"\ben qu[ée]\b", "in which"), (r"\bqu[ée]\b", "what"),
    (r"\bcu[áa]l\b", "what"), (r"\bd[óo]nde\b", "where"), (r"\bcu[áa]ndo\b", "when"),
    (_MORNING, "in the morning"), (r"\b(?:estoy|I'm)\s+(" + _VERB + r")\b",
                                   lambda m: f"am I {_VERBS[_plain(m[1])]}"),
    (r"\b(what|which)\s+(" + _NOUN + r")\b", lambda m: f"{m[1]} {_NOUNS[_plain(m[2])]}"),
    (r"\bsoy\b", "am I"), (r"\b(" + _VERB + r")\b", lambda m: f"do I {_VERBS[_plain(m[1])]}"),
    *_COMMON,
])


def in_spanglish(text: str) -> bool:
    """Whether ``text`` has two different words only Spanish has, or an English favourite
    that "es" something, and no Tagalog.

    >>> in_spanglish("Vivo en Hialeah con mi esposo."), in_spanglish("Mi casa is lovely.")
    (True, False)
    """
    words = {_plain(m.group(0)) for m in _MARKERS.finditer(text)}
    return (len(words) >= 2 or bool(_FAVOURITE_ES.search(text))) and not _TAGALOG.search(text)


def standard_from_spanglish(text: str) -> str:
    """``text`` with its Spanish constructions in English; unchanged when it has none. A
    question that ends it is asked in English.

    >>> standard_from_spanglish("Soy manicurista, o sea, I do nails.")
    "I'm a manicurist, o sea, I do nails."
    >>> standard_from_spanglish("Okay. ¿Cómo se llama mi perrita?")
    "Okay. What is my dog's name?"
    """
    if not in_spanglish(text):
        return text
    said, asked = text, ""
    if text.rstrip().endswith("?"):
        # the question is the last sentence, or what follows its "¿"
        at = max([0, text.rfind("¿"), *(m.end() - 1 for m in re.finditer(r"[.!:]\s+\S", text))])
        if _ASKING.search(text[at:]):
            said, asked = text[:at], rewritten_as_said(text[at:], _ASKED).strip()
            if not re.search(r"[,;]\s*$", said):
                asked = asked[:1].upper() + asked[1:]
    said = _NEW_FAVOURITE.sub(lambda m: f"{m.string[m.start():m.end(2)]}{m[1]} is {m[3]}", said)
    said = rewritten_as_said(said, _SAID)
    return f"{said}{asked}".strip()
