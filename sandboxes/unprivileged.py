"""Bubblewrap command lines that never run as root: a host user of the sandbox's own, and its binds.

Started by root, a sandbox first becomes a host user of its own (`GAME_USER` for games, `AGENT_USER` for
repair agents): a high uid and gid that no passwd entry names, with no capability inside its namespaces or
out, so it can read or write nothing that is root's or a real user's beyond what permissions grant to
everyone. Such a user may not enter the folders root keeps to itself, where the interpreter or the data folder
may be (a pyenv Python under /root), so `drop_to_user.py` binds every source first at a staging folder (in a
mount namespace of its own) and bubblewrap binds it from there. Started by anyone else, bubblewrap runs as
that user, the lowest there is to drop to, and binds the sources directly.
"""

from __future__ import annotations

import functools
import os
import shutil
import stat
import subprocess
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from loop.contract.paths import system_temp_dir
from loop.sandbox import SandboxError

DROP = Path(__file__).resolve().parent / "drop_to_user.py"
STAGE_NAME = "closed-loop-stage"
PROBE_TIMEOUT = 10
# The top-level folders of a merged-/usr system, and their real counterparts on older ones.
SYSTEM_TOP = ("bin", "sbin", "lib", "lib32", "lib64", "libx32")


@dataclass(frozen=True)
class SandboxUser:
    name: str
    uid: int

    @property
    def gid(self) -> int:
        return self.uid


GAME_USER = SandboxUser("game", 1_900_000_001)
AGENT_USER = SandboxUser("agent", 1_900_000_002)


def drops_privileges() -> bool:
    """Whether sandboxes run as a user of their own: only root can become one."""
    return os.geteuid() == 0


def stage_folder() -> Path:
    """The empty folder, root's alone, that `drop_to_user.py` mounts its staging tmpfs on."""
    folder = system_temp_dir() / STAGE_NAME
    folder.mkdir(mode=0o755, exist_ok=True)
    info = folder.lstat()
    if not stat.S_ISDIR(info.st_mode) or info.st_uid != 0 or info.st_mode & 0o022:
        raise SandboxError(f"{folder} must be a folder only root may write: remove it")
    return folder


def bwrap_binary() -> str:
    # An absolute path: the command's PATH may start with a folder the sandboxed code filled (a game venv).
    found = shutil.which("bwrap")
    if found is None:
        raise SandboxError("bubblewrap (bwrap) is not installed")
    return str(Path(found).resolve())


@functools.cache
def _bwrap_has(option: str) -> bool:
    """Whether this bubblewrap knows `option` (older ones lack --disable-userns and --size)."""
    try:
        argv = [bwrap_binary(), "--help"]
        shown = subprocess.run(argv, capture_output=True, text=True, timeout=PROBE_TIMEOUT)
    except (OSError, SandboxError, subprocess.TimeoutExpired):
        return False
    return option in shown.stdout


