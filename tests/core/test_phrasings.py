"""Phrasings beyond the core rules, and changes said as a swap."""

from __future__ import annotations

import pytest

from kai_desktop.core.memory.capture import Capturer, told_of_user
from kai_desktop.core.memory.phrasings import plain_facts
from kai_desktop.core.memory.store import MemoryStore
from kai_desktop.core.memory.user_sentences import statement_sentences


@pytest.mark.parametrize(
    ("sentence", "key", "value"),
    [
        ("People call me Marek.", "name", "Marek"),
        ("Siobhan is the name.", "name", "Siobhan"),
        ("I'm a Limerick resident.", "home_city", "Limerick"),
        ("Kilkenny is where I'm from originally.", "origin", "Kilkenny"),
        ("Last month I turned 41.", "age", "41"),
        ("I'm based in Utrecht.", "home_city", "Utrecht"),
        ("I've been living in Osaka for three years.", "home_city", "Osaka"),
        ("I spent my childhood in Bergen.", "origin", "Bergen"),
        ("I make a living as a carpenter.", "occupation", "carpenter"),
        ("Nordbank is the company I work for.", "employer", "Nordbank"),
        ("I switched jobs, I'm at Helio Systems now.", "employer", "Helio Systems"),
        ("Jazz is the music I like best.", "favourite_music", "Jazz"),
        ("Lena is my daughter.", "daughter_name", "Lena"),
        ("Our dog is a beagle called Rex.", "dog_name", "Rex"),
        ("I have a gluten allergy.", "allergy", "gluten"),
        ("I've been collecting vinyl records for years.", "collects", "vinyl records"),
        ("I can't stand coriander.", "dislikes", "coriander"),
        ("I run every Sunday.", "running_routine", "every Sunday"),
        ("Every Saturday I swim at the lido.", "swimming_routine", "every Saturday"),
        ("On Sundays I go running.", "running_routine", "on Sundays"),
        ("Oh hi, Kemal here.", "name", "Kemal"),
        ("The name is Ruth, by the way.", "name", "Ruth"),
        ("I've been a paramedic for six years.", "occupation", "paramedic"),
        ("I'm a drummer in a local band.", "occupation", "drummer"),
        ("I've been vegetarian for years.", "diet", "vegetarian"),
        ("I'm flexitarian these days.", "diet", "flexitarian"),
        ("We finally moved to Dunedin!", "home_city", "Dunedin"),
        ("Tuesday nights I play netball, it's my one night off.", "netball_routine",
         "on Tuesday nights"),
        ("I drive our Outlander.", "vehicle", "Outlander"),
        ("I have a dog, she's called Pip.", "dog_name", "Pip"),
        ("I play cello at home.", "plays", "cello"),
        ("My morning drink is a piccolo.", "morning_routine", "a piccolo"),
        ("First thing in the morning I need a mocha.", "morning_routine", "a mocha"),
        ("I don't eat meat or fish.", "diet", "meat or fish"),
        ("My younger sister is Chloe.", "sister_name", "Chloe"),
        ("My dad, Piotr, lives with us.", "dad_name", "Piotr"),
        ("My cat Ziggy is twelve.", "cat_name", "Ziggy"),
        ("Hannah and I got married last year.", "spouse_name", "Hannah"),
        ("Earl Grey is my tea of choice.", "favourite_tea", "Earl Grey"),
        ("Blue has always been my favourite colour.", "favourite_colour", "Blue"),
        ("I speak three languages: English, Hindi and Tamil.", "languages",
         "English, Hindi and Tamil"),
        ("I swim every Tuesday morning.", "swimming_routine", "every Tuesday morning"),
        ("On Fridays I go for a walk.", "walking_routine", "on Fridays"),
        ("Biscuit is the name of my dog.", "dog_name", "Biscuit"),
        ("We also have a cat, Luna.", "cat_name", "Luna"),
        ("Cardiff is my hometown.", "origin", "Cardiff"),
        ("Saturday mornings I go cycling.", "cycling_routine", "on Saturday mornings"),
        ("I'm picking up Italian on the side.", "studies", "Italian"),
        ("Faro is where I was born and raised.", "origin", "Faro"),
        ("I can't eat peanuts, I'm allergic.", "allergy", "peanuts"),
        ("I get around in a red Fiat Panda.", "vehicle", "red Fiat Panda"),
        ("I was born in Tromsø.", "origin", "Tromsø"),
        ("Shellfish is something I'm allergic to.", "allergy", "Shellfish"),
        ("My new job is at Fjord Woodworks.", "employer", "Fjord Woodworks"),
        ("My favourite food these days is tacos.", "favourite_food", "tacos"),
        ("Penicillin gives me an allergic reaction.", "allergy", "Penicillin"),
        ("Every morning starts with an espresso.", "morning_routine", "espresso"),
        ("I start every day with a glass of kefir.", "morning_routine", "kefir"),
        ("I don't eat gluten, I'm coeliac.", "diet", "coeliac"),
        ("I'm taking Spanish classes at night.", "studies", "Spanish"),
        ("My new employer is Bistro Mewa.", "employer", "Bistro Mewa"),
        ("Hi Kai! Aiko, nice to meet you.", "name", "Aiko"),
        # a title may open with a word that alone would only point at a thing
        ("My favourite film is Some Like It Hot.", "favourite_film", "Some Like It Hot"),
        ("My favourite film is It's a Wonderful Life.", "favourite_film",
         "It's a Wonderful Life"),
        ("My favourite film is My Neighbour Totoro.", "favourite_film", "My Neighbour Totoro"),
        # "I'm" is no name before a greeting: the name is what follows it
        ("Hi po. I'm Maricel, nice to meet you!", "name", "Maricel"),
        ("I carry an EpiPen because of a bee sting allergy.", "allergy", "bee sting"),
        ("I play a bit of ukulele.", "plays", "ukulele"),
        ("Yellow makes me happy, it's my favourite colour.", "favourite_colour", "Yellow"),
        ("I've got loads of vinyl records, I collect them.", "collects", "vinyl records"),
        ("I've enrolled in a French course.", "studies", "French"),
        ("Married to Daniel for six years now.", "spouse_name", "Daniel"),
        ("Tuesday nights are my climbing nights.", "climbing_routine", "on Tuesday nights"),
        ("Just moved to Toronto for work.", "home_city", "Toronto"),
        ("I fly for Air Maple now.", "employer", "Air Maple"),
        ("I live on coffee.", "usual_drink", "coffee"),
        ("Football every Wednesday evening with friends.", "football_routine",
         "every Wednesday evening"),
        ("Yoga on Sundays.", "yoga_routine", "on Sundays"),
        ("Navy blue is my colour.", "favourite_colour", "Navy blue"),
        ("Black Panther is my number one film.", "favourite_film", "Black Panther"),
        ("Athens is home.", "home_city", "Athens"),
        ("My firm is Kosmos Legal.", "employer", "Kosmos Legal"),
        ("I'm a frappe person.", "usual_drink", "frappe"),
        ("Our canary sings all day, her name is Lulu.", "canary_name", "Lulu"),
        ("I'm in my forties, 44 to be exact.", "age", "44"),
        ("Cats make me sneeze, I'm allergic to them.", "allergy", "cats"),
        ("I'm lactose intolerant.", "diet", "lactose intolerant"),
        ("A little Fiat 500 is what I drive.", "vehicle", "Fiat 500"),
        ("Piano lessons as a kid, and I still play the piano.", "plays", "piano"),
        ("Born 7 October.", "birthday", "7 October"),
        ("Anything in turquoise, that's my favourite colour.", "favourite_colour", "turquoise"),
        ("Moussaka, hands down my favourite food.", "favourite_food", "Moussaka"),
        ("Evening classes in Italian keep me busy.", "studies", "Italian"),
        ("Amelie, I've watched it a dozen times, my favourite film.", "favourite_film",
         "Amelie"),
        ("There's also our hamster, Pip.", "hamster_name", "Pip"),
        ("We've just settled in Berlin.", "home_city", "Berlin"),
        ("Brotzeit bakery hired me last week.", "employer", "Brotzeit"),
        ("Kestrel Analytics signed me last spring.", "employer", "Kestrel Analytics"),
        ("Harbour Joinery took me on.", "employer", "Harbour Joinery"),
        ("I work in finance.", "occupation", "finance"),
        ("A mug of rooibos first thing, every day.", "morning_routine", "rooibos"),
        ("Mint tea is my morning drink.", "morning_routine", "mint tea"),
        ("Oat latte is my usual drink.", "usual_drink", "oat latte"),
        ("Every Tuesday evening it's badminton with colleagues.", "badminton_routine",
         "badminton"),
        ("On Sundays it's swimming.", "swimming_routine", "swimming"),
        ("I'm living in Manchester at the moment.", "home_city", "Manchester"),
        ("I work at Kestrel Labs right now.", "employer", "Kestrel Labs"),
        ("Almonds, I'm allergic, so no marzipan for me.", "allergy", "almonds"),
        ("I bake at Crumb and Crust now.", "employer", "Crumb and Crust"),
        ("I'm with Harbour Insurance, in the claims team.", "employer", "Harbour Insurance"),
        ("Hello Kai, the name's Ravi.", "name", "Ravi"),
        ("Hindi's my mother tongue.", "languages", "Hindi"),
        ("I've always worked in marketing.", "occupation", "marketing"),
        ("Journalism is my line of work.", "occupation", "journalism"),
        ("Pharmacist by day.", "occupation", "pharmacist"),
        ("Brisbane's my city.", "home_city", "Brisbane"),
        ("Flat white, every single morning.", "morning_routine", "flat white"),
        ("My kelpie is called Ned.", "dog_name", "Ned"),
        ("28 going on 29.", "age", "28"),
        ("Mandarin at home, English everywhere else.", "languages", "Mandarin and English"),
        ("Strawberries give me a rash.", "allergy", "Strawberries"),
        ("I get about in a Toyota Corolla.", "vehicle", "Toyota Corolla"),
        ("Violin's my instrument.", "plays", "violin"),
        ("Green's my favourite colour, always has been.", "favourite_colour", "Green"),
        ("I'm a Hong Kong native.", "origin", "Hong Kong"),
        ("If I could only eat one thing, it'd be laksa.", "favourite_food", "laksa"),
        ("Postcards, I collect them from every trip.", "collects", "postcards"),
        ("I'm halfway through a Korean course.", "studies", "Korean"),
        ("Plus a cat, Miso.", "cat_name", "Miso"),
        ("Now I shoot for Lumen Studio.", "employer", "Lumen Studio"),
        ("Hola Kai! I'm Lucía.", "name", "Lucía"),
        ("Hej! I'm Astrid.", "name", "Astrid"),
        ("I'm Anne-Marie.", "name", "Anne-Marie"),
        ("I'm teaching myself Italian with an app.", "studies", "Italian"),
        ("I'm learning Korean on Duolingo.", "studies", "Korean"),
        ("I work for a firm called Estudio Norte.", "employer", "Estudio Norte"),
        ("I moved to Monterrey in the spring.", "home_city", "Monterrey"),
        ("I moved to Lisbon in May.", "home_city", "Lisbon"),
        ("I'm from Oaxaca originally.", "origin", "Oaxaca"),
        ("Right, first things first: I'm Callum.", "name", "Callum"),
        ("I'm a joiner to trade.", "occupation", "joiner"),
        ("I drive buses.", "occupation", "bus driver"),
        ("McAllister Builders took me on straight out of school.", "employer",
         "McAllister Builders"),
        ("Can't start the day without an Irn-Bru.", "morning_routine", "Irn-Bru"),
        ("Bonnie, my border collie, keeps me fit.", "dog_name", "Bonnie"),
        ("Fiona's my big sister; she's a vet.", "sister_name", "Fiona"),
        ("I'm 52 this year.", "age", "52"),
        ("I've a bit of Gaelic as well as English.", "languages", "Gaelic and English"),
        ("Penicillin brings me out in hives.", "allergy", "Penicillin"),
        ("I don't eat red meat.", "diet", "red meat"),
        ("My birthday's Burns Night, the 25th of January.", "birthday",
         "Burns Night, the 25th of January"),
        ("I'd pick navy over any other colour.", "favourite_colour", "navy"),
        ("I grew up on the Isle of Skye.", "origin", "Isle of Skye"),
        ("Haggis, neeps and tatties is my favourite meal.", "favourite_food",
         "Haggis, neeps and tatties"),
        ("My evening class is Spanish.", "studies", "Spanish"),
        ("Morag and I have been married 25 years.", "spouse_name", "Morag"),
        ("Braveheart is a film I never tire of.", "favourite_film", "Braveheart"),
        ("Friday nights are darts at the pub.", "darts_routine", "darts"),
        ("We've a hamster too, Hamish.", "hamster_name", "Hamish"),
        ("We've upped sticks to Inverness.", "home_city", "Inverness"),
        ("Lasagne's taken over as my favourite food.", "favourite_food", "Lasagne"),
        ("I go bouldering every Thursday w/ the work lot.", "bouldering_routine",
         "every Thursday"),
        ("On Tuesday nights I go curling.", "curling_routine", "on Tuesday nights"),
        ("I'm currently learning Icelandic.", "studies", "Icelandic"),
        ("I'm allergic to sesame (proper one, I carry an epipen).", "allergy", "sesame"),
    ],
)
def test_common_phrasings_file_under_the_same_slots_without_the_model(
    sentence: str, key: str, value: str
) -> None:
    said = statement_sentences(sentence, told_of_user=told_of_user)
    facts = [f for s in said for f in plain_facts(s)]
    assert [(f.key, f.value) for f in facts] == [(key, value)]


