"""A game that keeps connections alive but writes each reply in two segments: Python's own http.server, as a
game's authors may well serve it (HTTP/1.1, headers and body in two writes, no TCP_NODELAY). Nagle on its side
holds the body back until the client acknowledges the headers, so a client or relay that delays its ACKs pays
about 40 ms per command. Stdlib only: it also runs as a game of its own (`python two_segment_game.py`, on
$HOST:$PORT) in either sandbox backend.
"""

from __future__ import annotations

import json
import os
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class TwoSegmentGame(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # kept alive; no disable_nagle_algorithm, as the stdlib leaves it

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 -- the stdlib's own name
        pass

    def _send(self, body: dict) -> None:
        data = json.dumps(body).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()  # the first write
        self.wfile.write(data)  # the second

    def do_GET(self) -> None:
        self._send({"status": "ok"})

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        if self.path == "/api/agent/new":
            self._send({"game_id": "1", "message": "A hall.", "state": {"room": "hall"}})
        else:
            self._send({"message": "You look around.", "state": {"room": "hall"}, "turn": 1})


if __name__ == "__main__":
    address = (os.environ.get("HOST", "127.0.0.1"), int(os.environ["PORT"]))
    ThreadingHTTPServer(address, TwoSegmentGame).serve_forever()
