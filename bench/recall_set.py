"""A labelled recall set written for this project: conversations saved as session notes and
questions about them, each labelled with the note and line(s) of its evidence.

Deterministic (one seed): 24 friends of the user, four conversations about each spread over
20 months, in the app's session-note format (``sessions/YYYY-MM-DD-HHMM-<slug>.md``,
``**user:**`` / ``**assistant:**`` lines). The friend's name is said by the assistant; the
evidence line (the user's answer) mostly says "she" or "he", as people do, so the who lives
in the context. Plans change (a trip is moved, a job left), and the later line is the
evidence. Question kinds: ``literal`` (shares words with the evidence), ``paraphrase``
(shares no content word with its evidence line: checked here), ``time`` ("when", "in May
2026"). Friends alternate between the development and the test half.

    python bench/recall_set.py OUT_DIR   # writes the vault and questions.jsonl
"""

from __future__ import annotations

import json
import os
import random
import re
import sys
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

SEED = 20261121

NAMES = (
    ("Ana", "f"), ("Tomasz", "m"), ("Priya", "f"), ("Kwame", "m"), ("Ingrid", "f"),
    ("Mateo", "m"), ("Yuki", "f"), ("Olusegun", "m"), ("Fatima", "f"), ("Lars", "m"),
    ("Chiara", "f"), ("Dmitri", "m"), ("Aoife", "f"), ("Rafael", "m"), ("Mei", "f"),
    ("Henrik", "m"), ("Zainab", "f"), ("Pierre", "m"), ("Leilani", "f"), ("Bogdan", "m"),
    ("Saoirse", "f"), ("Emeka", "m"), ("Greta", "f"), ("Joaquin", "m"),
)
VALUES = {
    "city": ("Lisbon", "Porto", "Krakow", "Leeds", "Valencia", "Gothenburg", "Utrecht",
             "Bologna", "Tallinn", "Ghent", "Cork", "Brno"),
    "landmark": ("harbour", "cathedral", "botanical garden", "old market", "football stadium",
                 "railway station", "university library", "castle"),
    "job": ("florist", "carpenter", "sound engineer", "translator", "baker", "nurse",
            "tattoo artist", "bicycle mechanic", "librarian", "photographer"),
    "pet": ("tortoise", "parrot", "ferret", "greyhound", "rabbit", "kitten", "hamster"),
    "petname": ("Biscuit", "Pickle", "Noodle", "Mango", "Pepper", "Waffles", "Ziggy"),
    "hobby": ("pottery", "climbing", "watercolour", "salsa", "woodcarving", "fencing",
              "calligraphy", "beekeeping"),
    "country": ("Iceland", "Morocco", "Japan", "Peru", "Norway", "Vietnam", "Georgia",
                "Chile", "Canada", "Portugal"),
    "place": ("the fjords", "the Atlas mountains", "Mount Fuji", "the Sacred Valley",
              "Lofoten", "Sapa", "Kazbegi", "Patagonia"),
    "month": ("January", "February", "March", "April", "June", "July", "September",
              "October", "November"),
    "food": ("sushi", "lasagne", "curry", "paella", "ramen", "barbecue", "dumpling"),
    "sibname": ("Oskar", "Luca", "Ravi", "Jonas", "Felix", "Marek", "Tariq", "Hugo"),
    "car": ("Fiat Panda", "Volvo estate", "Skoda Octavia", "Mini Cooper", "Toyota Yaris",
            "Renault Clio"),
    "color": ("bright yellow", "dark green", "sky blue", "bright orange", "silver"),
    "book": ("The Remains of the Day", "Piranesi", "Middlemarch", "Dune", "Beloved",
             "Stoner", "Rebecca"),
    "instrument": ("cello", "saxophone", "ukulele", "drum", "harp", "trumpet", "violin"),
    "allergen": ("peanuts", "shellfish", "sesame", "kiwi", "mustard", "celery"),
    "partner": ("Noor", "Elias", "Sofia", "Jamal", "Hana", "Viktor", "Lucia"),
    "event": ("pub quiz", "wedding", "conference", "climbing gym", "choir rehearsal"),
    "sport": ("volleyball", "rowing", "handball", "water polo", "ultimate frisbee"),
    "weekday": ("Tuesday", "Wednesday", "Thursday"),
    "gift": ("lemon tree", "hammock", "bird feeder", "herb planter", "wind chime"),
}

