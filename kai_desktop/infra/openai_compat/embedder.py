"""Embeddings from an OpenAI-compatible ``/v1/embeddings`` endpoint (Ollama, vLLM, ...)."""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence
from typing import Any

from kai_desktop.core.retrieval.ports import EmbedderUnavailable, RetrievalError


class OpenAIEmbedder:
    """An :class:`~kai_desktop.core.retrieval.ports.Embedder` calling a server's embeddings API.

    ``dim`` is learnt from the first answer when not given (one short request).
    """

    def __init__(
        self,
        *,
        base_url: str,
        model: str,
        api_key: str | None = None,
        dim: int | None = None,
        batch_size: int = 64,
        timeout_s: float = 60.0,
        client: Any = None,
    ) -> None:
        if not model:
            raise EmbedderUnavailable("no embedding model name set for the server")
        self._base_url = base_url
        self._model = model
        self._api_key = api_key or os.environ.get("OPENAI_API_KEY") or "not-needed"
        self._dim = dim
        self.batch_size = batch_size
        self._timeout_s = timeout_s
        self._client = client
        self._lock = threading.Lock()

    @property
    def name(self) -> str:
        return f"openai:{self._model}@{self._base_url}"

    @property
    def dim(self) -> int:
        if self._dim is None:
            self._dim = len(self.embed_query("dimension probe"))
        return self._dim

    def _get(self) -> Any:
        with self._lock:
            if self._client is None:
                try:
                    from openai import OpenAI
                except ImportError as exc:
                    raise EmbedderUnavailable(
                        "the openai package is not installed; install it with: pip install openai"
                    ) from exc
                self._client = OpenAI(
                    base_url=self._base_url, api_key=self._api_key, timeout=self._timeout_s
                )
            return self._client

    def _embed(self, texts: list[str]) -> list[list[float]]:
        client = self._get()
        try:
            response = client.embeddings.create(model=self._model, input=texts)
        except Exception as exc:
            raise RetrievalError(
                f"the embeddings server at {self._base_url} failed: {exc}"
            ) from exc
        rows = sorted(response.data, key=lambda d: d.index)
        if len(rows) != len(texts):
            raise RetrievalError(
                f"the embeddings server returned {len(rows)} vectors for {len(texts)} texts"
            )
        return [[float(x) for x in row.embedding] for row in rows]

    def embed_documents(self, texts: Sequence[str]) -> list[list[float]]:
        out: list[list[float]] = []
        items = list(texts)
        for start in range(0, len(items), self.batch_size):
            out.extend(self._embed(items[start : start + self.batch_size]))
        return out

    def embed_query(self, text: str) -> list[float]:
        return self._embed([text])[0]
