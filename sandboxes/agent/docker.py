"""The docker backend of the agent sandbox (loop.repair.confinement): a hardened container of the base image
(no network, every capability dropped, no-new-privileges, pids/memory limits, auto-removed) in which the work
tree is bound read-write, the tool installs read-only at their own paths, the attempt's private folder as
/tmp, and the model reached through the loop's relay socket. The agent's commands enter it with
`docker exec`; secrets go by name (`-e NAME`, the value from the docker client's environment), never argv.
Started by root, it runs as `AGENT_USER`, as the bubblewrap backend does: the tree is shared with that user's
group, so what the agent writes there is that user's (never root's), and a process that escapes the container
is that user on the host, with no capability. Started by anyone else, it runs as that user."""

from __future__ import annotations

import contextlib
import os
import shutil
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from loop.repair.confinement import SANDBOX_WORKDIR as WORKDIR
from loop.repair.confinement import AgentSandbox, AgentSandboxRequest, OpenSandbox, SandboxedCommand
from loop.sandbox import EngineUnavailable, SandboxError
from sandboxes.agent.model_relay import SOCKET_NAME
from sandboxes.agent.mounts import GIT_DIR, SandboxFolders, base_env, readonly_paths
from sandboxes.base_image import find_base_image
from sandboxes.container_owners import owner_labels, remove_dead_owners
from sandboxes.engine import connect
from sandboxes.unprivileged import AGENT_USER, drops_privileges, give, share

RELAY_DIR = "/closed-loop/relay"
LABEL = "closed-loop.agent-sandbox"
# The base image has no git, which tools use to find their way in a repository (Aider's repo map): the host's
# git comes in read-only, as bubblewrap shows it with the rest of /usr.
HOST_GIT = ("/usr/bin/git", "/usr/lib/git-core", "/usr/share/git-core")
MEMORY = "2g"
PIDS = 512


def container_user() -> str:
    """`uid:gid` the agent runs as: the agent's own host user when started by root, else the caller."""
    if drops_privileges():
        return f"{AGENT_USER.uid}:{AGENT_USER.gid}"
    return f"{os.getuid()}:{os.getgid()}"


def closed_ancestors(paths: list[Path]) -> list[Path]:
    """The topmost folder above each bound path that not everyone may enter (a pyenv interpreter under /root).

    The image has such folders too, and the agent's user could not get through them to what is bound below:
    the container gets an empty folder of root's there instead, which everyone may enter and only root may
    write (a bind: the runtime would give a tmpfs the mode of the image's folder)."""
    found: list[Path] = []
    for path in paths:
        for folder in reversed(path.parents[:-1]):  # from the top down, / left out
            if not folder.stat().st_mode & 0o001:
                if folder not in found:
                    found.append(folder)
                break
    return found


@dataclass(frozen=True)
class DockerAgentSandbox(AgentSandbox):
    container: str = ""
    docker: str = "docker"
    inside_port: int = 0

    def command(self, argv: Sequence[str], env: dict[str, str]) -> SandboxedCommand:
        environment = {**base_env(), **env}
        args = [self.docker, "exec", "-i", "-w", WORKDIR]
        for name in environment:
            args += ["-e", name]  # by name: the value comes from the docker client's own environment
        inner = list(argv)
        if self.model_url is not None:
            relay = ["python3", "-E", "-s", f"{RELAY_DIR}/model_relay.py", str(self.inside_port)]
            inner = [*relay, f"{RELAY_DIR}/{SOCKET_NAME}", "--", *inner]
        client_env = {name: value for name, value in os.environ.items() if name.startswith("DOCKER_")}
        return SandboxedCommand([*args, self.container, *inner], {**client_env, **environment})


class OpenContainer(OpenSandbox):
    def __init__(self, sandbox: DockerAgentSandbox, folders: SandboxFolders, container):
        self.sandbox = sandbox
        self._folders = folders
        self._container = container

    @classmethod
    def from_context(cls, context: AgentSandboxRequest) -> OpenContainer:
        docker_cli = shutil.which("docker")
        if docker_cli is None:
            raise EngineUnavailable("no docker client on PATH")
        client = connect()
        remove_dead_owners(client)  # a killed loop's agent sandbox would sleep out its lifetime
        image = find_base_image(client)
        if image is None:
            raise EngineUnavailable("no base image on the engine (run `closed-loop sandbox bootstrap`)")
        repo_dir = Path(context.repo_dir).resolve()
        folders = SandboxFolders(repo_dir, context.model_url)
        share(repo_dir, AGENT_USER)
        give(folders.git, AGENT_USER)
        volumes = {
            str(folders.tmp): {"bind": "/tmp", "mode": "rw"},
            str(repo_dir): {"bind": WORKDIR, "mode": "rw"},
        }
        volumes[str(folders.git)] = {"bind": GIT_DIR, "mode": "rw"}  # its own, see snapshot_git
        if (repo_dir / ".git").is_file():
            volumes[str(folders.dotgit)] = {"bind": f"{WORKDIR}/.git", "mode": "ro"}
        elif (repo_dir / ".git").is_dir():
            volumes[str(folders.git)] = {"bind": f"{WORKDIR}/.git", "mode": "rw"}
        shown = [Path(p) for p in HOST_GIT if Path(p).exists()] + readonly_paths(context.tool_paths)
        for path in shown:
            volumes[str(path)] = {"bind": str(path), "mode": "ro"}
        if drops_privileges():
            for index, folder in enumerate(closed_ancestors(shown)):
                passable = folders.root / f"passable-{index}"
                passable.mkdir(mode=0o755)
                volumes.setdefault(str(passable), {"bind": str(folder), "mode": "rw"})
        if folders.relay is not None:
            volumes[str(folders.relay_folder)] = {"bind": RELAY_DIR, "mode": "ro"}
            volumes[str(folders.relay_folder / "hosts")] = {"bind": "/etc/hosts", "mode": "ro"}
            volumes[str(folders.relay_folder / "resolv.conf")] = {"bind": "/etc/resolv.conf", "mode": "ro"}
        try:
            container = client.containers.run(
                image.tag,
                ["sleep", str(int(context.lifetime_s))],
                detach=True,
                auto_remove=True,
                network_mode="none",
                read_only=True,
                cap_drop=["ALL"],
                security_opt=["no-new-privileges"],
                pids_limit=PIDS,
                mem_limit=MEMORY,
                user=container_user(),
                working_dir=WORKDIR,
                volumes=volumes,
                labels={LABEL: context.run_id, **owner_labels(context.run_id)},
            )
        except Exception as exc:  # noqa: BLE001 -- the engine's errors are many; each means no sandbox
            folders.close()
            raise SandboxError(f"cannot start the agent sandbox container: {exc}") from None
        sandbox = DockerAgentSandbox(
            backend="docker",
            repo_dir=repo_dir,
            workdir=WORKDIR,
            host_tmp=folders.tmp,
            model_url=folders.relay.url if folders.relay else None,
            tool_paths=tuple(Path(p) for p in context.tool_paths),
            container=container.id,
            docker=docker_cli,
            inside_port=folders.relay.inside_port if folders.relay else 0,
        )
        return cls(sandbox, folders, container)

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._container.remove(force=True)
        self._folders.close()
