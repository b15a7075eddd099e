"""Where a repair agent's tools act: a copy of the work tree with no network.

Two backends behind one interface, chosen by `open_repair_sandbox(backend="auto")`:
- `docker`: a hardened container of the local base image (no network, every capability dropped,
  no-new-privileges, pids/memory/CPU limits, non-root, labelled with its owner). The work tree is copied in
  with put_archive and read back into the work tree by `close()`. Its main process is a `sleep` as long as the
  attempt may live, and it is auto-removed, so a killed owner leaves nothing behind for long.
- `bubblewrap`: a process sandbox (`--unshare-all`, so no network) where the work tree is the only writable
  path and the system's /usr the only other thing visible; edits land in the work tree directly.

Lifecycle: open -> read_file / write_file / run ... -> close() (copies the result back; idempotent).
Paths are relative to the work tree; `.git` and anything outside the tree are refused with SandboxPathError.
The model is called from the host, so neither sandbox needs a network.
"""

from __future__ import annotations

import abc
import contextlib
import io
import logging
import os
import posixpath
import shutil
import signal
import socket
import subprocess
import tarfile
import tempfile
import uuid
from dataclasses import dataclass
from pathlib import Path

from sandboxes.base import EngineUnavailable, SandboxError

log = logging.getLogger(__name__)

WORKDIR = "/work"
SANDBOX_UID = 65534  # nobody: the copy is owned by it, so it can edit the tree and nothing else
MAX_OUTPUT_BYTES = 64 * 1024
MAX_FILE_BYTES = 2 * 1024 * 1024
KILL_GRACE_S = 2
# Labels as the sandbox layer puts them on game containers, so its cleanup of dead owners covers ours too.
OWNER_PID = "closed-loop.owner-pid"
OWNER_RUN = "closed-loop.owner-run"
OWNER_HOST = "closed-loop.owner-host"
GAME = "closed-loop.game"
ROLE = "closed-loop.role"
ROLE_REPAIR = "repair-sandbox"
BASE_RECIPE_LABEL = "closed-loop.base-recipe"
PULLED_BASE = "python:3.12-slim"


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


def _hidden(relative: Path) -> bool:
    """What never enters a sandbox: git's data and any benchmark assets (ground truth stays on the host)."""
    parts = relative.parts
    if ".git" in parts:
        return True
    return any(parts[i] == "games" and parts[i + 2] == "benchmark" for i in range(len(parts) - 2))


class RepairSandbox(abc.ABC):
    """A work-tree copy the agent's tools act on. Use as a context manager; `close()` keeps the result."""

    backend: str

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


def _decode(data: bytes, path: str) -> str:
    if len(data) > MAX_FILE_BYTES:
        raise SandboxPathError(f"{path} is larger than {MAX_FILE_BYTES} bytes")
    if b"\0" in data[:8192]:
        raise SandboxPathError(f"{path} is a binary file")
    return data.decode("utf-8", errors="replace")


def _cut(data: bytes) -> str:
    text = data[:MAX_OUTPUT_BYTES].decode("utf-8", errors="replace")
    return text + (f"\n[output cut at {MAX_OUTPUT_BYTES} bytes]" if len(data) > MAX_OUTPUT_BYTES else "")


# ---- bubblewrap ---------------------------------------------------------------------------------------


def bubblewrap_works() -> bool:
    """bwrap is installed and this host lets it make namespaces (some forbid it)."""
    if shutil.which("bwrap") is None:
        return False
    try:
        done = subprocess.run(
            ["bwrap", *_system_binds(), "--unshare-all", "true"], capture_output=True, timeout=10
        )
    except (OSError, subprocess.TimeoutExpired):
        return False
    return done.returncode == 0


def _system_binds() -> list[str]:
    """/usr and /etc read-only; /bin, /lib... as the host has them (symlinks into /usr on merged-usr)."""
    args = ["--ro-bind", "/usr", "/usr", "--ro-bind", "/etc", "/etc"]
    for name in ("bin", "sbin", "lib", "lib32", "lib64"):
        top = Path("/") / name
        if top.is_symlink():
            args += ["--symlink", os.readlink(top), str(top)]
        elif top.is_dir():
            args += ["--ro-bind", str(top), str(top)]
    return args


