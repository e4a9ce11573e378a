"""The app indexes and searches with the configuration chosen on the development half of
the recall set (bench/retrieval_quality.py --tune records it in bench/recall_tuned.json)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

from kai_desktop.app_parts import build_search
from kai_desktop.core.retrieval import chunk_context
from kai_desktop.core.retrieval.fusion_tuning import TUNED, FusionParams
from kai_desktop.core.retrieval.note_records import note_records
from kai_desktop.core.retrieval.records import FusionMethod, ScoreWeights, point_id
from kai_desktop.core.settings import Settings

CHOSEN = Path(__file__).resolve().parents[1] / "bench" / "recall_tuned.json"

SESSION = """---
title: Catching up about Ana
created: 2026-03-12T18:30:00
---
# Catching up about Ana

## Transcript

**assistant:** Any news from Ana?

**user:** She moved to Porto last month.

**assistant:** And her brother?

**user:** He stayed in Leeds.
"""


def _chosen() -> dict[str, Any]:
    config: dict[str, Any] = json.loads(CHOSEN.read_text(encoding="utf-8"))["config"]
    return config


def _fusion(data: dict[str, Any]) -> FusionParams:
    return FusionParams(**{**data, "method": FusionMethod(data["method"])})


def test_the_constants_are_the_configuration_chosen_on_the_development_half() -> None:
    chosen = _chosen()
    assert dataclasses.asdict(chunk_context.DEFAULT_OPTIONS) == chosen["context"]
    assert _fusion(chosen["fusion"]) == TUNED
    assert ScoreWeights.from_settings(Settings()) == ScoreWeights(**chosen["weights"])


def test_the_app_indexes_and_searches_with_the_chosen_configuration(make_app, qtbot) -> None:
    chosen = _chosen()
    kai = make_app(start_background=False, save_settings=False)
    rel = "sessions/2026-03-12-1830-catching-up-about-ana.md"
    (kai.vault_dir / "sessions").mkdir(exist_ok=True)
    (kai.vault_dir / rel).write_text(SESSION, encoding="utf-8")
    parts = build_search(kai.vault, kai.settings_ui.settings, kai.data_dir)
    try:
        assert parts.retriever.fusion == _fusion(chosen["fusion"])
        assert parts.retriever.weights == ScoreWeights(**chosen["weights"])
        parts.indexer.run_sync()
        options = chunk_context.ContextOptions(**chosen["context"])
        expected = note_records(rel, SESSION, "sha", 0.0, 1200, context=options)
        stored = parts.retriever.index.fetch([point_id(rel, r.chunk_index) for r, _ in expected])
        assert len(stored) == len(expected) >= 2
        for record, _ in expected:
            got = stored[record.point_id].record
            assert (got.start_line, got.end_line) == (record.start_line, record.end_line)
            assert got.context == record.context  # the keyword side's context
            assert got.chunk_hash == record.chunk_hash  # a hash of the embedded text
        hits = parts.retriever.search("Where did Ana move to?", limit=3)
        assert hits[0].path == rel
        assert "Porto" in hits[0].text
    finally:
        parts.close()