class BwrapCommand:
    """One bubblewrap command line, options in bubblewrap's order (a later mount covers an earlier one)."""

    def __init__(self, user: SandboxUser):
        self.user = user if drops_privileges() else None
        self.options: list[str] = []
        self.sources: list[str] = []

    def add(self, *options: str) -> None:
        self.options += options

    def bind(self, source: Path | str, inside: Path | str | None = None, *, writable: bool = False) -> None:
        """`source` at `inside` (its own path by default), read-only unless `writable`."""
        path = str(source)
        if self.user is not None:
            self.sources.append(path)
            path = f"{stage_folder()}/{len(self.sources) - 1}"
        self.add("--bind" if writable else "--ro-bind", path, str(inside or source))

    def system(self, etc: Iterable[str] | None = None) -> None:
        """/usr and the host's /bin, /lib... (symlinks into /usr stay symlinks); then all of /etc, or only the
        named entries of it that exist."""
        self.bind("/usr")
        for name in SYSTEM_TOP:
            top = Path("/") / name
            if top.is_symlink():
                self.add("--symlink", os.readlink(top), str(top))
            elif top.is_dir():
                self.bind(top)
        if etc is None:
            self.bind("/etc")
            return
        for name in etc:
            if (Path("/etc") / name).exists():
                self.bind(Path("/etc") / name)

    def tmpfs(self, inside: str, size_bytes: int) -> None:
        """A private tmpfs at `inside`, at most `size_bytes` large where bubblewrap can say so (0.8 on)."""
        if _bwrap_has("--size"):
            self.add("--size", str(size_bytes))
        self.add("--tmpfs", inside)

    def isolate(self) -> None:
        """Every namespace new (no network but loopback), none creatable inside, no capability."""
        self.add("--unshare-all", "--unshare-user", "--die-with-parent", "--new-session", "--cap-drop", "ALL")
        if _bwrap_has("--disable-userns"):
            self.add("--disable-userns")

    def prefix(self) -> list[str]:
        """The argv to start; the sandboxed command follows it. The root it sees is read-only: only what was
        bound writable (and its own /tmp, /dev) can be written."""
        command = [bwrap_binary(), *self.options, "--remount-ro", "/"]
        if self.user is None:
            return command
        user = [str(self.user.uid), str(self.user.gid), str(stage_folder())]
        return [sys.executable, "-I", str(DROP), *user, *self.sources, "--", *command]


@functools.cache
def bwrap_runs(user: SandboxUser) -> bool:
    """bubblewrap is installed and may make namespaces here, started as `user`'s sandboxes are."""
    try:
        command = BwrapCommand(user)
        command.system(etc=())
        command.isolate()
        command.add("--proc", "/proc", "--dev", "/dev")
        done = subprocess.run([*command.prefix(), "true"], capture_output=True, timeout=PROBE_TIMEOUT)
    except (OSError, SandboxError, subprocess.TimeoutExpired):
        return False
    return done.returncode == 0


def venv_base(venv: Path) -> Path | None:
    """The interpreter prefix a venv was made from (its bin/python links there), or None for no venv."""
    config = Path(venv) / "pyvenv.cfg"
    if not config.is_file():
        return None
    for line in config.read_text().splitlines():
        key, _, value = line.partition("=")
        if key.strip() == "home":
            return Path(value.strip()).parent
    return None


def _entries(root: Path, skip: frozenset[str]) -> Iterable[Path]:
    yield root
    for folder, folders, files in os.walk(root):
        folders[:] = [name for name in folders if name not in skip]
        for name in folders + files:
            if name not in skip:
                yield Path(folder) / name


def give(root: Path, user: SandboxUser) -> None:
    """Make `user` the owner of everything in `root` (a copy that is the sandbox's alone). Symlinks are
    changed, never followed."""
    if not drops_privileges():
        return
    for path in _entries(root, frozenset()):
        os.chown(path, user.uid, user.gid, follow_symlinks=False)


def share(root: Path, user: SandboxUser, skip: Iterable[str] = (".git",)) -> None:
    """Let `user` edit everything in `root` as its group, owners untouched (git keeps trusting a repository
    that its user owns). Folders named in `skip` are left as they are."""
    if not drops_privileges():
        return
    for path in _entries(root, frozenset(skip)):
        _share_one(path, user)


def share_path(path: Path, root: Path, user: SandboxUser) -> None:
    """`share` for one path within `root` and the folders between them (a file the host just wrote)."""
    if not drops_privileges():
        return
    for each in [path, *path.parents]:
        _share_one(each, user)
        if each == root or root not in each.parents:
            break


def _share_one(path: Path, user: SandboxUser) -> None:
    info = path.lstat()
    if stat.S_ISLNK(info.st_mode):
        return
    os.chown(path, -1, user.gid, follow_symlinks=False)
    mode = stat.S_IMODE(info.st_mode)
    if stat.S_ISDIR(info.st_mode):
        os.chmod(path, mode | 0o070)
    else:
        os.chmod(path, mode | 0o060 | (0o010 if mode & 0o100 else 0))
