"""New settings reach every part that uses them, without a restart.

Only the vault folder and the largest-note limit wait for the next start (the vault is
opened once); a new model is loaded by the settings presenter's ``model_changed``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kai_desktop import app_parts
from kai_desktop.core.settings import Settings

if TYPE_CHECKING:
    from kai_desktop.app import KaiApp


def apply_settings(app: KaiApp, new: Settings, old: Settings) -> None:
    if new.memory_enabled != old.memory_enabled:
        app.memory.set_enabled(new.memory_enabled)
    if app.heartbeat is not None:
        app.heartbeat.apply_settings(new)
    if app.session is not None:
        app.session.config = type(app.session.config).from_settings(new)
    app.chat.set_agent_mode(new.agent_mode)
    if app.chat.agent is not None and new.agent_max_turns != old.agent_max_turns:
        from kai_desktop.core.chat.agent_turn import agent_config

        app.chat.agent.config = agent_config(new)
    # The store's deadline and the snackbar's countdown change together.
    app.memory_store.undo_window_s = new.undo_window_s
    app.window.parts.undo_window_s = new.undo_window_s
    app.channel_tools.apply_settings(new)  # MCP calls the window does: the private tag
    parts = app.index_parts
    if parts is None:
        return
    if app_parts.reopens_index(old, new):
        app.reopen_index(new)
    else:
        parts.apply_settings(new)


def switch_agent_mode(app: KaiApp, on: bool) -> None:
    """/experimental or the badge: the setting is saved and applied like any other."""
    settings = app.settings_ui.settings
    if settings.agent_mode != on:
        app.settings_ui.apply(settings.model_copy(update={"agent_mode": on}))
