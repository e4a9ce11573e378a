"""Which search index a vault uses: the embedded Edge shard, or a Qdrant server."""

from __future__ import annotations

from pathlib import Path

from kai_desktop.core.retrieval.ports import SearchIndex
from kai_desktop.core.vault.files import content_hash
from kai_desktop.infra.qdrant.edge import EdgeIndex


def index_dir(vault_data: Path) -> Path:
    """Where a vault's index (shard and manifest) lives inside its data folder."""
    return Path(vault_data) / "index"


def open_index(
    vault_data: Path,
    *,
    dim: int,
    embedder_name: str,
    qdrant_url: str = "",
    api_key: str = "",
    collection: str | None = None,
) -> tuple[SearchIndex, Path]:
    """The vault's search index and the path of its manifest.

    ``vault_data`` is the vault's derived-data folder (``vault_data_dir(root)``). Without
    ``qdrant_url`` the embedded Edge shard lives there; with it, a collection on that
    server (named after the vault unless ``collection`` is given) and only the manifest
    is kept locally.
    """
    folder = index_dir(Path(vault_data))
    if qdrant_url:
        from kai_desktop.infra.qdrant.server import ServerIndex

        name = collection or f"kai-{Path(vault_data).name}"
        index: SearchIndex = ServerIndex.connect(
            name, dim=dim, embedder_name=embedder_name, url=qdrant_url, api_key=api_key
        )
        key = content_hash(f"{qdrant_url}\x00{name}")[:12]
        return index, folder / f"manifest-server-{key}.json"
    return EdgeIndex(folder, dim=dim, embedder_name=embedder_name), folder / "manifest.json"
