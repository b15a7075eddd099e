"""One kept-alive HTTP/1.1 connection to a game, reopened whenever the game closed it.

The game client sends a command per step, so the client's own cost per request is on every step's path:
httpx spent about 0.7 ms of CPU on each request where the stdlib's http.client spends about 0.2 (measured on
CASTLE, `bench.explorer_speed`). A game that closes every connection, or speaks HTTP/1.0, still works: the
connection is opened again for the next request.
"""

from __future__ import annotations

import http.client
import socket
from urllib.parse import urlsplit


class KeptAliveConnection:
    """Requests to one base URL over one connection at a time. Not thread-safe: one per worker."""

    def __init__(self, base_url: str, timeout: float):
        parts = urlsplit(base_url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError(f"not an http(s) URL: {base_url!r}")
        self.prefix = parts.path.rstrip("/")
        self.timeout = timeout
        https = parts.scheme == "https"
        connection_class = http.client.HTTPSConnection if https else http.client.HTTPConnection
        self._connection = connection_class(parts.hostname, parts.port, timeout=timeout)

    def _drop_if_closed_by_peer(self) -> None:
        """An idle connection the game has closed (or written to unasked) is not reused: the request would
        be lost on it."""
        sock = self._connection.sock
        if sock is None:
            return
        sock.settimeout(0.0)  # with a timeout, recv would first wait for data; the caller sets it back
        try:
            sock.recv(1, socket.MSG_PEEK)
        except (BlockingIOError, ValueError):
            return  # open and quiet: reuse it (ValueError: TLS, where a peek is not allowed; left as it is)
        except OSError:
            pass
        self._connection.close()

    def request(
        self, method: str, path: str, body: bytes | None = None, timeout: float | None = None
    ) -> tuple[int, bytes]:
        """(status, body) of one request; OSError or http.client.HTTPException when the transport fails,
        TimeoutError when one connect, send or receive takes longer than the timeout."""
        self._drop_if_closed_by_peer()
        connection = self._connection
        wanted = self.timeout if timeout is None else timeout
        connection.timeout = wanted
        if connection.sock is not None:
            connection.sock.settimeout(wanted)
        headers = {"Accept": "application/json"}
        if body is not None:
            headers["Content-Type"] = "application/json"
        try:
            if connection.sock is None:
                connection.connect()
                # http.client sends a small request in one write; a response from us never waits on Nagle
                connection.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            connection.request(method, self.prefix + path, body=body, headers=headers)
            response = connection.getresponse()
            return response.status, response.read()
        except BaseException:
            connection.close()  # a half-done exchange leaves the connection unusable
            raise

    def close(self) -> None:
        self._connection.close()
