"""`mini-swe-agent`: SWE-agent's minimal bash-only agent (`mini`), headless, in a venv of its own.

It reaches the model through litellm's OpenAI chat completions: `-m openai/<model>` with
`model.model_kwargs.api_base` set from the LLM configuration and the key in OPENAI_API_KEY (never in argv,
which the transcript keeps). Its global config dir is the attempt's, so it neither asks to be set up nor
reads the user's. Exit status, calls and tokens come from its trajectory file, kept in the attempt dir.
Options: `model` (else the repair role's openai model), `max_turns` (its step limit, default 30).
"""

from __future__ import annotations

import contextlib
import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from loop.host.tool_install import ToolSpec
from loop.repair.agents import AgentContext
from repair_agents.base import Outcome
from repair_agents.cli_agent import CliRepairAgent, CliRun, ToolCall, ToolResult, max_turns, output_tail
from repair_agents.endpoint import Endpoint

NAME = "mini-swe-agent"
# The litellm that mini-swe-agent pulls hangs in retries on every tool call unless `mcp` is importable.
TOOL = ToolSpec(NAME, "2.4.6", "pip", "mini-swe-agent", "mini", extra=("litellm==1.106.2", "mcp==2.3.0"))
TRAJECTORY = "mini-trajectory.json"
OUT_DIR = "mini"  # its trajectory and config, in the sandbox's /tmp
# Exit statuses that are litellm failing to reach the model, not the agent failing at its task.
ENDPOINT_FAILURES = frozenset(
    {
        "APIConnectionError",
        "APIError",
        "AuthenticationError",
        "BadGatewayError",
        "InternalServerError",
        "RateLimitError",
        "ServiceUnavailableError",
        "Timeout",
    }
)


def trajectory_usage(trajectory: dict[str, Any]) -> tuple[int, int]:
    """Tokens summed over the model replies recorded in the trajectory."""
    tokens_in = tokens_out = 0
    for message in trajectory.get("messages", []):
        usage = ((message.get("extra") or {}).get("response") or {}).get("usage") or {}
        tokens_in += int(usage.get("prompt_tokens") or 0)
        tokens_out += int(usage.get("completion_tokens") or 0)
    return tokens_in, tokens_out


class MiniSweAgent(CliRepairAgent):
    name = NAME
    tool = TOOL

    def __init__(self, binary: Path, endpoint: Endpoint, turns: int):
        super().__init__(binary, endpoint)
        self.turns = turns

    @classmethod
    def settings(cls, context: AgentContext) -> dict[str, Any]:
        return {"turns": max_turns(context)}

    def command(self, call: ToolCall) -> list[str]:
        _, out = call.folder(OUT_DIR)
        return self.argv(f"{out}/{TRAJECTORY}", call.base_url, call.task)

    def argv(self, trajectory: str, base_url: str, task: str) -> list[str]:
        argv = [str(self.binary), "-y", "--exit-immediately", "-m", f"openai/{self.endpoint.model}"]
        argv += ["-c", "mini.yaml", "-c", f"agent.step_limit={self.turns}"]
        argv += ["-c", f"model.model_kwargs.api_base={base_url}"]
        if self.endpoint.max_output_tokens:
            argv += ["-c", f"model.model_kwargs.max_tokens={self.endpoint.max_output_tokens}"]
        return [*argv, "-o", trajectory, "-t", task]

    def environment(self, call: ToolCall) -> dict[str, str]:
        _, out = call.folder(OUT_DIR)
        return self.env(f"{out}/config", call.base_url)

    def env(self, config_dir: str, base_url: str) -> dict[str, str]:
        return {
            "OPENAI_API_KEY": self.endpoint.api_key.get_secret_value(),
            "OPENAI_BASE_URL": base_url,  # never a stale one inherited
            "OPENAI_API_BASE": base_url,
            "MSWEA_GLOBAL_CONFIG_DIR": config_dir,
            "MSWEA_CONFIGURED": "true",
            "MSWEA_SILENT_STARTUP": "1",
            "MSWEA_MODEL_RETRY_STOP_AFTER_ATTEMPT": str(1 + self.endpoint.max_retries),
            # Its own cost figure is not ours; a model litellm cannot price must not stop the run.
            "MSWEA_COST_TRACKING": "ignore_errors",
            "LITELLM_LOCAL_MODEL_COST_MAP": "True",
        }

    @contextlib.contextmanager
    def around_run(self, call: ToolCall) -> Iterator[None]:
        """Its trajectory, written in the sandbox's /tmp, is kept in the attempt dir."""
        yield
        host_out, _ = call.folder(OUT_DIR)
        if (host_out / TRAJECTORY).is_file():
            shutil.copy(host_out / TRAJECTORY, call.workspace.attempt_dir / TRAJECTORY)

    def read_result(self, run: CliRun, call: ToolCall) -> ToolResult:
        try:
            trajectory = json.loads((call.workspace.attempt_dir / TRAJECTORY).read_text())
        except (OSError, json.JSONDecodeError) as exc:
            detail = f"mini exited {run.returncode} without a trajectory ({exc}): {output_tail(run)}"
            return ToolResult(detail=detail, failure=Outcome.AGENT_CRASH)
        info = trajectory.get("info") or {}
        status = str(info.get("exit_status") or "")
        calls = (info.get("model_stats") or {}).get("api_calls", 0)
        tokens_in, tokens_out = trajectory_usage(trajectory)
        detail = f"mini {status or 'ended'} after {calls} model call(s)"
        failure = Outcome.INFRASTRUCTURE_FAILURE if status in ENDPOINT_FAILURES else None
        return ToolResult(tokens_in, tokens_out, detail, failure)
