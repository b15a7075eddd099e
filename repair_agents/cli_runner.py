"""Running a coding-agent CLI (Claude Code, Codex, Aider, a script) headless in the work tree.

Adapters build the argv and parse the tool's output; this module runs it in the attempt's repair sandbox
(`workspace.sandbox`, opened by the pipeline: the work tree its only writable path, the model its only
address) with the task on stdin or in argv, a timeout inside the wall budget, and its output kept as the
transcript. There is no unsandboxed fallback: without a sandbox nothing runs.

Output is read as it comes and only its head and its tail are kept (`KeptOutput`): a tool that prints
gigabytes costs the worker a few megabytes, and the transcript says how much of the middle was dropped.
"""

from __future__ import annotations

import contextlib
import os
import selectors
import signal
import subprocess
import threading
import time
from collections import deque
from dataclasses import dataclass

from loop.repair.worker import child_groups
from repair_agents.base import RepairBudget, RepairWorkspace

# Leave the pipeline a moment to see the agent's own verdict before its hard deadline fires.
DEADLINE_MARGIN_SECONDS = 1.0
# How long output is still read after the tool was stopped (a grandchild that kept the pipe open).
DRAIN_SECONDS = 5.0
HEAD_BYTES = 256 * 1024  # a CLI's settings and first turns
TAIL_BYTES = 2 * 1024 * 1024  # its last turns and its result (Claude Code's JSON, Codex's final events)
CHUNK_BYTES = 64 * 1024


class NoSandbox(RuntimeError):
    """The workspace came without a repair sandbox (only the pipeline opens one)."""


class KeptOutput:
    """The first `head` and the last `tail` bytes of a stream, and how many bytes between them were cut."""

    def __init__(self, head: int = HEAD_BYTES, tail: int = TAIL_BYTES):
        self.head_limit, self.tail_limit = head, tail
        self.head = bytearray()
        self.tail: deque[bytes] = deque()
        self.tail_size = 0
        self.dropped = 0

    def add(self, chunk: bytes) -> None:
        room = self.head_limit - len(self.head)
        if room > 0:
            self.head += chunk[:room]
            chunk = chunk[room:]
        if not chunk:
            return
        self.tail.append(chunk)
        self.tail_size += len(chunk)
        while self.tail_size - len(self.tail[0]) >= self.tail_limit:
            self.dropped += len(self.tail[0])
            self.tail_size -= len(self.tail.popleft())
        excess = self.tail_size - self.tail_limit
        if excess > 0:
            self.tail[0] = self.tail[0][excess:]
            self.tail_size -= excess
            self.dropped += excess

    def text(self) -> str:
        head = self.head.decode(errors="replace")
        tail = b"".join(self.tail).decode(errors="replace")
        if not self.dropped:
            return head + tail
        note = (
            f"\n[closed-loop: {self.dropped} bytes of output dropped here; the first {len(self.head)} and "
            f"the last {self.tail_size} bytes are kept]\n"
        )
        return head + note + tail


@dataclass
class CliRun:
    argv: list[str]
    returncode: int | None
    output: str  # the head and the tail of stdout and stderr together (see KeptOutput)
    timed_out: bool
    seconds: float
    dropped_bytes: int = 0


def _feed(process: subprocess.Popen[bytes], text: str) -> None:
    assert process.stdin is not None
    with contextlib.suppress(BrokenPipeError, OSError):
        process.stdin.write(text.encode())
    with contextlib.suppress(BrokenPipeError, OSError):
        process.stdin.close()


def _read(process: subprocess.Popen[bytes], kept: KeptOutput, deadline: float) -> bool:
    """Read the output into `kept` until it ends (True) or `deadline` passes (False)."""
    assert process.stdout is not None
    with selectors.DefaultSelector() as selector:
        selector.register(process.stdout, selectors.EVENT_READ)
        while (left := deadline - time.monotonic()) > 0:
            if not selector.select(timeout=left):
                continue
            chunk = os.read(process.stdout.fileno(), CHUNK_BYTES)
            if not chunk:
                return True
            kept.add(chunk)
    return False


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
        start_new_session=True,
    )
    child_groups.add(process.pid)
    kept = KeptOutput()
    deadline = started + timeout
    try:
        if stdin_text is not None:
            threading.Thread(target=_feed, args=(process, stdin_text), daemon=True).start()
        timed_out = not _read(process, kept, deadline)
        if not timed_out:
            try:  # the output ended; the tool may still be running
                process.wait(timeout=max(0.0, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                timed_out = True
        if timed_out:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(process.pid, signal.SIGKILL)
            _read(process, kept, time.monotonic() + DRAIN_SECONDS)
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=DRAIN_SECONDS)
    finally:
        child_groups.discard(process.pid)
        if process.stdout is not None:
            process.stdout.close()
    output = kept.text()
    with workspace.transcript_path.open("a") as transcript:
        transcript.write(f"$ {' '.join(argv)}\n{output}")
        transcript.write(f"\n[exit {process.returncode}{', timed out' if timed_out else ''}]\n")
    return CliRun(argv, process.returncode, output, timed_out, time.monotonic() - started, kept.dropped)
