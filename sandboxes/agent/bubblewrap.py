"""The bubblewrap backend of the agent sandbox (loop.repair.confinement): a process tree in namespaces of its
own, no network device but loopback, the work tree bound read-write, the tool installs read-only, a private
/tmp, and the model reached through the loop's relay. Nothing else of the host's files but /usr and /etc."""

from __future__ import annotations

import shutil
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from loop.repair.confinement import SANDBOX_WORKDIR as WORKDIR
from loop.repair.confinement import AgentSandbox, AgentSandboxRequest, OpenSandbox, SandboxedCommand
from loop.sandbox import EngineUnavailable
from sandboxes.agent.model_relay import SOCKET_NAME
from sandboxes.agent.mounts import GIT_DIR, SandboxFolders, base_env, readonly_paths
from sandboxes.repair_tools.bubblewrap import _system_binds, bubblewrap_works
from sandboxes.repair_tools.protocol import SANDBOX_UID

RELAY_DIR = "/closed-loop/relay"


@dataclass(frozen=True)
class BubblewrapAgentSandbox(AgentSandbox):
    relay_folder: Path | None = None
    git_dir: Path | None = None  # the sandbox's own repository of the tree (see agent_mounts.snapshot_git)
    inside_port: int = 0

    def command(self, argv: Sequence[str], env: dict[str, str]) -> SandboxedCommand:
        args = [shutil.which("bwrap") or "bwrap", *_system_binds(), "--proc", "/proc", "--dev", "/dev"]
        args += ["--bind", str(self.host_tmp), "/tmp"]
        args += ["--bind", str(self.repo_dir), WORKDIR]
        if self.git_dir is not None:
            args += ["--bind", str(self.git_dir), GIT_DIR]
            if (self.repo_dir / ".git").is_file():
                args += ["--ro-bind", str(self.git_dir.parent / "dotgit"), f"{WORKDIR}/.git"]
            elif (self.repo_dir / ".git").is_dir():
                args += ["--bind", str(self.git_dir), f"{WORKDIR}/.git"]
        for path in readonly_paths(self.tool_paths):
            args += ["--ro-bind", str(path), str(path)]
        inner = list(argv)
        if self.relay_folder is not None:
            args += ["--ro-bind", str(self.relay_folder), RELAY_DIR]
            args += ["--ro-bind", str(self.relay_folder / "hosts"), "/etc/hosts"]
            args += ["--ro-bind", str(self.relay_folder / "resolv.conf"), "/etc/resolv.conf"]
            relay = ["/usr/bin/python3", "-E", "-s", f"{RELAY_DIR}/model_relay.py", str(self.inside_port)]
            inner = [*relay, f"{RELAY_DIR}/{SOCKET_NAME}", "--", *inner]
        args += ["--unshare-all", "--die-with-parent", "--new-session", "--cap-drop", "ALL"]
        args += ["--uid", str(SANDBOX_UID), "--gid", str(SANDBOX_UID), "--chdir", WORKDIR]
        # No --setenv: a key in bwrap's argv would show in the host's process list. The env goes to bwrap.
        return SandboxedCommand([*args, "--", *inner], {**base_env(), **env})


class OpenBubblewrap(OpenSandbox):
    def __init__(self, sandbox: BubblewrapAgentSandbox, folders: SandboxFolders):
        self.sandbox = sandbox
        self._folders = folders

    @classmethod
    def from_context(cls, context: AgentSandboxRequest) -> OpenBubblewrap:
        if not bubblewrap_works():
            raise EngineUnavailable("bubblewrap cannot run here (not installed, or namespaces are forbidden)")
        folders = SandboxFolders(context.repo_dir, context.model_url)
        sandbox = BubblewrapAgentSandbox(
            backend="bubblewrap",
            repo_dir=Path(context.repo_dir).resolve(),
            workdir=WORKDIR,
            host_tmp=folders.tmp,
            model_url=folders.relay.url if folders.relay else None,
            tool_paths=tuple(Path(p) for p in context.tool_paths),
            relay_folder=folders.relay_folder if folders.relay else None,
            inside_port=folders.relay.inside_port if folders.relay else 0,
            git_dir=folders.git,
        )
        return cls(sandbox, folders)

    def close(self) -> None:
        self._folders.close()