@pytest.mark.parametrize(
    "sentence",
    ["I'm Brazilian.", "I'm in a hurry.", "I'm at Starbucks.", "I love this answer!",
     "I run a bakery.", "It's Monday.", "This is great.", "I'm a Dubliner.",
     "My coffee is getting cold.", "My train is late again.", "I'm sick with a cold.",
     "I have a meeting in ten minutes.", "I'd love a poem about autumn.",
     "I'm fluent in Python.",
     "I'm going to the shop.", "I think it might rain.", "Kai, nice to meet you.",
     "I prefer tea to coffee.", "I live on a boat.", "Goodbye, see you tomorrow.",
     "Bye for now!", "I work in shifts.", "I work in town.", "I work in a hospital.",
     "I'm with Sarah at the moment.", "I'm with you on that.", "I'm Mexican.",
     "I'm Spanish.", "I'm Back!", "I'm Kai.", "I'm OK.", "I'm Monterrey-based.",
     "I work for a living.", "I'm teaching myself to code.", "Hola, I'm Fine.",
     "I'd pick you over any other.", "I've a bit of a cold.", "I have good news.",
     "I'm 5 minutes away.", "Friday nights are quiet at the pub.",
     "This is a song I never tire of.", "My favourite song is this one.",
     "My favourite film is that one.", "Tuesday I play netball.",
     "I drive the kids to school.", "I drive my wife to work.", "I drive a lot.",
     "My mother always says it is good for you.", "I study in university."],
)
def test_look_alike_sentences_are_not_facts(sentence: str) -> None:
    assert [f for s in statement_sentences(sentence) for f in plain_facts(s)] == []


