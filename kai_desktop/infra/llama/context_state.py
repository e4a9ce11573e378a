"""The chat context's state saved around a side request, without the score rows.

Capture asks the model about the user's message after every reply, on the chat's own
context, and the chat's KV cache must come back afterwards so the next turn evaluates
only its new tokens. llama-cpp-python's ``Llama.save_state`` copies, besides llama.cpp's
state, its ``scores`` array: one float per vocabulary entry for each of ``n_batch``
rows, never written while ``logits_all`` is off but copied all the same (151,936 x 512
x 4 bytes, 311 MB, for the default Qwen model), and ``load_state`` writes that copy back,
so the rows stay resident from then on. It also copies llama.cpp's state three times. On
the default model one capture took the process from 668 MB to a peak of 1.59 GB and left
it at 982 MB.

:class:`ContextState` keeps llama.cpp's state in one buffer and the used part of the
token list; restoring sets both and marks the context for evaluation, as ``load_state``
does. Nothing else of llama-cpp-python's object is saved: with ``logits_all`` off the
scores are not read before the next evaluation writes what it needs.
"""

from __future__ import annotations

import ctypes
from typing import Any

from kai_desktop.core.llm.model import ModelError


class ContextState:
    """llama.cpp's state of one ``Llama`` context and the tokens it holds."""

    def __init__(self, llama: Any) -> None:
        import llama_cpp

        ctx = llama._ctx.ctx
        size = int(llama_cpp.llama_state_get_size(ctx))
        self._data = (ctypes.c_uint8 * size)()
        self._size = int(llama_cpp.llama_state_get_data(ctx, self._data, size))
        if self._size > size:
            raise ModelError("llama.cpp wrote more state than it asked room for")
        self._n_tokens = int(llama.n_tokens)
        self._tokens = llama.input_ids[: self._n_tokens].copy()

    @property
    def size(self) -> int:
        """Bytes of llama.cpp's state held."""
        return self._size

    def restore(self, llama: Any) -> None:
        """Put the saved state back into ``llama`` (the context it was taken from)."""
        import llama_cpp

        taken = int(llama_cpp.llama_state_set_data(llama._ctx.ctx, self._data, self._size))
        if taken != self._size:
            raise ModelError("llama.cpp did not take the saved state back")
        llama.input_ids[: self._n_tokens] = self._tokens
        llama.n_tokens = self._n_tokens
        llama._requires_eval = True  # the next call evaluates before it samples
