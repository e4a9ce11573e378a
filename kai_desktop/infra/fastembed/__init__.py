"""The offline fastembed (ONNX) embedder assembled from PyPI packages."""
