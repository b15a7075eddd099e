"""The docker backend: each build is a hardened container of an image built offline for its commit.

Hardening: no network at all (`network_mode="none"`: no route to the host, to other games or anywhere else), a
CPU share and the limits of `limits.py` (memory, processes, file size, open files, a tmpfs /tmp), a read-only
root, every capability dropped, no-new-privileges, a non-root user. The loop reaches the game through a unix
socket: a private host folder holds `relay.py` (bound in read-only) and a `socket/` folder bound in
read-write, where the relay, run before the game's own command, listens and copies each connection to the
game's port on the container's loopback. The build's URL is that socket's `http+unix://` URL
(loop.contract.endpoint). The game's working folder is writable, as in a real deployment: an anonymous volume
(docker fills it with the image's copy) removed with the container; `persistent_dir` is a host folder mounted
there. Every container carries labels naming its owner (run, pid, host), so `cleanup_leftovers` can remove
what a killed run left behind.
"""

from __future__ import annotations

import logging
import shutil
import socket
import uuid
from dataclasses import dataclass
from pathlib import Path

import docker
import docker.errors
import docker.types
import requests

from loop.contract.endpoint import unix_socket_url
from loop.contract.game import Manifest
from loop.host import settings
from loop.host.private_dirs import private_dir, remove_leftovers
from loop.sandbox import (
    BuildSpec,
    CommandResult,
    RunningBuild,
    SandboxContext,
    SandboxError,
    SandboxProvider,
    game_settings,
    track,
    untrack,
)
from sandboxes.base_image import BaseImage, ensure_base_image
from sandboxes.container_owners import OWNER_HOST, OWNER_PID, OWNER_RUN, owner_labels, remove_dead_owners
from sandboxes.engine import connect
from sandboxes.game.images import GameImage, ensure_game_image
from sandboxes.game.limits import MIB, GameLimits, out_of_memory_note
from sandboxes.game.readiness import wait_until_ready
from sandboxes.game.source_tree import export_tree
from sandboxes.game.workdir import persistent_folder
from sandboxes.owners import pid_alive

log = logging.getLogger(__name__)

GAME = "closed-loop.game"
COMMIT = "closed-loop.commit"
ENDPOINT = "closed-loop.endpoint"
STOP_TIMEOUT = 5
NOBODY = "65534:65534"
TIMED_OUT = 124  # coreutils timeout's exit code
DOCKER_ERRORS = (docker.errors.DockerException, requests.exceptions.RequestException)
RELAY = Path(__file__).resolve().parents[1] / "relay.py"
FOLDER_PREFIX = "closed-loop-socket-"
INSIDE = "/closed-loop"  # where the relay and the socket folder are bound in the container
SOCKET_NAME = "game.sock"
RELAY_INSIDE = f"{INSIDE}/{RELAY.name}"
LONGEST_SOCKET_PATH = 107  # bytes, the kernel's limit for a unix socket's path


def image_config(client: docker.DockerClient, tag: str) -> dict:
    return client.images.get(tag).attrs.get("Config") or {}


def relay_entrypoint(port: int) -> list[str]:
    """The relay, run before the image's own entrypoint and command."""
    return ["python3", "-E", "-s", RELAY_INSIDE, f"{INSIDE}/socket/{SOCKET_NAME}", str(port), "--"]


def workdir_of(client: docker.DockerClient, tag: str) -> str:
    return (image_config(client, tag).get("WorkingDir") or "/").rstrip("/") or "/"


class SocketFolder:
    """The host side of a container's only door: a private folder (mode 0700) holding a copy of the relay
    and `socket/`, where the relay inside creates the game's socket. `socket/` is open to every user because
    the game's user inside is not the loop's; the folder around it keeps other users of the host out."""

    def __init__(self) -> None:
        self.root = private_dir(FOLDER_PREFIX)
        self.sockets = self.root / "socket"
        self.sockets.mkdir()
        self.sockets.chmod(0o777)
        self.relay = self.root / RELAY.name
        shutil.copyfile(RELAY, self.relay)
        self.relay.chmod(0o444)
        self.socket_path = self.sockets / SOCKET_NAME
        if len(str(self.socket_path).encode()) > LONGEST_SOCKET_PATH:
            self.remove()
            raise SandboxError(
                f"{self.socket_path} is too long for a unix socket: set TMPDIR to a shorter folder"
            )

    def mounts(self) -> list[docker.types.Mount]:
        return [
            docker.types.Mount(target=RELAY_INSIDE, source=str(self.relay), type="bind", read_only=True),
            docker.types.Mount(target=f"{INSIDE}/socket", source=str(self.sockets), type="bind"),
        ]

    def remove(self) -> None:
        shutil.rmtree(self.root, ignore_errors=True)


