"""Agent-file mode end to end with the real Qwen2.5-Coder 0.5B, the worker and real files.

The 0.5B model does not follow the protocol reliably (see the measured rates in the
agent-mode notes), so these tests hold what must hold whatever the model writes: the loop
ends with a reply within its turn limit, every program ran in the sandbox, and the memory
folder stays consistent: any change is journalled and undoing the journal restores it
exactly. Whether the answer was right is printed, not asserted.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import platformdirs
import pytest

from kai_desktop.core.agent.journal import TrashJournal
from kai_desktop.core.agent.loop import AgentConfig, AgentLoop
from kai_desktop.core.agent.tools import MemoryTools
from kai_desktop.core.vault.files import Vault
from kai_desktop.infra.llama.chat_model import LlamaChatModel
from kai_desktop.infra.sandbox.client import SandboxClient
from tests.agent.conftest import make_mem_agent_folder, tree_hash

pytestmark = pytest.mark.integration
MODEL_FILE = "qwen2.5-coder-0.5b-instruct-q4_k_m.gguf"


def model_path() -> Path:
    for folder in (os.environ.get("KAI_MODELS_DIR"),
                   Path(platformdirs.user_data_dir("kai-desktop")) / "models"):  # fmt: skip
        if folder and (Path(folder) / MODEL_FILE).is_file():
            return Path(folder) / MODEL_FILE
    pytest.skip(f"{MODEL_FILE} is not installed (kai-desktop models install default)")


@pytest.fixture(scope="module")
def qwen() -> Iterator[LlamaChatModel]:
    model = LlamaChatModel(model_path(), n_ctx=4096, n_threads=2, seed=1)
    yield model
    model.close()


def run_task(qwen: LlamaChatModel, sandbox: SandboxClient, root: Path, question: str) -> tuple[
    str, MemoryTools, str
]:  # fmt: skip
    memory = make_mem_agent_folder(root / "memory")
    before = tree_hash(memory)
    tools = MemoryTools(Vault(memory), TrashJournal(root / "trash"))
    loop = AgentLoop(sandbox, tools, AgentConfig(max_turns=4, temperature=0.3),
                     files=lambda: str(tools.call("list_files", [], {})))  # fmt: skip
    answer = loop.run(qwen, question)
    assert answer.outcome in ("reply", "plain_fallback", "turn_limit")
    assert answer.reply.strip()
    assert answer.model_calls <= 4 + 1
    assert all(step.code for step in answer.steps)
    for path in memory.rglob("*.md"):
        path.read_text(encoding="utf-8")
    return answer.reply, tools, before


def undo_all(tools: MemoryTools, memory: Path, before: str) -> None:
    journal = tools.journal
    assert isinstance(journal, TrashJournal)
    for change in reversed(journal.entries()):
        journal.undo(change, tools.vault)
    for folder in sorted((p for p in memory.rglob("*") if p.is_dir()), reverse=True):
        if not any(folder.iterdir()) and folder.name != "entities":
            folder.rmdir()
    assert tree_hash(memory) == before


def test_answers_from_an_entity_file(
    qwen: LlamaChatModel, sandbox: SandboxClient, tmp_path: Path
) -> None:
    reply, tools, before = run_task(qwen, sandbox, tmp_path, "Where does my sister live?")
    print(f"answer: {reply!r}; right: {'porto' in reply.lower()}")
    undo_all(tools, tmp_path / "memory", before)


def test_records_a_new_fact_about_the_user(
    qwen: LlamaChatModel, sandbox: SandboxClient, tmp_path: Path
) -> None:
    question = "Please remember that my favourite food is bacalhau."
    reply, tools, before = run_task(qwen, sandbox, tmp_path, question)
    user = (tmp_path / "memory" / "user.md").read_text(encoding="utf-8")
    print(f"answer: {reply!r}; saved: {'bacalhau' in user.lower()}")
    undo_all(tools, tmp_path / "memory", before)
