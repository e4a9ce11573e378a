"""The search index on Qdrant: the embedded Edge shard and a Qdrant server."""
