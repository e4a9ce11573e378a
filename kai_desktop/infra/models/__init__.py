"""Model files: the packaged default models, downloads with progress, checks."""
