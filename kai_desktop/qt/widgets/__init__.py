"""Small shared widgets: snackbar, status bar, theme, toggle, markdown rendering."""
