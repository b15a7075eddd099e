"""What a game on the process backend sees of the host, as the bubblewrap command that starts it.

Read-only: /usr (and /bin, /lib... as the host has them), a short list of /etc entries the C library, Python
and TLS read (never /etc/shadow, /etc/passwd or the host's other configuration: the sandbox gets its own
passwd, group and hosts), the game's venv and the interpreter it was made from, and the relay. Writable: the
game's own copy of its tree and its persistent folder. Private: /tmp (a tmpfs of `TMP_MB`), /proc (its own
processes), a minimal /dev. Nothing else: no home, no checkout (so no benchmark), no data folder beyond those
paths, no socket of the host. Started by root, it runs as `GAME_USER`, which owns its tree copy and nothing
else.
"""

from __future__ import annotations

import functools
import os
from pathlib import Path

from loop.contract.paths import data_dir
from sandboxes.game.limits import MIB, TMP_MB
from sandboxes.game.workdir import GameWorkdir
from sandboxes.unprivileged import GAME_USER, BwrapCommand, bwrap_runs, venv_base

RELAY = Path(__file__).resolve().parents[1] / "relay.py"
RELAY_INSIDE = "/closed-loop/relay.py"
ETC_ENTRIES = (
    "ld.so.cache",
    "ld.so.conf",
    "ld.so.conf.d",
    "alternatives",
    "ssl",
    "ca-certificates",
    "ca-certificates.conf",
    "localtime",
    "timezone",
    "nsswitch.conf",
    "host.conf",
    "gai.conf",
    "protocols",
    "services",
    "mime.types",
)


@functools.cache
def bwrap_works() -> bool:
    """True when bubblewrap may create namespaces here as a game's user (some hosts forbid it)."""
    return bwrap_runs(GAME_USER)


def identity_files() -> Path:
    """The sandbox's own /etc/passwd, /etc/group and /etc/hosts: root, nobody and the game's user only."""
    uid, gid = os.geteuid(), os.getegid()
    if uid == 0:
        uid = gid = GAME_USER.uid
    texts = {
        "passwd": f"root:x:0:0::/:/usr/sbin/nologin\ngame:x:{uid}:{gid}::/tmp:/usr/sbin/nologin\n"
        "nobody:x:65534:65534::/nonexistent:/usr/sbin/nologin\n",
        "group": f"root:x:0:\ngame:x:{gid}:\nnogroup:x:65534:\n",
        "hosts": "127.0.0.1 localhost\n::1 localhost\n",
    }
    folder = data_dir() / "sandbox-etc" / str(uid)
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in texts.items():
        path = folder / name
        if not path.is_file() or path.read_text() != text:
            scratch = folder / f".{name}.{os.getpid()}"
            scratch.write_text(text)
            scratch.replace(path)
    return folder


def bwrap_prefix(workdir: GameWorkdir, venv: Path) -> list[str]:
    """The command that starts a game (or a command of it) in its sandbox; the game's argv follows it."""
    command = BwrapCommand(GAME_USER)
    command.isolate()
    command.system(etc=ETC_ENTRIES)
    identity = identity_files()
    for name in ("passwd", "group", "hosts"):
        command.bind(identity / name, f"/etc/{name}")
    command.add("--dev", "/dev", "--proc", "/proc")
    command.tmpfs("/tmp", TMP_MB * MIB)
    # After the tmpfs: a venv or a tree under /tmp is bound over it.
    base = venv_base(venv)
    if base is not None and not base.is_relative_to("/usr"):
        command.bind(base)
    command.bind(venv)
    command.bind(RELAY, RELAY_INSIDE)
    for path in workdir.writable():
        command.bind(path, writable=True)
    command.add("--chdir", str(workdir.path))
    return command.prefix()
