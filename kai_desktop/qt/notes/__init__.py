"""Opening notes: the note preview, note lists, the open-note helper."""