# kind: (assistant cue, user evidence, literal question, paraphrase question, when question)
# {n} friend's name, {p}/{P} she/he, {o} her/his; other slots from VALUES.
FACTS: dict[str, tuple[str, str, str, str, str]] = {
    "move": ("Any news from {n}?",
             "{P} finally moved to {city}, the flat is right next to the {landmark}.",
             "Which city did {n} move to?", "Where does {n} reside these days?",
             "When did {n} relocate?"),
    "job": ("How is {n} getting on at work?",
            "{P} quit the bank and now works as a {job} at a small studio.",
            "What job does {n} have at the studio?", "What does {n} do for a living?",
            "When did {n} switch careers?"),
    "pet": ("Did {n} get that animal in the end?",
            "Yes, a {pet} called {petname}, {p} adores it.",
            "What is the {pet} of {n} called?",
            "What name did {n} give the new companion?", "When did {n} adopt a pet?"),
    "hobby": ("What is {n} up to on weekends?",
              "{P} signed up for a {hobby} course every Saturday morning.",
              "Which Saturday course did {n} sign up for?",
              "What pastime does {n} pursue at the end of the week?",
              "When did {n} take up a new pastime?"),
    "trip": ("Where is {n} travelling this summer?",
             "They are off to {country} for two weeks, mostly hiking around {place}.",
             "Where is {n} going hiking for two weeks?",
             "Which holiday destination did {n} pick?",
             "When did I hear about the holiday plans of {n}?"),
    "trip_change": ("Is {n} still going to {country}?",
                    "No, plans changed: that trip is cancelled and they booked {country2} "
                    "instead.",
                    "Which country did {n} book instead?",
                    "After the switch, what destination did {n} settle on?",
                    "When did {n} change the holiday plan?"),
    "health": ("How is the knee of {n}?",
               "Still sore; the physio said no running until {month}.",
               "Until which month did the physio forbid running for {n}?",
               "When may {n} resume jogging after the injury?",
               "When did I last hear about the injury of {n}?"),
    "birthday": ("What does {n} want for the birthday dinner?",
                 "Something with {food}, {p} has been craving it for weeks.",
                 "Which food is {n} craving for the birthday dinner?",
                 "Which dish would make {n} happiest at the party meal?",
                 "When did we discuss the birthday of {n}?"),
    "sibling": ("Who came along with {n} to the wedding?",
                "{P} brought {o} brother {sibname}, who lives in {city2}.",
                "What is the name of the brother of {n}?",
                "Which male sibling accompanied {n}?",
                "When did I meet the brother of {n}?"),
    "car": ("Did {n} buy a car?", "{P} bought a second-hand {car} in {color}.",
            "Which second-hand car did {n} buy?", "What vehicle does {n} drive now?",
            "When did {n} get the car?"),
    "book": ("Is {n} still in the book club?",
             "Yes, this month they read {book} and {p} hated the ending.",
             "Which book did {n} read in the club and hate the ending of?",
             "What novel did {n} dislike?", "When did {n} complain about the novel?"),
    "music": ("Is {n} still practising music?",
              "{P} started {instrument} lessons with a teacher from {city3}.",
              "Which instrument lessons did {n} start?",
              "What is {n} learning to play?", "When did {n} begin learning to play?"),
    "allergy": ("Anything I should know before cooking for {n}?",
                "{P} is allergic to {allergen}, so none of that in anything.",
                "What is {n} allergic to?",
                "Which ingredient must be avoided when preparing food for {n}?",
                "When did I learn about the allergy of {n}?"),
    "partner": ("Is {n} seeing anyone?",
                "{P} met someone called {partner} at a {event}.",
                "Who did {n} meet at the {event}?",
                "What is the name of the new romantic interest of {n}?",
                "When did {n} start dating?"),
    "sport": ("Does {n} still play any sport?",
              "{P} joined a {sport} team that trains on {weekday} evenings.",
              "Which team did {n} join?",
              "Which athletic activity has {n} taken up with a club?",
              "When did {n} join the team?"),
    "job_change": ("Is {n} still at the studio?",
                   "Not any more, {p} left and went back to the bank after all.",
                   "Did {n} leave the studio?",
                   "Where is {n} employed now, following the career U-turn?",
                   "When did {n} return to the old employer?"),
}
FILLER_CUES = (
    "How was your day?", "Anything else on your mind?", "What are you working on?",
    "Did you get some rest?", "What is on the list for tomorrow?", "How is the flat?",
    "Shall I note anything for you?", "What did you have for lunch?",
)
FILLER_SUBJECTS = (
    "the quarterly report", "the leaking tap", "the garden", "the new pillow", "the train",
    "the dentist", "the laptop", "the neighbours", "the bike", "the budget spreadsheet",
    "the heating", "the sourdough starter", "the tax return", "the balcony plants",
)
FILLER_VERBS = (
    "took most of the afternoon", "is finally sorted", "needs another look on Friday",
    "was a small disaster", "went better than expected", "is waiting until next month",
    "kept me up late", "cost more than planned",
)
FILLER_TAILS = (
    "so I made soup and went to bed early.", "and I might call {other} about it later.",
    "which reminds me to buy coffee.", "but the weather was lovely, so I walked home.",
    "so I watched an old film instead.", "and {other} laughed when I told the story.",
    "so the weekend will be quiet.", "and I still owe the plumber a call.",
)
_STOP_WORDS = (
    "a an the is are was were be been do does did what which who whom when where why how "
    "of to in on at for with by from up off out into after before about and or but so "
    "that this these those it its they them their he she his her him i me my you your we "
    "our us yes no not any anything now still new "
)
STOP = frozenset(_STOP_WORDS.split())


