"""Finding things in the vault: heading-aware chunks (``chunking``, ``note_records``), the
incremental indexer (``indexer``, ``planning``, ``manifest``, ``changes``), what the index
stores (``records``), hybrid search (``search``) and context packing (``packing``), and the
ports (embedder, search index, indexer) that infra fills and the window drives (``ports``).
Imports the vault domain only."""
