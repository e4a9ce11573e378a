"""``kai-desktop index`` and ``kai-desktop search`` end to end (real embedder, real shard)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kai_desktop.cli import main
from kai_desktop.infra.settings_store import vault_data_dir

pytestmark = pytest.mark.integration


@pytest.fixture
def vault(vault_dir: Path) -> Path:
    (vault_dir / "memories").mkdir()
    (vault_dir / "memories/dog.md").write_text(
        "---\ncategory: General\nimportance: 7\n---\nThe user's dog is a beagle called Biscuit.\n",
        encoding="utf-8",
    )
    (vault_dir / "trip.md").write_text(
        "# Trip\n\nFlight to Lisbon on 12 March.\n\n## Hotel\nThe hotel is in Alfama.\n",
        encoding="utf-8",
    )
    (vault_dir / ".obsidian").mkdir()
    (vault_dir / ".obsidian/ignored.md").write_text("beagle beagle", encoding="utf-8")
    return vault_dir


def test_index_then_search_as_json(vault: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["index", "--vault", str(vault)]) == 0
    out = capsys.readouterr().out
    assert "2 added" in out
    assert "3 embeddings computed" in out
    assert (vault_data_dir(vault) / "index" / "manifest.json").is_file()
    assert not any(p.name.startswith("edge") for p in vault.rglob("*"))  # nothing in the vault

    assert main(["index", "--vault", str(vault)]) == 0
    assert "0 embeddings computed" in capsys.readouterr().out

    assert main(["search", "--vault", str(vault), "what breed is my dog", "--limit", "2",
                 "--json"]) == 0
    hits = json.loads(capsys.readouterr().out)
    assert len(hits) == 2
    assert hits[0]["path"] == "memories/dog.md"
    assert {"path", "heading", "start_line", "end_line", "score", "text"} <= set(hits[0])
    assert hits[0]["start_line"] == 5  # after the four lines of properties

    assert main(["search", "--vault", str(vault), "hotel", "--folder", "memories",
                 "--json"]) == 0
    assert all(h["path"].startswith("memories/") for h in json.loads(capsys.readouterr().out))


def test_queries_file_prints_one_json_line_per_query(
    vault: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    queries = tmp_path / "queries.txt"
    queries.write_text("where is the hotel\n\nbeagle\n", encoding="utf-8")
    assert main(["search", "--vault", str(vault), "--queries", str(queries), "-k", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 3
    first, blank, third = (json.loads(line) for line in lines)
    assert first[0]["path"] == "trip.md"
    assert first[0]["heading"] == "Trip > Hotel"
    assert blank == []
    assert third[0]["path"] == "memories/dog.md"


def test_human_output_and_errors(vault: Path, tmp_path: Path,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["search", "--vault", str(vault), "Lisbon flight"]) == 0
    assert "trip.md:" in capsys.readouterr().out
    assert main(["search", "--vault", str(tmp_path / "missing"), "x"]) == 2
    assert "no vault folder" in capsys.readouterr().err
    assert main(["search", "--vault", str(vault)]) == 2
    assert main(["search", "--vault", str(vault), "--queries", str(tmp_path / "nope")]) == 2


@pytest.mark.filterwarnings("ignore:Failed to obtain server version")
def test_unreachable_qdrant_server_is_a_clear_error(
    vault: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["index", "--vault", str(vault), "--qdrant-url", "http://127.0.0.1:9"]) == 1
    assert "Qdrant" in capsys.readouterr().err


def test_progress_bar_draws_only_on_a_terminal() -> None:
    import io

    from kai_desktop.cli.index_cmd import ProgressBar
    from kai_desktop.core.retrieval.changes import IndexProgress

    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    tty = Tty()
    bar = ProgressBar(tty, width=10)
    bar.update(IndexProgress(5, 10, "indexing"))
    assert "[#####.....] 5/10 Indexing notes: keyword search" in tty.getvalue()
    bar.update(IndexProgress(40, 40, "embedding"))  # the second half is named too
    assert "[##########] 40/40 Embedding notes (keyword search works meanwhile)" in tty.getvalue()
    bar.close()
    assert tty.getvalue().endswith("\r")
    plain = io.StringIO()
    quiet = ProgressBar(plain)
    quiet.update(IndexProgress(5, 10, "indexing"))
    quiet.close()
    assert plain.getvalue() == ""
