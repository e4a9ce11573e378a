"""A question the user asks about themselves and answers at once, read as the statement
it makes.

People set out facts as a little interview with themselves: "Where do I live? Harrogate -
well, the edge of it", "What do I drive? A Honda Civic, silver", "How old am I? 39",
"My job? Nurse, on nights". No rule reads a question, and the answer alone ("Harrogate")
says nothing of what it is. The question and its answer are rewritten as the sentence they
stand for ("I live in Harrogate - well, the edge of it"). Only questions about the user,
in a fixed list, are rewritten, and only when an answer follows in the same message: a
question alone (which is how a later session asks it) and a question followed by anything
that does not answer it ("I forget", "No idea", "Can you guess?") are left as they are.

Written by hand: the list of questions is short and exact, and each has one statement.
"""

from __future__ import annotations

import re
from typing import Final

_LEAD: Final = r"(?:(?:so|and|right|well|now|ok|okay|oh),?\s+)?"
_WHEN: Final = r"(?:\s+(?:now|these days|nowadays|at the moment))?"
_STEMS: Final[tuple[tuple[str, str], ...]] = (
    (r"where do (?:i|we) live|where am i (?:living|based)|where do i call home", "I live in"),
    (r"where do i work|who do i work for", "I work at"),
    (r"what do i do(?: for (?:a living|work))?|what(?:'s| is) my (?:job|work|occupation)|"
     r"my (?:job|occupation)", "I work as"),
    (r"how old am i|my age|age", "I am"),
    (r"where am i from(?: originally)?|where do i come from|where was i born", "I am from"),
    (r"what am i", "I am"),
    (r"what do i (drive|play|collect|speak|study|teach|eat|drink)", "I {verb}"),
    (r"which languages? do i speak|languages", "I speak"),
    (r"what(?:'s| is) my name|my name|name", "My name is"),
    (r"what(?:'s| is) my (favou?rite [a-z]+|[a-z]+'s name|birthday|diet)|my (favou?rite [a-z]+|"
     r"[a-z]+'s name|birthday|diet)|(favou?rite [a-z]+)", "My {thing} is"),
)
_QUESTION: Final = re.compile(
    r"(?:^|(?<=[.!;]\s))" + _LEAD + r"(?P<q>" + "|".join(f"(?:{q})" for q, _ in _STEMS) + r")"
    + _WHEN + r"\?\s+(?=[A-Z0-9])(?!(?:I|I'm|I’m|I've|You|Yes|No|Not|Nope|Who|What|Where|When|"
    r"Why|How|Which|Can|Could|Do|Does|Did|Is|Are|Was|Well|Hmm|Um|Er|Guess|Good|Great|Never|"
    r"Don't|Dunno|Ha|Haha|Lol)\b)(?P<a>[^.!?;]*)(?=[.!;]|$)",
    re.IGNORECASE,
)


def _statement(m: re.Match[str]) -> str:
    question = m.group("q").lower()
    answer = m.group("a")
    for pattern, form in _STEMS:
        said = re.fullmatch(pattern, question)
        if said is None:
            continue
        word = next((g for g in said.groups() if g), "")
        stem = form.format(verb=word, thing=word)
        if ((re.match(r"(?:An?|The)\s", answer) and stem in ("I drive", "I play", "I am"))
                or (stem == "I work as" and not re.match(r"[A-Z]{2}", answer))):
            answer = answer[:1].lower() + answer[1:]  # "My job? Nurse": "I work as nurse"
        return f"{stem} {answer}"
    return m.group(0)


def own_questions_answered(text: str) -> str:
    """``text`` with each question about the user that it answers at once written as the
    statement it makes; unchanged when it has none."""
    return _QUESTION.sub(_statement, text)
