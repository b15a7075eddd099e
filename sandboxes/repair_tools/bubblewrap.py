"""The bubblewrap repair sandbox: the work tree bound read-write, /usr and /etc read-only, no network.

Started by root, its commands run as `AGENT_USER`, a host user of their own that may edit the tree (as its
group) and read only what everyone may read."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import tempfile
from pathlib import Path

from sandboxes.repair_tools.protocol import (
    KILL_GRACE_S,
    MAX_OUTPUT_BYTES,
    SANDBOX_UID,
    WORKDIR,
    CommandResult,
    RepairSandbox,
    SandboxPathError,
    cut_output,
    decode,
    hidden,
    sandbox_env,
    tree_path,
)
from sandboxes.unprivileged import AGENT_USER, BwrapCommand, bwrap_runs, share, share_path


def bubblewrap_works() -> bool:
    """bwrap is installed and this host lets it make namespaces as a repair agent's user (some forbid it)."""
    return bwrap_runs(AGENT_USER)


class BubblewrapSandbox(RepairSandbox):
    """The work tree bound read-write at /work (its `.git` read-only); no network, no other writable path."""

    backend = "bubblewrap"

    def __init__(self, repo_dir: Path):
        super().__init__(repo_dir.resolve())
        share(self.repo_dir, AGENT_USER)

    def _host_path(self, path: str) -> Path:
        relative = tree_path(path)
        target = (self.repo_dir / relative).resolve()
        if target != self.repo_dir and self.repo_dir not in target.parents:
            raise SandboxPathError(f"{path!r} leads outside the work tree")
        if hidden(target.relative_to(self.repo_dir)):
            raise SandboxPathError(f"{path!r} is not part of the work tree the agent sees")
        return target

    def read_file(self, path: str) -> str:
        target = self._host_path(path)
        if not target.is_file():
            raise SandboxPathError(f"{tree_path(path)}: no such file")
        try:
            return decode(target.read_bytes(), tree_path(path))
        except OSError as exc:
            raise SandboxPathError(f"cannot read {tree_path(path)}: {exc.strerror}") from None

    def write_file(self, path: str, text: str) -> None:
        target = self._host_path(path)
        if target.is_dir():
            raise SandboxPathError(f"{tree_path(path)} is a directory")
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text)
            share_path(target, self.repo_dir, AGENT_USER)
        except OSError as exc:
            raise SandboxPathError(f"cannot write {tree_path(path)}: {exc.strerror}") from None

    def argv(self, command: str) -> list[str]:
        bwrap = BwrapCommand(AGENT_USER)
        bwrap.system()
        bwrap.add("--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp")
        bwrap.bind(self.repo_dir, WORKDIR, writable=True)
        git = self.repo_dir / ".git"
        if git.exists():
            bwrap.bind(git, f"{WORKDIR}/.git")
        bwrap.isolate()
        bwrap.add("--uid", str(SANDBOX_UID), "--gid", str(SANDBOX_UID), "--chdir", WORKDIR, "--clearenv")
        for name, value in sandbox_env().items():
            bwrap.add("--setenv", name, value)
        return [*bwrap.prefix(), "sh", "-c", command]

    def run(self, command: str, timeout_s: float) -> CommandResult:
        with tempfile.TemporaryFile() as out:
            process = subprocess.Popen(
                self.argv(command),
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
            timed_out = False
            try:
                process.wait(timeout=timeout_s)
            except subprocess.TimeoutExpired:
                timed_out = True
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=KILL_GRACE_S + 5)
            out.seek(0)
            data = out.read(MAX_OUTPUT_BYTES + 1)
        return CommandResult(process.returncode if not timed_out else 124, cut_output(data), timed_out)

    def close(self) -> None:
        return  # the tree was edited in place
