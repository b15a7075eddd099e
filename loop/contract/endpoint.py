"""Where a running game answers: an `http://` URL, or a unix socket written as an `http+unix://` URL.

A build's `url` is always one string, so every caller passes it on unchanged. A game with no network at all
(a docker container on `network_mode="none"`) is reached through a unix socket in a folder bound into it; its
URL is `http+unix://` followed by the socket's path, percent-encoded (the convention of requests-unixsocket),
e.g. `http+unix://%2Ftmp%2Fgame%2Fgame.sock`. `curl --unix-socket PATH http://localhost/...` reaches it too.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import quote, unquote, urlsplit

import httpx

UNIX_SCHEME = "http+unix"
UNIX_HOST = "localhost"  # the Host header sent over a unix socket


def unix_socket_url(path: str | Path) -> str:
    """The URL of an HTTP server listening on the unix socket at `path`."""
    return f"{UNIX_SCHEME}://{quote(str(path), safe='')}"


def unix_socket_path(url: str) -> str | None:
    """The socket's path when `url` names a unix socket, else None."""
    parts = urlsplit(url)
    return unquote(parts.netloc) if parts.scheme == UNIX_SCHEME else None


def httpx_client(url: str, timeout: float) -> httpx.Client:
    """An httpx client whose relative requests go to the game at `url`, whichever kind of URL it is."""
    path = unix_socket_path(url)
    if path is None:
        return httpx.Client(base_url=url, timeout=timeout)
    return httpx.Client(
        base_url=f"http://{UNIX_HOST}", transport=httpx.HTTPTransport(uds=path), timeout=timeout
    )
