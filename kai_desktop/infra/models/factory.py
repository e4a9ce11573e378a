"""Building the chat model the settings ask for; heavy imports happen when it is called."""

from __future__ import annotations

from kai_desktop.core.llm.model import ChatModel, LoadProgress, ModelFactory
from kai_desktop.core.settings import Settings
from kai_desktop.infra.models.manager import ModelManager
from kai_desktop.infra.models.model_files import ProgressCallback


def chat_model_factory(settings: Settings, manager: ModelManager | None = None) -> ModelFactory:
    """A :data:`ModelFactory` for the settings' back end; heavy imports happen when called.

    Meant to run on the model worker's thread: assembling the default model on first use
    and loading it both report through the progress callback.
    """
    snapshot = settings.model_copy()
    chosen_manager = manager or ModelManager()

    def build(report: LoadProgress) -> ChatModel:
        if snapshot.model_backend == "openai":
            from kai_desktop.infra.openai_compat.chat_model import OpenAIChatModel, load_api_key

            report(f"Connecting to {snapshot.openai_base_url}", None)
            return OpenAIChatModel(
                base_url=snapshot.openai_base_url,
                model=snapshot.openai_model,
                api_key=load_api_key(snapshot.openai_base_url),
                context_size=snapshot.n_ctx,
            )
        from kai_desktop.infra.llama.chat_model import LlamaChatModel

        def on_bytes(done: int, total: int | None) -> None:
            report("Preparing the model file", done / total if total else None)

        path = chosen_manager.resolve(
            snapshot.model_choice, snapshot.model_path, progress=_throttled(on_bytes)
        )
        report(f"Loading {path.name}", None)
        model: ChatModel = LlamaChatModel(
            path, n_ctx=snapshot.n_ctx, n_threads=snapshot.n_threads
        )
        return model

    return build


def _throttled(callback: ProgressCallback, steps: int = 100) -> ProgressCallback:
    """Pass on at most ``steps`` updates (plus the last) per operation."""
    last = -1

    def report(done: int, total: int | None) -> None:
        nonlocal last
        if total:
            step = done * steps // total
            if step == last and done < total:
                return
            last = step
        callback(done, total)

    return report
