"""The vault graph view: scene, items, off-thread layout, pane and controller."""
