"""Run a game inside a network namespace and serve it on a socket the parent opened outside it.

Usage (run as a file, by the game venv's python, inside bubblewrap --unshare-net):
    python relay.py LISTEN_FD PORT -- GAME_ARGV...

The parent binds 127.0.0.1:PORT on the host and passes the listening socket as LISTEN_FD. The game binds the
same PORT inside the namespace (its own loopback, so nothing collides) and has no route out; this relay copies
bytes between the two. Stdlib only: it runs in the game's venv, where closed-loop is not installed.
"""

from __future__ import annotations

import contextlib
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import Callable

CONNECT_TIMEOUT = 5.0
BUFFER = 65536


QUICKACK = getattr(socket, "TCP_QUICKACK", None)  # Linux only


def _pipe(source: socket.socket, sink: socket.socket) -> None:
    try:
        while True:
            if QUICKACK is not None:
                # Acknowledge at once, not after the 40 ms delayed-ACK timer: a kept-alive game that writes
                # its headers and body in two writes without TCP_NODELAY (Python's http.server does) holds
                # the body back (Nagle) until that ACK. Linux turns quick ACKs off by itself: every read.
                with contextlib.suppress(OSError):
                    source.setsockopt(socket.IPPROTO_TCP, QUICKACK, 1)
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
        threading.Thread(target=bridge, args=(client, connect), daemon=True).start()


def main(argv: list[str]) -> int:
    if len(argv) < 4 or argv[2] != "--":
        print(__doc__, file=sys.stderr)
        return 2
    listener = socket.socket(fileno=int(argv[0]))
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
