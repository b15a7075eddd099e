"""What both agent sandbox backends share: an attempt's private folders, the relay, the read-only mounts."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterable
from pathlib import Path

from loop.host.private_dirs import private_dir
from loop.repair.confinement import SANDBOX_WORKDIR
from sandboxes.agent.model_relay import ModelRelay
from sandboxes.unprivileged import venv_base

HERE = Path(__file__).resolve().parent
GIT_DIR = "/closed-loop/git"
PREFIX = "closed-loop-agent-"


def base_env() -> dict[str, str]:
    """The environment every sandboxed command starts from: nothing of the host's."""
    return {
        "PATH": "/usr/local/bin:/usr/bin:/bin",
        "HOME": "/tmp/home",
        "TMPDIR": "/tmp",
        "LANG": "C.UTF-8",
        "PYTHONDONTWRITEBYTECODE": "1",
        # The tree's own `.git` points into the checkout, which is not there: git uses the sandbox's own.
        "GIT_DIR": GIT_DIR,
        "GIT_WORK_TREE": SANDBOX_WORKDIR,
    }


def readonly_paths(tool_paths: Iterable[Path]) -> list[Path]:
    """Tool installs to mount read-only, with the interpreter a venv among them was made from."""
    found: list[Path] = []
    for path in tool_paths:
        path = Path(path).resolve()
        base = venv_base(path)
        for candidate in (path, base):
            if candidate is not None and candidate not in found and not str(candidate).startswith("/usr"):
                found.append(candidate)
    return found


GIT_IDENTITY = {
    "GIT_AUTHOR_NAME": "closed-loop",
    "GIT_AUTHOR_EMAIL": "sandbox@localhost",
    "GIT_COMMITTER_NAME": "closed-loop",
    "GIT_COMMITTER_EMAIL": "sandbox@localhost",
}
GIT_TIMEOUT_S = 60.0


def snapshot_git(repo_dir: Path, git_dir: Path) -> Path:
    """A repository of its own for the sandbox's work tree: one commit of the tree as it is now.

    The work tree's own `.git` points into the game repository's checkout, which the sandbox must not see;
    tools that want a repository (Aider's repo map, `git diff`) get this throwaway one, and the pipeline
    judges the real work tree with the real repository afterwards."""
    git = ["git", f"--git-dir={git_dir}", f"--work-tree={repo_dir}", "-c", "commit.gpgsign=false"]
    env = {**os.environ, **GIT_IDENTITY}
    for args in (["init", "-q"], ["add", "-A"], ["commit", "-q", "--allow-empty", "-m", "the work tree"]):
        subprocess.run([*git, *args], env=env, check=True, capture_output=True, timeout=GIT_TIMEOUT_S)
    return git_dir


class SandboxFolders:
    """An attempt's private folders on the host: its /tmp, and the relay's (socket, hosts, relay scripts)."""

    def __init__(self, repo_dir: Path, model_url: str | None):
        self.root = private_dir(PREFIX)
        self.git = snapshot_git(repo_dir, self.root / "git")
        # What the tree's `.git` file says inside: where the sandbox's own repository is.
        self.dotgit = self.root / "dotgit"
        self.dotgit.write_text(f"gitdir: {GIT_DIR}\n")
        self.tmp = self.root / "tmp"
        (self.tmp / "home").mkdir(parents=True)
        self.tmp.chmod(0o1777)
        (self.tmp / "home").chmod(0o777)
        self.relay_folder = self.root / "relay"
        self.relay: ModelRelay | None = None
        if model_url:
            self.relay_folder.mkdir()
            for source in (HERE.parent / "relay.py", HERE / "model_relay.py"):
                shutil.copy(source, self.relay_folder / source.name)
            self.relay = ModelRelay(self.relay_folder, model_url)
            (self.relay_folder / "hosts").write_text(self.relay.hosts_file())
            (self.relay_folder / "resolv.conf").write_text("")
            self.relay_folder.chmod(0o755)

    def close(self) -> None:
        if self.relay is not None:
            self.relay.close()
        shutil.rmtree(self.root, ignore_errors=True)
