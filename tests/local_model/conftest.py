"""A real llama.cpp server with the real (tiny) Gemma 3 270M, started through `closed-loop model up`.

The server is built and the model assembled through the project's own installer (loop/llm/llama_cpp.py) into
the shared tool cache when missing, so a fresh CI machine pays the build once. Each test module gets its own
data directory for the server's pid file and log, pointed at the cached binary: the log then holds exactly
this server's requests. Nothing these tests measure is a capability of the model.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from sandboxes.game.process import free_port

BIN = Path(sys.executable).parent
USER_MODEL_SETTINGS = ("CLOSED_LOOP_", "OPENAI_", "ANTHROPIC_")  # the machine's own choices stay out


@dataclass
class LocalModel:
    env: dict[str, str]  # the test's environment plus the settings `model up` printed
    exports: dict[str, str]
    port: int
    log_file: Path

    def closed_loop(self, *argv: str, timeout: float = 900, cwd: Path | None = None):
        argv_ = [str(BIN / "closed-loop"), *argv]
        return subprocess.run(argv_, env=self.env, capture_output=True, text=True, timeout=timeout, cwd=cwd)


def parse_exports(stdout: str) -> dict[str, str]:
    pairs = {}
    for line in stdout.splitlines():
        assert line.startswith("export "), f"not an export line: {line!r}"
        name, _, value = line.removeprefix("export ").partition("=")
        pairs[name] = shlex.split(value)[0]
    return pairs


@pytest.fixture(scope="module")
def local_model(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[LocalModel]:
    """One server per test module; a module's `MODEL_UP_OPTIONS` go to `closed-loop model up`."""
    from loop.llm.llama_cpp import default_gguf, server_binary

    binary, gguf = server_binary(), default_gguf()  # builds once per data directory (minutes)
    data = tmp_path_factory.mktemp("model-data")
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith(USER_MODEL_SETTINGS)},
        "CLOSED_LOOP_DATA": str(data),
        "CLOSED_LOOP_RUNS": str(tmp_path_factory.mktemp("runs")),
        "CLOSED_LOOP_LLAMA_SERVER_BIN": str(binary),
        "HOME": str(tmp_path_factory.mktemp("home")),
        # A tiny model on a shared CPU makes 10-20 tokens/s: bound every reply so each call takes seconds
        # (the roles' own bounds, up to 4096 for a repair turn, are for models worth waiting for).
        "CLOSED_LOOP_LLM_MAX_OUTPUT_TOKENS": "256",
    }
    port = free_port()
    up = subprocess.run(
        [
            *(BIN / "closed-loop", "model", "up", "--gguf", str(gguf), "--port", str(port)),
            *getattr(request.module, "MODEL_UP_OPTIONS", ()),
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert up.returncode == 0, up.stdout + up.stderr
    exports = parse_exports(up.stdout)
    exports = {**exports, "CLOSED_LOOP_LLM_MAX_OUTPUT_TOKENS": env["CLOSED_LOOP_LLM_MAX_OUTPUT_TOKENS"]}
    model = LocalModel({**env, **exports}, exports, port, data / "model" / "llama-server.log")
    try:
        yield model
    finally:
        down = subprocess.run(
            [BIN / "closed-loop", "model", "down"], env=env, capture_output=True, text=True, timeout=120
        )
        assert down.returncode == 0, down.stdout + down.stderr
