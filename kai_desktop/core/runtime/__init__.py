"""Process-level helpers with no domain knowledge: garbage-collector policy and
lowered-priority threads."""
