"""Parts of the composition root built off the GUI thread, after the window shows: the
search back end the settings choose (embedder, index shard, indexer, retriever, file
watcher) and the chat session with its commands and heartbeat.

Their modules are heavy (ONNX, Qdrant, pydantic tool schemas), so the builders import them
and run on the pool; ``kai_desktop.app`` hands what they return to the window.
"""

from __future__ import annotations

import importlib
import logging
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from kai_desktop.core.chat.agent_turn import AgentTurns
    from kai_desktop.core.chat.commands import CommandRunner
    from kai_desktop.core.chat.keeper import ConversationKeeper
    from kai_desktop.core.chat.session import ChatSession
    from kai_desktop.core.llm.model import ModelFactory
    from kai_desktop.core.llm.model_files import ModelFileInfo
    from kai_desktop.core.memory.heartbeat import HeartbeatRunner
    from kai_desktop.core.memory.inbox import ReviewInbox
    from kai_desktop.core.memory.promotions import PromotionLog
    from kai_desktop.core.memory.store import MemoryStore
    from kai_desktop.core.memory.tiers import Tiers
    from kai_desktop.core.retrieval.indexer import IncrementalIndexer
    from kai_desktop.core.retrieval.search import Retriever
    from kai_desktop.core.settings import Settings
    from kai_desktop.core.vault.files import Vault
    from kai_desktop.infra.watchdog.vault_watcher import VaultWatcher
    from kai_desktop.qt.settings.backends import SettingsBackends

log = logging.getLogger(__name__)


@dataclass
class SearchParts:
    indexer: IncrementalIndexer
    retriever: Retriever
    watcher: VaultWatcher

    def apply_settings(self, settings: Settings) -> None:
        """New settings: the ranking weights and the watcher's debounce take effect now
        (a new embedder or index server opens a new back end: :func:`reopens_index`)."""
        from kai_desktop.core.retrieval.records import ScoreWeights

        self.retriever.weights = ScoreWeights.from_settings(settings)
        debounce_s = settings.watch_debounce_ms / 1000
        self.watcher.debounce_s = debounce_s
        self.watcher.max_delay_s = max(self.watcher.max_delay_s, debounce_s)

    def close(self) -> None:
        """Save the manifest, flush and close the shard."""
        self.indexer.close()
        self.indexer.index.close()


INDEX_FIELDS = ("embedder", "embedder_model", "qdrant_url", "qdrant_api_key")
"""Settings the search back end is opened with: a change opens it again."""


def reopens_index(old: Settings, new: Settings) -> bool:
    return any(getattr(old, name) != getattr(new, name) for name in INDEX_FIELDS)


def reopen_search(
    old: SearchParts | None, vault: Vault, settings: Settings, data_dir: Path
) -> SearchParts:
    """On the pool: close the back end in use (its lock is released), open the new one."""
    if old is not None:
        old.close()
    return build_search(vault, settings, data_dir)


def settings_backends() -> SettingsBackends:
    """The keyring and the model folder, for the settings dialog (calls run on the pool)."""
    from kai_desktop.qt.settings.backends import KeyState, SettingsBackends

    def where_keys_go() -> tuple[bool, str]:
        from kai_desktop.infra.openai_compat.chat_model import API_KEY_ENV, keyring_usable

        if keyring_usable():
            return True, "Kept in the system keyring, never in the settings file."
        return False, (
            "No system keyring here: a key typed in is kept only until Kai quits. "
            f"To keep one, set {API_KEY_ENV} in the environment."
        )

    def load(base_url: str) -> KeyState:
        from kai_desktop.infra.openai_compat.chat_model import load_api_key

        persistent, message = where_keys_go()
        return KeyState(load_api_key(base_url) or "", persistent, message)

    def save(base_url: str, key: str) -> KeyState:
        from kai_desktop.infra.openai_compat.chat_model import delete_api_key, save_api_key

        if not key:
            delete_api_key(base_url)
            return KeyState("", True, f"The API key for {base_url} was removed.")
        stored = save_api_key(base_url, key)
        return KeyState(key, stored.persistent, stored.message)

    def models() -> list[ModelFileInfo]:
        from kai_desktop.infra.models.listing import list_model_files

        return list_model_files()

    return SettingsBackends(load, save, models)


def build_search(vault: Vault, settings: Settings, data_dir: Path) -> SearchParts:
    """Open the index of ``vault`` in ``data_dir`` with the embedder the settings name."""
    from kai_desktop.core.retrieval.indexer import IncrementalIndexer
    from kai_desktop.core.retrieval.records import ScoreWeights
    from kai_desktop.core.retrieval.search import Retriever
    from kai_desktop.infra.fastembed.embedder import FastEmbedEmbedder, make_embedder
    from kai_desktop.infra.qdrant.backends import open_index
    from kai_desktop.infra.settings_store import data_dir as app_data_dir
    from kai_desktop.infra.watchdog.vault_watcher import VaultWatcher

    embedder = make_embedder(settings, app_data_dir() / "models")
    if isinstance(embedder, FastEmbedEmbedder):
        # Here, at start-up, rather than at the first batch of the sync: creating the
        # ONNX session and tokenizer holds the interpreter lock for a while, which
        # would stop the window if a chat answer and the graph scan ran meanwhile.
        # The first search is quick, too.
        embedder.load()
    index, manifest = open_index(
        data_dir,
        dim=embedder.dim,
        embedder_name=embedder.name,
        qdrant_url=settings.qdrant_url,
        api_key=settings.qdrant_api_key,
    )
    indexer = IncrementalIndexer(vault, index, embedder, manifest)
    retriever = Retriever(embedder, index, ScoreWeights.from_settings(settings))
    watcher = VaultWatcher(
        vault,
        debounce_s=settings.watch_debounce_ms / 1000,
        ignore_paths=[data_dir],  # in case the data folder sits inside the vault
    )
    # Imported here, so the index worker that starts the watcher imports nothing.
    importlib.import_module("watchdog.observers")
    return SearchParts(indexer, retriever, watcher)


