"""Wickerlight HTTP server: the GBQA agent API on the standard library's http.server.

    WICKER_PORT=8080 python server.py

Routes:
    GET  /healthz                      -> {"ok": true}
    POST /api/agent/new                -> {"game_id", "message", "state"}
    POST /api/agent/command            -> {"success", "message", "state", "game_over", "turn"}
    GET  /api/agent/state/<game_id>    -> {"game_id", "state"}
"""

from __future__ import annotations

import json
import os
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from stall import Stall

MAX_BODY = 64 * 1024

GAMES: dict[str, Stall] = {}
GAMES_LOCK = threading.Lock()
_counter = 0


def new_game_id() -> str:
    global _counter
    with GAMES_LOCK:
        _counter += 1
        return f"wl-{_counter:05d}"


class HttpError(Exception):
    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status
        self.message = message


class Handler(BaseHTTPRequestHandler):
    server_version = "Wickerlight/1.0"
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args) -> None:  # noqa: A002 - http.server's signature
        if os.environ.get("WICKER_LOG"):
            super().log_message(format, *args)

    def _reply(self, status: int, body: dict) -> None:
        data = json.dumps(body).encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _read_json(self) -> dict:
        try:
            length = int(self.headers.get("Content-Length") or 0)
        except ValueError:
            raise HttpError(400, "bad Content-Length") from None
        if length < 0:
            raise HttpError(400, "bad Content-Length")
        if length > MAX_BODY:
            raise HttpError(413, "body too large")
        raw = self.rfile.read(length) if length else b""
        if not raw:
            raise HttpError(400, "expected a JSON body")
        try:
            body = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            raise HttpError(400, "body is not valid JSON") from None
        if not isinstance(body, dict):
            raise HttpError(400, "body must be a JSON object")
        return body

    def _game(self, game_id: object) -> Stall:
        if not isinstance(game_id, str) or not game_id:
            raise HttpError(400, "game_id must be a non-empty string")
        with GAMES_LOCK:
            game = GAMES.get(game_id)
        if game is None:
            raise HttpError(404, f"no game {game_id!r}")
        return game

    def _route(self, method: str) -> None:
        path = self.path.split("?", 1)[0]
        try:
            if method == "GET" and path in ("/healthz", "/health"):
                self._reply(200, {"ok": True})
            elif method == "POST" and path == "/api/agent/new":
                self._drain()
                self._new()
            elif method == "POST" and path == "/api/agent/command":
                self._command(self._read_json())
            elif method == "GET" and path.startswith("/api/agent/state/"):
                game_id = path[len("/api/agent/state/"):]
                game = self._game(game_id)
                self._reply(200, {"game_id": game_id, "state": game.state()})
            elif path.startswith("/api/") or path in ("/healthz", "/health"):
                self._drain()
                raise HttpError(405 if self._known(path) else 404, f"{method} {path} is not served")
            else:
                self._drain()
                raise HttpError(404, f"nothing at {path}")
        except HttpError as err:
            self._reply(err.status, {"error": err.message})
        except Exception as exc:  # keep the server up, tell the client
            print(f"error handling {method} {path}: {exc!r}", file=sys.stderr)
            self._reply(500, {"error": "internal server error"})

    @staticmethod
    def _known(path: str) -> bool:
        return path in ("/api/agent/new", "/api/agent/command", "/healthz", "/health") or path.startswith(
            "/api/agent/state/"
        )

    def _drain(self) -> None:
        try:
            length = int(self.headers.get("Content-Length") or 0)
        except ValueError:
            length = 0
        if 0 < length <= MAX_BODY:
            self.rfile.read(length)

    def _new(self) -> None:
        game = Stall()
        game_id = new_game_id()
        with GAMES_LOCK:
            GAMES[game_id] = game
        self._reply(200, {"game_id": game_id, "message": game.welcome(), "state": game.state()})

    def _command(self, body: dict) -> None:
        game = self._game(body.get("game_id"))
        command = body.get("command")
        if not isinstance(command, str):
            raise HttpError(400, "command must be a string")
        with GAMES_LOCK:
            success, message = game.do(command)
        self._reply(200, {
            "success": success,
            "message": message,
            "state": game.state(),
            "game_over": game.over,
            "turn": game.turn,
        })

    def do_GET(self) -> None:  # noqa: N802 - http.server's naming
        self._route("GET")

    def do_POST(self) -> None:  # noqa: N802
        self._route("POST")

    def do_PUT(self) -> None:  # noqa: N802
        self._route("PUT")

    def do_DELETE(self) -> None:  # noqa: N802
        self._route("DELETE")


def main() -> None:
    host = os.environ.get("HOST", "127.0.0.1")
    port = int(os.environ.get("WICKER_PORT", "8080"))
    server = ThreadingHTTPServer((host, port), Handler)
    server.daemon_threads = True
    print(f"Wickerlight listening on http://{host}:{port}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
