"""One kept-alive HTTP/1.1 connection to a game, reopened whenever the game closed it.

The game client sends a command per step, so the client's own cost per request is on every step's path:
httpx spent about 0.7 ms of CPU on each request, http.client about 0.2 (a third of it in its header parser,
which builds an email message), this about 0.1 (measured on CASTLE). A request goes out in one write: on
loopback every write wakes the relay and the game once more. The reply is read in as few reads as it came in
and only the headers that frame it are looked at (status, Content-Length, Transfer-Encoding, Connection). A
game that closes every connection, speaks HTTP/1.0, or sends its body chunked or until it closes still
works: the connection is opened again for the next request. An `http+unix://` URL (loop.contract.endpoint)
is served the same way over a unix socket.
"""

from __future__ import annotations

import contextlib
import http.client
import socket
import ssl
from urllib.parse import quote, urlsplit

from loop.contract.endpoint import UNIX_HOST, unix_socket_path

# What may stay as it is in a request path (RFC 3986 pchar and '/'): a game id with a space or a line break
# is sent percent-encoded, never as a second header line.
PATH_SAFE = "/:@!$&'()*+,;=-._~"
READ_SIZE = 65536
MAX_HEAD = 65536  # a status line and headers longer than this are not an HTTP reply a game means
NO_BODY = frozenset({204, 304})
# A reply body past this is not one a game means: reading on would let a hostile game fill the loop's memory.
MAX_BODY = 16 * 1024 * 1024


class ReplyTooLarge(http.client.HTTPException):
    """The game's reply is larger than MAX_BODY; the connection is dropped unread."""


QUICKACK = getattr(socket, "TCP_QUICKACK", None)  # Linux only


def _ack_at_once(sock: socket.socket) -> None:
    """Acknowledge the reply's first segment at once, not after the 40 ms delayed-ACK timer. A kept-alive
    server that writes its headers and its body in two writes without TCP_NODELAY (Python's http.server
    does) holds the body back (Nagle) until that ACK: every command would cost 40 ms more. Linux turns quick
    ACKs off again by itself, so this is asked before every read."""
    if QUICKACK is not None:
        with contextlib.suppress(OSError):
            sock.setsockopt(socket.IPPROTO_TCP, QUICKACK, 1)


class PeerClosedIdle(ConnectionError):
    """A reused connection ended before any byte of the reply came back."""


class KeptAliveConnection:
    """Requests to one base URL over one connection at a time. Not thread-safe: one per worker."""

    def __init__(self, base_url: str, timeout: float):
        parts = urlsplit(base_url)
        self.unix_path = unix_socket_path(base_url)
        if self.unix_path is None and (parts.scheme not in ("http", "https") or not parts.hostname):
            raise ValueError(f"not an http(s) or http+unix URL: {base_url!r}")
        self.tls = parts.scheme == "https"
        self.host, self.port = parts.hostname, parts.port or (443 if self.tls else 80)
        self.host_header = UNIX_HOST if self.unix_path else parts.netloc.rsplit("@", 1)[-1]
        self.prefix = parts.path.rstrip("/")
        self.timeout = timeout
        self._sock: socket.socket | None = None
        self.reopened_after_idle_close = 0  # how often the one retry below was used (tests read it)

    def _connect(self, timeout: float) -> socket.socket:
        if self.unix_path is not None:
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                sock.settimeout(timeout)
                sock.connect(self.unix_path)
            except BaseException:
                sock.close()
                raise
            return sock
        sock = socket.create_connection((self.host, self.port), timeout=timeout)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        if self.tls:
            return ssl.create_default_context().wrap_socket(sock, server_hostname=self.host)
        return sock

    def _drop_if_closed_by_peer(self) -> None:
        """An idle connection the game has closed (or written to unasked) is not reused: the request would
        be lost on it."""
        sock = self._sock
        if sock is None:
            return
        sock.settimeout(0.0)  # with a timeout, recv would first wait for data; the caller sets it back
        try:
            sock.recv(1, socket.MSG_PEEK)
        except (BlockingIOError, ValueError):
            return  # open and quiet: reuse it (ValueError: TLS, where a peek is not allowed; left as it is)
        except OSError:
            pass
        self.close()

    def _message(self, method: str, path: str, body: bytes | None) -> bytes:
        lines = [
            f"{method} {quote(self.prefix + path, safe=PATH_SAFE)} HTTP/1.1",
            f"Host: {self.host_header}",
            "Accept: application/json",
        ]
        if body is not None:
            lines.append("Content-Type: application/json")
        if body is not None or method in ("POST", "PUT", "PATCH"):
            lines.append(f"Content-Length: {len(body or b'')}")
        return "\r\n".join([*lines, "", ""]).encode("utf-8") + (body or b"")

    def request(
        self, method: str, path: str, body: bytes | None = None, timeout: float | None = None
    ) -> tuple[int, bytes]:
        """(status, body) of one request; OSError or http.client.HTTPException when the transport fails,
        TimeoutError when one connect, send or receive takes longer than the timeout."""
        wanted = self.timeout if timeout is None else timeout
        message = self._message(method, path, body)
        self._drop_if_closed_by_peer()
        reused = self._sock is not None
        try:
            return self._exchange(message, method, wanted, reused)
        except PeerClosedIdle:
            # The game closed the kept-alive connection while it was idle, after the check above and before
            # it read this request (a server closes an idle connection, it does not close one it is
            # answering on): the game never saw the request, so sending it once more, on a new connection,
            # cannot play it twice. Only a reused connection, and only when no byte of the reply came back.
            self.reopened_after_idle_close += 1
            return self._exchange(message, method, wanted, reused=False)

    def _exchange(self, message: bytes, method: str, timeout: float, reused: bool) -> tuple[int, bytes]:
        try:
            if self._sock is None:
                self._sock = self._connect(timeout)
            sock = self._sock
            sock.settimeout(timeout)
            try:
                sock.sendall(message)
                if self.unix_path is None:  # a unix socket has no ACKs to hurry
                    _ack_at_once(sock)
                first = sock.recv(READ_SIZE)
            except (ConnectionResetError, BrokenPipeError) as exc:
                if reused:
                    raise PeerClosedIdle(str(exc)) from exc
                raise
            if not first:
                if reused:
                    raise PeerClosedIdle("closed before the reply")
                raise http.client.RemoteDisconnected("the game closed the connection without a reply")
            status, data, keep = _Reply(sock, first, method, tcp=self.unix_path is None).read()
        except BaseException:
            self.close()  # a half-done exchange leaves the connection unusable
            raise
        if not keep:  # HTTP/1.0, or `Connection: close`, or a body that ran to the close
            self.close()
        return status, data

    def close(self) -> None:
        if self._sock is not None:
            self._sock.close()
            self._sock = None


