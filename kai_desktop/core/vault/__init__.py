"""The vault on disk: safe file I/O (atomic, compare-and-swap), notes and their
properties, wikilinks with Obsidian's rules, the link graph, the app's folder layout.
Imports no other domain."""
