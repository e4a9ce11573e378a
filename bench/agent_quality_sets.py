"""The memory folders, questions and facts of ``bench/agent_quality.py``.

``dev`` is what the agent prompt was developed on; ``held`` is another person with other
files and other phrasings, kept out of that work. Each question's value is in an entity
file and not in ``user.md``; each fact's value is in no file before the turn.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Wording:
    files: dict[str, str]
    questions: list[tuple[str, str]]
    """(question, a lower-case value the reply must name)."""
    facts: list[tuple[str, str]]
    """(statement, a lower-case value ``user.md`` must then hold)."""


DEV = Wording(
    files={
        "user.md": "# User Information\n- user_name: Ana Silva\n- user_age: 34\n"
        "- living_location: Lisbon\n\n## User Relationships\n"
        "- sister: [[entities/lena_silva.md]]\n- employer: [[entities/tidewater_labs.md]]\n"
        "- dog: [[entities/biscuit.md]]\n- doctor: [[entities/rui_costa.md]]\n",
        "entities/lena_silva.md": "# Lena Silva\n- relationship: sister of the user\n"
        "- living_location: Porto\n- job: architect\n",
        "entities/tidewater_labs.md": "# Tidewater Labs\n- industry: ocean sensors\n"
        "- user_role: firmware engineer\n- office: Rua do Alecrim 12, Lisbon\n",
        "entities/biscuit.md": "# Biscuit\n- relationship: the user's dog\n- breed: beagle\n"
        "- age: 5\n",
        "entities/rui_costa.md": "# Dr Rui Costa\n- relationship: the user's doctor\n"
        "- clinic: Clinica Estrela\n- appointments: Tuesdays\n",
    },
    questions=[
        ("Where does my sister live?", "porto"),
        ("What does my sister do for a living?", "architect"),
        ("What breed is my dog?", "beagle"),
        ("On which day does my doctor see patients?", "tuesday"),
    ],
    facts=[
        ("Please remember that my favourite food is bacalhau.", "bacalhau"),
        ("Remember that I play the cello.", "cello"),
        ("Please remember that my car is a blue Renault Clio.", "clio"),
        ("Remember that I am allergic to shellfish.", "shellfish"),
    ],
)

HELD = Wording(
    files={
        "user.md": "# About me\n- name: Marco Rossi\n- age: 41\n- city: Turin\n\n"
        "## People and places\n- brother: [[entities/paolo_rossi.md]]\n"
        "- workplace: [[entities/northwind_foods.md]]\n- cat: [[entities/pepper.md]]\n"
        "- gym: [[entities/ironworks_gym.md]]\n",
        "entities/paolo_rossi.md": "# Paolo Rossi\n- relationship: brother of the user\n"
        "- city: Milan\n- occupation: airline pilot\n",
        "entities/northwind_foods.md": "# Northwind Foods\n- products: frozen pasta\n"
        "- user_position: logistics manager\n- address: Via Roma 8, Turin\n",
        "entities/pepper.md": "# Pepper\n- relationship: the user's cat\n"
        "- breed: Maine Coon\n- age: 3\n",
        "entities/ironworks_gym.md": "# Ironworks Gym\n- opening_hours: 6am to 10pm\n"
        "- boxing_class: Thursdays\n",
    },
    questions=[
        ("My brother, which city is he in these days?", "milan"),
        ("Remind me, what's Paolo's job?", "pilot"),
        ("Which product does the company I work at sell?", "pasta"),
        ("When are the boxing classes at my gym?", "thursday"),
    ],
    facts=[
        ("Just so you know, I've started learning Japanese.", "japanese"),
        ("Store this for later: my blood type is O negative.", "negative"),
        ("I recently bought a motorbike, a red Ducati Monster. Keep that in mind.", "ducati"),
        ("Can you keep a note that I don't eat pork?", "pork"),
    ],
)

WORDINGS = {"dev": DEV, "held": HELD}
