"""Typed settings schema.

Each field carries a title, a description and bounds, so the settings dialog can be
built from the schema itself. :func:`settings_from_data` keeps the valid fields of a
settings file whose other fields are wrong. Loading and saving live in
``infra.settings_store``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

ModelBackend = Literal["embedded", "openai"]
ModelChoice = Literal["default", "quality", "custom"]
EmbedderChoice = Literal["builtin", "fastembed", "openai"]


class Settings(BaseModel):
    """Everything a user can set. Unknown keys in a settings file are ignored."""

    model_config = ConfigDict(extra="ignore", validate_assignment=True)

    # -- vault -------------------------------------------------------------------------
    vault_dir: Path | None = Field(
        default=None,
        title="Vault folder",
        description="The Obsidian vault Kai keeps its memory in. Empty: the default vault.",
    )
    max_file_mb: float = Field(
        default=5.0,
        ge=0.1,
        le=1024,
        title="Largest note (MB)",
        description="Files larger than this are skipped, never read into memory or rewritten.",
    )

    # -- memory ------------------------------------------------------------------------
    memory_enabled: bool = Field(
        default=True,
        title="Memory",
        description="When off, the model gets no memory tools and no memory block; "
        "nothing stored is deleted.",
    )
    memory_budget_chars: int = Field(
        default=2000,
        ge=200,
        le=50_000,
        title="Memory budget (characters)",
        description="Size of the memory block in the prompt of the embedded model.",
    )
    local_model_tools: bool = Field(
        default=False,
        title="Memory tools for the embedded model",
        description="Offer the memory tools to the embedded model in chat. Off by default: "
        "memories are captured after every message either way, and small models answer "
        "better, and sooner, without the tool list in their prompt.",
    )
    undo_window_s: float = Field(
        default=4.0,
        ge=0.5,
        le=60,
        title="Undo window (seconds)",
        description="How long a deleted memory can be restored before it is removed.",
    )
    auto_extract: bool = Field(
        default=True,
        title="Extract facts automatically",
        description="After a conversation, write up to five reusable facts to the daily "
        "note (also off when KAI_AUTO_EXTRACT=0).",
    )

    agent_mode: bool = Field(
        default=False,
        title="Agent-file mode (experimental)",
        description="The model reads and edits memory files by writing small programs that "
        "run in a sandbox; /experimental switches it too.",
    )
    agent_max_turns: int = Field(
        default=6, ge=1, le=20, title="Agent steps per answer",
        description="How many times the model may run code before it must answer.",
    )
    private_tag: str = Field(
        default="private",
        min_length=1,
        max_length=64,
        pattern=r"^#?[\w/-]+$",
        title="Private tag",
        description="Notes and memories with this tag (or this property set to true) are "
        "never sent to a remote model or to other apps over MCP.",
    )

    # -- model -------------------------------------------------------------------------
    model_backend: ModelBackend = Field(
        default="embedded",
        title="Model back end",
        description="The embedded llama.cpp model, or an OpenAI-compatible server.",
    )
    model_choice: ModelChoice = Field(
        default="default",
        title="Embedded model",
        description="default: Qwen2.5-Coder 0.5B; quality: Qwen2.5-Coder 1.5B; "
        "custom: the GGUF file below.",
    )
    model_path: Path | None = Field(
        default=None, title="GGUF file", description="A GGUF model file (custom model)."
    )
    n_ctx: int = Field(
        default=4096, ge=512, le=131_072, title="Context size (tokens)",
        description="Context window of the embedded model.",
    )
    n_threads: int = Field(
        default=2, ge=1, le=256, title="CPU threads", description="Threads for llama.cpp."
    )
    openai_base_url: str = Field(
        default="http://localhost:11434/v1",
        title="Server URL",
        description="Base URL of an OpenAI-compatible server (Ollama, LM Studio, vLLM...).",
    )
    openai_model: str = Field(
        default="", title="Server model", description="Model name on the server."
    )

    # -- retrieval ---------------------------------------------------------------------
    embedder: EmbedderChoice = Field(
        default="builtin",
        title="Embedder",
        description="builtin: all-MiniLM-L6-v2 shipped offline; fastembed: a named "
        "fastembed model; openai: the server's embeddings endpoint.",
    )
    embedder_model: str = Field(
        default="", title="Embedding model", description="Model name for fastembed/openai."
    )
    qdrant_url: str = Field(
        default="",
        title="Qdrant server",
        description="Empty: the embedded engine. Otherwise a Qdrant server or cluster URL.",
    )
    qdrant_api_key: str = Field(
        default="", title="Qdrant API key", description="API key for the Qdrant server."
    )
    weight_importance: float = Field(
        default=0.2, ge=0, le=10, title="Weight: importance",
        description="α_imp, how much a memory's importance (1–10) counts.",
    )
    weight_recency: float = Field(
        default=0.2, ge=0, le=10, title="Weight: recency",
        description="α_rec, how much 0.995^hours since the last update counts.",
    )
    weight_similarity: float = Field(
        default=1.0, ge=0, le=10, title="Weight: similarity",
        description="α_sim, how much the fused search similarity counts.",
    )
    context_token_budget: int = Field(
        default=1200, ge=0, le=32_000, title="Retrieved context (tokens)",
        description="Token budget for notes retrieved for the current message.",
    )

    # -- heartbeat ---------------------------------------------------------------------
    heartbeat_minutes: int = Field(
        default=30, ge=1, le=24 * 60, title="Heartbeat interval (minutes)",
        description="How often well-reinforced memories are considered for promotion.",
    )
    archive_after_days: int = Field(
        default=180, ge=0, le=36_500, title="Archive unused memories after (days)",
        description="At the heartbeat, memories not updated for this long move to "
        "archive/memories/ in the vault: out of the prompt, still searchable, restorable "
        "from the trash and archive window. 0 never archives.",
    )
    active_start_hour: int = Field(
        default=8, ge=0, le=23, title="Active from (hour)",
        description="The heartbeat runs only within active hours.",
    )
    active_end_hour: int = Field(
        default=22, ge=1, le=24, title="Active until (hour)",
        description="End of active hours (exclusive).",
    )

    # -- watcher -----------------------------------------------------------------------
    watch_debounce_ms: int = Field(
        default=250, ge=10, le=10_000, title="File watcher debounce (ms)",
        description="Changes made outside the app are batched for this long.",
    )

    @model_validator(mode="after")
    def _hours_in_order(self) -> Settings:
        if self.active_end_hour <= self.active_start_hour:
            raise ValueError("active_end_hour must be after active_start_hour")
        return self

    @property
    def max_file_bytes(self) -> int:
        return int(self.max_file_mb * 1024 * 1024)


@dataclass(frozen=True, slots=True)
class FieldProblem:
    """A value of a settings file that could not be used; the field's default is used."""

    field: str
    message: str

    def __str__(self) -> str:
        return f"{self.field}: {self.message}"


