"""markdown-it's block rules without their debug traces.

Each of markdown-it-py's block rules logs its entry at debug level ("entering list:
..."), and the rules are tried at the start of nearly every line: 1.2 million calls for a
2,000-note documentation vault. With the level off each call still costs two Python
calls, about a fifth of the whole parse (measured: 600 notes scanned in 1.17 s, 0.95 s
without). Kai never shows those traces, so the ``debug`` of those loggers is made a no-op
(their other levels are untouched). Written here because the library offers no switch.
"""

from __future__ import annotations

import functools
import logging
from typing import Any

_PREFIXES = ("markdown_it.rules_block.", "markdown_it.parser_block")


def _ignored(*_args: Any, **_kwargs: Any) -> None:
    return None


@functools.cache  # once: every parser variant would walk all loggers again
def quiet_block_rule_traces() -> int:
    """Silence the debug traces of markdown-it's block rules (imported already);
    returns how many loggers were silenced."""
    count = 0
    for name, logger in list(logging.Logger.manager.loggerDict.items()):
        if isinstance(logger, logging.Logger) and name.startswith(_PREFIXES):
            setattr(logger, "debug", _ignored)  # noqa: B010 - an instance attribute
            count += 1
    return count
