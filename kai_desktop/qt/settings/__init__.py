"""The settings dialog built from the typed settings schema."""
