"""Every `CLOSED_LOOP_*` environment variable, declared once: its default, what it means and where it is read.

Code reads a variable through its `Setting` here (`settings.RUNS.value()`), never `os.environ` by name, and
the settings table of the README is printed from this list (`closed-loop settings --markdown`). A variable
set to the empty string counts as unset. This module imports nothing of ours, so every package may use it,
the game contract included.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import TypeVar

PREFIX = "CLOSED_LOOP_"
TRUE_WORDS = ("1", "true", "yes")
T = TypeVar("T")


@dataclass(frozen=True)
class Setting:
    name: str
    default: str | None  # the value used when unset; None: unset means "not configured"
    meaning: str
    read_in: tuple[str, ...]  # the files that read it (a test keeps this list true)
    shown_default: str = ""  # how the table states a default the code works out (a path, a fallback)
    flag: str = ""  # a command-line flag that says the same for one command
    internal: bool = False  # set by closed-loop for the processes it starts, not by users
    secret: bool = False  # never printed
    family: str = ""  # read by name through `model_for_role` or `tool_binary`

    def value(self, env: Mapping[str, str] | None = None) -> str | None:
        """The variable's text in `env` (default: this process's environment), else the default."""
        found = (os.environ if env is None else env).get(self.name)
        return found if found else self.default

    def is_set(self, env: Mapping[str, str] | None = None) -> bool:
        return bool((os.environ if env is None else env).get(self.name))

    def integer(self, env: Mapping[str, str] | None = None) -> int:
        """The value as a whole number; ValueError when it is none, or unset without a default."""
        return self._parsed(env, int, "a whole number")

    def count(self, env: Mapping[str, str] | None = None) -> int:
        """The value as a whole number, 0 or more; ValueError otherwise."""
        return self._parsed(env, _count, "a whole number, 0 or more")

    def number(self, env: Mapping[str, str] | None = None) -> float:
        return self._parsed(env, float, "a number")

    def _parsed(self, env: Mapping[str, str] | None, kind: Callable[[str], T], what: str) -> T:
        text = self.value(env)
        if text is None:
            raise ValueError(f"{self.name} is not set")
        try:
            return kind(text)
        except ValueError:
            raise ValueError(f"{self.name}={text!r} is not {what}") from None

    def switch(self, env: Mapping[str, str] | None = None) -> bool:
        return (self.value(env) or "").lower() in TRUE_WORDS

    @property
    def default_text(self) -> str:
        return self.shown_default or (f"`{self.default}`" if self.default is not None else "unset")


def _count(text: str) -> int:
    value = int(text)
    if value < 0:
        raise ValueError(text)
    return value


def _role_model(role: str, does: str) -> Setting:
    return Setting(
        f"{PREFIX}MODEL_{role.upper()}",
        None,
        f"the {role} role's model ({does})",
        ("loop/llm/config.py",),
        shown_default="`CLOSED_LOOP_MODEL`",
        family="model_for_role",
    )


def _tool_binary(tool: str, what: str) -> Setting:
    return Setting(
        f"{PREFIX}{tool.upper().replace('-', '_')}_BIN",
        None,
        f"your own {what} binary, used instead of the pinned one closed-loop installs",
        ("loop/host/tool_install.py",),
        shown_default="installed into `$CLOSED_LOOP_DATA/tools/`",
        family="tool_binary",
    )


DATA = Setting(
    f"{PREFIX}DATA",
    None,
    "where closed-loop keeps what outlives a command: ledger, caches, game venvs, Prefect's state, tools",
    ("loop/contract/paths.py", "scripts/engine.sh"),
    shown_default="`data/` in a checkout, else `~/.cache/closed-loop`",
)
RUNS = Setting(
    f"{PREFIX}RUNS",
    "runs",
    "where a loop writes `runs/<run_id>/` (relative to the current folder)",
    ("loop/run/loop_run.py", "flows/cli/report.py"),
)
LEDGER_URL = Setting(
    f"{PREFIX}LEDGER_URL",
    None,
    "the ledger's database URL (`postgresql://...` for PostgreSQL)",
    ("loop/ledger/engine.py",),
    shown_default="SQLite at `$CLOSED_LOOP_DATA/ledger.sqlite`",
    flag="`closed-loop bugs --ledger`",
)
HOME = Setting(
    f"{PREFIX}HOME",
    None,
    "the checkout a `process` work pool's worker runs the flows from (`prefect deploy --all`)",
    ("prefect.yaml",),
)
MODEL = Setting(
    f"{PREFIX}MODEL",
    None,
    "every role's model, `provider:model` (`openai`, `openai-responses`, `anthropic`, `compat`)",
    ("loop/llm/config.py",),
    shown_default="with a provider key alone: `openai:gpt-4.1-mini` or `anthropic:claude-sonnet-4-6`",
)
MODEL_PLANNER = _role_model("planner", "the LLM QA agent's commands, intake's steps")
MODEL_REFLECTION = _role_model("reflection", "is it a bug, the replay judge, the model judge")
MODEL_SUMMARY = _role_model("summary", "the LLM QA agent's memory")
MODEL_CRITIC = _role_model("critic", "the LLM critic, benchmark mode")
MODEL_REPAIR = _role_model("repair", "the built-in repair agent and the coding-agent CLIs")
COMPAT_BASE_URL = Setting(
    f"{PREFIX}COMPAT_BASE_URL",
    None,
    "provider `compat`: the base URL of an OpenAI-compatible server (llama.cpp, vLLM, Ollama)",
    ("loop/llm/config.py",),
)
COMPAT_API_KEY = Setting(
    f"{PREFIX}COMPAT_API_KEY",
    None,
    "provider `compat`: its key (optional)",
    ("loop/llm/config.py",),
    secret=True,
)
LLM_TIMEOUT = Setting(
    f"{PREFIX}LLM_TIMEOUT", "120", "seconds one model request may take", ("loop/llm/config.py",)
)
LLM_MAX_RETRIES = Setting(
    f"{PREFIX}LLM_MAX_RETRIES",
    "3",
    "retries of a model request after a 429, a 5xx, a timeout or a garbage reply",
    ("loop/llm/config.py",),
)
LLM_STREAM = Setting(
    f"{PREFIX}LLM_STREAM",
    "0",
    "`1`: stream model replies (same result, earlier first byte)",
    ("loop/llm/config.py",),
)
LLM_CONTEXT_TOKENS = Setting(
    f"{PREFIX}LLM_CONTEXT_TOKENS",
    None,
    "the model's context size in tokens",
    ("loop/llm/config.py",),
    shown_default="`compat`: read from the server",
)
LLM_MAX_OUTPUT_TOKENS = Setting(
    f"{PREFIX}LLM_MAX_OUTPUT_TOKENS",
    "4096",
    "ceiling on one reply's tokens, every role (each has a lower bound of its own) and the coding-agent CLIs",
    ("loop/llm/config.py", "repair_agents/endpoint.py"),
)
LLM_REASONING = Setting(
    f"{PREFIX}LLM_REASONING",
    "off",
    "how much a model thinks before it answers: `off`, `low`, `medium` or `high` for every role, or per role "
    "(`planner:high,reflection:medium`); Anthropic extended thinking, OpenAI reasoning effort",
    ("loop/llm/config.py",),
)
REFLECTION_STEPS = Setting(
    f"{PREFIX}REFLECTION_STEPS",
    "6",
    "the LLM QA agent: how many earlier steps of the game the reflection reads with the step it judges",
    ("loop/qa_agents/llm/agent.py",),
)
CHECKPOINT_EVERY = Setting(
    f"{PREFIX}CHECKPOINT_EVERY",
    "2",
    "the LLM QA agent: one new game in this many starts from the commit's deepest checkpoint (a stored "
    "command prefix replayed without the planner: the walkthrough in QA mode, or the longest prefix a game "
    "reached new rooms with); 0 never",
    ("loop/qa_agents/llm/agent.py",),
)
PRICES = Setting(
    f"{PREFIX}PRICES",
    None,
    "a TOML price table (USD per million tokens) that adds to or overrides `loop/llm/prices.toml`",
    ("loop/llm/config.py", "loop/llm/prices.py"),
    shown_default="`~/.config/closed-loop/prices.toml` when it exists",
)
LLM_MAX_TOKENS = Setting(
    f"{PREFIX}LLM_MAX_TOKENS",
    None,
    "token budget of one model-backed QA or intake session",
    ("loop/llm/roles.py",),
    shown_default="no limit",
)
LLM_MAX_COST_USD = Setting(
    f"{PREFIX}LLM_MAX_COST_USD",
    None,
    "dollar budget of one model-backed QA or intake session",
    ("loop/llm/roles.py",),
    shown_default="no limit",
)
LLM_MAX_WALL_S = Setting(
    f"{PREFIX}LLM_MAX_WALL_S",
    "3600",
    "wall-clock budget in seconds of one model-backed QA or intake session",
    ("loop/llm/roles.py",),
)
LLM_FIRST_REPLY_S = Setting(
    f"{PREFIX}LLM_FIRST_REPLY_S",
    "300",
    "a model-backed session ends after this many seconds without one usable reply",
    ("loop/llm/roles.py",),
)
MODEL_PORT = Setting(
    f"{PREFIX}MODEL_PORT",
    "18181",
    "loopback port of the llama.cpp server `closed-loop model up` starts",
    ("flows/local_model.py",),
    flag="`closed-loop model up --port`",
)
PREFECT_PORT = Setting(
    f"{PREFIX}PREFECT_PORT",
    "4200",
    "port of the local Prefect server and its UI (`closed-loop up`)",
    ("flows/local_server.py",),
)
SERVE_LIMIT = Setting(
    f"{PREFIX}SERVE_LIMIT",
    "2",
    "flow runs the serve process (`closed-loop up`) runs at once",
    ("flows/deployments.py",),
)
SANDBOX_LIMIT = Setting(
    f"{PREFIX}SANDBOX_LIMIT",
    "2",
    "repair agents `compare-repair-agents` runs at once; the size the nightly's `closed-loop-sandboxes` "
    "concurrency limit is created with",
    ("flows/compare_repair_agents.py", "flows/nightly.py"),
)
NIGHTLY_CRON = Setting(
    f"{PREFIX}NIGHTLY_CRON",
    "0 2 * * *",
    "when `closed-loop-nightly/nightly` runs (cron, local time)",
    ("flows/deployments.py",),
)
BASE_IMAGE = Setting(
    f"{PREFIX}BASE_IMAGE",
    None,
    "the Docker image game images and the repair tools' sandbox are built from",
    ("sandboxes/game/docker.py", "sandboxes/repair_tools/docker.py"),
    shown_default="ours when built, else `python:3.12-slim`, else one made with mmdebstrap",
)
GAME_MEMORY_MB = Setting(
    f"{PREFIX}GAME_MEMORY_MB",
    "2048",
    "memory of one game, MiB: its container's on docker; what each of its processes allocates on the process "
    "backend",
    ("sandboxes/game/limits.py",),
)
GAME_PROCESSES = Setting(
    f"{PREFIX}GAME_PROCESSES",
    "256",
    "processes and threads of one game's container on docker; on the process backend, run as root, of all "
    "games together (their one host user)",
    ("sandboxes/game/limits.py",),
)
GAME_FILE_SIZE_MB = Setting(
    f"{PREFIX}GAME_FILE_SIZE_MB",
    "256",
    "the largest file, MiB, a game may write, on both backends",
    ("sandboxes/game/limits.py",),
)
GAME_OPEN_FILES = Setting(
    f"{PREFIX}GAME_OPEN_FILES",
    "1024",
    "files and sockets each process of a game may hold open, on both backends",
    ("sandboxes/game/limits.py",),
)
REPAIR_SANDBOX = Setting(
    f"{PREFIX}REPAIR_SANDBOX",
    "auto",
    "what confines a repair agent: `docker`, `bubblewrap`, or `auto` (docker when an engine answers)",
    ("loop/repair/confinement.py",),
)
NO_ENGINE = Setting(
    f"{PREFIX}NO_ENGINE",
    "0",
    "`1`: `make` installs and starts no Docker engine (games then run with the process backend)",
    ("scripts/bootstrap.sh", "scripts/engine.sh"),
)
ENGINE_WAIT = Setting(
    f"{PREFIX}ENGINE_WAIT",
    "60",
    "seconds `make` waits for the Docker engine it started",
    ("scripts/engine.sh",),
)
TOOL_PYTHON = Setting(
    f"{PREFIX}TOOL_PYTHON",
    None,
    "the Python that the Python coding-agent CLIs' venvs are made from",
    ("loop/host/tool_install.py",),
    shown_default="closed-loop's own interpreter",
)
NODE_BIN = _tool_binary("node", "Node.js")
CLAUDE_CODE_BIN = _tool_binary("claude-code", "Claude Code (`claude`)")
CODEX_BIN = _tool_binary("codex", "Codex")
AIDER_BIN = _tool_binary("aider", "Aider")
MINI_SWE_AGENT_BIN = _tool_binary("mini-swe-agent", "mini-swe-agent (`mini`)")
LLAMA_SERVER_BIN = replace(
    _tool_binary("llama-server", "llama.cpp `llama-server`"),
    read_in=("loop/host/tool_install.py", "loop/llm/llama_cpp.py"),
)
SYSTEM_TMP = Setting(
    f"{PREFIX}SYSTEM_TMP",
    None,
    "set by closed-loop: the machine's temp folder, for the processes a command starts (each command has a "
    "temp folder of its own)",
    ("loop/contract/paths.py", "loop/host/temp_space.py"),
    shown_default="set by every command",
    internal=True,
)
GAME = Setting(
    f"{PREFIX}GAME",
    None,
    "set by closed-loop: the game's name, in the environment of a game the process backend runs",
    ("sandboxes/game/process.py",),
    shown_default="set for the game",
    internal=True,
)
CODEX_API_KEY = Setting(
    f"{PREFIX}CODEX_API_KEY",
    None,
    "set by closed-loop: the model endpoint's key, in Codex's environment (its provider's `env_key`)",
    ("repair_agents/codex.py",),
    shown_default="set for Codex",
    internal=True,
    secret=True,
)

SETTINGS: tuple[Setting, ...] = tuple(
    value for value in list(globals().values()) if isinstance(value, Setting)
)
BY_NAME: dict[str, Setting] = {setting.name: setting for setting in SETTINGS}


def model_for_role(role: str) -> Setting:
    """`CLOSED_LOOP_MODEL_<ROLE>`; KeyError for a role closed-loop does not have."""
    return BY_NAME[f"{PREFIX}MODEL_{role.upper()}"]


def tool_binary(tool: str) -> Setting:
    """`CLOSED_LOOP_<TOOL>_BIN`: the user's own binary of a tool closed-loop would otherwise install. A tool
    not declared here (a plug-in's own) gets the same variable, undocumented."""
    name = f"{PREFIX}{tool.upper().replace('-', '_')}_BIN"
    return BY_NAME.get(name) or Setting(name, None, f"your own {tool} binary", ())
