"""Settings: the dialog built from the typed schema, the presenter of the settings in
force (save, apply live, restart notice) and the model download flow."""
