"""The bubblewrap backend of the agent sandbox (loop.repair.confinement): a process tree in namespaces of its
own, no network device but loopback, the work tree bound read-write, the tool installs read-only, a private
/tmp, and the model reached through the loop's relay. Nothing else of the host's files but /usr and /etc.
Started by root, it runs as `AGENT_USER`, a host user of its own with no capability: it edits the tree as its
group and reads only what everyone may read."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from loop.repair.confinement import SANDBOX_WORKDIR as WORKDIR
from loop.repair.confinement import AgentSandbox, AgentSandboxRequest, OpenSandbox, SandboxedCommand
from loop.sandbox import EngineUnavailable
from sandboxes.agent.model_relay import SOCKET_NAME
from sandboxes.agent.mounts import GIT_DIR, SandboxFolders, base_env, readonly_paths
from sandboxes.repair_tools.bubblewrap import bubblewrap_works
from sandboxes.repair_tools.protocol import SANDBOX_UID
from sandboxes.unprivileged import AGENT_USER, BwrapCommand, give, share

RELAY_DIR = "/closed-loop/relay"


@dataclass(frozen=True)
class BubblewrapAgentSandbox(AgentSandbox):
    relay_folder: Path | None = None
    git_dir: Path | None = None  # the sandbox's own repository of the tree (see agent_mounts.snapshot_git)
    inside_port: int = 0

    def command(self, argv: Sequence[str], env: dict[str, str]) -> SandboxedCommand:
        bwrap = BwrapCommand(AGENT_USER)
        bwrap.system()
        bwrap.add("--proc", "/proc", "--dev", "/dev")
        bwrap.bind(self.host_tmp, "/tmp", writable=True)
        bwrap.bind(self.repo_dir, WORKDIR, writable=True)
        if self.git_dir is not None:
            bwrap.bind(self.git_dir, GIT_DIR, writable=True)
            if (self.repo_dir / ".git").is_file():
                bwrap.bind(self.git_dir.parent / "dotgit", f"{WORKDIR}/.git")
            elif (self.repo_dir / ".git").is_dir():
                bwrap.bind(self.git_dir, f"{WORKDIR}/.git", writable=True)
        for path in readonly_paths(self.tool_paths):
            bwrap.bind(path)
        inner = list(argv)
        if self.relay_folder is not None:
            bwrap.bind(self.relay_folder, RELAY_DIR)
            bwrap.bind(self.relay_folder / "hosts", "/etc/hosts")
            bwrap.bind(self.relay_folder / "resolv.conf", "/etc/resolv.conf")
            relay = ["/usr/bin/python3", "-E", "-s", f"{RELAY_DIR}/model_relay.py", str(self.inside_port)]
            inner = [*relay, f"{RELAY_DIR}/{SOCKET_NAME}", "--", *inner]
        bwrap.isolate()
        bwrap.add("--uid", str(SANDBOX_UID), "--gid", str(SANDBOX_UID), "--chdir", WORKDIR)
        # No --setenv: a key in bwrap's argv would show in the host's process list. The env goes to bwrap.
        return SandboxedCommand([*bwrap.prefix(), "--", *inner], {**base_env(), **env})


class OpenBubblewrap(OpenSandbox):
    def __init__(self, sandbox: BubblewrapAgentSandbox, folders: SandboxFolders):
        self.sandbox = sandbox
        self._folders = folders

    @classmethod
    def from_context(cls, context: AgentSandboxRequest) -> OpenBubblewrap:
        if not bubblewrap_works():
            raise EngineUnavailable("bubblewrap cannot run here (not installed, or namespaces are forbidden)")
        folders = SandboxFolders(context.repo_dir, context.model_url)
        share(Path(context.repo_dir), AGENT_USER)
        give(folders.git, AGENT_USER)
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
