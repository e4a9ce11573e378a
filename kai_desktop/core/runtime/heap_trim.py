"""Memory freed by a one-off job given back to the system, where the C library keeps it.

glibc's ``malloc`` keeps freed heap memory for reuse rather than returning it; a one-off job
of many middle-sized allocations (rewriting the embedding graph: the protobuf model, its
weights as floats, two serialisations) leaves the process about 190 MB larger than before
it, memory the app's later large buffers (the chat model's, onnxruntime's) never reuse,
since the allocator serves those from fresh mappings. Indexing does the same a batch at a
time (reading, chunking, writing, embedding). ``malloc_trim`` hands it back.
Elsewhere (another C library, another system) this does nothing.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import sys
from typing import Any


@functools.cache
def _libc() -> Any:
    return ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")


def release_freed_heap() -> bool:
    """Give the heap memory freed so far back to the system (glibc); True when it could."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        trim = _libc().malloc_trim
    except (OSError, AttributeError):  # not glibc (musl has no malloc_trim)
        return False
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int
    trim(0)
    return True
