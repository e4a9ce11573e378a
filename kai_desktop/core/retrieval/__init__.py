"""Finding things in the vault: heading-aware chunks, the incremental indexer,
hybrid search and context packing, and the ports (embedder, search index) that infra fills.
Imports the vault domain only."""