def content_words(text: str) -> set[str]:
    """Lower-case words that are not stop words, cut to five letters (a crude stem)."""
    return {w[:5] for w in re.findall(r"[a-z0-9]+", text.lower()) if w not in STOP}


@dataclass(slots=True)
class Question:
    qid: str
    split: str
    kind: str
    text: str
    path: str
    lines: list[int]
    session_date: str = ""


@dataclass(slots=True)
class _Note:
    path: str
    lines: list[str] = field(default_factory=list)


def _fill(template: str, slots: dict[str, str]) -> str:
    return template.format(**slots)


def _slots(rng: random.Random, name: str, sex: str) -> dict[str, str]:
    picked = {k: rng.choice(v) for k, v in VALUES.items()}
    picked["city2"] = rng.choice([c for c in VALUES["city"] if c != picked["city"]])
    picked["city3"] = rng.choice(VALUES["city"])
    picked["country2"] = rng.choice([c for c in VALUES["country"] if c != picked["country"]])
    pron = ("she", "her") if sex == "f" else ("he", "his")
    return {**picked, "n": name, "p": pron[0], "P": pron[0].capitalize(), "o": pron[1]}


def _plan(rng: random.Random) -> list[list[str]]:
    """Fact kinds per conversation (changes of mind come after what they change)."""
    kinds = [k for k in FACTS if not k.endswith("_change")]
    rng.shuffle(kinds)
    kinds = kinds[:12]
    sessions: list[list[str]] = [kinds[0:3], kinds[3:6], kinds[6:9], kinds[9:12]]
    for base in ("trip", "job"):
        if base in kinds:
            later = next(i for i, s in enumerate(sessions) if base in s) + 1
            if later < len(sessions):
                sessions[later].append(f"{base}_change")
    return sessions