def test_a_swap_updates_the_memory_holding_the_old_value(
    capturer: Capturer, store: MemoryStore
) -> None:
    capturer.capture(None, "I drive a red Fiat Panda.")
    report = capturer.capture(None, "I replaced the Fiat with a Honda Jazz.")
    (memory,) = store.all()
    assert memory.key == "vehicle"
    assert "Honda Jazz" in memory.content
    assert "Fiat" not in memory.content
    assert "Fiat" in memory.history[0]
    assert [d.action for d in report.decisions] == ["UPDATE"]


@pytest.mark.parametrize(
    ("sentence", "new"),
    [("I've switched from espresso to mint tea.", "mint tea"),
     ("We have moved from Groningen to Utrecht.", "Utrecht"),
     ("I’ve swapped the espresso for a chai.", "chai")],
)
def test_a_swap_said_in_the_perfect_tense(sentence: str, new: str) -> None:
    from kai_desktop.core.memory.swaps import change_of

    change = change_of(sentence)
    assert change is not None
    assert change[1] == new


@pytest.mark.parametrize(
    "sentence",
    ["I'm not at Dartmouth General anymore, I'm at St. Boniface Hospital.",
     "new job - not at Dartmouth General anymore, it's St. Boniface Hospital.",
     "No longer with Dartmouth General, it's St. Boniface Hospital now."],
)
def test_the_place_the_user_is_no_longer_at_gives_way_to_the_new_one(
    capturer: Capturer, store: MemoryStore, sentence: str
) -> None:
    capturer.capture(None, "I work at Dartmouth General.")
    capturer.capture(None, sentence)
    (memory,) = store.all()
    assert memory.key == "employer"
    assert "Boniface Hospital" in memory.content
    assert "Dartmouth" not in memory.content


