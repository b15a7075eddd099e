"""Run Starwatch: `python server.py` (HOST, STARWATCH_PORT; 127.0.0.1:8000 by default)."""

from __future__ import annotations

import os
from socketserver import ThreadingMixIn
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

from starwatch.app import make_app


class ThreadingWSGIServer(ThreadingMixIn, WSGIServer):
    daemon_threads = True


class QuietHandler(WSGIRequestHandler):
    def log_message(self, format, *args):  # noqa: A002
        if os.environ.get("STARWATCH_ACCESS_LOG"):
            super().log_message(format, *args)


def main() -> None:
    host = os.environ.get("HOST", "127.0.0.1")
    port = int(os.environ.get("STARWATCH_PORT", "8000"))
    with make_server(host, port, make_app(), server_class=ThreadingWSGIServer, handler_class=QuietHandler) as httpd:
        print(f"Starwatch listening on http://{host}:{port}/", flush=True)
        httpd.serve_forever()


if __name__ == "__main__":
    main()
