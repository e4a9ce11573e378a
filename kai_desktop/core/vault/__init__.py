"""The vault on disk: safe file I/O (``files``: atomic, compare-and-swap), notes and their
properties (``notes``, ``frontmatter``, ``markdown_scan``), wikilinks with Obsidian's rules
(``wikilinks``, ``link_resolver``), the link graph (``link_graph``, ``link_table``,
``anchors``) and the scan that builds it (``scan``), the app's folder layout (``layout``).
Imports no other domain."""
