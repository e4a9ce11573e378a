"""Loading the real llama.cpp model leaves the process's stdout and stderr alone and sends
llama.cpp's own messages to ``logging``, also when two loads run at once (they used to
leave stdout on /dev/null for the rest of the process)."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest

from kai_desktop.infra.llama.chat_model import LlamaChatModel
from kai_desktop.infra.llama.native_log import native_log
from tests.integration.test_llama_model import smollm2_path

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[2]

TWO_LOADS = r"""
import json, logging, os, sys, threading
from kai_desktop.infra.llama.chat_model import LlamaChatModel
records = []
class Keep(logging.Handler):
    def emit(self, record):
        records.append(record.getMessage())
native = logging.getLogger("kai_desktop.llama.native")
native.setLevel(logging.DEBUG)
native.addHandler(Keep())
stdout_before, stat_before = sys.stdout, os.fstat(1)
models = []
def load():
    models.append(LlamaChatModel(sys.argv[1], n_ctx=256, n_threads=1))
threads = [threading.Thread(target=load) for _ in range(2)]
for t in threads: t.start()
for t in threads: t.join()
for m in models: m.close()
stat_after = os.fstat(1)
print(json.dumps({
    "models": len(models),
    "records": len(records),
    "loader_record": any("llama" in r or "load" in r for r in records),
    "same_stdout": sys.stdout is stdout_before,
    "same_fd1": (stat_before.st_dev, stat_before.st_ino) == (stat_after.st_dev, stat_after.st_ino),
}), flush=True)
os.write(1, b"written to fd 1 at the end\n")
"""


def test_two_loads_at_once_keep_stdout_and_log_through_logging(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", TWO_LOADS, str(smollm2_path())],
        capture_output=True, text=True, timeout=300, env=env, cwd=tmp_path, check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.splitlines()
    assert lines[-1] == "written to fd 1 at the end", "fd 1 still reaches the pipe"
    report = json.loads(lines[-2])
    assert report == {"models": 2, "records": report["records"], "loader_record": True,
                      "same_stdout": True, "same_fd1": True}
    assert report["records"] > 0
    assert "llama_model_loader" not in done.stderr, "llama.cpp's log is not printed raw"


def test_a_load_in_this_process_logs_and_leaves_stdout(caplog: pytest.LogCaptureFixture):
    stdout, fd1 = sys.stdout, os.fstat(1)
    with caplog.at_level(logging.DEBUG, logger=native_log.name):
        model = LlamaChatModel(smollm2_path(), n_ctx=256, n_threads=1)
        model.close()
    assert sys.stdout is stdout
    after = os.fstat(1)
    assert (after.st_dev, after.st_ino) == (fd1.st_dev, fd1.st_ino)
    native = [r for r in caplog.records if r.name == native_log.name]
    assert native, "llama.cpp's messages arrive as log records"
