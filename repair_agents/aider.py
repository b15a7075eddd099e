"""`aider`: Aider, headless with one `--message`, editing the work tree through its SEARCH/REPLACE blocks.

It runs from a venv of its own (about 100 exact pins, Python below 3.13) and reaches the model through
its `--openai-api-base` (litellm's OpenAI chat completions), the key in OPENAI_API_KEY. Its HOME, history
files and caches live in the attempt dir: nothing is written into the repository but the edit, and nothing
of the user's is read. It never commits (the pipeline does) and never touches .gitignore. Tokens are read
from its "Tokens: ... sent, ... received" lines (the endpoint's usage, as it rounds it above 1,000).
Options: `model` (else the repair role's openai model).
"""

from __future__ import annotations

import contextlib
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

from loop.host.tool_install import ToolSpec
from repair_agents.base import Outcome, RepairWorkspace
from repair_agents.cli_agent import (
    CliRepairAgent,
    CliRun,
    ToolCall,
    ToolResult,
    output_tail,
    relevant_files,
    sandbox_tmp,
)

NAME = "aider"
TOOL = ToolSpec(NAME, "0.86.2", "pip", "aider-chat", "aider", max_python=(3, 13))
NUMBER = r"[\d.]+[kM]?"
TOKENS_LINE = re.compile(
    rf"^Tokens: (?P<sent>{NUMBER}) sent(?:, {NUMBER} cache (?:write|hit))*, "
    rf"(?P<received>{NUMBER}) received\.",
    re.M,
)
APPLIED = re.compile(r"^Applied edit to (.+)$", re.M)
# litellm's errors of the model endpoint, with their message (which it wraps onto the next line). A refused
# request (BadRequestError: e.g. a prompt past a small local model's context) is one: aider cannot go on.
ENDPOINT_ERROR = re.compile(
    r"^litellm\.(APIConnectionError|AuthenticationError|InternalServerError|RateLimitError|"
    r"ServiceUnavailableError|APIError|NotFoundError|BadRequestError|ContextWindowExceededError)\b"
    r"(?P<message>.*(?:\n(?!\n).+)?)",
    re.M,
)
# Aider's repo map caches tags in the repository root, where no option moves it: the adapter removes it.
TAGS_CACHE_GLOB = ".aider.tags.cache.v*"
# Aider fetches litellm's price list from GitHub unless a fresh cache of it exists; we price tokens ourselves.
MODEL_SETTINGS = "model-settings.yml"
HISTORY_DIR = "aider-history"  # its history files, in the sandbox's /tmp: kept in the attempt dir
PRICE_CACHE = Path(".aider/caches/model_prices_and_context_window.json")


def count(text: str) -> int:
    """Aider's rounded token count ("950", "2.5k", "12k", "1.2M") as a number."""
    scale = {"k": 1_000, "M": 1_000_000}.get(text[-1], 1)
    return round(float(text.rstrip("kM")) * scale)


def tokens(output: str) -> tuple[int, int]:
    """(sent, received) summed over every model call it reported."""
    sent = received = 0
    for match in TOKENS_LINE.finditer(output):
        sent += count(match["sent"])
        received += count(match["received"])
    return sent, received


