"""`codex`: OpenAI's Codex CLI (`codex exec`), headless, editing the work tree through its own shell tool.

Codex ignores OPENAI_BASE_URL: the endpoint is a custom model provider (base_url, env_key, the responses wire
API) in a config.toml of a CODEX_HOME made for the attempt. That home lives in the repair sandbox's
private /tmp and goes with it. Usage is summed from its JSONL events.
Options: `model` (else the repair role's openai model).
"""

from __future__ import annotations

import json
from typing import Any

from loop.host import settings
from loop.host.tool_install import ToolSpec, node_env
from repair_agents.base import Outcome, RepairWorkspace
from repair_agents.cli_agent import CliRepairAgent, CliRun, ToolCall, ToolResult, output_tail

NAME = "codex"
TOOL = ToolSpec(NAME, "0.169.0", "npm", "@openai/codex", "codex")
PROVIDER_ID = "closedloop"
KEY_VARIABLE = settings.CODEX_API_KEY.name


def provider_config(base_url: str, max_retries: int) -> str:
    return (
        f'model_provider = "{PROVIDER_ID}"\n\n'
        f"[model_providers.{PROVIDER_ID}]\n"
        'name = "closed-loop"\n'
        f"base_url = {json.dumps(base_url)}\n"
        f'env_key = "{KEY_VARIABLE}"\n'
        'wire_api = "responses"\n'
        f"request_max_retries = {max_retries}\n"
        f"stream_max_retries = {max_retries}\n"
    )


def events(output: str) -> list[dict[str, Any]]:
    """The JSONL events of `codex exec --json` (other lines, such as its stderr notes, are skipped)."""
    found: list[dict[str, Any]] = []
    for line in output.splitlines():
        line = line.strip()
        if not line.startswith("{"):
            continue
        try:
            event = json.loads(line)
        except json.JSONDecodeError:
            continue
        if isinstance(event, dict) and "type" in event:
            found.append(event)
    return found


def usage_of(found: list[dict[str, Any]]) -> tuple[int, int, int]:
    """(input tokens, output tokens, turns) summed over its completed turns."""
    tokens_in = tokens_out = turns = 0
    for event in found:
        if event["type"] == "turn.completed":
            usage = event.get("usage") or {}
            tokens_in += int(usage.get("input_tokens") or 0)
            tokens_out += int(usage.get("output_tokens") or 0)
            tokens_out += int(usage.get("reasoning_output_tokens") or 0)
            turns += 1
    return tokens_in, tokens_out, turns


def failure_of(found: list[dict[str, Any]]) -> str | None:
    for event in found:
        if event["type"] == "turn.failed":
            return str((event.get("error") or {}).get("message") or "turn failed")
    return None


def last_message(found: list[dict[str, Any]]) -> str:
    texts = [
        str(event["item"].get("text") or "")
        for event in found
        if event["type"] == "item.completed" and (event.get("item") or {}).get("type") == "agent_message"
    ]
    return texts[-1] if texts else ""


class CodexAgent(CliRepairAgent):
    name = NAME
    tool = TOOL
    output_file = "codex-events.jsonl"

    def command(self, call: ToolCall) -> list[str]:
        return self.argv(call.workspace, call.task)

    def argv(self, workspace: RepairWorkspace, task: str) -> list[str]:
        return [
            str(self.binary),
            "exec",
            "--json",
            "--ephemeral",
            "--skip-git-repo-check",
            "-C",
            workspace.sandbox.workdir if workspace.sandbox else str(workspace.repo_dir),
            "--sandbox",
            "danger-full-access",
            "-m",
            self.endpoint.model,
            task,
        ]

    def environment(self, call: ToolCall) -> dict[str, str]:
        host_home, home = call.folder("codex-home")
        (host_home / "config.toml").write_text(provider_config(call.base_url, self.endpoint.max_retries))
        return {**node_env(), "CODEX_HOME": home, KEY_VARIABLE: self.endpoint.api_key.get_secret_value()}

    def read_result(self, run: CliRun, call: ToolCall) -> ToolResult:
        found = events(run.output)
        tokens_in, tokens_out, turns = usage_of(found)
        failure = failure_of(found)
        if failure is not None:
            # A turn that fails is the model endpoint failing (Codex retries it first): not the game's doing.
            detail = f"codex turn failed: {failure[:300]}"
            return ToolResult(tokens_in, tokens_out, detail, Outcome.INFRASTRUCTURE_FAILURE)
        if run.returncode != 0 or not turns:
            detail = f"codex exited {run.returncode} after {turns} turn(s): {output_tail(run)}"
            return ToolResult(tokens_in, tokens_out, detail, Outcome.AGENT_CRASH)
        return ToolResult(tokens_in, tokens_out, f"codex: {turns} turn(s): {last_message(found)[:200]}")
