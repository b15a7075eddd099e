"""`mini-swe-agent`: SWE-agent's minimal bash-only agent (`mini`), headless, in a venv of its own.

It reaches the model through litellm's OpenAI chat completions: `-m openai/<model>` with
`model.model_kwargs.api_base` set from the LLM configuration and the key in OPENAI_API_KEY (never in argv,
which the transcript keeps). Its global config dir is the attempt's, so it neither asks to be set up nor
reads the user's. Exit status, calls and tokens come from its trajectory file, kept in the attempt dir.
Options: `model` (else the repair role's openai model), `max_turns` (its step limit, default 30).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from loop.contract.models import BugReport
from loop.host.tool_install import ToolSpec, tool_homes
from loop.repair.agents import AgentContext
from repair_agents.base import Attempt, Outcome, RepairAgent, RepairBudget, RepairWorkspace
from repair_agents.cli_agent import (
    Endpoint,
    endpoint_for,
    game_manifest,
    installed_tool,
    max_turns,
    output_tail,
    priced_attempt,
    sandbox_tmp,
    task_prompt,
    through_relay,
    timed_out,
)
from repair_agents.cli_runner import run_cli

NAME = "mini-swe-agent"
# The litellm that mini-swe-agent pulls hangs in retries on every tool call unless `mcp` is importable.
TOOL = ToolSpec(NAME, "2.4.6", "pip", "mini-swe-agent", "mini", extra=("litellm==1.106.2", "mcp==2.3.0"))
TRAJECTORY = "mini-trajectory.json"
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


class MiniSweAgent(RepairAgent):
    name = NAME

    def __init__(self, binary: Path, endpoint: Endpoint, turns: int):
        self.binary = binary
        self.endpoint = endpoint
        self.turns = turns
        self.model_url = endpoint.base_url
        self.tool_paths = tool_homes(binary)

    def argv(self, trajectory: str, base_url: str, task: str) -> list[str]:
        argv = [str(self.binary), "-y", "--exit-immediately", "-m", f"openai/{self.endpoint.model}"]
        argv += ["-c", "mini.yaml", "-c", f"agent.step_limit={self.turns}"]
        argv += ["-c", f"model.model_kwargs.api_base={base_url}"]
        if self.endpoint.max_output_tokens:
            argv += ["-c", f"model.model_kwargs.max_tokens={self.endpoint.max_output_tokens}"]
        return [*argv, "-o", trajectory, "-t", task]

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

    def repair(self, workspace: RepairWorkspace, reports: list[BugReport], budget: RepairBudget) -> Attempt:
        base_url = through_relay(self.endpoint, workspace).base_url
        host_out, out = sandbox_tmp(workspace, "mini")
        argv = self.argv(f"{out}/{TRAJECTORY}", base_url, task_prompt(reports, game_manifest(workspace)))
        run = run_cli(argv, workspace, budget, env=self.env(f"{out}/config", base_url))
        trajectory_path = workspace.attempt_dir / TRAJECTORY
        if (host_out / TRAJECTORY).is_file():
            shutil.copy(host_out / TRAJECTORY, trajectory_path)
        stopped = timed_out(self.name, run, "mini")
        if stopped:
            return stopped
        try:
            trajectory = json.loads(trajectory_path.read_text())
        except (OSError, json.JSONDecodeError) as exc:
            detail = f"mini exited {run.returncode} without a trajectory ({exc}): {output_tail(run)}"
            return Attempt(agent=self.name, outcome=Outcome.AGENT_CRASH, detail=detail)
        info = trajectory.get("info") or {}
        status = str(info.get("exit_status") or "")
        calls = (info.get("model_stats") or {}).get("api_calls", 0)
        tokens_in, tokens_out = trajectory_usage(trajectory)
        detail = f"mini {status or 'ended'} after {calls} model call(s)"
        attempt = priced_attempt(self.name, self.endpoint.model, tokens_in, tokens_out, detail)
        if status in ENDPOINT_FAILURES:
            return attempt.model_copy(update={"outcome": Outcome.INFRASTRUCTURE_FAILURE})
        return attempt


def create(context: AgentContext) -> RepairAgent:
    endpoint = endpoint_for(context, "openai")
    binary = installed_tool(TOOL)
    return MiniSweAgent(binary, endpoint, max_turns(context))


create.needs_model = True  # type: ignore[attr-defined]
