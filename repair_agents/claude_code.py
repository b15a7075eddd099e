"""`claude-code`: Anthropic's Claude Code CLI, headless, editing the work tree with its Read/Edit/Bash tools.

Reached through ANTHROPIC_BASE_URL and ANTHROPIC_API_KEY from the LLM configuration; runs with a HOME and
config dir of its own inside the attempt dir, so neither the user's settings nor earlier attempts leak in.
Options: `model` (else the repair role's anthropic model), `max_turns` (default 30), `permission_mode`
(acceptEdits by default; bypassPermissions lets it run any command, which the repair sandbox confines).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from loop.host.tool_install import ToolSpec, node_env
from loop.repair.agents import AgentContext, UnknownAgent
from repair_agents.base import Outcome, RepairWorkspace
from repair_agents.cli_agent import (
    CliRepairAgent,
    CliRun,
    ToolCall,
    ToolResult,
    max_turns,
    output_tail,
    sandbox_tmp,
)
from repair_agents.endpoint import Endpoint, through_relay

NAME = "claude-code"
# The newest releases need Node 22; this is the last one that runs on Node 20.
TOOL = ToolSpec(NAME, "2.1.197", "npm", "@anthropic-ai/claude-code", "claude")
TOOLS = "Bash,Read,Edit"
PERMISSION_MODES = ("acceptEdits", "bypassPermissions")


def parse_result(output: str) -> dict[str, Any] | None:
    """The `--output-format json` result object: the last output line that parses as one."""
    for line in reversed(output.strip().splitlines()):
        line = line.strip()
        if line.startswith("{"):
            try:
                data = json.loads(line)
            except json.JSONDecodeError:
                continue
            if isinstance(data, dict) and data.get("type") == "result":
                return data
    return None


def tokens(result: dict[str, Any]) -> tuple[int, int]:
    usage = result.get("usage") or {}
    tokens_in = sum(
        int(usage.get(name) or 0)
        for name in ("input_tokens", "cache_creation_input_tokens", "cache_read_input_tokens")
    )
    return tokens_in, int(usage.get("output_tokens") or 0)


class ClaudeCodeAgent(CliRepairAgent):
    name = NAME
    tool = TOOL
    api = "anthropic"
    output_file = "claude-output.json"

    def __init__(self, binary: Path, endpoint: Endpoint, turns: int, permission_mode: str = "acceptEdits"):
        super().__init__(binary, endpoint)
        self.permission_mode = permission_mode
        self.turns = turns

    @classmethod
    def settings(cls, context: AgentContext) -> dict[str, Any]:
        mode = context.options.get("permission_mode", "acceptEdits")
        if mode not in PERMISSION_MODES:
            raise UnknownAgent(
                f"option permission_mode must be one of {', '.join(PERMISSION_MODES)}, not {mode!r}"
            )
        return {"turns": max_turns(context), "permission_mode": mode}

    def command(self, call: ToolCall) -> list[str]:
        return self.argv(call.task)

    def argv(self, task: str) -> list[str]:
        return [
            str(self.binary),
            "--bare",
            "-p",
            task,
            "--output-format",
            "json",
            "--permission-mode",
            self.permission_mode,
            "--tools",
            TOOLS,
            # Headless, acceptEdits still refuses Bash: allow the listed tools, so it can run the tests
            # (it runs inside the repair sandbox, with the work tree as its only writable place).
            "--allowedTools",
            TOOLS,
            "--max-turns",
            str(self.turns),
            "--model",
            self.endpoint.model,
        ]

    def environment(self, call: ToolCall) -> dict[str, str]:
        return self.env(call.workspace)

    def env(self, workspace: RepairWorkspace) -> dict[str, str]:
        host_home, home = sandbox_tmp(workspace, "claude-home")
        (host_home / ".claude").mkdir(exist_ok=True)
        (host_home / ".claude").chmod(0o777)
        env = {
            **node_env(),
            "HOME": home,
            "CLAUDE_CONFIG_DIR": f"{home}/.claude",
            "ANTHROPIC_BASE_URL": through_relay(self.endpoint, workspace).base_url,
            "ANTHROPIC_API_KEY": self.endpoint.api_key.get_secret_value(),
            "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
            # Its default retries a dead endpoint (even a 401) for minutes, past most budgets.
            "CLAUDE_CODE_MAX_RETRIES": str(self.endpoint.max_retries),
            "DISABLE_AUTOUPDATER": "1",
            "IS_SANDBOX": "1",  # it is: bypassPermissions is allowed even where the sandbox's user is root
        }
        if self.endpoint.max_output_tokens:
            env["CLAUDE_CODE_MAX_OUTPUT_TOKENS"] = str(self.endpoint.max_output_tokens)
        return env

    def read_result(self, run: CliRun, call: ToolCall) -> ToolResult:
        result = parse_result(run.output)
        if result is None:
            detail = f"claude exited {run.returncode} without a JSON result: {output_tail(run)}"
            return ToolResult(detail=detail, failure=Outcome.AGENT_CRASH)
        tokens_in, tokens_out = tokens(result)
        subtype = str(result.get("subtype", ""))
        text = str(result.get("result") or "")
        detail = f"claude {subtype} after {result.get('num_turns', '?')} turn(s): {text[:200]}"
        endpoint_failed = result.get("is_error") and (result.get("api_error_status") or "API Error" in text)
        return ToolResult(
            tokens_in, tokens_out, detail, Outcome.INFRASTRUCTURE_FAILURE if endpoint_failed else None
        )
