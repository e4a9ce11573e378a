# llama-cpp-python loads libllama and the ggml libraries with ctypes at import time, from
# the "lib" folder next to its modules; PyInstaller's import analysis cannot see them.
# Collect them (and their versioned symlinks) into the same place in the bundle.
from PyInstaller.utils.hooks import collect_dynamic_libs

binaries = collect_dynamic_libs("llama_cpp")
