"""Memory keys become safe, portable, unique file names, and come back from them."""

from __future__ import annotations

import itertools
import unicodedata

import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from kai_desktop.core.memory.keys import (
    HASH_MARK,
    MAX_STEM_BYTES,
    InvalidKey,
    is_canonical_stem,
    key_to_filename,
    key_to_stem,
    stem_to_key,
)

FORBIDDEN = set('/\\:*?"<>|') | set("#^[]")  # file systems, then Obsidian's link syntax
RESERVED = {"con", "prn", "aux", "nul"} | {f"com{d}" for d in range(10)} | {
    f"lpt{d}" for d in range(10)
}

# Characters that meet each other under case folding or normalisation, plus the escapes.
CONFUSABLE = "aAbBiIıİßsSſςσΣeé\u0301\u1100\u1161가.~-_() /:%"


def _folds(name: str) -> list[str]:
    """How different file systems may compare a name (case-insensitive, normalising)."""
    return [
        name,
        name.casefold(),
        name.lower(),
        name.upper(),
        unicodedata.normalize("NFC", name),
        unicodedata.normalize("NFD", name),
        unicodedata.normalize("NFD", name.casefold()),
        unicodedata.normalize("NFC", name.upper()),
    ]


def assert_safe(stem: str) -> None:
    assert stem
    assert not FORBIDDEN & set(stem), stem
    assert all(unicodedata.category(ch) not in {"Cc", "Cf", "Cs", "Zl", "Zp"} for ch in stem)
    assert not stem.startswith((".", " "))
    assert not stem.endswith((".", " "))
    assert len(stem.encode("utf-8")) <= MAX_STEM_BYTES
    assert stem.split(".", 1)[0].rstrip(" ").casefold() not in RESERVED


@given(st.text(min_size=1, max_size=80))
@example("user_name")
@example("Con")
@example("nul.backup")
@example("..")
@example(" lead and trail. ")
@example("~(2f)")
@example("a/b\\c:d*e?f\"g<h>i|j#k^l[m]n")
@settings(max_examples=400, deadline=None)
def test_every_key_gives_a_safe_stem_that_decodes_back(key: str) -> None:
    stem = key_to_stem(key)
    assert_safe(stem)
    assert key_to_filename(key) == stem + ".md"
    if HASH_MARK in stem:
        assert stem_to_key(stem) is None
    else:
        assert stem_to_key(stem) == key
        assert is_canonical_stem(stem, key)


@given(st.text(min_size=1, max_size=300))
@settings(max_examples=200, deadline=None)
def test_long_keys_are_capped_and_still_safe(key: str) -> None:
    stem = key_to_stem(key * 3)
    assert_safe(stem)


@given(
    st.text(alphabet=CONFUSABLE, min_size=1, max_size=6),
    st.text(alphabet=CONFUSABLE, min_size=1, max_size=6),
)
@settings(max_examples=300, deadline=None)
def test_different_keys_never_share_a_file_even_on_case_insensitive_systems(
    a: str, b: str
) -> None:
    assume(a != b)
    for fa, fb in zip(_folds(key_to_stem(a)), _folds(key_to_stem(b)), strict=True):
        assert fa != fb, (a, b)


def test_no_two_short_confusable_keys_share_a_file_on_any_file_system() -> None:
    keys = list(CONFUSABLE)
    keys += [a + b for a, b in itertools.product(CONFUSABLE, repeat=2)]
    keys += ["".join(t) for t in itertools.product("aIıi\u1100\u1161가é\u0301.~ ", repeat=3)]
    for fold in range(len(_folds("x"))):
        seen: dict[str, str] = {}
        for key in keys:
            name = _folds(key_to_stem(key))[fold]
            assert seen.setdefault(name, key) == key, (fold, key, seen[name])


@given(st.text(min_size=1, max_size=40), st.text(min_size=1, max_size=40))
@settings(max_examples=300, deadline=None)
def test_different_keys_never_share_a_file(a: str, b: str) -> None:
    assume(a != b)
    assert key_to_stem(a).casefold() != key_to_stem(b).casefold()


def test_over_long_keys_with_a_shared_prefix_get_different_names() -> None:
    base = "x" * 500
    stems = {key_to_stem(base + tail) for tail in ("a", "b", "A", "B", "")}
    assert len(stems) == 5
    assert all(HASH_MARK in s for s in stems)
    assert len({s.casefold() for s in stems}) == 5


def test_readable_names_for_ordinary_keys() -> None:
    assert key_to_stem("favorite_editor") == "favorite_editor"
    assert key_to_stem("café au lait") == "café au lait"
    assert key_to_stem("日本語") == "日本語"
    assert key_to_stem("UserName") == "~user~name"
    assert key_to_stem("a/b") == "a~(2f)b"


@pytest.mark.parametrize("key", ["con", "CON", "nul", "Aux", "com1", "lpt9", "con.txt", "prn "])
def test_windows_reserved_names_are_escaped(key: str) -> None:
    stem = key_to_stem(key)
    assert stem.split(".", 1)[0].rstrip(" ").casefold() not in RESERVED
    assert stem_to_key(stem) == key


@pytest.mark.parametrize("stem", ["My Note", "Coffee", "notes#1", "a~zz", "~(zz)", "~(d800)", ""])
def test_names_chosen_by_hand_are_not_mistaken_for_encodings(stem: str) -> None:
    key = stem_to_key(stem)
    assert key is None or key_to_stem(key) == stem


@given(st.text(max_size=30))
@settings(deadline=None)
def test_decoding_any_name_is_consistent(stem: str) -> None:
    key = stem_to_key(stem)
    if key is not None:
        assert key_to_stem(key) == stem


def test_empty_key_is_refused() -> None:
    with pytest.raises(InvalidKey):
        key_to_stem("")