class BubblewrapSandbox(RepairSandbox):
    """The work tree bound read-write at /work (its `.git` read-only); no network, no other writable path."""

    backend = "bubblewrap"

    def __init__(self, repo_dir: Path):
        super().__init__(repo_dir.resolve())

    def _host_path(self, path: str) -> Path:
        relative = tree_path(path)
        target = (self.repo_dir / relative).resolve()
        if target != self.repo_dir and self.repo_dir not in target.parents:
            raise SandboxPathError(f"{path!r} leads outside the work tree")
        if _hidden(target.relative_to(self.repo_dir)):
            raise SandboxPathError(f"{path!r} is not part of the work tree the agent sees")
        return target

    def read_file(self, path: str) -> str:
        target = self._host_path(path)
        if not target.is_file():
            raise SandboxPathError(f"{tree_path(path)}: no such file")
        return _decode(target.read_bytes(), tree_path(path))

    def write_file(self, path: str, text: str) -> None:
        target = self._host_path(path)
        if target.is_dir():
            raise SandboxPathError(f"{tree_path(path)} is a directory")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text)

    def argv(self, command: str) -> list[str]:
        args = ["bwrap", *_system_binds(), "--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp"]
        args += ["--bind", str(self.repo_dir), WORKDIR]
        git = self.repo_dir / ".git"
        if git.exists():
            args += ["--ro-bind", str(git), f"{WORKDIR}/.git"]
        args += ["--unshare-all", "--die-with-parent", "--new-session", "--cap-drop", "ALL"]
        args += ["--uid", str(SANDBOX_UID), "--gid", str(SANDBOX_UID), "--chdir", WORKDIR, "--clearenv"]
        for name, value in _sandbox_env().items():
            args += ["--setenv", name, value]
        return [*args, "sh", "-c", command]

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
        return CommandResult(process.returncode if not timed_out else 124, _cut(data), timed_out)

    def close(self) -> None:
        return  # the tree was edited in place


def _sandbox_env() -> dict[str, str]:
    return {
        "PATH": "/opt/venv/bin:/usr/local/bin:/usr/bin:/bin",
        "HOME": "/tmp",
        "LANG": "C.UTF-8",
        "PYTHONDONTWRITEBYTECODE": "1",
    }


# ---- docker -------------------------------------------------------------------------------------------


def _connect(timeout: float):
    import docker
    import docker.errors

    try:
        client = docker.from_env(timeout=3)
        client.ping()
    except (docker.errors.DockerException, OSError) as exc:
        raise EngineUnavailable(f"the Docker engine does not answer: {exc}") from exc
    client.api.timeout = timeout
    return client


def base_image_tag(client) -> str:
    """The local base image the sandbox layer made (found by its recipe label), else python:3.12-slim."""
    import docker.errors

    images = client.images.list(filters={"label": BASE_RECIPE_LABEL, "dangling": False})
    tagged = sorted(
        (tag for image in images if GAME not in (image.labels or {}) for tag in image.tags), reverse=True
    )
    if tagged:
        return tagged[0]
    try:
        client.images.get(PULLED_BASE)
    except docker.errors.ImageNotFound:
        raise SandboxError(
            "no base image for the repair sandbox: build one with the docker backend first "
            f"(an image labelled {BASE_RECIPE_LABEL}) or load {PULLED_BASE}"
        ) from None
    return PULLED_BASE


