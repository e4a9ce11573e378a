"""OpenAI-compatible servers: chat model and embedder."""
