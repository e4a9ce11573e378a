"""The vault watcher: debounced file-system events as vault changes."""