def _tar_of_tree(repo_dir: Path) -> bytes:
    """The work tree (minus .git and benchmark assets) as /work, owned by the sandbox user."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w") as tar:
        tar.addfile(_dir_info(WORKDIR.lstrip("/")))
        for path in sorted(repo_dir.rglob("*")):
            relative = path.relative_to(repo_dir)
            if _hidden(relative):
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
            if relative.is_absolute() or ".." in relative.parts or _hidden(relative):
                continue
            seen.add(relative.as_posix())
            if member.issym():
                if _mirror_link(repo_dir, relative, member.linkname):
                    changed.append(relative.as_posix())
                continue
            data = tar.extractfile(member).read()  # type: ignore[union-attr]
            target = repo_dir / relative
            if target.is_file() and not target.is_symlink() and target.read_bytes() == data:
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            if target.is_symlink() or target.is_file():
                target.unlink()
            target.write_bytes(data)
            target.chmod(member.mode & 0o777 | 0o600)
            changed.append(relative.as_posix())
    for path in sorted(repo_dir.rglob("*"), reverse=True):
        relative = path.relative_to(repo_dir)
        if _hidden(relative) or relative.as_posix() in seen:
            continue
        if path.is_file() or path.is_symlink():
            path.unlink()
            changed.append(relative.as_posix())
    return changed


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
    path.parent.mkdir(parents=True, exist_ok=True)
    path.symlink_to(target)
    return True


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
        import docker.errors

        super().__init__(repo_dir)
        self._errors = (docker.errors.DockerException, OSError)
        self.client = _connect(api_timeout_s)
        self.image = image or base_image_tag(self.client)
        remove_orphans(self.client)
        labels = {
            OWNER_PID: str(os.getpid()),
            OWNER_RUN: run_id,
            OWNER_HOST: socket.gethostname(),
            GAME: game,
            ROLE: ROLE_REPAIR,
        }
        try:
            self.container = self.client.containers.create(
                self.image,
                # The container outlives no attempt: its only process ends when the attempt's time is up.
                command=["sleep", str(int(lifetime_s) + 1)],
                name=f"closed-loop-repair-{uuid.uuid4().hex[:10]}",
                network_mode="none",
                cap_drop=["ALL"],
                security_opt=["no-new-privileges"],
                pids_limit=pids_limit,
                mem_limit=mem_limit,
                nano_cpus=nano_cpus,
                user=f"{SANDBOX_UID}:{SANDBOX_UID}",
                working_dir=WORKDIR,
                environment=_sandbox_env(),
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
        return _decode(output, relative)

    def write_file(self, path: str, text: str) -> None:
        relative = tree_path(path)
        code, output = self._exec(
            ["sh", "-c", 'test -d "$1" && exit 3; stat -c %a -- "$1" 2>/dev/null', "-", relative]
        )
        if code == 3:
            raise SandboxPathError(f"{relative} is a directory")
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
        return CommandResult(code, _cut(output), timed_out)

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


def remove_orphans(client) -> int:
    """Remove repair sandboxes of this host whose owner process is gone; return how many."""
    import docker.errors

    removed = 0
    host = socket.gethostname()
    for container in client.containers.list(all=True, filters={"label": f"{ROLE}={ROLE_REPAIR}"}):
        labels = container.labels or {}
        if labels.get(OWNER_HOST) != host or _pid_alive(int(labels.get(OWNER_PID) or 0)):
            continue
        with contextlib.suppress(docker.errors.NotFound, docker.errors.APIError):
            container.remove(force=True)
            removed += 1
    return removed


def _pid_alive(pid: int) -> bool:
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


# ---- choosing ------------------------------------------------------------------------------------------

BACKENDS = ("auto", "docker", "bubblewrap")


def open_repair_sandbox(
    repo_dir: Path,
    backend: str = "auto",
    *,
    lifetime_s: float = 900.0,
    run_id: str = "adhoc",
    game: str = "",
    image: str | None = None,
) -> RepairSandbox:
    """A sandbox on `repo_dir`: docker when an engine answers (auto), else bubblewrap.

    Raises EngineUnavailable (docker asked for, no engine) or SandboxError (nothing can isolate the agent:
    there is no unsandboxed fallback).
    """
    if backend not in BACKENDS:
        raise SandboxError(f"unknown repair sandbox {backend!r} (choose from {', '.join(BACKENDS)})")
    if backend in ("auto", "docker"):
        try:
            return DockerSandbox(repo_dir, lifetime_s=lifetime_s, run_id=run_id, game=game, image=image)
        except EngineUnavailable:
            if backend == "docker":
                raise
            log.info("no Docker engine: the repair sandbox falls back to bubblewrap")
    if not bubblewrap_works():
        raise SandboxError("no repair sandbox: no Docker engine answers and bubblewrap cannot run here")
    return BubblewrapSandbox(repo_dir)