@dataclass
class ChatParts:
    session: ChatSession
    commands: CommandRunner
    heartbeat: HeartbeatRunner
    keeper: ConversationKeeper
    agent: AgentTurns


def open_promotion_log(path: Path) -> PromotionLog:
    """On the pool: the chat session's modules are imported, and the log of promotions
    is read."""
    from kai_desktop.core.memory.promotions import PromotionLog
    from kai_desktop.qt.app_runtime import warm_up_session_modules

    warm_up_session_modules()
    return PromotionLog(path)


def build_chat(
    memory: MemoryStore,
    tiers: Tiers,
    vault: Vault,
    settings: Settings,
    *,
    promotions: PromotionLog,
    auto_extract: Callable[[], bool],
    inbox: ReviewInbox,
    journal_path: Path,
    agent_trash: Path,
    on_experimental: Callable[[bool], None] | None = None,
    keeps_files: Callable[[], bool] = lambda: True,
) -> ChatParts:
    """The chat session, its slash commands and the heartbeat over one memory store
    (quick once :func:`open_promotion_log` has imported their modules). ``keeps_files``:
    whether Kai's own files may be written in the vault now (capture, the end's
    extraction and session note wait for it)."""
    from kai_desktop.core.chat.commands import CommandRunner
    from kai_desktop.core.chat.keeper import ConversationKeeper
    from kai_desktop.core.chat.session import ChatSession, SessionConfig
    from kai_desktop.core.memory.capture import Capturer
    from kai_desktop.core.memory.extraction import Extractor
    from kai_desktop.core.memory.heartbeat import HeartbeatRunner
    from kai_desktop.core.memory.journal import TranscriptJournal
    from kai_desktop.core.memory.tools import ToolBox
    from kai_desktop.core.vault.privacy import PrivateNotes

    extractor = Extractor(memory, tiers, auto_extract=auto_extract)
    session = ChatSession(
        memory=memory,
        tiers=tiers,
        tools=ToolBox(memory, None, inbox=inbox),
        extractor=extractor,
        config=SessionConfig.from_settings(settings),
    )
    # Notes and memories tagged private never go to a remote model (the embedded one sees them).
    session.private = PrivateNotes(vault, settings.private_tag)
    keeper = ConversationKeeper(
        session, Capturer(memory, tiers, inbox), TranscriptJournal(journal_path), extractor,
        keeps_files=keeps_files,
    )
    heartbeat = HeartbeatRunner(
        memory,
        tiers,
        vault,
        promotions,
        active_start_hour=settings.active_start_hour,
        active_end_hour=settings.active_end_hour,
        archive_after_days=settings.archive_after_days,
    )
    commands = CommandRunner(session, on_experimental=on_experimental)
    agent = build_agent(session, vault, settings, agent_trash)
    return ChatParts(session, commands, heartbeat, keeper, agent)


def build_agent(session: ChatSession, vault: Vault, settings: Settings, trash: Path) -> AgentTurns:
    """Agent-file mode over the vault; its sandbox worker starts with the first agent turn.
    Agent changes are journalled in ``trash``, outside the vault."""
    from kai_desktop.core.agent.journal import TrashJournal
    from kai_desktop.core.agent.tools import MemoryTools
    from kai_desktop.core.chat.agent_turn import AgentTurns, SessionSearch, agent_config
    from kai_desktop.infra.sandbox.client import SandboxClient

    tools = MemoryTools(vault, TrashJournal(trash), searcher=SessionSearch(session))
    return AgentTurns(
        session, SandboxClient(), tools, config=agent_config(settings), files=tools.overview
    )


def download_model(url: str, progress: Callable[[int, int | None], None],
                   cancelled: Callable[[], bool]) -> Path:
    """On the pool: a GGUF from ``url`` into the models folder (the settings' download)."""
    from kai_desktop.infra.models.manager import ModelManager

    return ModelManager().download(url, progress=progress, cancel=cancelled)


@dataclass
class Options:
    """What a caller (command line, tests, screenshots, benches) may decide."""

    vault: str | os.PathLike[str] | None = None
    settings: Settings | None = None
    data_dir: Path | None = None
    """The vault's derived-data folder; default ``vault_data_dir(vault)``."""
    model_factory: ModelFactory | None = None
    """None: the model the settings choose."""
    start_background: bool = True
    """After the window shows: scan the graph, start indexing and watching, load the model."""
    start_index: bool = True
    start_model: bool = True
    start_heartbeat: bool = True
    single_instance: bool = True
    save_settings: bool = True


def quietly(step: Callable[[], object], failure: str) -> None:
    """A step of quitting: a failure is logged, and never stops the rest of shutdown."""
    try:
        step()
    except Exception as exc:
        log.warning("%s: %s", failure, exc)


def sweep_leftovers(vault: Vault) -> None:
    """Temp files a killed run left behind (older than a few seconds) are removed."""
    import logging

    from kai_desktop.core.vault.atomic import sweep_temp_files

    swept = sweep_temp_files(vault.root, vault.rules, older_than_s=5.0)
    if swept:
        logging.getLogger(__name__).info(
            "removed %d temporary files left by an interrupted write", len(swept)
        )
