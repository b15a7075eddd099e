"""Serve the museum on 0.0.0.0:$MUSEUM_PORT (default 8000)."""

from __future__ import annotations

import os
from socketserver import ThreadingMixIn
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

from museum.api import create_app


class QuietHandler(WSGIRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


class ThreadingServer(ThreadingMixIn, WSGIServer):
    daemon_threads = True


def main() -> None:
    port = int(os.environ.get("MUSEUM_PORT", "8000"))
    with make_server("0.0.0.0", port, create_app(), server_class=ThreadingServer, handler_class=QuietHandler) as server:
        server.serve_forever()


if __name__ == "__main__":
    main()
