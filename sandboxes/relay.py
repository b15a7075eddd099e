"""Run a game where it has no network and serve it on a socket opened for it.

Usage (run as a file, by the game's python, where the game has no network):
    python relay.py LISTEN PORT -- GAME_ARGV...

LISTEN is either an inherited listening socket's file descriptor (the process backend: the parent binds
127.0.0.1:PORT on the host and runs this inside bubblewrap --unshare-net) or the path of a unix socket this
relay creates (the docker backend: a folder bound into a container with no network, reached by the loop from
the host). The game binds PORT on its own loopback, so nothing collides, and has no route out; this relay
copies bytes between the two. Stdlib only: it runs in the game's venv or image, where closed-loop is not
installed.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import Callable
from typing import cast

CONNECT_TIMEOUT = 5.0
BUFFER = 65536


QUICKACK = getattr(socket, "TCP_QUICKACK", None)  # Linux only


def _pipe(source: socket.socket, sink: socket.socket) -> None:
    quick_ack = QUICKACK is not None and source.family != socket.AF_UNIX
    try:
        while True:
            if quick_ack:
                # Acknowledge at once, not after the 40 ms delayed-ACK timer: a kept-alive game that writes
                # its headers and body in two writes without TCP_NODELAY (Python's http.server does) holds
                # the body back (Nagle) until that ACK. Linux turns quick ACKs off by itself: every read.
                with contextlib.suppress(OSError):
                    source.setsockopt(socket.IPPROTO_TCP, cast(int, QUICKACK), 1)  # quick_ack: it exists
            chunk = source.recv(BUFFER)
            if not chunk:
                break
            sink.sendall(chunk)
    except OSError:
        pass
    finally:
        for sock, how in ((sink, socket.SHUT_WR), (source, socket.SHUT_RD)):
            with contextlib.suppress(OSError):
                sock.shutdown(how)


def bridge(client: socket.socket, connect: Callable[[], socket.socket]) -> None:
    """Copy bytes both ways between `client` and what `connect()` opens; a failed connect drops the client
    (a game not listening yet: the caller sees a dropped connection and retries)."""
    try:
        upstream = connect()
    except OSError:
        client.close()
        return
    upstream.settimeout(None)
    # A kept-alive connection carries many small request/response pairs: send each at once, no Nagle wait.
    for sock in (client, upstream):
        with contextlib.suppress(OSError):
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    back = threading.Thread(target=_pipe, args=(upstream, client), daemon=True)
    back.start()
    _pipe(client, upstream)
    back.join()
    client.close()
    upstream.close()


def accept_forever(listener: socket.socket, connect: Callable[[], socket.socket]) -> None:
    """Bridge every connection `listener` accepts, until it is closed."""
    while True:
        try:
            client, _ = listener.accept()
        except OSError:
            return
        try:
            threading.Thread(target=bridge, args=(client, connect), daemon=True).start()
        except RuntimeError:  # no thread to be had (a sandbox at its process limit): drop this one, go on
            client.close()


def connect_unix(path: str) -> socket.socket:
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.settimeout(CONNECT_TIMEOUT)
        sock.connect(path)
    except OSError:
        sock.close()
        raise
    return sock


def serve_on_loopback(socket_path: str) -> socket.socket:
    """A listener on a free 127.0.0.1 port whose every connection is copied to the unix socket at
    `socket_path`, until the listener is closed: for a browser, which cannot open a unix socket."""
    listener = socket.create_server(("127.0.0.1", 0), backlog=128)
    threading.Thread(
        target=accept_forever, args=(listener, lambda: connect_unix(socket_path)), daemon=True
    ).start()
    return listener


def unix_listener(path: str) -> socket.socket:
    """A listening unix socket at `path` (one a previous start left there replaced) that any user may
    connect to: the loop on the host is not the user the game runs as."""
    with contextlib.suppress(FileNotFoundError):
        os.unlink(path)
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    os.chmod(path, 0o666)
    listener.listen(128)
    return listener


def listening_socket(listen: str) -> socket.socket:
    return socket.socket(fileno=int(listen)) if listen.isdigit() else unix_listener(listen)


def main(argv: list[str]) -> int:
    if len(argv) < 4 or argv[2] != "--":
        print(__doc__, file=sys.stderr)
        return 2
    listener = listening_socket(argv[0])
    port = int(argv[1])
    game = subprocess.Popen(argv[3:])

    def forward(signum: int, _frame: object) -> None:
        game.send_signal(signum)

    signal.signal(signal.SIGTERM, forward)
    signal.signal(signal.SIGINT, forward)

    def connect() -> socket.socket:
        return socket.create_connection(("127.0.0.1", port), timeout=CONNECT_TIMEOUT)

    threading.Thread(target=accept_forever, args=(listener, connect), daemon=True).start()
    return game.wait()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