def build(out: Path) -> list[Question]:
    """Write the vault under ``out / 'vault'`` and return the questions."""
    rng = random.Random(SEED)
    questions: list[Question] = []
    start = datetime(2025, 3, 3, 9, 0)
    for f, (name, sex) in enumerate(NAMES):
        split = "dev" if f % 2 == 0 else "test"
        slots = _slots(rng, name, sex)
        when = start + timedelta(days=rng.randint(0, 60), minutes=rng.randint(0, 600))
        for s, kinds in enumerate(_plan(rng)):
            title = f"Catching up about {name}" if s % 2 == 0 else f"Evening chat {s + 1}"
            path = f"sessions/{when:%Y-%m-%d-%H%M}-{title.lower().replace(' ', '-')}.md"
            note = _Note(path, ["---", f"title: {title}", f"created: {when:%Y-%m-%dT%H:%M:%S}",
                                "tags:", "  - session", "---", f"# {title}", "",
                                "## Summary", "", f"Chat number {s + 1} in this series.", "",
                                "## Transcript", ""])
            exchanges = [(k, rng.random()) for k in kinds]
            fillers = [_filler(rng, name) for _ in range(rng.randint(6, 10))]
            order: list[tuple[str, str, str | None]] = []
            for k, _ in exchanges:
                cue, said = _fill(FACTS[k][0], slots), _fill(FACTS[k][1], slots)
                order.append((cue, said, k))
            for cue, said in fillers:
                order.insert(rng.randint(0, len(order)), (cue, said, None))
            evidence: list[int] = []
            for cue, said, kind in order:
                note.lines += [f"**assistant:** {cue}", "", f"**user:** {said}", ""]
                if kind is None:
                    continue
                line = len(note.lines) - 1
                evidence.append(line)
                questions += _questions(rng, kind, slots, path=path, line=line, split=split,
                                        when=when)
            month = f"{when:%B %Y}"
            if s % 2 == 1:
                questions.append(Question(
                    f"q{len(questions)}", split, "time",
                    f"What news about {name} did I hear in {month}?", path, evidence,
                    f"{when:%Y-%m-%d}"))
            (out / "vault" / path).parent.mkdir(parents=True, exist_ok=True)
            (out / "vault" / path).write_text("\n".join(note.lines), encoding="utf-8")
            stamp = when.replace(tzinfo=UTC).timestamp()  # saved when the chat ended
            os.utime(out / "vault" / path, (stamp, stamp))
            when += timedelta(days=rng.randint(35, 140), minutes=rng.randint(-300, 300))
    for n, q in enumerate(questions):
        q.qid = f"q{n:04d}"
    return questions


def _filler(rng: random.Random, name: str) -> tuple[str, str]:
    other = rng.choice([n for n, _ in NAMES if n != name])
    said = (f"{rng.choice(FILLER_SUBJECTS).capitalize()} {rng.choice(FILLER_VERBS)}, "
            + rng.choice(FILLER_TAILS).format(other=other))
    return rng.choice(FILLER_CUES), said


def _questions(
    rng: random.Random, kind: str, slots: dict[str, str], *, path: str, line: int, split: str,
    when: datetime,
) -> list[Question]:
    _, said, literal, para, when_q = (_fill(t, slots) for t in FACTS[kind])
    out = []
    if rng.random() < 0.55:
        if content_words(para) & content_words(said):
            raise ValueError(f"paraphrase shares words: {para!r} / {said!r}")
        out.append(Question("", split, "paraphrase", para, path, [line]))
    else:
        out.append(Question("", split, "literal", literal, path, [line]))
    if rng.random() < 0.22:
        out.append(Question("", split, "time", when_q, path, [line], f"{when:%Y-%m-%d}"))
    return out


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("recall-set")
    questions = build(out)
    with (out / "questions.jsonl").open("w", encoding="utf-8") as fh:
        for q in questions:
            fh.write(json.dumps(asdict(q)) + "\n")
    kinds = {k: sum(q.kind == k for q in questions) for k in ("literal", "paraphrase", "time")}
    print(f"questions={len(questions)} " + " ".join(f"{k}={v}" for k, v in kinds.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
