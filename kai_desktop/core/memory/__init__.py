"""What Kai remembers: the key-value memory store, memory keys, the tier files
(Soul, Memory, Procedural, daily notes, sessions), fact extraction, the memory tools
offered to the model, and heartbeat promotion. Imports vault and retrieval ports."""