class AiderAgent(CliRepairAgent):
    name = NAME
    tool = TOOL
    output_file = "aider-output.txt"

    def command(self, call: ToolCall) -> list[str]:
        _, history = call.folder(HISTORY_DIR)
        settings = f"{history}/{MODEL_SETTINGS}" if self.endpoint.max_output_tokens else None
        files = relevant_files(call.workspace.repo_dir, call.reports)
        return self.argv(history, call.base_url, call.task, files, settings)

    def argv(
        self,
        history_dir: str,
        base_url: str,
        task: str,
        files: list[str] | tuple[str, ...] = (),
        settings_file: str | None = None,
    ) -> list[str]:
        argv = [str(self.binary), "--model", f"openai/{self.endpoint.model}"]
        argv += ["--openai-api-base", base_url]
        argv += [
            "--yes-always",
            "--no-auto-commits",
            "--no-dirty-commits",
            "--no-check-update",
            "--analytics-disable",
            "--no-gitignore",
            "--no-show-model-warnings",
            "--no-show-release-notes",
            "--no-pretty",
            "--no-stream",  # streamed, it estimates tokens itself; whole replies carry the endpoint's usage
            "--no-fancy-input",
            "--input-history-file",
            f"{history_dir}/aider.input.history",
            "--chat-history-file",
            f"{history_dir}/aider.chat.history.md",
            "--llm-history-file",
            f"{history_dir}/aider.llm.history",
        ]
        if settings_file is not None:
            argv += ["--model-settings-file", settings_file]
        # Aider edits only the files in its chat: give it the source files the reports point at.
        for name in files:
            argv += ["--file", name]
        return [*argv, "--message", task]

    def environment(self, call: ToolCall) -> dict[str, str]:
        return self.env(call.workspace, call.base_url)

    def env(self, workspace: RepairWorkspace, base_url: str) -> dict[str, str]:
        host_home, home = sandbox_tmp(workspace, "aider-home")
        (host_home / PRICE_CACHE).parent.mkdir(parents=True, exist_ok=True)
        # Not empty: Aider takes an empty cache for a missing one and fetches it again.
        (host_home / PRICE_CACHE).write_text(
            '{"closed-loop": {"note": "priced with closed-loop\'s own table"}}'
        )
        for folder in (host_home / ".aider", host_home / PRICE_CACHE.parent):
            folder.chmod(0o777)
        return {
            "HOME": home,
            "OPENAI_API_KEY": self.endpoint.api_key.get_secret_value(),
            # litellm prefers these to --openai-api-base: they must not be stale ones inherited.
            "OPENAI_BASE_URL": base_url,
            "OPENAI_API_BASE": base_url,
            "LITELLM_LOCAL_MODEL_COST_MAP": "True",
        }

    @contextlib.contextmanager
    def around_run(self, call: ToolCall) -> Iterator[None]:
        """Its bound on a reply goes in a model settings file; after the run its history files are kept in the
        attempt dir and the tags cache it left in the repository is removed."""
        host_history, _ = call.folder(HISTORY_DIR)
        if self.endpoint.max_output_tokens:  # its only way to bound a reply: the model's extra parameters
            (host_history / MODEL_SETTINGS).write_text(
                f"- name: openai/{self.endpoint.model}\n"
                f"  extra_params:\n    max_tokens: {self.endpoint.max_output_tokens}\n"
            )
        repo_dir = call.workspace.repo_dir
        there_before = set(repo_dir.glob(TAGS_CACHE_GLOB))
        try:
            yield
        finally:
            for cache in set(repo_dir.glob(TAGS_CACHE_GLOB)) - there_before:
                shutil.rmtree(cache, ignore_errors=True)
            for kept in host_history.iterdir():
                shutil.copy(kept, call.workspace.attempt_dir / kept.name)

    def read_result(self, run: CliRun, call: ToolCall) -> ToolResult:
        tokens_in, tokens_out = tokens(run.output)
        applied = APPLIED.findall(run.output)
        detail = f"aider applied {len(applied)} edit(s): {', '.join(sorted(set(applied))) or 'none'}"
        endpoint_error = ENDPOINT_ERROR.search(run.output)
        if endpoint_error and not applied:
            message = " ".join(endpoint_error.group(0).split())[:300]
            failed = f"aider's model call failed: {message}"
            return ToolResult(tokens_in, tokens_out, failed, Outcome.INFRASTRUCTURE_FAILURE)
        if run.returncode != 0:
            detail = f"aider exited {run.returncode}: {output_tail(run)}"
            return ToolResult(tokens_in, tokens_out, detail, Outcome.AGENT_CRASH)
        return ToolResult(tokens_in, tokens_out, detail)
