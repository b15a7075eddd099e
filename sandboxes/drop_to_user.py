"""Start a command as an unprivileged user, the host folders it must bind made reachable to it (run by root).

Usage: python -I drop_to_user.py UID GID STAGE SOURCE... -- ARGV...

In a mount namespace of its own (nothing propagates to the host), it mounts a small tmpfs on STAGE (an empty
folder root owns and only root may write) and binds SOURCE number i at STAGE/i; then it gives up root: no
supplementary group, uid and gid UID and GID, an empty capability bounding set, no new privileges; then it
executes ARGV (bubblewrap, which binds STAGE/i where the sandbox wants SOURCE i).

Root opens the sources, so they may lie in folders the user may not enter (a pyenv interpreter under /root, a
data folder in a home); the user reaches them through STAGE only, with its own rights on each. Nothing that
root opened stays open across the exec. Stdlib only: it runs before anything of closed-loop could be imported.
"""

from __future__ import annotations

import ctypes
import os
import stat
import sys

CLONE_NEWNS = 0x00020000
MS_NOSUID, MS_NODEV, MS_NOEXEC, MS_BIND, MS_REC, MS_PRIVATE = 0x2, 0x4, 0x8, 0x1000, 0x4000, 0x40000
PR_CAPBSET_DROP, PR_SET_NO_NEW_PRIVS = 24, 38
LIBC = ctypes.CDLL(None, use_errno=True)


def _check(result: int, what: str) -> None:
    if result != 0:
        error = ctypes.get_errno()
        raise OSError(error, f"{what}: {os.strerror(error)}")


def _mount(source: str | None, target: str, fstype: str | None, flags: int, data: str | None = None) -> None:
    encoded = [None if text is None else text.encode() for text in (source, target, fstype, data)]
    _check(LIBC.mount(encoded[0], encoded[1], encoded[2], flags, encoded[3]), f"mount {target}")


def stage(folder: str, sources: list[str]) -> None:
    _check(LIBC.unshare(CLONE_NEWNS), "unshare")
    _mount(None, "/", None, MS_REC | MS_PRIVATE)
    # opened in the new namespace: a bind mount's source must be in the caller's own
    opened = [os.open(source, os.O_PATH | os.O_CLOEXEC) for source in sources]
    base = os.open(folder, os.O_PATH | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC)
    info = os.fstat(base)
    if info.st_uid != 0 or info.st_mode & 0o022:
        raise OSError(f"{folder} must be a folder only root may write")
    _mount("tmpfs", f"/proc/self/fd/{base}", "tmpfs", MS_NOSUID | MS_NODEV | MS_NOEXEC, "mode=0755,size=64k")
    for index, fd in enumerate(opened):
        target = f"{folder}/{index}"
        if stat.S_ISDIR(os.fstat(fd).st_mode):
            os.mkdir(target, 0o755)
        else:
            os.close(os.open(target, os.O_CREAT | os.O_WRONLY | os.O_CLOEXEC, 0o644))
        _mount(f"/proc/self/fd/{fd}", target, None, MS_BIND | MS_REC)
        os.close(fd)
    os.close(base)


def drop(uid: int, gid: int) -> None:
    with open("/proc/sys/kernel/cap_last_cap") as last:
        for capability in range(int(last.read()) + 1):
            # an extra layer, which a root without CAP_SETPCAP cannot add: no error for it
            LIBC.prctl(PR_CAPBSET_DROP, capability, 0, 0, 0)
    os.setgroups([])
    os.setresgid(gid, gid, gid)
    os.setresuid(uid, uid, uid)  # from root to a non-zero uid: the kernel clears every capability
    _check(LIBC.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0), "no new privileges")
    with open("/proc/self/status") as handle:
        status = handle.read().splitlines()
    effective = next(line for line in status if line.startswith("CapEff:")).split()[1]
    if os.getuid() != uid or os.getgid() != gid or int(effective, 16) != 0:
        raise OSError("the privileges were not dropped")


def main(argv: list[str]) -> int:
    if "--" not in argv or argv.index("--") < 3 or argv.index("--") == len(argv) - 1:
        print(__doc__, file=sys.stderr)
        return 2
    split = argv.index("--")
    uid, gid, folder, sources, command = int(argv[0]), int(argv[1]), argv[2], argv[3:split], argv[split + 1 :]
    if uid <= 0 or gid <= 0 or not all(os.path.isabs(source) for source in sources):
        print("drop_to_user: UID and GID must not be root's, the sources absolute paths", file=sys.stderr)
        return 2
    try:
        stage(folder, sources)
        drop(uid, gid)
    except OSError as exc:
        print(f"drop_to_user: {exc}", file=sys.stderr)
        return 126
    os.execv(command[0], command)
    return 127  # not reached


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
