"""A stop request that reaches llama.cpp in the middle of a prompt.

llama-cpp-python consults a stop flag only between sampled tokens. The prompt itself
(hundreds of tokens on a cold cache: seconds on a busy machine) is evaluated by calls to
``llama_decode`` that nothing interrupts, so a stopped answer, and quitting the window
while the idle app pre-warms the prompt, waited for it. llama.cpp asks an abort callback
between the nodes of its compute graph: :class:`PromptAbort` answers it from the turn's
stop flag while the prompt is evaluated, and is removed once the first token is sampled
(token steps are short, and each call into Python takes the interpreter lock).

An aborted ``llama_decode`` leaves the KV cache as llama-cpp-python last counted it (the
next evaluation drops what the aborted batch added), so the next turn is unaffected.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator
from typing import Any

StopFlag = Callable[[], bool]


class PromptAbort:
    """The abort callback of one llama.cpp context (kept here, never collected)."""

    def __init__(self, llama: Any) -> None:
        import llama_cpp

        self._lib: Any = llama_cpp
        self._ctx = llama._ctx.ctx
        self._flag: StopFlag | None = None
        self._armed = False
        self._callback = llama_cpp.ggml_abort_callback(self._check)
        self._none = llama_cpp.ggml_abort_callback()  # a null function pointer

    def _check(self, _data: object) -> bool:
        flag = self._flag
        try:
            return bool(flag is not None and flag())
        except Exception:  # never let an exception cross into C
            return False

    def disarm(self) -> None:
        """No more aborts (the first token is out, or the call is over)."""
        if self._armed:
            self._armed = False
            self._flag = None
            self._lib.llama_set_abort_callback(self._ctx, self._none, None)

    def watch(self, chunks: Iterator[Any], stop_flag: StopFlag | None) -> Generator[Any]:
        """``chunks`` of a completion, with the prompt's evaluation stoppable by
        ``stop_flag``; a stop that aborts it ends the chunks early."""
        if stop_flag is not None:
            self._flag = stop_flag
            self._armed = True
            self._lib.llama_set_abort_callback(self._ctx, self._callback, None)
        try:
            yield from chunks
        except RuntimeError:  # "llama_decode returned 2": aborted by the stop request
            if stop_flag is None or not stop_flag():
                raise
        finally:
            self.disarm()
            close = getattr(chunks, "close", None)
            if close is not None:
                close()