class _Reply:
    """One HTTP reply read off a socket, starting with the bytes already received."""

    def __init__(self, sock: socket.socket, received: bytes, method: str, tcp: bool = True):
        self.sock, self.buffer, self.method, self.tcp = sock, received, method, tcp

    def _more(self) -> bytes:
        if self.tcp:
            _ack_at_once(self.sock)
        chunk = self.sock.recv(READ_SIZE)
        if not chunk:
            raise http.client.IncompleteRead(self.buffer)
        return chunk

    def _until(self, marker: bytes, limit: int) -> bytes:
        """The buffer up to `marker` (taken off the buffer with it)."""
        while (end := self.buffer.find(marker)) < 0:
            if len(self.buffer) > limit:
                raise http.client.LineTooLong("reply head")
            self.buffer += self._more()
        head, self.buffer = self.buffer[:end], self.buffer[end + len(marker) :]
        return head

    def _exactly(self, size: int) -> bytes:
        parts, have = [self.buffer], len(self.buffer)
        while have < size:
            chunk = self._more()
            parts.append(chunk)
            have += len(chunk)
        data = b"".join(parts)
        self.buffer = data[size:]
        return data[:size]

    def _head(self) -> tuple[str, int, dict[str, str]]:
        lines = self._until(b"\r\n\r\n", MAX_HEAD).decode("iso-8859-1").split("\r\n")
        version, _, rest = lines[0].partition(" ")
        code = rest[:3]
        if not version.startswith("HTTP/") or not code.isdigit():
            raise http.client.BadStatusLine(lines[0][:200])
        headers: dict[str, str] = {}
        for line in lines[1:]:
            name, colon, value = line.partition(":")
            if colon:
                name = name.strip().lower()
                headers[name] = f"{headers[name]}, {value.strip()}" if name in headers else value.strip()
        return version, int(code), headers

    def read(self) -> tuple[int, bytes, bool]:
        """(status, body, whether the connection stays usable)."""
        version, status, headers = self._head()
        while 100 <= status < 200:  # an interim reply ('100 Continue'): the real one follows
            version, status, headers = self._head()
        tokens = {t.strip().lower() for t in headers.get("connection", "").split(",")}
        keep = "close" not in tokens and (version != "HTTP/1.0" or "keep-alive" in tokens)
        if self.method == "HEAD" or status in NO_BODY:
            return status, b"", keep
        if "chunked" in headers.get("transfer-encoding", "").lower():
            return status, self._chunked(), keep
        length = headers.get("content-length")
        if length is not None:
            if not length.strip().isdigit():
                raise http.client.HTTPException(f"bad Content-Length {length[:40]!r}")
            _bounded(int(length))
            return status, self._exactly(int(length)), keep
        return status, self._to_close(), False

    def _chunked(self) -> bytes:
        body: list[bytes] = []
        while True:
            size_line = self._until(b"\r\n", MAX_HEAD).split(b";", 1)[0].strip()
            try:
                size = int(size_line, 16)
            except ValueError as exc:
                raise http.client.HTTPException(f"bad chunk size {size_line[:40]!r}") from exc
            if size == 0:
                while self._until(b"\r\n", MAX_HEAD):  # trailers, up to the empty line
                    pass
                return b"".join(body)
            _bounded(size + sum(map(len, body)))
            body.append(self._exactly(size))
            self._exactly(2)  # the chunk's CRLF

    def _to_close(self) -> bytes:
        parts, have = [self.buffer], len(self.buffer)
        while chunk := self.sock.recv(READ_SIZE):
            parts.append(chunk)
            have += len(chunk)
            _bounded(have)
        return b"".join(parts)


def _bounded(size: int) -> None:
    if size > MAX_BODY:
        raise ReplyTooLarge(f"a reply of more than {MAX_BODY // (1024 * 1024)} MiB ({size} bytes at least)")
