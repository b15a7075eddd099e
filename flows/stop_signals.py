"""SIGTERM is a stop, like Ctrl-C, in every command that starts something (and in `serve`)."""

from __future__ import annotations

import signal
from types import FrameType


def stop_like_ctrl_c(signum: int, frame: FrameType | None) -> None:
    """SIGTERM (what `kill`, systemd, docker stop and CI runners send) stops a command as Ctrl-C does:
    whatever handles SIGINT now (asyncio, in `serve`) handles it, else KeyboardInterrupt, so every `with`,
    `finally` and atexit hook stops and removes what the command started."""
    handler = signal.getsignal(signal.SIGINT)
    if callable(handler) and handler is not signal.default_int_handler:
        handler(signal.SIGINT, frame)
        return
    raise KeyboardInterrupt
