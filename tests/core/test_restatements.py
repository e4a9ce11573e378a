"""Everyday ways of saying a fact read as the plain sentence: where one is from as what one
is ("I'm a Mildura boy originally"), home as a place ("Townsville's home now"), "I'm in
Taipei now" in a message about a move, "'s" after a favourite, a day's part that is an
activity, the morning drink, a drink someone got the user onto, a company, a job said without
an article, a diet the doctor put the user on; the same words in other senses are left."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from kai_desktop.core.chat.asked import memory_hint
from kai_desktop.core.memory.capture import Capturer
from kai_desktop.core.memory.restatements import restated_plainly

Read = Callable[[str], dict[str, str]]


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("I'm a Mildura boy originally, grew up on an orange block.", {"origin": "Mildura"}),
        ("Townsville's home now, Kirsty got a job at the hospital.",
         {"home_city": "Townsville"}),
        ("Home is Leeds these days.", {"home_city": "Leeds"}),
        ("i'm in taipei now! moved last month", {"home_city": "Taipei"}),
        ("Fave colour's terracotta. Kirsty says it's orange.",
         {"favourite_colour": "terracotta"}),
        ("Mornings now is soy milk from the breakfast shop below my apartment.",
         {"morning_routine": "soy milk"}),
        ("every morning must have my teh tarik from the mamak downstairs",
         {"morning_routine": "teh tarik"}),
        ("Jess has got me onto matcha.", {"usual_drink": "matcha"}),
        ("company is eva air, based at taoyuan.", {"employer": "Eva Air"}),
        ("I'm cabin crew now, flying long haul.", {"occupation": "cabin crew"}),
        ("And the doc's got me on the low FODMAP diet for my gut.", {"diet": "low FODMAP"}),
        ("We stay in Mont Kiara, quite nice actually.", {"home_city": "Mont Kiara"}),
        ("Me and Kirsty are doing Indonesian on the app.", {"studies": "Indonesian"}),
    ],
)
def test_everyday_ways_are_read(read: Read, message: str, expected: dict[str, str]) -> None:
    assert read(message) == expected


@pytest.mark.parametrize(
    "message",
    [
        "I'm in Paris now, at the conference.",  # no move: perhaps for a week
        "I'm a Geordie lad originally.",  # what one is, not a place
        "I'm an Italian girl.",
        "My favourite band's new album is out.",
        "Home is where the heart is.",
        "Sunday mornings are for surfing.",  # the routine rules read this as it is
        "Mornings are hard.",
        "She has got me onto the idea.",
    ],
)
def test_other_senses_are_left_as_they_were(message: str) -> None:
    assert restated_plainly(message) == message


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("I'm on the diet.", {}),
        ("Mornings it's a big mug of Ricoffy, two sugars, standing at the back door.",
         {"morning_routine": "Ricoffy"}),
        ("No more Ricoffy, mornings it's honeybush tea now, with a bit of honey.",
         {"morning_routine": "honeybush tea"}),
        ("The dog's a Jack Russell called Jakkals, because he looks like one.",
         {"dog_name": "Jakkals"}),
        ("Home language is Afrikaans, obviously.", {"languages": "Afrikaans"}),
        ("And I'm doing Banting at the moment.", {"diet": "Banting"}),
        ("Annelie wants to repaint the stoep and I voted khaki, my favourite colour.",
         {"favourite_colour": "khaki"}),
        ("Favourite food in the world is my ma's bobotie, with yellow rice.",
         {"favourite_food": "my ma's bobotie"}),
        ("Best film ever made is District 9, no argument.", {"favourite_film": "District 9"}),
        ("Best feed in the world is a chicken parmi at the Heritage pub.",
         {"favourite_food": "a chicken parmi at the Heritage pub"}),
        ("Saturday mornings is parkrun at the dam with Jakkals.",
         {"parkrun_routine": "every Saturday morning"}),
        ("Koekie's our cat, fat and spoilt rotten.", {"cat_name": "Koekie"}),
        ("He's our dog, very daft.", {}),
        ("mostly i walk pippin out shes our dog and she loves the rain",
         {"dog_name": "Pippin"}),
        ("Every night I feed Wolfie, he's my cat.", {"cat_name": "Wolfie"}),
        ("and then i walk pippin hes my dog hes a beagle and he hates rain",
         {"dog_name": "Pippin"}),
        ("I feed him, he's my cat.", {}),
        ("I met Harriet, she's my dog walker.", {}),
        ("morning. Priya here - staff nurse, A&E at Leicester Royal. quick one",
         {"name": "Priya", "occupation": "staff nurse", "employer": "Leicester Royal"}),
        ("Owen here: software developer for Monzo, mostly backend.",
         {"name": "Owen", "occupation": "software developer", "employer": "Monzo"}),
        ("Owen here - total beginner, be gentle.", {"name": "Owen"}),
        ("Big news - left the sous chef role, now head chef, at last!",
         {"occupation": "head chef"}),
        ("I quit my job, now happier.", {}),
        ("Work at Mokoena Steel out in Rosslyn, making tanks and chutes for the mines.",
         {"employer": "Mokoena Steel"}),
        ("It's at Rustenhof Estate, a small family farm out on the Helshoogte road.",
         {"employer": "Rustenhof Estate"}),
        ("It's at Riverside Park on Sunday.", {}),
        ("so the things you should know is im allergic to penicillin which i guess doesnt "
         "matter for food but whatever", {"allergy": "penicillin"}),
        ("oh um my birthday is in october and dorian keeps asking what i want and honestly "
         "just anything mustard yellow like thats my favorite color",
         {"birthday": "in October", "favourite_colour": "mustard yellow"}),
        ("My hometown is Newcastle and it rains a lot.", {"origin": "Newcastle"}),
        ("I only eat halal food.", {"diet": "halal"}),
        ("August 14th, that's my birthday.", {"birthday": "August 14th"}),
        ("I have a shelf full of fossils I've collected.", {"collects": "fossils"}),
        ("I do yoga every Sunday.", {"yoga_routine": "every Sunday"}),
        ("Pilau has overtaken ugali as my favourite food.", {"favourite_food": "Pilau"}),
        ("There's a tortoise in our garden called Shelly, she's ours.",
         {"tortoise_name": "Shelly"}),
        ("There's a fox in our garden called Basil, he visits nightly.", {}),
        ("morning drink: ~~espresso~~ yerba mate", {"morning_routine": "yerba mate"}),
        ("FILM: The Grand Budapest Hotel\nWEEKLY: bouldering, Thursday evenings",
         {"favourite_film": "The Grand Budapest Hotel",
          "bouldering_routine": "on Thursday evenings"}),
        ("updates:\n- moved: Utrecht -> Trondheim\n- new job: cartographer @ Nordlys Geodata",
         {"home_city": "Trondheim", "occupation": "cartographer", "employer": "Nordlys Geodata"}),
        ("context so u know me: 37, live in Halifax, orig from Moncton.",
         {"age": "37", "home_city": "Halifax", "origin": "Moncton"}),
        ("Collect enamel pins, mostly weird hospital ones, have approx 90.",
         {"collects": "enamel pins"}),
        ("Sold the subaru - rust ate it. Drive a Toyota now, used rav4, heated seats = life",
         {"vehicle": "Toyota"}),
        ("food-wise: ramen dethroned. pierogi are my fav now - church ladies make them",
         {}),
        ("Pierogi are my favourite now.", {}),
        ("Welsh was the language of our house and remains my first; my English is "
         "serviceable and my French is strictly schoolboy.",
         {"languages": "Welsh, English and French"}),
        ("A cortado is my drink now.", {"usual_drink": "cortado"}),
        ("Fergus keeps reminding me that I'm 41 now, as if I could forget.", {"age": "41"}),
        ("Every Thursday evening I swim forty lengths at the Western Baths, no matter what.",
         {"swimming_routine": "every Thursday evening"}),
        ("I was going through old photos of Stornoway, where I grew up, and found one.",
         {"origin": "Stornoway"}),
        ("I quizzed the waiter, because even a smear of sesame makes my lips swell up.",
         {"allergy": "sesame"}),
        ("We chatted for an hour in Gaelic. I spoke it before I spoke a word of English.",
         {"languages": "Gaelic and English"}),
        ("Finally painted the front door mustard yellow. I've loved that colour for as long "
         "as I can remember.", {"favourite_colour": "mustard yellow"}),
        ("Painted the shed red and the door blue. I've loved that colour for years.", {}),
        ("Bob wanted grey for the kitchen, and I held out for sage green. It's been my "
         "favourite colour since school.", {"favourite_colour": "sage green"}),
        ("Bob wanted grey and I wanted navy. It's been my favourite colour for years.",
         {"favourite_colour": "navy"}),
        ("The kitchen is grey and the hall is navy. It's my favourite colour.", {}),
        ("Watched Local Hero again last night - must be the fortieth time, and it's still my "
         "favourite film ever made.", {"favourite_film": "Local Hero"}),
        ("Spent the evening squeezing out jigs on my accordion - I've played it since I was "
         "ten and I'm learning a new set for a ceilidh next month.", {"plays": "accordion"}),
        ("I'm learning a new song for the concert.", {}),
        ("um hi okay big update weve moved were in plymouth now we left derby about three "
         "weeks ago", {"home_city": "Plymouth"}),
        ("I'm in Rome now! Moved in May.", {"home_city": "Rome"}),
        ("I moved in May.", {}),
        ("I moved in with my girlfriend.", {}),
        ("Welsh was the language of our house and remains my first.", {"languages": "Welsh"}),
        ("im originally from grimsby born and bred i only moved down to derby for the job",
         {"origin": "Grimsby"}),
        ("It's with Queensland Parks and Wildlife, so a proper government job.",
         {"employer": "Queensland Parks and Wildlife"}),
        ("It's with my mum, she has a job.", {}),
        ("My nephew swears it is and I reckon he's pulling my leg.", {}),
        ("Biscuit sleeps all day. He's our dog.", {"dog_name": "Biscuit"}),
        ("Wednesday arvo's touch footy with the boys, and when I get home Lamington's always "
         "up on the fence yelling for her dinner. She's our cat, fat as.",
         {"footy_routine": "touch footy", "cat_name": "Lamington"}),
        ("Today is hot. She's our cat.", {}),
        ("Did my Cert III at TAFE last year, and now I'm a ranger, out on the islands.",
         {"occupation": "ranger"}),
        ("Needed something for the dirt roads, so there's a HiLux in the driveway now.",
         {"vehicle": "HiLux"}),
        ("There's a Peloton in the garage now.", {}),
        ("We've got a kelpie cross called Ruckus.", {"dog_name": "Ruckus"}),
        ("The work ute's the boss's, but my own car's an '09 Holden Commodore.",
         {"vehicle": "09 Holden Commodore"}),
        ("Here I ride a Gogoro, the electric scooter.", {"vehicle": "Gogoro"}),
        ("Work-wise I'm an auditor with KPMG.", {"occupation": "auditor", "employer": "KPMG"}),
        ("can remind me my sister shermaine's bday is next fri? must buy present",
         {"sister_name": "Shermaine"}),
        ("hi hi, jolene here. my colleague say this app can remember things",
         {"name": "Jolene"}),
        ("u know why durian so smelly or not? my bf say is some chemical thing", {}),
        ("Mornings have changed too - the Earl Grey is gone (caffeine and I have parted "
         "ways, on my GP's advice); it's hot water with lemon now.",
         {"morning_routine": "hot water with lemon"}),
    ],
)
def test_shapes_around_the_plain_rules_are_read(read: Read, message: str,
                                               expected: dict[str, str]) -> None:
    assert read(message) == expected


@pytest.mark.parametrize(
    ("old", "message", "new"),
    [
        ("chicken rice", "sorry chicken rice, u kena replaced. lu rou fan is my new number one, "
                         "the shop near my place only 40 nt", "Lu rou fan"),
        ("ramen", "food-wise: ramen dethroned. pierogi are my fav now - church ladies make "
                  "them by hand", "Pierogi"),
        ("chicken parmi", "Oh, and the parmi's been knocked off its perch. There's a bakery on "
                          "Flinders Street that does a pork banh mi. That's my number one now.",
         "pork banh mi"),
        ("my ma's bobotie", "Also the bobotie's been knocked off its throne, sorry Ma. There's a "
                            "guy who braais snoek with apricot jam, and that's my favourite food "
                            "now.", "snoek"),
    ],
)
def test_a_favourite_replaced_by_name_takes_the_old_ones_memory(
        capturer: Capturer, old: str, message: str, new: str) -> None:
    capturer.capture(None, f"My favourite food is {old}.")
    found = capturer.propose(None, message)
    assert {f.key: f.value for f in found} == {"favourite_food": new}


@pytest.mark.parametrize(
    ("question", "key"),
    [
        ("Saang city ako nakatira ngayon?", "home_city"),
        ("Ilang taon na ako?", "age"),
        ("Ano pangalan ng boyfriend ko?", "boyfriend_name"),
        ("Anong instrument ang tinutugtog ko?", "plays"),
        ("Ano nga ulit first name ko?", "name"),
        ("Who am I working for now?", "employer"),
        ("where i staying now?", "home_city"),
    ],
)
def test_a_question_in_other_words_finds_its_memory(question: str, key: str) -> None:
    memories = [("name", "The user's name is Maricel."),
                ("home_city", "The user lives in Sacramento."),
                ("age", "The user is 29 years old."),
                ("boyfriend_name", "The user's boyfriend is called Paolo."),
                ("plays", "The user plays the ukulele."),
                ("employer", "The user works at Golden Hills Realty.")]
    assert memory_hint(question, memories)[:1] == [dict(memories)[key]]