def settings_from_data(data: dict[str, Any]) -> tuple[Settings, list[FieldProblem]]:
    """Settings from a loaded settings file, keeping every field that is valid.

    A field of the wrong type or out of bounds falls back to its default on its own; when
    fields are valid alone but not together (active hours in the wrong order), the later
    one falls back. Unknown keys are ignored, as ever.
    """
    fields = Settings.model_fields
    candidate = {key: value for key, value in data.items() if key in fields}
    problems: list[FieldProblem] = []
    while True:
        try:
            return Settings.model_validate(candidate), problems
        except ValidationError as exc:
            errors = exc.errors()
        named = {str(e["loc"][0]): e["msg"] for e in errors if e["loc"]}
        if not named:  # only a rule across fields failed: drop the last field it takes
            named = {_culprit(candidate): errors[0]["msg"].removeprefix("Value error, ")}
        for key, message in named.items():
            value = candidate.pop(key)
            default = fields[key].default
            problems.append(
                FieldProblem(key, f"{message} (was {_short(value)}); using {default!r}")
            )


def _culprit(candidate: dict[str, Any]) -> str:
    """The last field whose removal makes ``candidate`` valid (the last one if none does)."""
    for key in reversed(candidate):
        rest = {k: v for k, v in candidate.items() if k != key}
        try:
            Settings.model_validate(rest)
        except ValidationError:
            continue
        return key
    return next(reversed(candidate))


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
