"""The notes a message carries: which retrieved passages are worth sending, and how
they are rendered (one renderer, shared with the system prompt)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import PurePosixPath
from typing import Final

from kai_desktop.core.chat.asked import QUESTION_STEMS
from kai_desktop.core.chat.prompt import (
    ContextItem,
    escape_untrusted,
    render_retrieved_block,
    wrap_untrusted,
)
from kai_desktop.core.llm.model import (
    ChatMessage,
)
from kai_desktop.core.memory.text_match import content_stems, normalise_text
from kai_desktop.core.retrieval.search import Hit

MESSAGE_NOTES: Final = (
    "Notes from the vault that may help with this message; name the note when you use one"
)


ALWAYS_IN_PROMPT: Final = frozenset({"soul.md", "memory.md", "procedural.md"})


LOG_LINE: Final = re.compile(r"^- \d\d:\d\d \[(?:memory|extracted)\] ")
"""Daily-note lines the prompt leaves out: the memory log and extracted facts, which the
memory block already carries in their current form (an older value would contradict it)."""


def chunk_id(hit: Hit) -> tuple[str, int, int]:
    return (hit.path, hit.start_line, hit.end_line)


def render_context(hits: Sequence[Hit | ContextItem]) -> str:
    """Retrieved passages as one untrusted-data block (empty when there are none); the
    same renderer the system prompt uses."""
    return render_retrieved_block(hits, MESSAGE_NOTES)


def relevant_hits(hits: Sequence[Hit], query: str, in_prompt: set[str]) -> list[Hit]:
    """The hits worth sending: never the always-in-prompt files, a memory already in the
    system prompt or a past transcript, and only passages that share at least half of the
    message's content words (a relevance floor that does not depend on the fused score's
    scale)."""
    wanted = content_stems(query) - QUESTION_STEMS
    kept = []
    for hit in hits:
        path = hit.path.replace("\\", "/")
        if path.casefold() in ALWAYS_IN_PROMPT:
            continue
        if path.startswith("memories/") and PurePosixPath(path).stem in in_prompt:
            continue
        if path.startswith("sessions/") and "transcript" in hit.heading.casefold():
            continue  # a past transcript in the prompt makes a small model replay it
        if wanted and len(wanted & content_stems(f"{hit.heading} {hit.text}")) < (
            (len(wanted) + 1) // 2
        ):
            continue
        kept.append(hit)
    return kept


def without_log_lines(daily: str) -> str:
    """Today's note without the memory log and the extracted facts (see ``LOG_LINE``)."""
    return "\n".join(line for line in daily.split("\n") if not LOG_LINE.match(line))


MEMORY_HINT: Final = "What you remember that answers this message"


def user_content(text: str, hits: Sequence[Hit], hint: Sequence[str] = ()) -> str:
    """The message as sent: the retrieved notes, then the memories that answer it, then
    the user's words (nearest the answer, where a small model looks)."""
    blocks = [render_context(hits)]
    if hint:
        inner = "\n".join(f"- {escape_untrusted(' '.join(h.split()))}" for h in hint)
        blocks.append(wrap_untrusted("memory-hint", MEMORY_HINT, inner))
    head = "\n\n".join(b for b in blocks if b)
    return f"{head}\n\n{text}" if head else text


def plain_message(message: ChatMessage) -> ChatMessage | None:
    """A window message as conversation text (user text without notes; no tool traffic)."""
    role = message.get("role")
    content = message.get("content")
    if role not in ("user", "assistant") or not isinstance(content, str) or not content.strip():
        return None
    for closing in ("</retrieved-context>", "</memory-hint>"):
        if role == "user" and closing in content:
            content = content.split(closing, 1)[1].strip()
    return {"role": role, "content": content}


ACKNOWLEDGEMENT: Final = "Got it, I'll remember that."
VOICE_GUIDANCE: Final = (
    "You are Kai, the user's assistant. Talk to the user as 'you' and answer in one or two "
    "short sentences."
)
_SELF_START = re.compile(r"^\s*(?:i|i'm|i am|i've|my|me)\b", re.I)
_HOUSEHOLD_START = re.compile(r"^\s*(?:our|we|we're|we've)\b", re.I)
"""An answer opening with the user's household ("Our cat's name is Pepper")."""


_HINT_BLOCK = re.compile(
    re.escape(MEMORY_HINT) + r"[^\n]*\n<memory-hint>\n.*?\n</memory-hint>\n\n", re.S
)


def without_memory_hint(message: ChatMessage) -> ChatMessage:
    """``message`` without the memories that rode with it (when memory is turned off)."""
    content = message.get("content")
    if message.get("role") != "user" or not isinstance(content, str):
        return message
    return {**message, "content": _HINT_BLOCK.sub("", content)}


