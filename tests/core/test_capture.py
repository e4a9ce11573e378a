"""Capture after every user message: what is stored, updated, reinforced, reviewed, kept."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from kai_desktop.core.chat.keeper import ConversationKeeper
from kai_desktop.core.chat.session import ChatSession, SessionConfig
from kai_desktop.core.llm.model import ScriptedChatModel
from kai_desktop.core.memory.capture import Capturer, decide
from kai_desktop.core.memory.extraction import Extractor
from kai_desktop.core.memory.inbox import ReviewInbox
from kai_desktop.core.memory.journal import TranscriptJournal
from kai_desktop.core.memory.key_words import canonical_key
from kai_desktop.core.memory.statements import rule_facts
from kai_desktop.core.memory.store import MemoryStore
from kai_desktop.core.memory.tiers import Tiers
from kai_desktop.core.memory.user_sentences import statement_sentences, why_not_a_statement


@pytest.fixture
def capturer(store: MemoryStore, tmp_path: Path) -> Capturer:
    return Capturer(store, Tiers(store.vault), ReviewInbox(tmp_path / "inbox.json"))


@pytest.mark.parametrize(
    "text",
    ["What is my favourite tea?", "Hi there!", "Thanks, that helps.", "Tell me a joke",
     "I'm so tired today.", "The weather is nice.", "how do I boil an egg"],
)
def test_questions_greetings_and_small_talk_are_not_statements(text: str) -> None:
    assert statement_sentences(text) == []


def test_a_statement_inside_small_talk_is_kept() -> None:
    assert statement_sentences("Hi! My name is Dana. How are you?") == ["My name is Dana."]
    assert why_not_a_statement("I live in Lisbon.") is None


def test_keys_are_short_snake_case_slots() -> None:
    assert canonical_key("User's Favorite-Color") == "favourite_colour"
    assert canonical_key("job") == "occupation"
    assert canonical_key("a very long key with many words in it") == "very_long_key_with"


def test_plain_declaratives_give_third_person_facts_on_stable_keys() -> None:
    (first,) = rule_facts("I live in Lisbon.")
    (moved,) = rule_facts("I moved to Porto last month.")
    assert (first.key, moved.key) == ("home_city", "home_city")
    assert first.content == "The user lives in Lisbon."
    assert moved.content == "The user lives in Porto."
    (teach,) = statement_sentences("I left the bakery, I teach maths now.")[1:]
    assert rule_facts(teach)[0].key == "occupation"


def test_a_question_is_never_stored(capturer: Capturer, store: MemoryStore) -> None:
    model = ScriptedChatModel([])
    report = capturer.capture(model, "What's my favourite tea?")
    assert store.all() == []
    assert report.decisions == []
    assert model.requests == []  # nothing worth asking the model about


def test_assistant_text_is_not_stored(capturer: Capturer, store: MemoryStore) -> None:
    # The model proposes a value from somewhere else than the user's sentence.
    model = ScriptedChatModel(
        ['{"topic": "collects", "detail": "", "value": "sailing boats"}']
    )
    report = capturer.capture(model, "Old stamps fill three albums of mine.")
    assert store.all() == []
    assert any("not something the user said" in why for _, why in report.skipped)


def test_the_model_files_what_the_rules_do_not_under_a_fixed_slot(
    capturer: Capturer, store: MemoryStore
) -> None:
    model = ScriptedChatModel(
        ['{"topic": "favourite", "detail": "tea", "value": "Oolong"}']
    )
    capturer.capture(model, "Nothing beats a cup of Oolong tea for me.")
    (memory,) = store.all()
    assert (memory.key, memory.content) == ("favourite_tea", "The user's favourite tea is Oolong.")
    assert model.requests[0].json_schema is not None  # grammar-constrained
    # The same slot said the rules' way later is an update of the same memory.
    capturer.capture(None, "My favourite tea is rooibos.")
    (memory,) = store.all()
    assert "rooibos" in memory.content
    assert "Oolong" in memory.history[0]


@pytest.mark.parametrize(
    ("sentence", "item", "why"),
    [
        ("I'm not a nurse anymore.", {"topic": "job", "detail": "", "value": "nurse"},
         "said as no longer true"),
        ("Ana is my best mate.", {"topic": "relative", "detail": "sister", "value": "Ana"},
         "no usable key"),
        ("I'm a nurse.", {"topic": "age", "detail": "", "value": "nurse"}, "no usable value"),
        ("I'm a nurse.", {"topic": "favourite", "detail": "film", "value": "nurse"},
         "nothing in the sentence says it is a favourite"),
        ("I was brought up in Adelaide.", {"topic": "birthday", "detail": "",
                                           "value": "Adelaide"},
         "nothing in the sentence says it is a birthday"),
        ("I was born in Adelaide.", {"topic": "birthday", "detail": "", "value": "Adelaide"},
         "not a date"),
        ("I'm fluent in Python.", {"topic": "languages", "detail": "", "value": "Python"},
         "not a language"),
        ("I swim every Tuesday.", {"topic": "favourite", "detail": "film", "value": "Tuesday"},
         "nothing in the sentence says it is a favourite"),
        ("I'm allergic to cats.", {"topic": "allergy", "detail": "", "value": "allergic"},
         "no usable value"),
        ("Peanuts give me an allergic reaction.", {"topic": "allergy", "detail": "",
                                                    "value": "give me an allergic reaction"},
         "no usable value"),
        ("Workwise, I'm at Spotify.", {"topic": "instrument", "detail": "", "value": "Spotify"},
         "nothing in the sentence says it is a instrument"),
        ("I'm a nurse.", {"topic": "home city", "detail": "", "value": "Lisbon"},
         "not something the user said"),
        ("I'm a nurse.", {"topic": "weather", "detail": "", "value": "nurse"}, "no fact"),
        ("I left nursing.", {"topic": "dislikes", "detail": "", "value": "nursing"},
         "said as no longer true"),
        ("I sold the Fiat.", {"topic": "car", "detail": "", "value": "Fiat"},
         "said as no longer true"),
        # A place, or a film, given as a person's name
        ("We moved to Milan, and my sister is still in Rome.",
         {"topic": "relative", "detail": "sister", "value": "Rome"}, "a place, not a name"),
        ("Luca's favourite film is The Godfather; mine is Cinema Paradiso.",
         {"topic": "name", "detail": "", "value": "Cinema Paradiso"},
         "nothing in the sentence says it is a name"),
    ],
)
def test_model_items_are_checked_against_the_sentence(
    sentence: str, item: dict[str, str], why: str
) -> None:
    from kai_desktop.core.memory.slots import slot_fact

    fact, reason = slot_fact(item, sentence)
    assert fact is None
    assert reason == why


@pytest.mark.parametrize(
    ("sentence", "item", "key", "content"),
    [
        # The favourite the sentence names, not a word the model took from elsewhere in it.
        ("Navy blue suits me best, my favourite colour.",
         {"topic": "favourite", "detail": "suit", "value": "Navy blue"},
         "favourite_colour", "The user's favourite colour is Navy blue."),
        # A "favourite" nobody called one keeps the user's words, not the template's claim.
        ("Espresso is what I drink every morning.",
         {"topic": "favourite", "detail": "drink", "value": "Espresso"},
         "drink", "Espresso is what the user drinks every morning."),
        ("I swim every Tuesday.", {"topic": "favourite", "detail": "swim", "value": "Tuesday"},
         "swim", "The user swims every Tuesday."),
        # The instrument names itself; no "play" is needed.
        ("In the evenings I practise the saxophone.",
         {"topic": "instrument", "detail": "", "value": "saxophone"},
         "plays", "The user plays the saxophone."),
        # The symptom filed as the value and the cause as the detail.
        ("Shellfish makes me really ill, I'm allergic.",
         {"topic": "allergy", "detail": "Shellfish", "value": "ill"},
         "allergy", "The user is allergic to Shellfish."),
        # A pet whose kind the item left out, named by the one animal word.
        ("Bruno, our boxer, is the best dog ever.",
         {"topic": "pet", "detail": "", "value": "Bruno"},
         "dog_name", "The user's dog is called Bruno."),
        # A breed is the animal; a name in lower case takes the user's capitals.
        ("My terrier Murphy goes everywhere with me.",
         {"topic": "pet", "detail": "terrier", "value": "murphy"},
         "dog_name", "The user's dog is called Murphy."),
        ("My terrier Murphy goes everywhere with me.",
         {"topic": "pet", "detail": "Murphy", "value": "murphy"},
         "dog_name", "The user's dog is called Murphy."),
        # The languages the sentence names, when the value is another word of it.
        ("I grew up bilingual in Irish and English.",
         {"topic": "languages", "detail": "", "value": "bilingual"},
         "languages", "The user speaks Irish and English."),
        # Not a language in the value, one in the sentence: and it is being learnt.
        ("I've been learning Korean on Duolingo.",
         {"topic": "languages", "detail": "", "value": "Duolingo"},
         "studies", "The user is studying Korean."),
        # A symptom is a word of allergy.
        ("Penicillin gives me a rash.",
         {"topic": "allergy", "detail": "penicillin", "value": "rash"},
         "allergy", "The user is allergic to Penicillin."),
        # A car make names the car, whatever the item's topic.
        ("I own a silver Toyota Yaris.",
         {"topic": "favourite", "detail": "", "value": "Toyota Yaris"},
         "vehicle", "The user drives a Toyota Yaris."),
        # Coeliac is a diet, not an allergy.
        ("I avoid gluten, I'm coeliac.", {"topic": "allergy", "detail": "", "value": "gluten"},
         "diet", "The user's diet: gluten."),
        # A diet said as what the user is reads so.
        ("I eat pescatarian.", {"topic": "diet", "detail": "", "value": "Pescatarian"},
         "diet", "The user is pescatarian."),
    ],
)
def test_known_wrong_shapes_of_an_item_are_repaired(
    sentence: str, item: dict[str, str], key: str, content: str
) -> None:
    from kai_desktop.core.memory.slots import slot_fact

    fact, why = slot_fact(item, sentence)
    assert fact is not None, why
    assert (fact.key, fact.content) == (key, content)


def test_a_word_the_model_doubles_is_kept_as_the_user_wrote_it() -> None:
    from kai_desktop.core.memory.slots import slot_fact

    fact, why = slot_fact({"topic": "pet", "detail": "cat", "value": "pepper pepper"},
                          "Also we have a cat named Pepper")
    assert fact is not None, why
    assert fact.content == "The user's cat is called Pepper."


def test_a_name_typed_in_lower_case_is_stored_with_its_capitals() -> None:
    from kai_desktop.core.memory.slots import slot_fact

    fact, _ = slot_fact({"topic": "name", "detail": "", "value": "marcus"}, "hey kai im marcus")
    assert fact is not None
    assert fact.content == "The user's name is Marcus."
    fact, _ = slot_fact({"topic": "car", "detail": "", "value": "jeep"}, "i drive a jeep")
    assert fact is not None
    assert fact.content == "The user drives a jeep."


def test_a_repair_never_invents_what_the_sentence_lacks() -> None:
    from kai_desktop.core.memory.slots import slot_fact

    # Two animals: no kind is guessed.
    fact, _ = slot_fact({"topic": "pet", "detail": "", "value": "Bruno"},
                        "Bruno the dog chases our cat.")
    assert fact is None
    # Not an instrument, and no word of playing.
    fact, _ = slot_fact({"topic": "instrument", "detail": "", "value": "Spotify"},
                        "Workwise, I'm at Spotify.")
    assert fact is None
    # A symptom with no cause named stays refused.
    fact, _ = slot_fact({"topic": "allergy", "detail": "", "value": "ill"}, "I feel ill.")
    assert fact is None
    # A time span or a pronoun names nothing.
    fact, why = slot_fact({"topic": "collects", "detail": "", "value": "years"},
                          "I've collected them for years.")
    assert (fact, why) == (None, "no usable value")


def test_third_person_covers_we_and_our() -> None:
    from kai_desktop.core.memory.third_person import third_person

    assert third_person("We keep our bikes in the hall.") == (
        "The user and family keep the user's bikes in the hall.")


def test_a_relative_named_by_marriage_and_a_pet_by_its_kind() -> None:
    from kai_desktop.core.memory.slots import slot_fact

    fact, _ = slot_fact({"topic": "relative", "detail": "husband", "value": "Joao"},
                        "I'm married to Joao.")
    assert fact is not None
    assert (fact.key, fact.content) == (
        "husband_name", "The user's husband is called Joao.")
    fact, _ = slot_fact({"topic": "pet", "detail": "parrot", "value": "Kiwi"},
                        "We own a parrot named Kiwi.")
    assert fact is not None
    assert fact.key == "parrot_name"


def test_an_update_supersedes_and_keeps_the_old_value_in_history(
    capturer: Capturer, store: MemoryStore
) -> None:
    capturer.capture(None, "I work as a baker.")
    report = capturer.capture(None, "I left the bakery, I teach maths now.")
    assert report.keys("UPDATE") == ["occupation"]
    (memory,) = store.all()
    assert memory.content == "The user teaches maths."
    assert len(memory.history) == 1
    assert "baker" in memory.history[0]
    daily = Tiers(store.vault).daily_text()
    assert "[memory] UPDATE occupation" in daily


def test_a_repeated_fact_reinforces_instead_of_adding(
    capturer: Capturer, store: MemoryStore
) -> None:
    capturer.capture(None, "I live in Lisbon.")
    report = capturer.capture(None, "As I said, I live in Lisbon.")
    assert report.keys("NOOP") == ["home_city"]
    (memory,) = store.all()
    assert memory.hits == 2


def test_two_routines_are_two_memories_not_a_contradiction(
    capturer: Capturer, store: MemoryStore
) -> None:
    capturer.capture(None, "Every morning starts with an espresso.")
    report = capturer.capture(None, "Every Thursday I go swimming.")
    assert report.keys("ADD") == ["swimming_routine"]
    assert sorted(m.key for m in store.all()) == ["morning_routine", "swimming_routine"]


def test_a_possible_contradiction_goes_to_the_review_inbox(
    capturer: Capturer, store: MemoryStore
) -> None:
    store.learn("favourite_tea_brand", "The user likes Twinings tea.", "Preference")
    fact = rule_facts("My favourite tea is rooibos.")[0]
    assert decide(fact, store.all()).action == "REVIEW"
    capturer.capture(None, "My favourite tea is rooibos.")
    assert capturer.inbox is not None
    (item,) = capturer.inbox.items()
    assert item.kind == "contradiction"
    assert "rooibos" in item.new
    assert len(store.all()) == 1  # nothing applied on its own
    # The inbox survives a restart, and accepting applies the newest value.
    again = ReviewInbox(capturer.inbox._path)
    again.accept(item.id, store)
    assert "rooibos" in store.get("favourite_tea_brand").content  # type: ignore[union-attr]
    assert again.items() == []


def test_forget_that_deletes_with_undo(capturer: Capturer, store: MemoryStore) -> None:
    capturer.capture(None, "My dog is called Biscuit.")
    report = capturer.capture(None, "Please forget my dog.")
    assert report.keys("DELETE") == ["dog_name"]
    assert store.all() == []
    store.undo("dog_name")
    assert store.get("dog_name") is not None


def _keeper(tmp_path: Path, store: MemoryStore) -> ConversationKeeper:
    tiers = Tiers(store.vault)
    extractor = Extractor(store, tiers, env={})
    session = ChatSession(memory=store, tiers=tiers, extractor=extractor,
                          config=SessionConfig(answer_tokens=32))
    return ConversationKeeper(session, Capturer(store, tiers),
                              TranscriptJournal(tmp_path / "journal.jsonl"), extractor)


def test_quitting_runs_capture_and_saves_the_session(tmp_path: Path, store: MemoryStore) -> None:
    keeper = _keeper(tmp_path, store)
    model = ScriptedChatModel(["Nice.", "Noted.", '{"facts": []}', "Summary."] + ["{}"] * 4)
    for text in ("I live in Lyon.", "I work as a nurse."):
        keeper.user_said(text)
        answer = keeper.session.run_turn(model, text)
        keeper.assistant_said(answer.text)
    assert store.all() == []  # no capture ran yet
    report = keeper.end(model)
    assert not report.stopped
    assert {m.key for m in store.all()} == {"home_city", "occupation"}
    assert any(p.startswith("sessions/") for p in store.vault.iter_notes())
    assert not keeper.journal.path.exists()  # type: ignore[union-attr]


def test_a_killed_process_loses_no_stated_fact(tmp_path: Path, store: MemoryStore) -> None:
    journal = tmp_path / "journal.jsonl"
    child = textwrap.dedent(f"""
        import os, signal
        from kai_desktop.core.memory.journal import TranscriptJournal
        j = TranscriptJournal(__import__("pathlib").Path({str(journal)!r}))
        j.user("I live in Lyon.")
        j.assistant("Lyon is lovely.")
        j.user("My sister is called Ana.")
        os.kill(os.getpid(), signal.SIGKILL)
    """)
    proc = subprocess.run([sys.executable, "-c", child], check=False,
                          env={**os.environ, "PYTHONPATH": str(Path.cwd())})
    assert proc.returncode == -signal.SIGKILL
    keeper = _keeper(tmp_path, store)
    report = keeper.recover(None)
    assert report is not None
    assert report.recovered
    assert {m.key for m in store.all()} == {"home_city", "sister_name"}
    assert not journal.exists()


def test_a_torn_journal_line_is_skipped(tmp_path: Path) -> None:
    path = tmp_path / "journal.jsonl"
    path.write_text(json.dumps({"kind": "user", "seq": 1, "text": "I live in Oslo."})
                    + "\n{\"kind\": \"us", encoding="utf-8")
    assert TranscriptJournal(path).uncaptured() == [(1, "I live in Oslo.")]


def test_a_memory_the_answer_used_is_reinforced_once(tmp_path: Path, store: MemoryStore) -> None:
    store.store("home_city", "The user lives in Lyon.")
    keeper = _keeper(tmp_path, store)
    assert keeper.assistant_said("You live in Lyon.", ["home_city"]) == ["home_city"]
    assert keeper.assistant_said("Lyon, as I said.", ["home_city"]) == []
    assert keeper.assistant_said("No idea.", ["home_city"]) == []
    assert store.get("home_city").hits == 2  # type: ignore[union-attr]


def test_a_model_slot_that_does_not_fit_the_value_never_overwrites(
    capturer: Capturer, store: MemoryStore
) -> None:
    capturer.capture(None, "I work as a nurse.")
    model = ScriptedChatModel(
        ['{"topic": "job", "detail": "", "value": "long-run days"}']
    )
    report = capturer.capture(model, "Sundays are my long-run days.")
    assert store.get("occupation").content == "The user works as a nurse."  # type: ignore[union-attr]
    assert ("Sundays are my long-run days.", "not a job") in report.skipped


def test_a_lead_in_does_not_hide_a_plain_statement(capturer: Capturer, store: MemoryStore) -> None:
    capturer.capture(None, "I live in Lisbon.")
    capturer.capture(None, "Big news: I moved to Porto last month.")
    home = store.get("home_city")
    assert home is not None
    assert home.content == "The user lives in Porto."


def test_known_wrong_shapes_of_a_model_item_are_repaired() -> None:
    from kai_desktop.core.memory.slots import slot_fact

    # The value written into "detail".
    fact, _ = slot_fact({"topic": "home city", "detail": "Edinburgh", "value": ""},
                        "Home for me is Edinburgh.")
    assert fact is not None
    assert (fact.key, fact.content) == ("home_city", "The user lives in Edinburgh.")
    # An age filed as a birthday.
    fact, _ = slot_fact({"topic": "birthday", "detail": "", "value": "41"},
                        "Last month I turned 41.")
    assert fact is not None
    assert (fact.key, fact.content) == ("age", "The user is 41 years old.")


def test_a_fact_outside_the_slots_is_the_users_sentence_in_the_third_person() -> None:
    from kai_desktop.core.memory.slots import slot_fact
    from kai_desktop.core.memory.third_person import third_person

    fact, _ = slot_fact({"topic": "other", "detail": "swimming", "value": "swim"},
                        "Every Saturday I swim at the lido.")
    assert fact is not None
    assert (fact.key, fact.content) == ("swimming", "Every Saturday the user swims at the lido.")
    assert third_person("I really love my job.") == "The user really loves the user's job."
    assert third_person("I'm a big fan of jazz.") == "The user is a big fan of jazz."
    assert third_person("I can't stand coriander.") == "The user can't stand coriander."


def test_a_name_slot_needs_a_name_where_the_user_writes_capitals() -> None:
    from kai_desktop.core.memory.slots import slot_fact

    fact, why = slot_fact({"topic": "employer", "detail": "", "value": "trade"},
                          "I'm a pharmacist by trade, at Boots.")
    assert fact is None
    assert why == "not a name"
    fact, _ = slot_fact({"topic": "employer", "detail": "", "value": "boots"},
                        "i work for boots")
    assert fact is not None


def test_a_model_item_the_words_do_not_bear_out_is_refused() -> None:
    from kai_desktop.core.memory.slots import slot_fact

    fact, why = slot_fact({"topic": "relative", "detail": "mum", "value": "Stovies"},
                          "And the stovies have been knocked off the top spot, sorry Mum.")
    assert fact is None
    assert why in ("not a name", "a thing, not a name")
    simile, _ = slot_fact({"topic": "favourite", "detail": "lips", "value": "balloon"},
                          "Even a wee dab and my lips swell up like a balloon.")
    assert simile is None or not simile.key.startswith("favourite")


@pytest.mark.parametrize(
    ("item", "sentence"),
    [({"topic": "name", "detail": "", "value": "Right"}, "Right, that's me. Cheerio the noo."),
     ({"topic": "name", "detail": "", "value": "Bueno"}, "Bueno, that's me, hablamos!"),
     ({"topic": "pet", "detail": "dog", "value": "Aye"}, "Aye, the dog's fine, cheers.")],
)
def test_a_word_that_opens_or_closes_a_message_is_no_name(
        item: dict[str, str], sentence: str) -> None:
    from kai_desktop.core.memory.slots import slot_fact

    assert slot_fact(item, sentence) == (None, "not a name")


@pytest.mark.parametrize(
    ("value", "sentence"),
    [("squash", "Tomas runs on Mondays, and I play squash every Friday."),
     ("matcha", "Matcha has taken over from coffee in my mornings.")],
)
def test_the_users_own_clause_beside_someone_elses_is_the_users(value: str,
                                                                sentence: str) -> None:
    from kai_desktop.core.memory.value_kinds import wrong_kind

    assert wrong_kind("other", value, sentence) is None


@pytest.mark.parametrize(
    ("item", "sentence", "why"),
    [({"topic": "age", "detail": "", "value": "70"},
      "I collect enamel mugs. I have maybe 70 now.", "a count, not an age"),
     ({"topic": "relative", "detail": "husband", "value": "Mother"},
      "Same day as my husband's mother, so we have two cakes.", "a relative, not a name"),
     ({"topic": "relative", "detail": "mother", "value": "Will Be Cross"},
      "My mother will be cross if she finds out.", "not a name"),
     ({"topic": "relative", "detail": "husband", "value": "Silly Hobby"},
      "I have 40 now, my husband say is silly hobby.", "what someone said, not a name"),
     ({"topic": "other", "detail": "bones", "value": "good for bones"},
      "My grandma always say is good for bones.", "what someone else says, not a fact"),
     ({"topic": "name", "detail": "", "value": "Jiawei"},
      "OK, Jiawei call me for dinner. Bye!",
      "someone else who does something, not the user's name"),
     ({"topic": "other", "detail": "rugby", "value": "rugby on Thursdays"},
      "I swim on Mondays. Tamati has rugby on Thursdays, so we swap the school run.",
      "said of someone else")],
)
def test_what_is_said_around_a_value_refuses_it(
        item: dict[str, str], sentence: str, why: str) -> None:
    from kai_desktop.core.memory.slots import slot_fact

    assert slot_fact(item, sentence) == (None, why)


@pytest.mark.parametrize(
    ("text", "why"),
    [("I need a recipe for soup.", "a request, not a fact"),
     ("I'd like a summary of that.", "a request, not a fact"),
     ("We own a parrot named Kiwi.", None),
     ("I like to swim on Sundays.", None)],
)
def test_requests_are_not_facts_and_we_is_the_user(text: str, why: str | None) -> None:
    assert why_not_a_statement(text) == why


def test_a_company_filed_as_a_job_is_the_employer() -> None:
    from kai_desktop.core.memory.slots import slot_fact

    fact, _ = slot_fact({"topic": "job", "detail": "", "value": "Aurora Labs"},
                        "I joined Aurora Labs in June.")
    assert fact is not None
    assert (fact.key, fact.content) == ("employer", "The user works at Aurora Labs.")
    fact, why = slot_fact({"topic": "job", "detail": "", "value": "Dana"}, "I'm Dana.")
    assert fact is None
    assert why == "not a job"



def test_a_list_slot_added_to_in_a_later_message_keeps_its_values(
    capturer: Capturer, store: MemoryStore
) -> None:
    capturer.capture(None, "I speak French.")
    report = capturer.capture(None, "I also speak German.")
    (memory,) = store.all()
    assert memory.key == "languages"
    assert "French" in memory.content
    assert "German" in memory.content
    assert [d.action for d in report.decisions] == ["UPDATE"]
    capturer.capture(None, "I speak German too.")  # already held: a hit, not a change
    (memory,) = store.all()
    assert memory.content.count("German") == 1


def test_a_list_slot_said_again_without_adding_replaces(
    capturer: Capturer, store: MemoryStore
) -> None:
    capturer.capture(None, "I collect stamps.")
    capturer.capture(None, "I collect vinyl records.")
    (memory,) = store.all()
    assert "vinyl" in memory.content
    assert "stamps" not in memory.content
    assert any("stamps" in line for line in memory.history)


def test_languages_named_again_are_joined_to_those_held(
    capturer: Capturer, store: MemoryStore
) -> None:
    capturer.capture(None, "I speak Portuguese.")
    capturer.capture(None, "I work as a translator now, German and Dutch, mostly contracts.")
    languages = [m.content for m in store.all() if m.key == "languages"]
    assert languages == ["The user speaks Portuguese, German and Dutch."]


def test_a_change_said_with_instead_of_updates_the_memory_it_names(
    capturer: Capturer, store: MemoryStore
) -> None:
    store.store("morning_coffee", "Every morning the user has a cappuccino.")
    capturer.capture(None, "I drink hot chocolate now instead of cappuccino.")
    (memory,) = store.all()
    assert memory.key == "morning_coffee"
    assert "hot chocolate" in memory.content
    assert any("cappuccino" in line for line in memory.history)


@pytest.mark.parametrize("value", ["Dubliner", "IT department at Unilever"])
def test_a_model_job_the_rules_would_refuse_is_refused(value: str) -> None:
    from kai_desktop.core.memory.slots import slot_fact

    sentence = {"Dubliner": "I'm a Dubliner, born and bred.",
                "IT department at Unilever": "I work in the IT department at Unilever."}[value]
    fact, why = slot_fact({"topic": "job", "detail": "", "value": value}, sentence)
    assert fact is None
    assert why == "not a job"


@pytest.mark.parametrize(
    ("message", "content"),
    [("I'm a postman.", "The user works as a postman."),
     ("I work as a fisherman.", "The user works as a fisherman."),
     ("I'm a German.", None),  # a nationality ends in "man" too
     ("I'm a woman.", None)],
)
def test_jobs_that_end_in_man_or_woman(
    capturer: Capturer, message: str, content: str | None
) -> None:
    facts = capturer.propose(None, message)
    assert [f.content for f in facts if f.key == "occupation"] == ([content] if content else [])
