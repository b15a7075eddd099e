"""Copy a game's output from stdin into a log file that never grows past a bound, rotated, a few kept.

Usage: python -I log_pump.py PATH MAX_BYTES KEPT

PATH holds at most MAX_BYTES; when it is full, PATH.1 becomes PATH.2 and so on (KEPT of them at most: the
oldest is dropped), PATH becomes PATH.1 and a new PATH starts. It ends when the game's output closes. A
separate process rather than a thread of closed-loop, so a game outliving its owner (no bubblewrap) still has
its output read. Stdlib only.
"""

from __future__ import annotations

import os
import sys

CHUNK = 65536


def rotate(path: str, kept: int) -> None:
    for index in range(kept, 0, -1):
        newer = path if index == 1 else f"{path}.{index - 1}"
        if os.path.exists(newer):
            os.replace(newer, f"{path}.{index}")


def pump(source: int, path: str, limit: int, kept: int) -> None:
    out = open(path, "ab", buffering=0)  # noqa: SIM115 -- reopened at every rotation
    size = out.tell()
    try:
        while chunk := os.read(source, CHUNK):
            while chunk:
                if size >= limit:
                    out.close()
                    rotate(path, kept)
                    out = open(path, "ab", buffering=0)  # noqa: SIM115
                    size = 0
                part, chunk = chunk[: limit - size], chunk[limit - size :]
                out.write(part)
                size += len(part)
    finally:
        out.close()


def main(argv: list[str]) -> int:
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    pump(0, argv[0], max(1, int(argv[1])), max(0, int(argv[2])))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