def without_acknowledgements(messages: Sequence[ChatMessage]) -> list[ChatMessage]:
    """``messages`` without the exchanges the assistant answered with the plain
    acknowledgement (a small model copies that line into answers that need another)."""
    out: list[ChatMessage] = []
    for message in messages:
        if message.get("role") == "assistant" and message.get("content") == ACKNOWLEDGEMENT:
            if out and out[-1].get("role") == "user":
                out.pop()
            continue
        out.append(message)
    return out


def is_echo(answer: str, user_text: str) -> bool:
    """True when the answer repeats the user's own statement in the first person (a small
    model speaking as the user), or the whole message word for word, instead of answering
    it."""
    said = content_stems(user_text)
    words = content_stems(answer)
    if not words or not said:
        return False
    if normalise_text(answer) == normalise_text(user_text):
        return True  # the whole message said back, whoever it speaks as
    if not _SELF_START.match(answer):
        return False
    opening = normalise_text(answer)
    for part in re.split(r"[,.;:!?]", user_text):
        clause = normalise_text(part)
        if len(clause.split()) >= 3 and opening.startswith(clause):
            return True  # the user's own words, then more in the user's voice
    return len(words & said) / len(words) >= 0.75


_PROMPT_TALK = re.compile(
    r"\binstructions to (?:remember|store|save|answer|reply)\b|\bmemory[- ]hint\b|"
    r"\bretrieved[- ]context\b|\bsystem prompt\b", re.I)
"""What a small model says of its prompt ("You are currently using the instructions to
remember everything.")."""


def copies_prompt(answer: str, system: str, user_text: str, *, run: int = 8) -> bool:
    """True when the answer repeats a run of ``run`` words from the system prompt that the
    user did not write, or speaks of the prompt itself: a small model reading its
    instructions back instead of answering."""
    if _PROMPT_TALK.search(answer) and not _PROMPT_TALK.search(user_text):
        return True
    words = normalise_text(answer).split()
    if len(words) < run:
        return False
    source = f" {' '.join(normalise_text(system).split())} "
    said = f" {' '.join(normalise_text(user_text).split())} "
    for i in range(len(words) - run + 1):
        gram = f" {' '.join(words[i : i + run])} "
        if gram in source and gram not in said:
            return True
    return False


_USER_PHRASE = re.compile(r"\b(the user)(?:'s\b|\s+(is|was|has|does|\w+))", re.I)
_ES_VERB = re.compile(r"(?:ch|sh|ss|x|o)es$")


def _second_person(match: re.Match[str]) -> str:
    lead, verb = match.group(1), match.group(2)
    you = "You" if lead[0].isupper() else "you"
    if verb is None:
        return "Your" if lead[0].isupper() else "your"
    low = verb.casefold()
    irregular = {"is": "are", "was": "were", "has": "have", "does": "do"}
    if low in irregular:
        return f"{you} {irregular[low]}"
    if low.endswith("ies") and len(low) > 4:
        return f"{you} {verb[:-3]}y"
    if _ES_VERB.search(low):
        return f"{you} {verb[:-2]}"
    if low.endswith("s") and not low.endswith("ss") and len(low) > 3:
        return f"{you} {verb[:-1]}"
    return f"{you} {verb}"


def address_user(answer: str) -> str:
    """The answer speaking to the user: a small model that copies the memories' third
    person ("The user's favourite tea is rooibos") is turned to "Your favourite tea is
    rooibos"; so is its half-turned "You's tortoise" or "You speaks Swahili"."""
    said = _USER_PHRASE.sub(_second_person, answer)
    said = _YOUS.sub(lambda m: "Your" if m.group(1)[0].isupper() else "your", said)
    said = _YOUR_VERB.sub(_second_person, said)
    said = re.sub(r"\b([Yy]ou) am\b", r"\1 are", said)  # "You am allergic to seafood"
    # "You have 37 years old": a learner's "I have 37 years" turned to the user
    said = re.sub(r"\b([Yy]ou) have (\d{1,3}) years old(?=\s*(?:[.,;!?]|$))",
                  r"\1 are \2 years old", said)
    return _YOU_VERB.sub(_second_person, said)


_YOUS = re.compile(r"\b(you)'s\b", re.I)
_YOU_VERB = re.compile(r"(?:^|(?<=[.!?,;]\s))(you)\s+(is|was|has|does|speaks|lives|works|"
                       r"drives|plays|goes|collects|likes|loves|drinks|eats|teaches|studies|"
                       r"owns|prefers)\b", re.I)
