"""The built-in agent's tools: read_file, search, edit, run, finish, acting on a repair sandbox.

Each tool's arguments are a pydantic model (its JSON schema is what the model sees). A call that names no
tool, or whose arguments do not validate, or that the sandbox refuses, becomes an error observation
(ToolFailed), never a crash. `finish` raises Submitted, which ends the run.
"""

from __future__ import annotations

import shlex
import time

from pydantic import BaseModel, Field, ValidationError

from loop.llm import Tool, ToolCall
from sandboxes.repair_tools.choose import RepairSandbox, SandboxPathError, tree_path

MAX_READ_LINES = 400
MAX_SEARCH_LINES = 100
MAX_RUN_TIMEOUT_S = 300.0


class ToolFailed(Exception):
    """The call could not be carried out; its message goes back to the model as the observation."""


class Submitted(Exception):
    """The model called `finish`: the run is over; the message is its summary."""


class ReadFileArgs(BaseModel):
    path: str = Field(description="path relative to the repository root")
    start_line: int = Field(default=1, ge=1, description="first line to show (1-based)")
    max_lines: int = Field(default=MAX_READ_LINES, ge=1, le=2000)


class SearchArgs(BaseModel):
    pattern: str = Field(min_length=1, description="a regular expression (grep -E)")
    path: str = Field(default=".", description="file or directory to search, relative to the root")


class EditArgs(BaseModel):
    path: str = Field(description="path relative to the repository root")
    old: str = Field(description="exact text to replace; must occur exactly once. Empty: create a new file")
    new: str = Field(description="the replacement text")


class RunArgs(BaseModel):
    command: str = Field(min_length=1, description="a shell command, run with the repository root as cwd")
    timeout_s: float = Field(default=60.0, gt=0, le=MAX_RUN_TIMEOUT_S)


class FinishArgs(BaseModel):
    summary: str = Field(default="", description="what you changed and why")


TOOLS: dict[str, tuple[str, type[BaseModel]]] = {
    "read_file": ("Show a file of the repository with line numbers.", ReadFileArgs),
    "search": ("Search the repository's files for a regular expression (like grep -rnE).", SearchArgs),
    "edit": ("Replace one exact, unique occurrence of `old` by `new` in a file.", EditArgs),
    "run": ("Run a shell command in the repository (no network). Returns exit code and output.", RunArgs),
    "finish": ("Call once the fix is in place. Ends the session.", FinishArgs),
}


def tool_specs() -> list[Tool]:
    return [Tool.from_model(name, description, args) for name, (description, args) in TOOLS.items()]


class Toolbox:
    """Carries out tool calls in one sandbox."""

    def __init__(self, sandbox: RepairSandbox, deadline: float | None = None):
        self.sandbox = sandbox
        self.deadline = deadline  # time.monotonic() by which every command must have ended

    def call(self, call: ToolCall) -> str:
        """The observation of `call`. Raises ToolFailed (tell the model) or Submitted (stop)."""
        if call.name not in TOOLS:
            raise ToolFailed(f"unknown tool {call.name!r}; the tools are: {', '.join(TOOLS)}")
        try:
            args = TOOLS[call.name][1].model_validate(call.arguments)
        except ValidationError as exc:
            problems = "; ".join(
                f"{'.'.join(map(str, e['loc'])) or 'arguments'}: {e['msg']}" for e in exc.errors()
            )
            raise ToolFailed(f"bad arguments for {call.name}: {problems}") from None
        try:
            return getattr(self, call.name)(args)
        except SandboxPathError as exc:
            raise ToolFailed(str(exc)) from None

    def read_file(self, args: ReadFileArgs) -> str:
        lines = self.sandbox.read_file(args.path).splitlines()
        first = args.start_line - 1
        shown = lines[first : first + args.max_lines]
        numbered = "\n".join(f"{first + i + 1:5d}  {line}" for i, line in enumerate(shown))
        rest = len(lines) - first - len(shown)
        tail = f"\n[{rest} more line(s); use start_line={first + len(shown) + 1}]" if rest > 0 else ""
        return (numbered or "[no lines in this range]") + tail

    def search(self, args: SearchArgs) -> str:
        where = tree_path(args.path)
        command = (
            f"grep -rnIE --exclude-dir=.git -e {shlex.quote(args.pattern)} -- {shlex.quote(where)} "
            f"| head -n {MAX_SEARCH_LINES + 1}"
        )
        result = self.sandbox.run(command, timeout_s=30.0)
        lines = result.output.splitlines()
        if not lines:
            return "no matches"
        if len(lines) > MAX_SEARCH_LINES:
            more = f"[more than {MAX_SEARCH_LINES} matches; narrow the pattern or the path]"
            return "\n".join([*lines[:MAX_SEARCH_LINES], more])
        return "\n".join(lines)

    def edit(self, args: EditArgs) -> str:
        path = tree_path(args.path)
        if not args.old:
            try:
                self.sandbox.read_file(path)
            except SandboxPathError:
                self.sandbox.write_file(path, args.new)
                return f"created {path}"
            raise ToolFailed(f"{path} exists; give the exact text to replace in `old`")
        text = self.sandbox.read_file(path)
        count = text.count(args.old)
        if count == 0:
            raise ToolFailed(f"`old` does not occur in {path}; read the file and copy the text exactly")
        if count > 1:
            raise ToolFailed(f"`old` occurs {count} times in {path}; include more context so it is unique")
        self.sandbox.write_file(path, text.replace(args.old, args.new, 1))
        return f"edited {path}: replaced 1 occurrence"

    def run(self, args: RunArgs) -> str:
        timeout_s = args.timeout_s
        if self.deadline is not None:
            timeout_s = max(1.0, min(timeout_s, self.deadline - time.monotonic()))
        result = self.sandbox.run(args.command, timeout_s=timeout_s)
        status = f"timed out after {timeout_s:g}s" if result.timed_out else f"exit code {result.exit_code}"
        return f"[{status}]\n{result.output}"

    def finish(self, args: FinishArgs) -> str:
        raise Submitted(args.summary)
