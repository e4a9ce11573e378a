"""Issue 12 #6 on the command line: ``search`` answers from the keyword half at once and
never waits for dense vectors (saying so); ``index --embed-seconds`` bounds the dense half,
keeps every note keyword-searchable, and the next run finishes what is left."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from kai_desktop.cli import main
from kai_desktop.cli.index_cmd import MODEL_LOAD_S, embed_budget
from kai_desktop.cli.search_cmd import _mode_with_vectors
from kai_desktop.core.retrieval.records import SearchMode
from tests.core.test_retrieval_fakes import WordEmbedder

NOTES = 6


@pytest.fixture
def embedder(monkeypatch: pytest.MonkeyPatch) -> WordEmbedder:
    """The boundary: a counting embedder in place of the ONNX model."""
    fake = WordEmbedder()
    monkeypatch.setattr(
        "kai_desktop.infra.fastembed.embedder.make_embedder", lambda *_a, **_k: fake
    )
    return fake


@pytest.fixture
def vault(vault_dir: Path) -> Path:
    for i in range(NOTES):
        body = f"Note {i} is about zebra{i} and the garden. " * 30
        (vault_dir / f"note{i}.md").write_text(f"# Note {i}\n\n{body}\n", encoding="utf-8")
    return vault_dir


def _pending(text: str) -> int:
    match = re.search(r"(\d+) chunks still to embed", text)
    assert match, text
    return int(match.group(1))


def test_search_answers_from_keywords_without_embedding_anything(
    vault: Path, embedder: WordEmbedder, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["search", "--vault", str(vault), "zebra3", "--json"]) == 0
    captured = capsys.readouterr()
    assert [h["path"] for h in json.loads(captured.out)][:1] == ["note3.md"]
    assert "keyword-only results" in captured.err
    assert embedder.embedded == 0


def test_index_with_a_time_limit_stops_the_dense_half_and_the_next_run_finishes_it(
    vault: Path, embedder: WordEmbedder, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["index", "--vault", str(vault), "--embed-seconds", "0"]) == 0
    out = capsys.readouterr().out
    left = _pending(out)
    assert left > 0
    assert embedder.embedded == 0
    assert f"{NOTES} added" in out

    assert main(["search", "--vault", str(vault), "zebra5", "--json"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)[0]["path"] == "note5.md"  # searchable by its words
    assert "keyword-only" in captured.err

    assert main(["index", "--vault", str(vault)]) == 0
    out = capsys.readouterr().out
    assert "still to embed" not in out
    assert embedder.embedded == left  # resumed: each waiting chunk embedded once

    assert main(["search", "--vault", str(vault), "zebra2", "--json"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)[0]["path"] == "note2.md"
    assert "dense" not in captured.err  # hybrid, nothing pending


def test_partial_vectors_keep_the_mode_and_say_how_many_are_missing(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert _mode_with_vectors(SearchMode.HYBRID, 3, 10) is SearchMode.HYBRID
    assert "3 of 10 chunks have no dense vector" in capsys.readouterr().err
    assert _mode_with_vectors(SearchMode.DENSE, 10, 10) is SearchMode.KEYWORD
    assert "keyword-only" in capsys.readouterr().err
    assert _mode_with_vectors(SearchMode.HYBRID, 0, 10) is SearchMode.HYBRID
    assert capsys.readouterr().err == ""


class UnloadedEmbedder(WordEmbedder):
    """A model that must be loaded before it embeds (as the ONNX one is)."""

    def __init__(self) -> None:
        super().__init__()
        self.is_loaded = False
        self.loads = 0

    def load(self) -> None:
        self.loads += 1
        self.is_loaded = True


def test_a_limit_too_short_to_load_the_model_leaves_it_unloaded(
    vault: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    fake = UnloadedEmbedder()
    monkeypatch.setattr(
        "kai_desktop.infra.fastembed.embedder.make_embedder", lambda *_a, **_k: fake
    )
    assert main(["index", "--vault", str(vault), "--embed-seconds", "1"]) == 0
    out = capsys.readouterr().out
    assert fake.loads == 0
    assert fake.embedded == 0
    assert "left unloaded" in out
    assert _pending(out) > 0
    assert f"{NOTES} added" in out  # every note keyword-searchable all the same

    assert main(["search", "--vault", str(vault), "zebra4", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)[0]["path"] == "note4.md"


def test_the_embed_budget_loads_the_model_only_when_it_can_finish() -> None:
    unloaded = UnloadedEmbedder()
    assert embed_budget(unloaded, None) is None  # no limit: the dense half runs to the end
    assert embed_budget(unloaded, 1.0) == 0.0
    assert embed_budget(unloaded, MODEL_LOAD_S) == MODEL_LOAD_S
    assert embed_budget(unloaded, 30.0) == 30.0
    assert embed_budget(WordEmbedder(), 1.0) == 1.0  # nothing to load: the limit as given
    unloaded.load()
    assert embed_budget(unloaded, 0.5) == 0.5