_YOUR_VERB = re.compile(r"(?:^|(?<=[.!?]\s))(your)\s+(speaks|lives|works|drives|plays|goes|"
                        r"collects|likes|loves|drinks|eats|teaches|studies|owns|prefers)"
                        r"(?=\s+(?!(?:are|were|is|was|have|had|will|can|could|would|should|"
                        r"may|might|must|and|or)\b)[a-z])", re.I)
"""A possessive half-turned onto a verb ("Your plays badminton"); "Your studies are going
well" is left alone."""


_FIRST_PERSON_PAIR = re.compile(r"\b(my|our|i)\s+(\w+)", re.I)
_I_AM = re.compile(r"\b(?:i am|i'm)\b", re.I)


_INTRODUCED: Final = re.compile(r"\b(?i:call me|my name is|my name's|i'm|i am)\s+(?:[A-Z]\w+\s+)?"
                                r"([A-Z][\w'’-]+)")
_SELF_NAMED: Final = re.compile(r"\b(?P<i>I'm|I am|[Mm]y name is|[Mm]y name's)"
                                r"(?P<c>\s+(?:called\s+)?)(?P<n>[A-Z][\w'’-]+)")
_BARE_BE: Final = frozenset({"am", "was", "have", "had"})
"""The assistant giving the user's own name as its own ("Yes, I'm called Xiaoyu.")."""


def _opens_sentence(text: str, at: int) -> bool:
    """Whether position ``at`` of ``text`` starts a sentence (a word put there is capitalised)."""
    return at == 0 or text[:at].rstrip().endswith((".", "!", "?"))


def _named_to_user(m: re.Match[str], answer: str) -> str:
    you = {"i'm": "you're", "i am": "you are"}.get(m["i"].casefold(), "your name is")
    if _opens_sentence(answer, m.start()):
        you = you.capitalize()
    return f"{you}{m['c']}{m['n']}"


def mirror_perspective(answer: str, user_text: str) -> str:
    """An answer that repeats the user's own first-person words about the user ("When do I
    go running?" -> "I go running on Sundays") says them to the user instead ("you go
    running on Sundays"). Only pairs the user wrote are changed."""
    pairs = {(a.casefold(), b.casefold()) for a, b in _FIRST_PERSON_PAIR.findall(user_text)}
    # "Am I ...?" answered "I am ...": said to the user. Not for a statement ("I'm a
    # carpenter now" answered "I'm sorry, ...": the assistant speaks of itself).
    asked_about_self = "?" in user_text and bool(
        re.search(r"\b(?:am i|i am|i'm)\b", user_text, re.I)
    )

    def swap(match: re.Match[str]) -> str:
        pronoun, word = match.group(1), match.group(2)
        if (pronoun.casefold(), word.casefold()) not in pairs or word.casefold() in _BARE_BE:
            return match.group(0)  # "I am" says nothing of the user alone ("I am Kai")
        you = "your" if pronoun.casefold() in ("my", "our") else "you"
        if _opens_sentence(answer, match.start()):
            you = you.capitalize()
        return f"{you} {word}"

    out = _FIRST_PERSON_PAIR.sub(swap, answer)
    names = set(_INTRODUCED.findall(user_text))
    out = _SELF_NAMED.sub(lambda m: _named_to_user(m, out) if m["n"] in names else m[0], out)
    if asked_about_self:
        out = _I_AM.sub(lambda m: "You are" if m.group(0)[0] == "I" and m.start() == 0
                        else "you are", out)
    return out


_TO_YOU: Final[dict[str, str]] = {
    "i am": "you are", "i'm": "you're", "i was": "you were", "i've": "you've",
    "i'd": "you'd", "i'll": "you'll", "my": "your", "mine": "yours", "myself": "yourself",
    "me": "you", "i": "you", "our": "your", "ours": "yours", "we're": "you're",
    "we've": "you've", "we": "you",
}
_TO_YOU_RE = re.compile(r"\b(?:" + "|".join(sorted(map(re.escape, _TO_YOU), key=len,
                                                  reverse=True)) + r")\b", re.I)


def speak_to_user(answer: str, hint: Sequence[str]) -> str:
    """An answer that gives a remembered fact in the user's voice ("I am Dana", "I teach
    maths", for "What is my name?") is said to the user ("You are Dana"). Only an answer
    that opens in the first person and repeats a content word of a hinted memory changes;
    "I don't know" stays as it is."""
    if not hint or not (_SELF_START.match(answer) or _HOUSEHOLD_START.match(answer)):
        return answer
    facts = set().union(*(content_stems(h) for h in hint)) - content_stems("the user")
    if not facts & content_stems(answer):
        return answer

    def swap(match: re.Match[str]) -> str:
        you = _TO_YOU[match.group(0).casefold()]
        at_start = _opens_sentence(answer, match.start())
        return you[:1].upper() + you[1:] if at_start else you

    return _TO_YOU_RE.sub(swap, answer)
