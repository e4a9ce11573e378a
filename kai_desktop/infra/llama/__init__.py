"""The embedded llama.cpp chat model."""
