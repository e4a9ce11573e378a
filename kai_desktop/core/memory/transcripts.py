"""A conversation as text for the model: transcripts within a size, summaries for
compaction and session notes, and titles."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from kai_desktop.core.llm.model import ChatMessage, ChatModel, ModelError, collect


def render_transcript(messages: Sequence[ChatMessage], *, limit_chars: int = 12_000) -> str:
    """``User: ...`` / ``Assistant: ...`` lines within ``limit_chars``."""
    lines = []
    for message in messages:
        role = str(message.get("role", ""))
        content = message.get("content")
        if role not in ("user", "assistant") or not isinstance(content, str):
            continue
        if not content.strip():
            continue
        lines.append(f"{role.capitalize()}: {' '.join(content.split())}")
    text = "\n".join(lines)
    if len(text) > limit_chars and lines:
        # Shorten long messages first so every turn keeps its start, then drop the oldest.
        cap = max(160, limit_chars // len(lines) - 12)
        lines = [line if len(line) <= cap else line[: cap - 1] + "…" for line in lines]
        text = "\n".join(lines)
    if len(text) > limit_chars:
        text = "…" + text[-limit_chars:]
    return text


def transcript_room(model: ChatModel, reserve_tokens: int) -> int:
    """How many characters of transcript fit in a request to ``model``."""
    return max(800, (model.context_size - reserve_tokens - 300) * 3)


def user_words(messages: Sequence[ChatMessage]) -> str:
    return "\n".join(
        str(m.get("content", "")) for m in messages if m.get("role") == "user"
    )


def summarise(
    model: ChatModel,
    messages: Sequence[ChatMessage],
    *,
    previous: str = "",
    max_tokens: int = 200,
    stop_flag: Callable[[], bool] | None = None,
) -> str:
    """A few sentences about the conversation; without a model answer, the user's words."""
    transcript = render_transcript(
        messages, limit_chars=transcript_room(model, max_tokens)
    )
    earlier = f"Summary so far:\n{previous}\n\n" if previous else ""
    request: list[ChatMessage] = [
        {"role": "system", "content": "You write short, factual summaries of conversations."},
        {
            "role": "user",
            "content": f"{earlier}Conversation:\n{transcript}\n\nSummarise the conversation "
            "in at most five sentences. Keep facts about the user, decisions and open "
            "questions.",
        },
    ]
    text = ""
    if transcript:
        try:
            text = collect(
                model.stream(
                    request, max_tokens=max_tokens, temperature=0.2, stop_flag=stop_flag
                )
            ).text.strip()
        except ModelError:
            text = ""
    if not text:
        said = [s[:200] for s in user_words(messages).split("\n") if s.strip()]
        text = " ".join(filter(None, [previous, "The user said: " + " | ".join(said)]))
    return text.strip()


def title_for(messages: Sequence[ChatMessage], *, max_words: int = 8) -> str:
    """A session title: the first words of the first user message."""
    for message in messages:
        if message.get("role") == "user" and str(message.get("content", "")).strip():
            words = str(message["content"]).split()
            title = " ".join(words[:max_words])
            return title + ("…" if len(words) > max_words else "")
    return "Conversation"
