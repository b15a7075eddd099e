"""Running a coding-agent CLI (Claude Code, Codex, Aider, a script) headless in the work tree.

Adapters build the argv and parse the tool's output; this module runs it in the attempt's repair sandbox
(`workspace.sandbox`, opened by the pipeline: the work tree its only writable path, the model its only
address) with the task on stdin or in argv, a timeout inside the wall budget, and its output kept as the
transcript. There is no unsandboxed fallback: without a sandbox nothing runs.
"""

from __future__ import annotations

import os
import signal
import subprocess
import time
from dataclasses import dataclass

from loop.repair.worker import child_groups
from repair_agents.base import RepairBudget, RepairWorkspace

# Leave the pipeline a moment to see the agent's own verdict before its hard deadline fires.
DEADLINE_MARGIN_SECONDS = 1.0


class NoSandbox(RuntimeError):
    """The workspace came without a repair sandbox (only the pipeline opens one)."""


@dataclass
class CliRun:
    argv: list[str]
    returncode: int | None
    output: str
    timed_out: bool
    seconds: float


def run_cli(
    argv: list[str],
    workspace: RepairWorkspace,
    budget: RepairBudget,
    *,
    env: dict[str, str] | None = None,
    stdin_text: str | None = None,
) -> CliRun:
    """Run `argv` in the work tree, output appended to the transcript; stop it and its children in time."""
    timeout = max(0.1, budget.wall_seconds - DEADLINE_MARGIN_SECONDS)
    started = time.monotonic()
    if workspace.sandbox is None:
        raise NoSandbox("a repair agent's command runs only in a repair sandbox, and none was opened")
    command = workspace.sandbox.command(argv, env or {})
    process = subprocess.Popen(
        command.argv,
        env=command.env,
        stdin=subprocess.PIPE if stdin_text is not None else subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    child_groups.add(process.pid)
    try:
        output, _ = process.communicate(stdin_text, timeout=timeout)
        timed_out = False
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        output, _ = process.communicate()
        timed_out = True
    finally:
        child_groups.discard(process.pid)
    with workspace.transcript_path.open("a") as transcript:
        transcript.write(f"$ {' '.join(argv)}\n{output or ''}")
        transcript.write(f"\n[exit {process.returncode}{', timed out' if timed_out else ''}]\n")
    return CliRun(argv, process.returncode, output or "", timed_out, time.monotonic() - started)
