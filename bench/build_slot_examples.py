"""Write the worked examples the model files statements by (core/memory/slot_examples.tsv).

Each example is a statement the capture rules already read, with the topic, detail and value
the model's slot schema uses for it. The statements come from the wordings of
bench/memory_script.py and from bench/capture_corpus.py, and the rules label them, so the
examples and the rules always agree. The wordings kept for untouched runs (``HELD_OUT``) are
never used.

    python bench/build_slot_examples.py            # rewrite the file
    python bench/build_slot_examples.py --check    # exit 1 when the file is out of date
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import capture_corpus as corpus
from bench import memory_script as script
from kai_desktop.core.memory.capture import Capturer
from kai_desktop.core.memory.slot_examples import BANK_FILE, Example, as_line
from kai_desktop.core.memory.slot_words import ANIMAL_WORDS
from kai_desktop.core.memory.slots import RELATIVES, SLOTS, words_in
from kai_desktop.core.memory.store import MemoryStore
from kai_desktop.core.memory.tiers import Tiers
from kai_desktop.core.vault.files import Vault

_TRAILING_PHRASE = re.compile(r"\s+(?:in|on|at|for|with|from|since|during|by)\s+")
HELD_OUT = frozenset({"thirty_third", "thirty_fourth", "thirty_fifth", "thirty_sixth",
                      "thirty_seventh", "thirty_eighth", "thirty_ninth", "fortieth",
                      "forty_first", "forty_second", "forty_third", "forty_fourth", "forty_fifth",
                      "forty_sixth", "forty_seventh", "forty_eighth",
                      "forty_ninth", "fiftieth", "fifty_first", "fifty_second",
                      "fifty_third", "fifty_fourth", "fifty_fifth",
                      "fifty_sixth", "fifty_seventh", "fifty_eighth",
                      "fifty_ninth", "sixtieth", "sixty_first", "sixty_second",
                      "sixty_third", "sixty_fourth"})


def example_for(text: str, key: str, value: str) -> Example | None:
    """The model's answer for the fact the rules read in ``text`` (None: its value is not
    in the user's words, so the model could not give it)."""
    if not words_in(value, text):
        return None
    # An example teaches the shape of a value: the thing, without where or when ("French",
    # not "French on Duolingo"; "Vita Apotek", not "Vita Apotek in the city centre").
    value = _TRAILING_PHRASE.split(value, maxsplit=1)[0]
    for topic, slot in SLOTS.items():
        if slot.key == key and "{" not in slot.key:
            return Example(text, topic, "", value)
    if key.startswith("favourite_"):
        return Example(text, "favourite", key.removeprefix("favourite_"), value)
    whose = key.removesuffix("_name")
    if key.endswith("_name") and whose in RELATIVES:
        return Example(text, "relative", whose, value)
    if key.endswith("_name") and whose in ANIMAL_WORDS:
        return Example(text, "pet", whose, value)
    return Example(text, "other", key, value)


def statements() -> list[str]:
    """Every statement of the wordings and the capture corpus, less any a held-out wording
    says (also when another wording says it too)."""
    out: list[str] = []
    held: set[str] = set()
    for name, wording in script.SCRIPTS.items():
        said = [text for session in wording.sessions for text in session]
        (held.update if name in HELD_OUT else out.extend)(said)
    for prefix in ("", "FRESH_", "WIDE_"):
        out.extend(case.text for case in getattr(corpus, prefix + "STATEMENTS"))
    return [text for text in dict.fromkeys(out) if text not in held]


def examples() -> list[Example]:
    with tempfile.TemporaryDirectory() as tmp:
        vault = Vault(Path(tmp))
        rules = Capturer(MemoryStore(vault), Tiers(vault), None, use_model=False)
        found = []
        for text in statements():
            facts = rules.propose(None, text)
            if len(facts) == 1:
                example = example_for(text, facts[0].key, facts[0].value)
                if example is not None:
                    found.append(example)
    return sorted(found, key=lambda e: (e.topic, e.detail, e.text))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="only compare with the file")
    args = parser.parse_args()
    text = "".join(as_line(e) + "\n" for e in examples())
    if args.check:
        same = BANK_FILE.read_text(encoding="utf-8") == text
        print(f"examples={text.count(chr(10))} up_to_date={int(same)}")
        return 0 if same else 1
    BANK_FILE.write_text(text, encoding="utf-8")
    print(f"examples={text.count(chr(10))} file={BANK_FILE}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
