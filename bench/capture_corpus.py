"""Statements for bench/capture_quality.py: what capture must take from one message.

These are written for tuning the capture step and share no sentence with either wording of
bench/memory_script.py (whose ``held`` wording is never tuned on). Each statement names the
keys a right capture may use and a word its stored value must contain; ``NOT_FACTS`` must
store nothing; each change in ``CHANGES`` must leave one current value on the first key.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Expect:
    text: str
    keys: tuple[str, ...]
    value: str


_HOME = ("home_city",)
_JOB = ("occupation",)
_EMPLOYER = ("employer",)

STATEMENTS: list[Expect] = [
    Expect("People call me Marek.", ("name",), "marek"),
    Expect("Everyone knows me as Priya.", ("name",), "priya"),
    Expect("Last month I turned 41.", ("age",), "41"),
    Expect("Home for me is Edinburgh.", _HOME, "edinburgh"),
    Expect("I've been living in Osaka for three years.", _HOME, "osaka"),
    Expect("These days my home is a flat in Ghent.", _HOME, "ghent"),
    Expect("Our family moved out to Tromso in spring.", _HOME, "tromso"),
    Expect("I make a living as a carpenter.", _JOB, "carpenter"),
    Expect("I'm a pharmacist by trade.", _JOB, "pharmacist"),
    Expect("My day job is accounting.", _JOB, "accounting"),
    Expect("I'm on the payroll at Siemens.", _EMPLOYER, "siemens"),
    Expect("Nordbank is the company I work for.", _EMPLOYER, "nordbank"),
    Expect("I joined Aurora Labs in June.", _EMPLOYER, "aurora"),
    Expect("Oolong is the tea I like most.", ("favourite_tea",), "oolong"),
    Expect("Purple is the colour I love.", ("favourite_colour",), "purple"),
    Expect("The best book ever written, in my view, is Dune.", ("favourite_book",), "dune"),
    Expect("My brother goes by Tomasz.", ("brother_name",), "tomasz"),
    Expect("Lena is my daughter.", ("daughter_name",), "lena"),
    Expect("I'm married to Joao.", ("husband_name", "wife_name", "partner_name", "spouse_name"),
           "joao"),
    Expect("We own a parrot named Kiwi.", ("parrot_name", "pet", "pet_name"), "kiwi"),
    Expect("Our dog is a beagle called Rex.", ("dog_name",), "rex"),
    Expect("I can speak French and a little Arabic.", ("languages",), "french"),
    Expect("Shellfish makes me ill.", ("allergy",), "shellfish"),
    Expect("My ride is a blue Volvo estate.", ("vehicle",), "volvo"),
    Expect("Piano is what I play in the evenings.", ("plays", "instrument"), "piano"),
    Expect("My birthday falls in late October.", ("birthday",), "october"),
    Expect("I come from a small town near Gdansk.", ("origin",), "gdansk"),
    Expect("I spent my childhood in Bergen.", ("origin",), "bergen"),
    Expect("I collect old stamps.", ("collects", "collection", "hobby"), "stamps"),
    Expect("I'm taking Spanish lessons.", ("studies",), "spanish"),
    Expect("I'm doing a part-time degree in history.", ("studies",), "history"),
    Expect("Every Saturday I swim at the lido.",
           ("swims", "swimming", "routine", "swimming_routine"), "saturday"),
    Expect("I support Benfica.", ("supports", "football_team", "favourite_team"), "benfica"),
    Expect("I can't stand coriander.", ("dislikes", "dislike"), "coriander"),
]

NOT_FACTS: list[str] = [
    "Can you recommend a book?",
    "That's hilarious, thanks!",
    "I'm exhausted this evening.",
    "What's 12 times 7?",
    "Good night!",
    "Tell me about the Roman empire.",
    "I just had lunch.",
    "Lol, good one.",
    "I'm not sure what you mean.",
    "I need a recipe for soup.",
    "Do you know any jokes about cats?",
    "It's raining again.",
]

CHANGES: list[tuple[str, str, str, str]] = [  # first, then, key, new value word
    ("I live in Leeds.", "Leeds is behind me now, I'm in Bristol.", "home_city", "bristol"),
    ("I work at Nordbank.", "I switched jobs, I'm at Helio Systems now.", "employer", "helio"),
    ("I work as a chef.", "I retrained and I'm an electrician now.", "occupation", "electrician"),
    ("My favourite colour is green.", "Orange is my favourite colour now.", "favourite_colour",
     "orange"),
]

# A second set, written after the rules above were tuned on the first and never tuned on:
# it measures how far the rules and the model generalise to wording nobody tuned for.
FRESH_STATEMENTS: list[Expect] = [
    Expect("Friends call me Bea.", ("name",), "bea"),
    Expect("I go by Sandro.", ("name",), "sandro"),
    Expect("I'm 58.", ("age",), "58"),
    Expect("I just turned 27.", ("age",), "27"),
    Expect("I'm based in Utrecht.", _HOME, "utrecht"),
    Expect("We live in a small flat in Vigo.", _HOME, "vigo"),
    Expect("I relocated to Cork last year.", _HOME, "cork"),
    Expect("I was raised in Porto Alegre.", ("origin",), "porto alegre"),
    Expect("I'm originally from a village near Krakow.", ("origin",), "krakow"),
    Expect("I work as a radiographer.", _JOB, "radiographer"),
    Expect("I'm employed as a welder.", _JOB, "welder"),
    Expect("I teach chemistry at a secondary school.", _JOB, "chemistry"),
    Expect("I'm employed by Vestas.", _EMPLOYER, "vestas"),
    Expect("I started working at Zalando in May.", _EMPLOYER, "zalando"),
    Expect("My favourite fruit is mango.", ("favourite_fruit",), "mango"),
    Expect("Jazz is the music I like best.", ("favourite_music",), "jazz"),
    Expect("My all-time favourite game is Tetris.", ("favourite_game",), "tetris"),
    Expect("My mother is called Ines.", ("mother_name",), "ines"),
    Expect("Carlos is my son.", ("son_name",), "carlos"),
    Expect("I have a cat called Pixel.", ("cat_name",), "pixel"),
    Expect("Our rabbit is named Clover.", ("rabbit_name",), "clover"),
    Expect("I'm fluent in German.", ("languages",), "german"),
    Expect("I have a gluten allergy.", ("allergy",), "gluten"),
    Expect("I'm allergic to bee stings.", ("allergy",), "bee"),
    Expect("I'm vegan.", ("diet",), "vegan"),
    Expect("My car is a grey Skoda Octavia.", ("vehicle",), "skoda"),
    Expect("I play the violin in an orchestra.", ("plays", "instrument"), "violin"),
    Expect("I was born on 3 July.", ("birthday",), "july"),
    Expect("I've been collecting vinyl records for years.", ("collects",), "vinyl"),
    Expect("I'm learning to knit.", ("studies",), "knit"),
    Expect("I can't stand horror films.", ("dislikes", "dislike"), "horror"),
    Expect("I hate Mondays.", ("dislikes", "dislike"), "monday"),
]

FRESH_NOT_FACTS: list[str] = [
    "I'm so hungry right now.",
    "Could you explain quantum physics?",
    "My head hurts today.",
    "I think it might rain.",
    "I love this answer!",
    "Haha, that's great.",
    "I'm going to the shop.",
    "I was wondering about the weather.",
]

FRESH_CHANGES: list[tuple[str, str, str, str]] = [
    ("I live in Cork.", "I moved from Cork to Galway.", "home_city", "galway"),
    ("I drive a Toyota Yaris.", "I sold the Toyota and bought a Kia Ceed.", "vehicle", "kia"),
    ("My favourite fruit is mango.", "These days my favourite fruit is kiwi.",
     "favourite_fruit", "kiwi"),
    ("I work at Vestas.", "I'm employed by Orsted now.", "employer", "orsted"),
]
