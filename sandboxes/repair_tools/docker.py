"""The docker repair sandbox: a hardened, network-less container holding a copy of the work tree at /work."""

from __future__ import annotations

import contextlib
import io
import logging
import os
import posixpath
import tarfile
import uuid
from pathlib import Path

import docker
import docker.errors

from loop.host import settings
from loop.sandbox import SandboxError
from sandboxes.base_image import find_base_image

# The sandbox layer's owner labels: its cleanup of containers whose owner died covers ours too.
from sandboxes.container_owners import owner_labels, remove_dead_owners
from sandboxes.engine import connect
from sandboxes.game.docker import GAME
from sandboxes.repair_tools.protocol import (
    KILL_GRACE_S,
    MAX_FILE_BYTES,
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

log = logging.getLogger(__name__)

ROLE = "closed-loop.role"
ROLE_REPAIR = "repair-sandbox"
# Before a write: refuse a directory or a path under a file (a tar entry would turn that file into a
# directory), and print the file's mode to keep it.
PREPARE_WRITE = (
    'test -d "$1" && exit 3; d=$(dirname -- "$1"); '
    'while [ "$d" != . ]; do if [ -e "$d" ] && [ ! -d "$d" ]; then exit 4; fi; d=$(dirname -- "$d"); done; '
    'stat -c %a -- "$1" 2>/dev/null; exit 0'
)
DOCKER_ERRORS = (docker.errors.DockerException, OSError)


def sandbox_image(client: docker.DockerClient, game: str) -> str:
    """The newest image of `game` (its dependencies installed, so `run` can start the game's tests), else the
    base image. A game image holds only the game's own tree, never its benchmark."""
    if game:
        images = [
            image
            for image in client.images.list(filters={"label": f"{GAME}={game}", "dangling": False})
            if image.tags
        ]
        if images:
            return max(images, key=lambda image: image.attrs.get("Created", "")).tags[0]
    return base_image_tag(client)


def base_image_tag(client: docker.DockerClient) -> str:
    """The base image the sandbox layer bootstrapped (or CLOSED_LOOP_BASE_IMAGE); never built here, since that
    takes minutes an attempt does not have. Raises NoSandboxImage."""
    base = find_base_image(client, settings.BASE_IMAGE.value())
    if base is None:
        raise NoSandboxImage(
            "no image for the repair sandbox: build the base image first (`closed-loop sandbox up GAME` does)"
        )
    return base.tag


def _tar_of_tree(repo_dir: Path) -> bytes:
    """The work tree (minus .git and benchmark assets) as /work, owned by the sandbox user."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w") as tar:
        tar.addfile(_dir_info(WORKDIR.lstrip("/")))
        for path in sorted(repo_dir.rglob("*")):
            relative = path.relative_to(repo_dir)
            if hidden(relative):
                continue
            name = f"{WORKDIR.lstrip('/')}/{relative.as_posix()}"
            if path.is_symlink():
                info = tarfile.TarInfo(name)
                info.type, info.linkname = tarfile.SYMTYPE, os.readlink(path)
                info.uid = info.gid = SANDBOX_UID
                tar.addfile(info)
            elif path.is_dir():
                tar.addfile(_dir_info(name))
            elif path.is_file():
                info = tarfile.TarInfo(name)
                info.size = path.stat().st_size
                info.mode = path.stat().st_mode & 0o777
                info.uid = info.gid = SANDBOX_UID
                with path.open("rb") as handle:
                    tar.addfile(info, handle)
    return buffer.getvalue()


def _dir_info(name: str) -> tarfile.TarInfo:
    info = tarfile.TarInfo(name)
    info.type = tarfile.DIRTYPE
    info.mode = 0o755
    info.uid = info.gid = SANDBOX_UID
    return info


def mirror_tar_into(stream: bytes, repo_dir: Path) -> list[str]:
    """Make `repo_dir` (minus .git) hold exactly the regular files of the tar's `work/` tree; list changes."""
    changed: list[str] = []
    seen: set[str] = set()
    with tarfile.open(fileobj=io.BytesIO(stream)) as tar:
        for member in tar.getmembers():
            parts = member.name.split("/", 1)
            if len(parts) < 2 or not (member.isfile() or member.issym()):
                continue
            relative = Path(parts[1])
            if relative.is_absolute() or ".." in relative.parts or hidden(relative):
                continue
            seen.add(relative.as_posix())
            if member.issym():
                if _mirror_link(repo_dir, relative, member.linkname):
                    changed.append(relative.as_posix())
                continue
            data = tar.extractfile(member).read()  # type: ignore[union-attr]  # a regular file: it has data
            target = repo_dir / relative
            if target.is_file() and not target.is_symlink() and target.read_bytes() == data:
                continue
            _make_parents(repo_dir, relative)
            if target.is_symlink() or target.is_file():
                target.unlink()
            target.write_bytes(data)
            target.chmod(member.mode & 0o777 | 0o600)
            changed.append(relative.as_posix())
    for path in sorted(repo_dir.rglob("*"), reverse=True):
        relative = path.relative_to(repo_dir)
        if hidden(relative) or relative.as_posix() in seen:
            continue
        if path.is_file() or path.is_symlink():
            path.unlink()
            changed.append(relative.as_posix())
    return changed


def _make_parents(repo_dir: Path, relative: Path) -> None:
    """Create the parents of `relative`; a file or link in the way became a directory in the sandbox."""
    for parent in reversed(relative.parents[:-1]):
        path = repo_dir / parent
        if path.is_symlink() or (path.exists() and not path.is_dir()):
            path.unlink()
    (repo_dir / relative).parent.mkdir(parents=True, exist_ok=True)


def _mirror_link(repo_dir: Path, relative: Path, target: str) -> bool:
    """Keep or make a symlink of the tree; one that points outside the tree is dropped. True if changed."""
    path = repo_dir / relative
    if path.is_symlink() and os.readlink(path) == target:
        return False
    inside = (repo_dir / relative.parent / target).resolve()
    if posixpath.isabs(target) or (inside != repo_dir.resolve() and repo_dir.resolve() not in inside.parents):
        log.warning("repair sandbox: dropped the symlink %s -> %s (it leaves the tree)", relative, target)
        if path.is_symlink() or path.is_file():
            path.unlink()
        return True
    if path.is_symlink() or path.is_file():
        path.unlink()
    _make_parents(repo_dir, relative)
    path.symlink_to(target)
    return True


class NoSandboxImage(SandboxError):
    """An engine answers, but it has no image to run a repair sandbox from."""


class DockerSandbox(RepairSandbox):
    """A container holding a copy of the tree at /work; `close()` copies it back and removes the container."""

    backend = "docker"

    def __init__(
        self,
        repo_dir: Path,
        *,
        lifetime_s: float,
        run_id: str = "adhoc",
        game: str = "",
        image: str | None = None,
        mem_limit: str = "1g",
        pids_limit: int = 256,
        nano_cpus: int = 1_000_000_000,
        api_timeout_s: float = 120.0,
    ):
        super().__init__(repo_dir)
        self._errors = DOCKER_ERRORS
        self.client = connect(api_timeout_s)
        self.image = image or sandbox_image(self.client, game)
        remove_dead_owners(self.client)
        labels = {**owner_labels(run_id), GAME: game, ROLE: ROLE_REPAIR}
        try:
            self.container = self.client.containers.create(
                self.image,
                # The container outlives no attempt: its only process ends when the attempt's time is up.
                entrypoint=["sleep"],
                command=[str(int(lifetime_s) + 1)],
                name=f"closed-loop-repair-{uuid.uuid4().hex[:10]}",
                network_mode="none",
                cap_drop=["ALL"],
                security_opt=["no-new-privileges"],
                pids_limit=pids_limit,
                mem_limit=mem_limit,
                nano_cpus=nano_cpus,
                user=f"{SANDBOX_UID}:{SANDBOX_UID}",
                working_dir=WORKDIR,
                environment=sandbox_env(),
                tmpfs={"/tmp": "rw,nosuid,nodev,size=64m"},
                labels=labels,
                auto_remove=True,
            )
        except self._errors as exc:
            raise SandboxError(f"cannot create the repair sandbox from {self.image}: {exc}") from exc
        self._closed = False
        try:
            if not self.container.put_archive("/", _tar_of_tree(repo_dir)):
                raise SandboxError("the work tree could not be copied into the repair sandbox")
            self.container.start()
        except self._errors as exc:
            self._remove()
            raise SandboxError(f"cannot start the repair sandbox: {exc}") from exc
        except SandboxError:
            self._remove()
            raise

    def _exec(self, argv: list[str]) -> tuple[int, bytes]:
        try:
            exit_code, output = self.container.exec_run(argv, workdir=WORKDIR, user=f"{SANDBOX_UID}")
        except self._errors as exc:
            raise SandboxError(f"the repair sandbox does not answer: {exc}") from exc
        return exit_code, output or b""

    def read_file(self, path: str) -> str:
        relative = tree_path(path)
        code, output = self._exec(
            ["sh", "-c", 'test -f "$1" && head -c "$2" -- "$1"', "-", relative, str(MAX_FILE_BYTES + 1)]
        )
        if code != 0:
            raise SandboxPathError(f"{relative}: no such file")
        return decode(output, relative)

    def write_file(self, path: str, text: str) -> None:
        relative = tree_path(path)
        code, output = self._exec(["sh", "-c", PREPARE_WRITE, "-", relative])
        if code == 3:
            raise SandboxPathError(f"{relative} is a directory")
        if code == 4:
            raise SandboxPathError(f"cannot write {relative}: a parent of it is a file")
        mode = int(output.strip() or b"644", 8)
        data = text.encode()
        buffer = io.BytesIO()
        with tarfile.open(fileobj=buffer, mode="w") as tar:
            parts = relative.split("/")
            for depth in range(1, len(parts)):
                tar.addfile(_dir_info("/".join(parts[:depth])))
            info = tarfile.TarInfo(relative)
            info.size, info.mode = len(data), mode
            info.uid = info.gid = SANDBOX_UID
            tar.addfile(info, io.BytesIO(data))
        try:
            self.container.put_archive(WORKDIR, buffer.getvalue())
        except docker.errors.APIError as exc:
            if exc.status_code == 404 and "No such container" in str(exc.explanation):
                raise SandboxError(f"the repair sandbox is gone: {exc}") from exc
            # The engine refuses a bad target (a parent that is a file, ...): the model's mistake to fix.
            raise SandboxPathError(f"cannot write {relative}: {exc.explanation}") from None
        except self._errors as exc:
            raise SandboxError(f"cannot write {relative} in the repair sandbox: {exc}") from exc

    def run(self, command: str, timeout_s: float) -> CommandResult:
        script = (
            'timeout -k "$1" "$2" sh -c "$3" > /tmp/.run-output 2>&1; rc=$?; '
            'head -c "$4" /tmp/.run-output; rm -f /tmp/.run-output; exit $rc'
        )
        seconds = f"{max(0.1, timeout_s):.1f}"
        code, output = self._exec(
            ["sh", "-c", script, "-", str(KILL_GRACE_S), seconds, command, str(MAX_OUTPUT_BYTES + 1)]
        )
        timed_out = code in (124, 137)
        return CommandResult(code, cut_output(output), timed_out)

    def close(self) -> None:
        if self._closed:
            return
        try:
            stream, _ = self.container.get_archive(WORKDIR)
            changed = mirror_tar_into(b"".join(stream), self.repo_dir)
            log.info("repair sandbox: %d file(s) changed in the work tree", len(changed))
        except self._errors as exc:
            raise SandboxError(f"cannot read the work tree back from the repair sandbox: {exc}") from exc
        finally:
            self._remove()

    def _remove(self) -> None:
        self._closed = True
        with contextlib.suppress(*self._errors):
            self.container.remove(force=True)
        with contextlib.suppress(*self._errors):
            self.client.close()
