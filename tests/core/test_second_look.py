"""The second look: topics a message names that no rule read, asked of the model one at a time."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kai_desktop.core.llm.model import ScriptedChatModel
from kai_desktop.core.memory import second_look as look
from kai_desktop.core.memory.capture import Capturer
from kai_desktop.core.memory.inbox import ReviewInbox
from kai_desktop.core.memory.second_look import MORNING, Unit
from kai_desktop.core.memory.store import MemoryStore
from kai_desktop.core.memory.tiers import Tiers


@pytest.fixture
def capturer(store: MemoryStore, tmp_path: Path) -> Capturer:
    return Capturer(store, Tiers(store.vault), ReviewInbox(tmp_path / "inbox.json"))


def _reply(topic: str, value: str, detail: str = "") -> str:
    return json.dumps({"topic": topic, "detail": detail, "value": value})


@pytest.mark.parametrize(
    ("sentence", "unit"),
    [
        ("Also important: shrimp, super allergic ako diyan.", Unit("allergy")),
        ("Every morning kailangan ko ng kapeng barako.", MORNING),
        ("and a cat named Pandesal kasi kulay tinapay siya", Unit("pet", "cat")),
        ("Ay and favourite movie ko: Heneral Luna.", Unit("favourite", "movie")),
        ("So my ate Jocelyn, my older sister, is visiting", Unit("relative", "sister")),
        ("okay so i drive a subaru now lol", Unit("car")),
    ],
)
def test_the_topics_a_sentence_names_in_any_register(sentence: str, unit: Unit) -> None:
    assert unit in look.named_units(sentence)


@pytest.mark.parametrize(
    "text", ["Grabe, ang daming nangyari. Long time no chat", "Rawiri kept the Navara, of course."])
def test_small_talk_names_no_topic(text: str) -> None:
    # "of course" is no course of study
    assert look.named_units(text) == []


def test_of_course_is_no_word_of_study() -> None:
    from kai_desktop.core.memory.slots import slot_fact

    item = {"topic": "studies", "detail": "", "value": "Navara"}
    assert slot_fact(item, "Rawiri kept the Navara, of course.")[0] is None


@pytest.mark.parametrize(
    ("key", "unit"),
    [("allergy", Unit("allergy")), ("favourite_film", Unit("favourite", "film")),
     ("cat_name", Unit("pet", "cat")), ("sister_name", Unit("relative", "sister")),
     ("vehicle", Unit("car")), ("usual_drink", MORNING), ("origin", Unit("grew up in"))],
)
def test_a_captured_key_fills_its_unit(key: str, unit: Unit) -> None:
    assert look.unit_of(key) == unit


@pytest.mark.parametrize(
    ("value", "unit", "kept"),
    [("Ay and favourite movie ko: Heneral Luna", Unit("favourite", "movie"), "Heneral Luna"),
     ("Favourite food ko talaga ever is sinigang na baboy, sour and",
      Unit("favourite", "food"), "sinigang na baboy"),
     ("Tagalog, Ilocano (from my Lola), and English syempre", Unit("languages"),
      "Tagalog, Ilocano and English"),
     ("Tagalog and English, syempre", Unit("languages"), "Tagalog and English"),
     ("Honda Civic", Unit("car"), "Honda Civic")],
)
def test_a_value_copied_with_its_surroundings_is_cut_to_the_thing(
        value: str, unit: Unit, kept: str) -> None:
    assert look.trimmed(value, unit) == kept


def test_a_long_sentence_is_cut_to_the_words_around_its_topic() -> None:
    words = [f"w{i}" for i in range(60)]
    sentence = " ".join([*words[:40], "my", "favourite", "colour", "is", "teal", *words[40:]])
    part = look.window(sentence, Unit("favourite", "colour"))
    assert "teal" in part
    assert "w0" not in part
    assert len(part.split()) == 32


def test_a_clause_is_asked_about_with_its_whole_sentence() -> None:
    text = "Hello! Pero taga-Laoag talaga ako, Ilocos Norte, born and raised. Bye"
    assert look.context_of("born and raised", text) == (
        "Pero taga-Laoag talaga ako, Ilocos Norte, born and raised.")


def test_a_short_sentence_is_asked_about_with_the_next_one() -> None:
    text = "Big news. We moved! Ana and I are in Leeds now. Bye"
    assert look.context_of("We moved!", text) == "We moved! Ana and I are in Leeds now."
    assert look.context_of("Bye", text) == "Bye"


def test_the_request_admits_only_the_topic_and_shows_examples_on_it() -> None:
    unit = Unit("favourite", "colour")
    schema = look.unit_schema(unit)
    assert schema["properties"]["topic"]["enum"] == ["favourite", "none"]
    assert schema["properties"]["detail"]["enum"] == ["colour", ""]
    answers = [json.loads(m["content"]) for m in look.unit_request("fave color mustard", unit)
               if m["role"] == "assistant"]
    assert answers[0]["topic"] == "none"
    assert {a["topic"] for a in answers[1:]} == {"favourite"}
    assert answers[-1]["detail"] == "colour"


def test_a_topic_named_outside_the_rules_is_asked_and_stored(
        capturer: Capturer, store: MemoryStore) -> None:
    model = ScriptedChatModel([_reply("allergy", "shrimp")])
    capturer.capture(model, "Also important: shrimp, super allergic ako diyan.")
    assert [m.content for m in store.all()] == ["The user is allergic to shrimp."]
    (request,) = model.requests
    assert request.json_schema is not None
    assert request.json_schema["properties"]["topic"]["enum"] == ["allergy", "none"]


def test_a_morning_drink_is_worded_as_the_rules_word_it(
        capturer: Capturer, store: MemoryStore) -> None:
    model = ScriptedChatModel([_reply("other", "kapeng barako", "morning_routine")])
    capturer.capture(model, "Every morning kailangan ko ng kapeng barako.")
    (memory,) = store.all()
    assert (memory.key, memory.content) == ("morning_routine",
                                            "The user starts the day with kapeng barako.")


def test_a_topic_the_rules_filled_is_not_asked_again(capturer: Capturer,
                                                     store: MemoryStore) -> None:
    model = ScriptedChatModel([])
    capturer.capture(model, "I'm allergic to peanuts.")
    assert [m.key for m in store.all()] == ["allergy"]
    assert model.requests == []


def test_a_value_the_user_did_not_say_is_refused(capturer: Capturer,
                                                 store: MemoryStore) -> None:
    model = ScriptedChatModel([_reply("allergy", "prawns")])
    report = capturer.capture(model, "Also important: shrimp, super allergic ako diyan.")
    assert store.all() == []
    assert any("not something the user said" in why for _, why in report.skipped)


def test_a_fact_about_someone_else_is_not_asked(capturer: Capturer, store: MemoryStore) -> None:
    model = ScriptedChatModel([_reply("allergy", "cats")], repeat_last=True)
    capturer.capture(model, "My sister Ana is allergic to cats.")
    assert all(m.key != "allergy" for m in store.all())
    assert all(r.json_schema is None or r.json_schema["properties"]["topic"]["enum"]
               != ["allergy", "none"] for r in model.requests)


def test_a_message_naming_many_topics_asks_a_bounded_number(capturer: Capturer) -> None:
    model = ScriptedChatModel([_reply("none", "")], repeat_last=True)
    text = ("lol ok so allergic sa nuts, fave color naman, fave food din, fave film pa, "
            "collect ng stamps, learning ng korean, mother tongue ilocano, the dog si bantay, "
            "the cat si muning, birthday sa june, diet keto, car na subaru, guitar din, "
            "tapos my kuya brother si jun, my boss si ramon, my mom si cora")
    assert len(look.named_units(text)) > look.MAX_SECOND_LOOKS + 4
    capturer.capture(model, text)
    second = [r for r in model.requests if r.messages[0]["content"].startswith("You find")]
    assert len(second) == look.MAX_SECOND_LOOKS


def test_a_topic_the_first_request_filed_and_the_checks_refused_is_not_asked_again(
        capturer: Capturer, store: MemoryStore) -> None:
    model = ScriptedChatModel([_reply("job", "dentist")], repeat_last=True)
    capturer.capture(model, "I work as a dental hygienist sa Ocampo Family Dentistry.")
    assert store.all() == []
    assert len(model.requests) == 1


def test_what_someone_is_like_is_no_name(capturer: Capturer, store: MemoryStore) -> None:
    model = ScriptedChatModel([_reply("relative", "really nice", "boss")], repeat_last=True)
    report = capturer.capture(model, "i work at northstar now and my boss is really nice so far")
    assert all(m.key != "boss_name" for m in store.all())
    assert any(why == "not a name" for _, why in report.skipped)


def _car_after(capturer: Capturer, store: MemoryStore, reply: str, text: str) -> str:
    """The vehicle memory after "I drive a Subaru." and ``text`` with ``reply`` filed."""
    capturer.capture(None, "I drive a Subaru.")
    capturer.capture(ScriptedChatModel([reply], repeat_last=True), text)
    vehicle = store.get("vehicle")
    assert vehicle is not None
    return vehicle.content


def test_a_topic_named_in_passing_does_not_replace_a_memory(
        capturer: Capturer, store: MemoryStore) -> None:
    text = "the drive was twenty hours and gizmo got car sick in montana"
    assert _car_after(capturer, store, _reply("car", "Gizmo"), text) == (
        "The user drives a Subaru.")
    assert capturer.inbox is not None
    assert [(i.key, i.new) for i in capturer.inbox.items()] == [
        ("vehicle", "The user drives a gizmo.")]


def test_a_change_the_message_says_is_applied(capturer: Capturer, store: MemoryStore) -> None:
    text = "update: mazda na talaga, ang smooth"
    assert _car_after(capturer, store, _reply("car", "mazda"), text) == (
        "The user drives a mazda.")


@pytest.mark.parametrize(
    ("value", "unit", "part", "kept"),
    [("Naman", Unit("favourite", "color"), "Fave color naman, mustard yellow, kahit ano",
      "mustard yellow"),
     ("Naman", Unit("favourite", "colour"), "fave colour naman, red or blue", "Naman"),
     ("it", Unit("instrument"), "lessons sa ukulele every week", "ukulele"),
     ("teal", Unit("favourite", "colour"), "teal or navy", "teal")],
)
def test_a_value_of_no_kind_gives_way_to_the_one_word_of_its_kind(
        value: str, unit: Unit, part: str, kept: str) -> None:
    assert look.of_its_kind(value, unit, part) == kept


def test_a_list_of_languages_said_under_languages_is_filed(capturer: Capturer,
                                                          store: MemoryStore) -> None:
    model = ScriptedChatModel([_reply("languages", "Tagalog, Ilocano, and English syempre")],
                              repeat_last=True)
    capturer.capture(model, "Languages ko: Tagalog, Ilocano, and English syempre.")
    languages = store.get("languages")
    assert languages is not None
    assert "Tagalog" in languages.content


def test_without_an_inbox_an_unsure_value_is_not_stored_over_the_memory(
        store: MemoryStore) -> None:
    capturer = Capturer(store, Tiers(store.vault), None)
    text = "the drive was twenty hours and gizmo got car sick in montana"
    assert _car_after(capturer, store, _reply("car", "Gizmo"), text) == (
        "The user drives a Subaru.")


def test_the_first_request_gets_the_one_word_of_its_kind_too(
        capturer: Capturer, store: MemoryStore) -> None:
    """A first-person story sentence goes to the first request, which files the car as
    the place it went to; the one make the sentence holds is the car."""
    model = ScriptedChatModel([_reply("car", "Cornwall")], repeat_last=True)
    capturer.capture(model, "I drove the Skoda all the way to Cornwall and back.")
    assert [m.content for m in store.all()] == ["The user drives a Skoda."]
