"""``kai-desktop mcp``: Kai's vault served to other agents over the Model Context Protocol.

A front end like :mod:`kai_desktop.cli`: it builds core services (vault, memory store,
link graph, retriever) and infra back ends (search index, embedder, file watcher) for one
process and exposes them as MCP tools, a resource per note and two prompts. Nothing in
core, infra or qt imports it.
"""
