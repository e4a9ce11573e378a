"""Spanglish read as English: "me llamo" (my name is), "vivo en" (I live in), "soy
dentista" (I'm a dentist), "tengo 27 años" (I'm 27), "una perrita que se llama ..." (a dog
called), "mi hermano" (my brother), "mi color favorito es" (my favourite colour is), "los
martes juego ..." (every Tuesday I play), and questions asked in Spanish; English, Patois and
a lone Spanish name are left as they were."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from kai_desktop.core.chat.asked import memory_hint
from kai_desktop.core.memory.capture import Capturer
from kai_desktop.core.memory.spanglish import standard_from_spanglish
from kai_desktop.core.memory.store import MemoryStore

Read = Callable[[str], dict[str, str]]


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("Hola! Me llamo Yesenia, pero todos me dicen Yesi.", {"name": "Yesenia"}),
        ("Mi nombre es Rodrigo y vivo en Kendall.", {"name": "Rodrigo", "home_city": "Kendall"}),
        ("Vivo en Doral con mi novio y dos gatos.", {"home_city": "Doral"}),
        ("Nos mudamos a Tampa el mes pasado!", {"home_city": "Tampa"}),
        ("Me mudé a Austin porque mi trabajo está allá.", {"home_city": "Austin"}),
        ("Soy dentista, o sea, I fix teeth.", {"occupation": "dentist"}),
        ("Soy recepcionista en una clínica dental, o sea, I answer phones all day.",
         {"occupation": "receptionist"}),
        ("Trabajo como cajera en Sedano's.", {"occupation": "cashier"}),
        ("Trabajo en Baptist Health, en la parte de pediatría.",
         {"employer": "Baptist Health"}),
        ("Y dejé la clínica. Ahora soy paralegal en un bufete downtown.",
         {"occupation": "paralegal"}),
        ("Tengo 27 años y todavía vivo como estudiante.", {"age": "27"}),
        ("Soy alérgico a los camarones, so nada de paella para mí.",
         {"allergy": "camarones"}),
        ("Tengo un perrito que se llama Tostón, un pug muy gordo.", {"dog_name": "Tostón"}),
        ("Tengo una gatita que se llama Pimienta, muy traviesa.", {"cat_name": "Pimienta"}),
        ("Canela es mi gata, una siamesa muy brava.", {"cat_name": "Canela"}),
        ("Mi hermano Osvaldo vive en Tampa con su esposa.", {"brother_name": "Osvaldo"}),
        ("Mi esposa Daniela es de Bogotá y cocina increíble.", {"wife_name": "Daniela"}),
        ("Manejo una Honda Civic del 2019, gris.", {"vehicle": "Honda Civic from 2019"}),
        ("Y toco la trompeta! Mi abuelo me enseñó cuando era chiquito.",
         {"plays": "trompeta"}),
        ("Mi color favorito es el verde, como las palmas.", {"favourite_colour": "green"}),
        ("Mi película favorita es Coco, lloro cada vez.", {"favourite_film": "Coco"}),
        ("Mi bebida favorita? Limonada de coco, obviamente.",
         {"favourite_drink": "Limonada de coco"}),
        ("My favorite song ever es Vivir Mi Vida, de Marc Anthony.",
         {"favourite_song": "Vivir Mi Vida"}),
        ("Mi cumpleaños es el 3 de mayo, y siempre hago fiesta.", {"birthday": "3 May"}),
        ("Originally soy de Caracas, en Venezuela, pero llevo años aquí.", {"origin": "Caracas"}),
        ("Hablo español e inglés, obviamente.", {"languages": "Spanish and English"}),
        ("Colecciono vinyl records, sobre todo salsa vieja.", {"collects": "vinyl records"}),
        ("Estoy aprendiendo Italian porque quiero ir a Roma.", {"studies": "Italian"}),
        ("Aprendo French con una app.", {"studies": "French"}),
        ("Estoy haciendo keto desde enero y me siento súper bien.", {"diet": "keto"}),
        ("Los martes juego dominoes con mis tíos en el parque.",
         {"dominoes_routine": "every Tuesday"}),
        ("Los Saturdays juego soccer con los muchachos del trabajo.",
         {"soccer_routine": "every Saturday"}),
        ("Every morning lo primero es mi té de manzanilla, sin azúcar.",
         {"morning_routine": "té de manzanilla"}),
        ("Ahora por la mañana tomo matcha, porque el té ya no me hacía nada.",
         {"morning_routine": "matcha"}),
        ("Hay un food truck cerca del trabajo que hace unas arepas buenísimas, con queso y "
         "todo, and that's my favorite food now.", {"favourite_food": "arepas"}),
    ],
)
def test_spanglish_is_read(read: Read, message: str, expected: dict[str, str]) -> None:
    assert read(message) == expected


@pytest.mark.parametrize(
    ("message", "written"),
    [
        ("Soy enfermera, pero quiero ser doctora.", "I'm a nurse, but quiero ser doctora."),
        ("Vivo en Kendall con mi abuela y mis gatos.",
         "I live in Kendall with my grandmother and my gatos."),
        ("Y se acabó el café, ahora tomo té verde.", "And no more café, now I drink té verde."),
        # with whom they play it, not a weekly routine of its own
        ("Los domingos toco con unos amigos en la Calle Ocho.",
         "Los domingos toco con unos amigos at the Calle Ocho."),
    ],
)
def test_spanish_is_written_in_english(message: str, written: str) -> None:
    assert standard_from_spanglish(message) == written


@pytest.mark.parametrize(
    ("question", "asked"),
    [
        ("Una pregunta. ¿Cómo me llamo?", "Una pregunta. What is my name?"),
        ("¿En qué ciudad vivo ahora?", "In which city do I live now?"),
        ("¿Y de qué trabajo ahora?", "And what is my job now?"),
        ("¿Para quién trabajo?", "Who do I work for?"),
        ("¿Como se llama mi perrito?", "What is my dog's name?"),
        ("¿Y mi hermano, cómo se llama?", "And what is my brother's name?"),
        ("¿cómo se llama el gato?", "What is the cat's name?"),
        ("¿Cuántos años tengo?", "How old am I?"),
        ("¿A qué soy alérgico?", "What am I allergic to?"),
        ("¿Qué dieta estoy siguiendo?", "What diet am I following?"),
        ("¿Qué carro manejo ahora?", "What car do I drive now?"),
        ("¿Cuándo es mi cumpleaños?", "When is my birthday?"),
        ("¿De dónde soy originalmente?", "Where am I originally from?"),
        ("¿Cuál es mi canción favorita?", "What is my favourite song?"),
        ("What do I drink por la mañana, pues?", "What do I drink in the morning, pues?"),
    ],
)
def test_a_question_is_asked_in_english(question: str, asked: str) -> None:
    assert standard_from_spanglish(question) == asked


def test_a_question_finds_the_memory_said_in_spanglish(capturer: Capturer,
                                                        store: MemoryStore) -> None:
    for said in ["Me llamo Yesenia, pero todos me dicen Yesi.",
                 "Vivo en Kendall con mi novio y dos gatos.",
                 "Nos mudamos a Jacksonville! Daniela consiguió un trabajo nuevo allá.",
                 "Tengo un perrito que se llama Tostón, un pug muy gordo.",
                 "Mi hermano Osvaldo vive en Tampa con su esposa.",
                 "Canela es mi gata, una siamesa muy brava.",
                 "Ahora por la mañana tomo matcha, porque el té ya no me hacía nada.",
                 "Y toco la trompeta! Mi abuelo me enseñó cuando era chiquito.",
                 "Mi película favorita es Coco, lloro cada vez."]:
        capturer.capture(None, said)
    memories = [(m.key, m.content) for m in store.all()]
    for question, value in [("¿Cómo me llamo?", "Yesenia"),
                            ("¿En qué ciudad vivo ahora?", "Jacksonville"),
                            ("¿Cómo se llama mi perrito?", "Tostón"),
                            ("¿Y mi hermano, cómo se llama?", "Osvaldo"),
                            ("¿cómo se llama la gata?", "Canela"),
                            ("¿Qué tomo por la mañana ahora?", "matcha"),
                            ("¿Qué instrumento toco?", "trompeta"),
                            ("¿Cuál es mi película favorita?", "Coco")]:
        assert value in " ".join(memory_hint(question, memories)[:1]), question


@pytest.mark.parametrize(
    "message",
    [
        "Mi name Shanique, mi live inna Montego Bay.",
        "Mi casa is lovely, come by any time.",
        "I work at Casa Bonita, the one with the cliff divers.",
        "I moved to Los Angeles and El Paso is where my mum lives.",
        "My favourite food is pollo con papas, honestly.",
        "I'm vegan, no soy sauce though, and no cheese.",
        "We stopped at La Jolla en route to San Diego.",
        "Y'all know I love my abuela's flan.",
        "Ahora soy paralegal ako, grabe.",
        "What's my favourite colour?",
    ],
)
def test_english_patois_and_a_spanish_name_are_left(message: str) -> None:
    assert standard_from_spanglish(message) == message


def test_patois_is_still_read_as_patois(read: Read) -> None:
    assert read("Mi name Shanique, mi live inna Montego Bay.") == {
        "name": "Shanique", "home_city": "Montego Bay"}
