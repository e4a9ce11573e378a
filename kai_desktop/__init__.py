"""Kai Desktop: a local-first assistant whose memory is an Obsidian vault."""

__version__ = "0.1.0"
