"""What every repair sandbox shares: the interface, path rules and limits (see choose.py)."""

from __future__ import annotations

import abc
import posixpath
from dataclasses import dataclass
from pathlib import Path

from loop.sandbox import SandboxError

WORKDIR = "/work"
SANDBOX_UID = 65534  # nobody: the copy is owned by it, so it can edit the tree and nothing else
MAX_OUTPUT_BYTES = 64 * 1024
MAX_FILE_BYTES = 2 * 1024 * 1024
KILL_GRACE_S = 2


class SandboxPathError(SandboxError):
    """A path outside the work tree, inside `.git`, or not a readable text file."""


@dataclass(frozen=True)
class CommandResult:
    exit_code: int
    output: str  # stdout and stderr interleaved, cut to MAX_OUTPUT_BYTES
    timed_out: bool = False


def tree_path(path: str) -> str:
    """`path` as a normalized path relative to the work tree; raise SandboxPathError if it leaves it."""
    cleaned = posixpath.normpath(path.strip().replace("\\", "/") or ".")
    if cleaned.startswith(WORKDIR + "/") or cleaned == WORKDIR:
        cleaned = posixpath.relpath(cleaned, WORKDIR)
    if posixpath.isabs(cleaned) or cleaned == ".." or cleaned.startswith("../"):
        raise SandboxPathError(f"{path!r} is outside the work tree")
    if ".git" in cleaned.split("/"):
        raise SandboxPathError(f"{path!r} is inside .git, which the pipeline owns")
    return cleaned


def hidden(relative: Path) -> bool:
    """What never enters a sandbox: git's data and any benchmark assets (ground truth stays on the host)."""
    parts = relative.parts
    if ".git" in parts:
        return True
    return any(parts[i] == "games" and parts[i + 2] == "benchmark" for i in range(len(parts) - 2))


class RepairSandbox(abc.ABC):
    """A work-tree copy the agent's tools act on. Use as a context manager; `close()` keeps the result."""

    backend: str
    image: str | None = None  # what the sandbox runs, for the transcript (a container image)

    def __init__(self, repo_dir: Path):
        self.repo_dir = repo_dir

    @abc.abstractmethod
    def read_file(self, path: str) -> str:
        """The text of a file of the tree. Raises SandboxPathError (outside, missing, binary, too large)."""

    @abc.abstractmethod
    def write_file(self, path: str, text: str) -> None:
        """Create or replace a file of the tree (parents are created). Raises SandboxPathError."""

    @abc.abstractmethod
    def run(self, command: str, timeout_s: float) -> CommandResult:
        """Run a shell command in the tree; stop it after `timeout_s`. Never raises for the command."""

    @abc.abstractmethod
    def close(self) -> None:
        """Bring the tree's final state to `repo_dir` and release everything. Idempotent."""

    def __enter__(self) -> RepairSandbox:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def decode(data: bytes, path: str) -> str:
    if len(data) > MAX_FILE_BYTES:
        raise SandboxPathError(f"{path} is larger than {MAX_FILE_BYTES} bytes")
    if b"\0" in data[:8192]:
        raise SandboxPathError(f"{path} is a binary file")
    return data.decode("utf-8", errors="replace")


def cut_output(data: bytes) -> str:
    text = data[:MAX_OUTPUT_BYTES].decode("utf-8", errors="replace")
    return text + (f"\n[output cut at {MAX_OUTPUT_BYTES} bytes]" if len(data) > MAX_OUTPUT_BYTES else "")


def sandbox_env() -> dict[str, str]:
    return {
        "PATH": "/opt/venv/bin:/usr/local/bin:/usr/bin:/bin",
        "HOME": "/tmp",
        "LANG": "C.UTF-8",
        "PYTHONDONTWRITEBYTECODE": "1",
    }