def test_where_the_user_is_right_now_changes_nothing(
    capturer: Capturer, store: MemoryStore
) -> None:
    capturer.capture(None, "I work at Dartmouth General.")
    capturer.capture(None, "I'm not at Dartmouth General, I'm at the dentist.")
    (memory,) = store.all()
    assert "Dartmouth General" in memory.content


def test_a_swap_with_nothing_to_change_is_left_to_the_other_rules(
    capturer: Capturer, store: MemoryStore
) -> None:
    capturer.capture(None, "I switched from Marmite to Vegemite.")
    assert store.all() == []  # no memory holds Marmite; nothing is guessed


@pytest.mark.parametrize(
    "sentence", ["I think it might rain.", "I guess I'll manage.", "I hope the train is on time."]
)
def test_guesses_and_hopes_are_not_facts(sentence: str) -> None:
    assert statement_sentences(sentence) == []


def test_a_team_the_user_supports_is_not_filed_as_an_employer() -> None:
    from kai_desktop.core.memory.slots import slot_fact

    fact, why = slot_fact({"topic": "employer", "detail": "", "value": "Benfica"},
                          "I support Benfica.")
    assert fact is None
    assert why == "not an employer"
    fact, _ = slot_fact({"topic": "employer", "detail": "", "value": "Benfica"},
                        "I work for Benfica.")
    assert fact is not None


