"""Worked examples for the model's slot filing, picked by likeness to the statement.

A 0.5B model files a statement best when the examples before it say something alike: given
"I'm a pharmacist by trade." as an example, it files "Nurse by day." as a job; given a fixed
handful of unrelated examples, it often files it nowhere. The examples live in
``slot_examples.tsv`` (statement, topic, detail, value; written by
bench/build_slot_examples.py from statements the rules read), and the ones most alike the
statement, by TF-IDF over its words and letter triples, go into the request.

Likeness is written here rather than taken from a library: scikit-learn would bring SciPy
for a few hundred short lines, and the embedding model, measured on the same statements,
picked examples no better while needing a lock shared with the indexer's thread.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Final

from kai_desktop.core.memory.slot_words import CAR_MAKES, INSTRUMENTS, PET_KINDS, RELATIVE_WORDS

BANK_FILE: Final = Path(__file__).with_name("slot_examples.tsv")


@dataclass(frozen=True)
class Example:
    text: str
    topic: str
    detail: str
    value: str


def as_line(example: Example) -> str:
    return "\t".join((example.text, example.topic, example.detail, example.value))


def parse_bank(text: str) -> tuple[Example, ...]:
    """The examples in ``text``, one per line; a line without four fields is skipped."""
    out = []
    for line in text.splitlines():
        fields = line.split("\t")
        if len(fields) == 4 and fields[0] and fields[1]:
            out.append(Example(*fields))
    return tuple(out)


_CUES: Final = (
    ("pet", re.compile(r"\b(?:" + PET_KINDS + r")s?\b", re.I)),
    ("relative", re.compile(r"\b(?:" + RELATIVE_WORDS + r")s?\b", re.I)),
    ("instrument", INSTRUMENTS),
    ("car", CAR_MAKES),
)
"""Words that name a kind of thing: "goat" is a pet's cue whatever its letters look like
("We keep a goat, Heidi." looks like "Hei! Ingrid here." letter for letter)."""
_CUED: Final = 2
"""How many of the examples a cue word claims for its topic."""


def _grams(text: str) -> Counter[str]:
    """Words and letter triples: "pharmacist" is near "pharmacy", "by day" near "by trade"."""
    words = re.sub(r"[^a-z0-9' ]+", " ", text.casefold()).split()
    padded = f" {' '.join(words)} "
    grams = Counter(padded[i:i + 3] for i in range(len(padded) - 2))
    grams.update(f"w:{w}" for w in words)
    return grams


class _Likeness:
    """TF-IDF vectors of the examples, compared by cosine."""

    def __init__(self, examples: tuple[Example, ...]) -> None:
        self.examples = examples
        grams = [_grams(e.text) for e in examples]
        seen: Counter[str] = Counter(g for gs in grams for g in gs)
        self._idf = {g: math.log(1 + len(examples) / (1 + n)) for g, n in seen.items()}
        self._vectors = [self._vector(gs) for gs in grams]

    def _vector(self, grams: Counter[str]) -> dict[str, float]:
        weights = {g: n * self._idf.get(g, math.log(1 + len(self.examples))) for g, n in
                   grams.items()}
        norm = math.sqrt(sum(w * w for w in weights.values())) or 1.0
        return {g: w / norm for g, w in weights.items()}

    def scores(self, text: str) -> list[float]:
        query = self._vector(_grams(text))
        return [sum(query.get(g, 0.0) * w for g, w in vector.items())
                for vector in self._vectors]

    def nearest(self, text: str, k: int) -> list[Example]:
        scores = self.scores(text)
        ranked = sorted(range(len(scores)), key=lambda i: (-scores[i], i))
        best = ranked[:k]
        cued = [cue for cue, pattern in _CUES if pattern.search(text)]
        for cue in cued:
            have = [i for i in best if self.examples[i].topic == cue]
            extra = [i for i in ranked if self.examples[i].topic == cue and i not in have]
            for i in extra[:max(0, min(_CUED, k) - len(have))]:
                best.remove(next(j for j in reversed(best) if self.examples[j].topic != cue))
                best.append(i)
        # The model follows the last example most: end on the topic a cue word names, else
        # on the one most of the near ones share, so one odd match ("drummer" near
        # "summer") does not decide the answer.
        weight: dict[str, float] = dict.fromkeys(cued[:1], math.inf)
        for i in best:
            topic = self.examples[i].topic
            weight[topic] = weight.get(topic, 0.0) + scores[i]
        best.sort(key=lambda i: (weight[self.examples[i].topic], scores[i], -i))
        return [self.examples[i] for i in best]


@cache
def _bank() -> _Likeness:
    try:
        text = BANK_FILE.read_text(encoding="utf-8")
    except OSError:
        text = ""  # an install without the file: the request keeps its fixed examples
    return _Likeness(parse_bank(text))


def nearest_examples(statement: str, k: int = 4) -> list[Example]:
    """The ``k`` examples most alike ``statement``, ordered so the topic they most share
    comes last, its most alike example at the very end (nearest the statement in the
    request). Fewer when the bank is smaller; none when it is missing."""
    return _bank().nearest(statement, k)


def examples_on(statement: str, topic: str, detail: str = "", k: int = 3) -> list[Example]:
    """The ``k`` examples on ``topic`` most alike ``statement``, those with the same
    ``detail`` first, the most alike last."""
    bank = _bank()
    scores = bank.scores(statement)
    on_topic = [i for i, e in enumerate(bank.examples) if e.topic == topic]
    ranked = sorted(on_topic, key=lambda i: (bank.examples[i].detail != detail, -scores[i], i))
    return [bank.examples[i] for i in reversed(ranked[:k])]
