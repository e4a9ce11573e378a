"""Notes: the notes list, the note preview and the note-at-line dialog, and where a note
opens when asked for (in the app at a cited line, or in Obsidian)."""