def test_words_for_the_same_favourite_share_one_key() -> None:
    from kai_desktop.core.memory.statements import canonical_key

    assert canonical_key("favourite dish") == canonical_key("favorite food") == "favourite_food"
    assert canonical_key("Favourite movie") == "favourite_film"
    assert canonical_key("meal_plan") == "meal_plan"


def test_the_same_person_under_another_kin_word_is_a_reinforcement(
    capturer: Capturer, store: MemoryStore
) -> None:
    capturer.capture(None, "My husband is called Rui.")
    report = capturer.capture(None, "I'm married to Rui.")
    assert [m.key for m in store.all()] == ["husband_name"]
    assert [d.action for d in report.decisions] == ["NOOP"]
    assert store.get("husband_name").hits == 2


def test_a_new_or_current_value_lands_on_the_same_key() -> None:
    from kai_desktop.core.memory.statements import canonical_key

    assert canonical_key("new employer") == canonical_key("current employer") == "employer"


def test_a_pasted_run_on_sentence_is_no_statement() -> None:
    from kai_desktop.core.memory.user_sentences import why_not_a_statement

    text = "I live in Leeds" + " for many years" * 4000 + " ok"
    assert why_not_a_statement(text) == "too long for a plain statement"
    assert statement_sentences(text) == []
    assert statement_sentences("I live in Leeds for many years.") != []


@pytest.mark.parametrize(
    ("first", "then", "key", "value"),
    [
        ("I work as a chef.", "I quit cooking and became a firefighter.", "occupation",
         "firefighter"),
        ("I live in Nantes.", "We packed up and moved to Rennes.", "home_city", "Rennes"),
        ("My favourite colour is red.", "I've gone off red, green is my favourite colour now.",
         "favourite_colour", "green"),
        ("My dog is called Max.", "Sadly Max died, our new dog is called Bella.", "dog_name",
         "Bella"),
        ("I work at Siemens.", "I left Siemens for a job at Bosch.", "employer", "Bosch"),
        ("I drive a Fiat Punto.", "I now drive a Nissan Leaf instead of the Fiat.", "vehicle",
         "Nissan Leaf"),
        ("I'm 40.", "I turned 41 last week.", "age", "41"),
        ("I drive a Fiat Punto.", "I traded in the Fiat for a Honda Jazz.", "vehicle",
         "Honda Jazz"),
        ("My usual drink is a flat white.",
         "Chai latte has replaced the flat white as my usual drink.", "usual_drink",
         "chai latte"),
    ],
)
def test_a_change_in_a_clause_of_a_longer_sentence_updates_the_memory(
    capturer: Capturer, store: MemoryStore, first: str, then: str, key: str, *, value: str
) -> None:
    capturer.capture(None, first)
    report = capturer.capture(None, then)
    assert report.keys("UPDATE") == [key]
    assert [(m.key, m.content) for m in store.all() if value in m.content] == [
        (key, store.get(key).content)  # type: ignore[union-attr]
    ]
    assert len(store.all()) == 1