@dataclass(frozen=True)
class GameContainer:
    """One container of ours, as `closed-loop sandbox list` shows it."""

    name: str
    game: str
    commit: str
    run: str
    owner_pid: int
    owner_alive: bool
    url: str


class DockerBuild(RunningBuild):
    backend = "docker"

    def __init__(
        self,
        container: docker.models.containers.Container,
        image: GameImage,
        manifest: Manifest,
        ready_timeout: float,
        folder: SocketFolder,
    ):
        self.container = container
        self.workdir = workdir_of(container.client, image.tag)
        self.manifest, self.ready_timeout = manifest, ready_timeout
        self.image = image.tag
        self.image_built = image.built  # False when the image of this commit was reused
        self.folder = folder
        self._final_logs: str | None = None
        self.url = unix_socket_url(folder.socket_path)

    def stop(self) -> None:
        if self._final_logs is not None:
            return
        untrack(self)
        self._final_logs = self.logs()
        # Stop first so the game shuts down cleanly; remove(force) alone would kill it.
        for step in (
            lambda: self.container.stop(timeout=STOP_TIMEOUT),
            lambda: self.container.remove(force=True, v=True),
        ):
            try:
                step()
            except docker.errors.NotFound:
                break
            except DOCKER_ERRORS as exc:
                log.warning("stopping %s: %s", self.container.name, exc)
        self.folder.remove()

    def restart(self) -> None:
        """Restart the container in place and wait until it is ready, on the same URL (the same socket)."""
        if self._final_logs is not None:
            raise SandboxError("this build was stopped; start a new one")
        try:
            self.container.restart(timeout=STOP_TIMEOUT)
        except DOCKER_ERRORS as exc:
            raise SandboxError(f"restarting {self.container.name} failed: {exc}") from exc
        wait_until_ready(self, self.manifest, self.ready_timeout)

    def run_command(self, argv: list[str], timeout: float) -> CommandResult:
        """Run `argv` in the running container (the game's image, its copy of the tree), bounded by coreutils'
        `timeout` inside and the client's own timeout outside."""
        bound = max(1, int(min(timeout, self.container.client.api.timeout - 5)))
        try:
            done = self.container.exec_run(
                ["timeout", str(bound), *argv],
                workdir=self.workdir,
                user=self.container.attrs["Config"]["User"],
            )
        except DOCKER_ERRORS as exc:
            return CommandResult(None, f"running {argv[0]} in {self.container.name} failed: {exc}")
        output = (done.output or b"").decode(errors="replace")
        return CommandResult(None if done.exit_code == TIMED_OUT else done.exit_code, output)

    def logs(self, tail: int = 200) -> str:
        if self._final_logs is not None:
            return "\n".join(self._final_logs.splitlines()[-tail:])
        try:
            text = self.container.logs(tail=tail).decode(errors="replace")
        except DOCKER_ERRORS:
            return ""
        return text + self._killed_for_memory()

    def _killed_for_memory(self) -> str:
        """A line that says why the game's output stops where it does: the kernel kills a container over its
        memory limit without a word in its own log."""
        try:
            self.container.reload()
        except DOCKER_ERRORS:
            return ""  # the logs read a moment ago are still worth returning
        if not self.container.attrs.get("State", {}).get("OOMKilled"):
            return ""
        return out_of_memory_note(self.container.attrs.get("HostConfig", {}).get("Memory", 0) // MIB)

    def is_alive(self) -> bool:
        if self._final_logs is not None:
            return False
        try:
            self.container.reload()
        except DOCKER_ERRORS:
            return False
        return self.container.status in ("created", "running")


class DockerProvider(SandboxProvider):
    """Builds images offline and runs games in hardened containers. EngineUnavailable at once if no engine.

    Leftovers of dead owners are removed at start. Limits are per container (`limits.py`, from the settings);
    the defaults suit a text game.
    Builds this provider started and did not stop are stopped when the interpreter exits.
    """

    name = "docker"

    def __init__(
        self,
        *,
        limits: GameLimits | None = None,
        cpus: float = 1.0,
        base_image: str | None = None,
        cleanup_at_start: bool = True,
    ):
        self.client = connect()
        self.limits = limits or GameLimits.from_settings()
        self.nano_cpus = int(cpus * 1e9)
        self.configured_base = base_image or settings.BASE_IMAGE.value()
        self._bases: dict[tuple[str, ...], BaseImage] = {}
        if cleanup_at_start:
            self.cleanup_leftovers()

    @classmethod
    def from_context(cls, context: SandboxContext) -> DockerProvider:
        return cls(cleanup_at_start=context.cleanup_at_start)

    def base_image(self, system_packages: list[str] | tuple[str, ...] = ()) -> BaseImage:
        key = tuple(sorted(system_packages))
        if key not in self._bases:
            self._bases[key] = ensure_base_image(
                self.client, configured=self.configured_base, system_packages=key
            )
        return self._bases[key]

    def image_for(self, spec: BuildSpec) -> GameImage:
        """Build (or reuse) the image for `spec`, on a base with the Debian packages the game names."""
        tree = export_tree(spec)
        base = self.base_image(spec.manifest.system_packages)
        return ensure_game_image(self.client, spec.manifest, tree, base)

    def _mounts(self, tag: str, manifest: Manifest) -> list[docker.types.Mount]:
        """The working folder as a fresh anonymous volume; the persistent folder, if any, bound over it."""
        workdir = workdir_of(self.client, tag)
        if workdir == "/":
            return []
        mounts = [docker.types.Mount(target=workdir, source=None, type="volume")]
        persistent = persistent_folder(manifest)
        if persistent is not None:
            inside = f"{workdir.rstrip('/')}/{manifest.persistent_dir.strip('/')}"  # type: ignore[union-attr]  # set: there is a folder
            mounts.append(docker.types.Mount(target=inside, source=str(persistent), type="bind"))
        return mounts

    def _user(self, tag: str) -> str:
        user = (image_config(self.client, tag).get("User") or "").strip()
        return NOBODY if user in ("", "root", "0", "0:0") else user

    def start(self, spec: BuildSpec, *, ready_timeout: float = 60.0) -> RunningBuild:
        manifest = spec.manifest
        image = self.image_for(spec)
        tag = image.tag
        folder = SocketFolder()
        labels = {
            **owner_labels(spec.run_id),
            GAME: manifest.name,
            COMMIT: spec.commit,
            ENDPOINT: unix_socket_url(folder.socket_path),
        }
        port = manifest.container_port
        environment = {
            "HOST": "127.0.0.1",
            manifest.port_env: str(port),
            **game_settings(manifest),
            **spec.env,
        }
        name = f"closed-loop-{manifest.name}-{uuid.uuid4().hex[:10]}"
        config = image_config(self.client, tag)
        try:
            container = self.client.containers.run(
                tag,
                [*(config.get("Entrypoint") or []), *(config.get("Cmd") or [])],
                entrypoint=relay_entrypoint(port),
                detach=True,
                name=name,
                environment=environment,
                network_mode="none",
                nano_cpus=self.nano_cpus,
                **self.limits.docker_options(),
                read_only=True,
                mounts=[*self._mounts(tag, manifest), *folder.mounts()],
                cap_drop=["ALL"],
                security_opt=["no-new-privileges"],
                user=self._user(tag),
                labels=labels,
                init=True,  # a game as PID 1 would ignore SIGTERM: every stop would wait for the kill
            )
        except DOCKER_ERRORS as exc:
            folder.remove()
            raise SandboxError(f"cannot start {manifest.name} from {tag}: {exc}") from exc
        build = DockerBuild(container, image, manifest, ready_timeout, folder)
        track(build)
        log.info("%s: container %s from %s at %s", manifest.name, name, tag, build.url)
        wait_until_ready(build, manifest, ready_timeout)
        return build

    def running_games(self) -> list[GameContainer]:
        """Every container of ours on this engine, with its owner and its URL (empty when not running)."""
        games = []
        for container in self.client.containers.list(
            all=True, filters={"label": OWNER_PID}, ignore_removed=True
        ):
            labels = container.labels or {}
            owner = int(labels.get(OWNER_PID, "0") or 0)
            url = labels.get(ENDPOINT, "") if container.status == "running" else ""
            alive = labels.get(OWNER_HOST) == socket.gethostname() and owner > 0 and pid_alive(owner)
            games.append(
                GameContainer(
                    container.name,
                    labels.get(GAME, "?"),
                    labels.get(COMMIT, ""),
                    labels.get(OWNER_RUN, ""),
                    owner,
                    alive,
                    url,
                )
            )
        return games

    def cleanup_leftovers(self) -> int:
        """Remove every container of ours on this host whose owner process is gone (games, repair tool and
        agent sandboxes), and the folders of their sockets. Returns how many containers."""
        return len(self.remove_leftovers())

    def remove_leftovers(self) -> list[str]:
        """`cleanup_leftovers`, returning the names of the containers it removed."""
        remove_leftovers(FOLDER_PREFIX)
        return remove_dead_owners(self.client)

    def remove_game_images(self) -> int:
        """Remove the game images no container uses (the base image stays); return how many."""
        removed = 0
        for image in self.client.images.list(filters={"label": GAME}):
            try:
                self.client.images.remove(image.id, force=False)
                removed += 1
            except docker.errors.NotFound:
                pass
            except docker.errors.APIError as exc:
                if exc.status_code != 409:  # 409: in use by a container, keep it
                    raise SandboxError(f"cannot remove image {image.tags or image.id}: {exc}") from exc
        return removed
