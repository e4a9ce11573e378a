"""Facts told inside a story: a name someone gave the user, years in a place, a job held for
years, a birthday month in "I turned 63 this past October", a collection kept since, a food
nothing beats, a car someone talked the user into, a pet the shelter named; the same words
said of someone else, or meaning something else, give nothing."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from kai_desktop.core.memory.capture import Capturer
from kai_desktop.core.memory.store import MemoryStore
from kai_desktop.core.memory.told_in_stories import told_plainly

Read = Callable[[str], dict[str, str]]


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("My father named me Beatrix, after his favourite aunt, and nobody ever spells it right.",
         {"name": "Beatrix"}),
        ("Walt and I have been in Spokane going on twenty years now, ever since the mill job.",
         {"home_city": "Spokane"}),
        ("Fifteen years I've been the pharmacist at Oakdale Drugs, and I know every customer.",
         {"occupation": "pharmacist", "employer": "Oakdale Drugs"}),
        ("I turned 58 this past March, and the grandkids made a cake shaped like a trout.",
         {"age": "58", "birthday": "in March"}),
        ("I've been collecting thimbles ever since my aunt left me her sewing box.",
         {"collects": "thimbles"}),
        ("I learned the hard way that I'm allergic to latex, at the dentist of all places.",
         {"allergy": "latex"}),
        ("There's nothing in this world I'd rather eat than my grandma's peach cobbler.",
         {"favourite_food": "my grandma's peach cobbler"}),
        ("The old truck died, so I let Denise talk me into a Subaru, and I don't regret it.",
         {"vehicle": "Subaru"}),
        ("Last winter Dr. Okafor put me on a low-carb diet, and I've mostly kept to it.",
         {"diet": "low-carb"}),
        ("The job's at the Field Museum, four days a week, mostly with school groups.",
         {"employer": "the Field Museum"}),
        ("We adopted him from the pound two years ago, a scruffy terrier the staff had named "
         "Rascal, and it suits him.", {"dog_name": "Rascal"}),
        ("Last spring I got it into my head to learn Greek before our trip, and I'm still "
         "at it most evenings.", {"studies": "Greek"}),
        ("Frank and I met at a church dance in 1979, and he stepped on my feet all night. We "
         "were married the next June.", {"husband_name": "Frank"}),
        ("Priya and I met at college. We got married in 2015 and she still beats me at chess.",
         {"wife_name": "Priya"}),
        ("Every Christmas Eve since I was a kid, I've watched Home Alone, and I still laugh at "
         "the paint cans.", {"favourite_film": "Home Alone"}),
    ],
)
def test_a_fact_told_in_a_story_is_read(read: Read, message: str,
                                        expected: dict[str, str]) -> None:
    assert read(message) == expected


@pytest.mark.parametrize(
    "message",
    [
        "My mother called me Bea on the phone this morning.",  # a call, not a name
        "I've been the one at fault for years.",  # no job
        "I've been collecting them since May.",
        "My neighbour's dog, a terrier the kids had named Rascal, barks all night.",
        "I turned left at the church.",
        "I always wanted to learn Greek.",  # a wish
        "Frank and I met at the bus stop this morning.",  # no marriage told
        "Every year I've watched Eurovision with my mum.",  # a show, and no holiday
    ],
)
def test_look_alikes_are_left_as_they_were(message: str) -> None:
    assert told_plainly(message) == message


def test_a_marriage_told_far_from_the_meeting_names_no_one() -> None:
    # the look ahead for "married" is bounded, so a long run of meetings stays linear
    far = "Harold and I met at the rink " + "and we skated round " * 20 + "We were married."
    assert told_plainly(far) == far
    near = "Harold and I met at the rink. We were married the next June."
    assert told_plainly(near).startswith("My partner is called Harold.")


def test_a_drink_someone_got_the_user_onto_replaces_the_morning_one(
    capturer: Capturer, store: MemoryStore
) -> None:
    capturer.capture(None, "My doctor told me to cut down, and I've been spooning Postum into "
                           "my cup first thing every morning since.")
    capturer.capture(None, "I've given up the Postum at last. A neighbour down the road got me "
                           "onto rooibos tea, with a little honey.")
    assert [(m.key, m.content) for m in store.all()] == [
        ("morning_routine", "The user drinks rooibos tea.")]