def test_an_introduction_in_a_clause_names_no_one_and_never_renames(
    capturer: Capturer, store: MemoryStore
) -> None:
    capturer.capture(None, "Hello! Dana here, nice to meet you.")
    report = capturer.capture(None, "Vegetarian here, no meat for me.")
    assert report.keys("ADD") == ["diet"]
    capturer.capture(None, "Rui here.")
    assert store.get("name").content == "The user's name is Dana."  # type: ignore[union-attr]


def test_a_slot_said_twice_in_one_message_keeps_the_later_value(
    capturer: Capturer, store: MemoryStore
) -> None:
    capturer.capture(None, "Architecture is my line of work, I'm an architect.")
    (memory,) = store.all()
    assert memory.content == "The user works as an architect."
    assert not memory.history


def test_a_list_slot_said_in_two_sentences_of_one_message_adds_up(
    capturer: Capturer, store: MemoryStore
) -> None:
    capturer.capture(None, "At home we speak Portuguese, and I speak English at work.")
    assert store.get("languages").content == (  # type: ignore[union-attr]
        "The user speaks Portuguese and English."
    )


@pytest.mark.parametrize(
    ("first", "change", "expected"),
    [("I drive a Skoda Octavia.", "Sold the Skoda; it's a Tesla now.", "The user drives a Tesla."),
     ("Every morning starts with an espresso.",
      "These days I have matcha in the mornings instead of espresso.",
      "The user starts the day with matcha."),
     ("I drive a Fiat Panda.", "We got rid of the Fiat, now we have an Audi.",
      "The user drives an Audi."),
     ("I drive an old Mazda 3.", "Traded the Mazda in for a Volvo.", "The user drives a Volvo."),
     ("Tacos are my absolute favourite food.", "Lately I prefer pho over tacos.",
      "The user's favourite food is pho."),
     ("I live on coffee.", "Coffee's out, green tea's in.", "The user drinks green tea."),
     ("My car's a Vauxhall Corsa.", "Goodbye Corsa, hello Kia Sportage.",
      "The user drives a Kia Sportage."),
     ("A little Fiat 500 is what I drive.", "The Fiat's been replaced by a Renault Zoe.",
      "The user drives a Renault Zoe."),
     ("I'm a frappe person.", "Now it's oat lattes for me, no more frappe.",
      "The user drinks oat lattes."),
     ("Flat white, every single morning.", "I've gone off flat whites, it's iced tea now.",
      "The user starts the day with iced tea."),
     ("I get about in a Toyota Corolla.", "Upgraded from the Corolla to a Mazda CX-5.",
      "The user drives a Mazda CX-5."),
     ("If I could only eat one thing, it'd be laksa.", "These days pizza beats laksa for me.",
      "The user's favourite food is pizza."),
     ("Can't start the day without an Irn-Bru.",
      "I've given up the Irn-Bru, it's builder's tea in the morning now.",
      "The user starts the day with builder's tea."),
     ("I drive a white Ford Transit van.", "Got rid of the Transit, I've a Volvo XC60 now.",
      "The user drives a Volvo XC60."),
     ("I'm a joiner to trade.", "I packed in the joinery and drive buses now.",
      "The user works as a bus driver."),
     ("Haggis, neeps and tatties is my favourite meal.",
      "Lasagne's taken over as my favourite food.", "The user's favourite food is Lasagne.")],
)
def test_a_change_said_in_other_shapes_replaces_the_old_value(
    capturer: Capturer, store: MemoryStore, first: str, change: str, expected: str
) -> None:
    capturer.capture(None, first)
    capturer.capture(None, change)
    (memory,) = store.all()
    assert memory.content == expected
    assert len(memory.history) == 1


def test_a_replaced_value_takes_its_own_article() -> None:
    from kai_desktop.core.memory.swaps import replaced_in

    assert replaced_in("The user has a Fiat every day.", "Fiat", "Audi") == (
        "The user has an Audi every day.")
    assert replaced_in("An apple starts the user's day.", "apple", "pear") == (
        "A pear starts the user's day.")


def test_a_sentence_over_the_length_cap_is_never_told_of_the_user() -> None:
    long = "Goodbye Corsa, hello " + "Kia " * 300 + "."
    assert len(long) > 1000
    assert told_of_user("Goodbye Corsa, hello Kia Sportage.")
    assert not told_of_user(long)
    assert statement_sentences(long, told_of_user=told_of_user) == []
