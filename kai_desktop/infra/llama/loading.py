"""Opening a GGUF with llama.cpp: an 8-bit KV cache where the model allows it.

llama.cpp keeps the KV cache in 16 bits by default; q8_0 halves it (the small model's
4,096-token cache: 94 -> 50 MB) for no measurable loss, and a quantized V cache needs flash
attention. A model or build that refuses that combination is opened with the default cache.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from kai_desktop.core.llm.model import ModelLoadError
from kai_desktop.infra.llama.native_log import quiet_load

log = logging.getLogger(__name__)

Q8_0_KV: dict[str, Any] = {"flash_attn": True, "type_k": 8, "type_v": 8}
"""llama.cpp context options for an 8-bit KV cache (8 is ``GGML_TYPE_Q8_0``)."""


def _open(llama_class: Any, options: dict[str, Any]) -> Any:
    with quiet_load():
        llama = llama_class(**options)
    llama.verbose = False  # no timing and cache prints while generating
    return llama


def load_llama(llama_class: Any, options: dict[str, Any], path: Path, quantized_kv: bool) -> Any:
    """The ``Llama`` for ``options``, with an 8-bit KV cache when asked and possible."""
    if quantized_kv:
        try:
            return _open(llama_class, {**options, **Q8_0_KV})
        except Exception as exc:  # e.g. an architecture without flash attention here
            log.info("%s: no 8-bit KV cache (%s); loading with the default cache",
                     path.name, exc)
    try:
        return _open(llama_class, options)
    except Exception as exc:
        raise ModelLoadError(
            f"Cannot load {path.name}: llama.cpp rejected it — the file is damaged, "
            f"incomplete or of an unsupported kind ({exc})"
        ) from exc
