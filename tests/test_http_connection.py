"""The game client's own HTTP/1.1 connection against servers that frame and end their replies every legal way,
and one that closes a kept-alive connection without saying so: each request is still played exactly once.
Every test runs against a server on a TCP port and against one on a unix socket (a docker game's door)."""

from __future__ import annotations

import http.client
import shutil
import socket
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from loop.contract.endpoint import unix_socket_url
from loop.contract.http_connection import KeptAliveConnection

Answer = Callable[[socket.socket, int], bool]  # writes the reply to request n; False: close the connection


class RawServer:
    """A one-thread HTTP server on a raw socket: reads a request (head and Content-Length body), lets
    `answer` write the reply byte for byte, and counts the requests it read."""

    def __init__(self, answer: Answer, unix_path: Path | None = None):
        self.answer = answer
        self.unix_path = unix_path
        if unix_path is None:
            self.listener = socket.create_server(("127.0.0.1", 0))
        else:
            self.listener = socket.socket(socket.AF_UNIX)
            self.listener.bind(str(unix_path))
            self.listener.listen()
        self.listener.settimeout(0.1)
        self.requests: list[bytes] = []
        self.connections = 0
        self.stopping = False
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        if self.unix_path is not None:
            return unix_socket_url(self.unix_path)
        return f"http://127.0.0.1:{self.listener.getsockname()[1]}"

    def _serve(self) -> None:
        while not self.stopping:
            try:
                conn, _ = self.listener.accept()
            except TimeoutError:
                continue
            self.connections += 1
            with conn:
                conn.settimeout(5)
                while self._one(conn):
                    pass

    def _one(self, conn: socket.socket) -> bool:
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = conn.recv(65536)
            if not chunk:
                return False
            data += chunk
        head, _, body = data.partition(b"\r\n\r\n")
        length = next(
            (
                int(line.split(b":")[1])
                for line in head.split(b"\r\n")
                if line.lower().startswith(b"content-length")
            ),
            0,
        )
        while len(body) < length:
            body += conn.recv(65536)
        self.requests.append(body)
        return self.answer(conn, len(self.requests))

    def stop(self) -> None:
        self.stopping = True
        self.thread.join(5)
        self.listener.close()


@pytest.fixture(params=["tcp", "unix"])
def serve(request) -> Iterator[Callable[[Answer], RawServer]]:
    servers: list[RawServer] = []
    folder = Path(tempfile.mkdtemp())  # short: a unix socket's path may not exceed 107 bytes

    def start(answer: Answer) -> RawServer:
        unix_path = folder / f"{len(servers)}.sock" if request.param == "unix" else None
        servers.append(RawServer(answer, unix_path))
        return servers[-1]

    yield start
    for server in servers:
        server.stop()
    shutil.rmtree(folder)


def reply(body: bytes, extra: str = "", version: str = "HTTP/1.1") -> bytes:
    head = f"{version} 200 OK\r\nContent-Type: application/json\r\n{extra}"
    return head.encode() + f"Content-Length: {len(body)}\r\n\r\n".encode() + body


def test_a_kept_alive_connection_closed_unannounced_is_reopened_and_each_request_played_once(serve) -> None:
    """The server answers as HTTP/1.1 without `Connection: close`, then closes a moment later without
    reading on: the next request, already sent on the old connection, is sent again on a new one."""

    def answer(conn: socket.socket, n: int) -> bool:
        conn.sendall(reply(b'{"n": %d}' % n))
        time.sleep(0.05)  # the client has sent its next request by now; closing discards it unread
        return False

    server = serve(answer)
    connection = KeptAliveConnection(server.url, timeout=5)
    replies = [connection.request("POST", "/api/agent/command", b'{"i": %d}' % i) for i in range(4)]
    assert replies == [(200, b'{"n": %d}' % n) for n in range(1, 5)]
    assert server.requests == [b'{"i": %d}' % i for i in range(4)]  # each played once, in order
    assert connection.reopened_after_idle_close >= 1
    connection.close()


def test_a_new_connection_closed_without_a_reply_is_an_error_not_a_retry(serve) -> None:
    server = serve(lambda conn, n: False)  # reads the request, closes without a word
    connection = KeptAliveConnection(server.url, timeout=5)
    with pytest.raises(http.client.RemoteDisconnected):
        connection.request("POST", "/api/agent/new", b"")
    assert len(server.requests) == 1
    assert connection.reopened_after_idle_close == 0


def test_replies_framed_every_legal_way_are_read_whole(serve) -> None:
    framings = [
        reply(b'{"a": 1}'),  # Content-Length, kept alive
        b"HTTP/1.1 100 Continue\r\n\r\n" + reply(b'{"b": 2}'),  # an interim reply first
        b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"  # chunks with an extension, a trailer
        b'4\r\n{"c"\r\n4;x=y\r\n: 3}\r\n0\r\nT: 1\r\n\r\n',
        reply(b'{"d": 4}', "Connection: keep-alive\r\n", "HTTP/1.0"),  # HTTP/1.0 that keeps the connection
        b"HTTP/1.1 204 No Content\r\n\r\n",
        b'HTTP/1.0 200 OK\r\nContent-Type: application/json\r\n\r\n{"e": 5}',  # the body runs to the close
        reply(b'{"f": 6}', "Connection: close\r\n"),
    ]

    def answer(conn: socket.socket, n: int) -> bool:
        framing = framings[n - 1]
        for i in range(0, len(framing), 7):  # in pieces, as a slow network delivers them
            conn.sendall(framing[i : i + 7])
        return b"Content-Length" in framing and b"close" not in framing or b"chunked" in framing

    server = serve(answer)
    connection = KeptAliveConnection(server.url, timeout=5)
    bodies = [connection.request("GET", f"/{i}")[1] for i in range(len(framings))]
    assert bodies == [b'{"a": 1}', b'{"b": 2}', b'{"c": 3}', b'{"d": 4}', b"", b'{"e": 5}', b'{"f": 6}']
    # kept alive through the first five; the body that ran to the close ends the second connection
    assert server.connections == 3
    connection.close()


@pytest.mark.parametrize(
    ("reply", "error"),
    [
        pytest.param(
            b'HTTP/1.1 200 OK\r\nContent-Length: 50\r\n\r\n{"short":',
            http.client.IncompleteRead,
            id="a-reply-that-stops-short",
        ),
        pytest.param(b"SSH-2.0-OpenSSH\r\n\r\n", http.client.BadStatusLine, id="a-reply-that-is-not-http"),
    ],
)
def test_a_broken_reply_is_an_error(serve, reply: bytes, error: type[Exception]) -> None:
    def answer(conn: socket.socket, n: int) -> bool:
        conn.sendall(reply)
        return False

    connection = KeptAliveConnection(serve(answer).url, timeout=5)
    with pytest.raises(error):
        connection.request("GET", "/")
