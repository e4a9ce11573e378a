"""Pure Python, no Qt: the product's domains (vault, retrieval, memory, chat) and the
shared ground they stand on (llm ports, runtime helpers, settings schema)."""
