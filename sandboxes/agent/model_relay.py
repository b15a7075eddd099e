"""The one road out of a repair sandbox: to the model endpoint the attempt was configured with.

Host side (`ModelRelay`, run by the loop): a unix socket in a folder bound into the sandbox; every connection
to it is copied to the one host and port of the model endpoint, and to nothing else.
Inside (run as a file by the sandbox's python3, before the agent's command, in a namespace with no network):
    python3 model_relay.py PORT SOCKET -- ARGV...
listens on 127.0.0.1:PORT, copies each connection to SOCKET, runs ARGV and exits with its status. Stdlib only.
"""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import threading
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

if __package__:
    from sandboxes.relay import CONNECT_TIMEOUT, accept_forever
else:  # run as a file inside the sandbox: relay.py is mounted beside it
    from relay import CONNECT_TIMEOUT, accept_forever  # type: ignore[import-not-found, no-redef]  # the same module

SOCKET_NAME = "model.sock"
LOWEST_UNPRIVILEGED_PORT = 1024
LISTEN_TIMEOUT_S = 10.0


def inside_address(model_url: str) -> tuple[str, str, int, int]:
    """(url the tools use, host name they use, port inside, port of the real endpoint) for a model URL.

    The host name stays (TLS checks it; the sandbox's /etc/hosts points it at 127.0.0.1); a port below 1024,
    which nobody may bind inside, moves above it."""
    parts = urlsplit(model_url)
    if not parts.hostname:
        raise ValueError(f"model URL without a host: {model_url!r}")
    port = parts.port or (443 if parts.scheme == "https" else 80)
    inside_port = port if port >= LOWEST_UNPRIVILEGED_PORT else 10000 + port
    host = parts.hostname
    netloc = f"{host}:{inside_port}" if ":" not in host else f"[{host}]:{inside_port}"
    return (
        urlunsplit((parts.scheme, netloc, parts.path, parts.query, parts.fragment)),
        host,
        inside_port,
        port,
    )


class ModelRelay:
    """A unix socket in `folder` that forwards to the model endpoint's host and port; `close()` stops it."""

    def __init__(self, folder: Path, model_url: str):
        self.url, self.host, self.inside_port, self.port = inside_address(model_url)
        self.socket_path = folder / SOCKET_NAME
        self._listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self._listener.bind(str(self.socket_path))
        os.chmod(self.socket_path, 0o777)  # the sandbox's user is not the loop's
        self._listener.listen(64)
        target = (self.host, self.port)
        connect = lambda: socket.create_connection(target, timeout=CONNECT_TIMEOUT)  # noqa: E731
        threading.Thread(target=accept_forever, args=(self._listener, connect), daemon=True).start()

    def hosts_file(self) -> str:
        """/etc/hosts of the sandbox: the model's host name is the relay; no other name resolves."""
        lines = ["127.0.0.1 localhost"]
        if self.host not in ("127.0.0.1", "localhost"):
            lines.append(f"127.0.0.1 {self.host}")
        return "\n".join(lines) + "\n"

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self._listener.shutdown(socket.SHUT_RDWR)
        self._listener.close()
        with contextlib.suppress(FileNotFoundError):
            self.socket_path.unlink()


def main(argv: list[str]) -> int:
    if len(argv) < 4 or argv[2] != "--":
        print(__doc__, file=sys.stderr)
        return 2
    port, socket_path = int(argv[0]), argv[1]
    listener = socket.create_server(("127.0.0.1", port))

    def connect() -> socket.socket:
        upstream = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        upstream.settimeout(CONNECT_TIMEOUT)
        upstream.connect(socket_path)
        return upstream

    threading.Thread(target=accept_forever, args=(listener, connect), daemon=True).start()
    try:
        return subprocess.call(argv[3:])
    except OSError as exc:
        print(f"model relay: cannot run {argv[3]}: {exc}", file=sys.stderr)
        return 127


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
