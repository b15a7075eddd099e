"""Inkwell's HTTP front desk: the GBQA agent API on a threading TCP server, HTTP parsed by hand.

    INKWELL_PORT=8000 HOST=127.0.0.1 python server.py
"""

from __future__ import annotations

import json
import os
import socket
import socketserver
import sys
import threading
import traceback
import uuid

from library import Game, welcome

MAX_LINE = 8192
MAX_HEADERS = 100
MAX_BODY = 64 * 1024
IDLE_TIMEOUT = 60

REASONS = {
    200: "OK",
    400: "Bad Request",
    404: "Not Found",
    405: "Method Not Allowed",
    411: "Length Required",
    413: "Payload Too Large",
    431: "Request Header Fields Too Large",
    500: "Internal Server Error",
    501: "Not Implemented",
}

INDEX = """Inkwell Lending Library
=======================
A village lending library game. Play it through the agent API:

  POST /api/agent/new                      start a game
  POST /api/agent/command  {"game_id", "command"}
  GET  /api/agent/state/<game_id>          the game's state
  GET  /health                             200 when the desk is open

Start with the command HELP.
"""


class HttpError(Exception):
    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status
        self.message = message


class Request:
    def __init__(self, method: str, target: str, version: str, headers: dict[str, str], body: bytes):
        self.method = method
        self.path = target.split("?", 1)[0]
        self.version = version
        self.headers = headers
        self.body = body

    def keep_alive(self) -> bool:
        connection = self.headers.get("connection", "").lower()
        if self.version == "HTTP/1.0":
            return connection == "keep-alive"
        return connection != "close"


class Desk:
    """Every game in play, by id."""

    def __init__(self) -> None:
        self.games: dict[str, Game] = {}
        self.locks: dict[str, threading.Lock] = {}
        self.lock = threading.Lock()

    def new(self) -> tuple[str, Game]:
        game_id = uuid.uuid4().hex[:12]
        game = Game()
        with self.lock:
            self.games[game_id] = game
            self.locks[game_id] = threading.Lock()
        return game_id, game

    def get(self, game_id: str) -> tuple[Game, threading.Lock]:
        with self.lock:
            game = self.games.get(game_id)
            if game is None:
                raise HttpError(404, f"no game {game_id!r}")
            return game, self.locks[game_id]


DESK = Desk()


def read_request(rfile) -> Request | None:
    line = rfile.readline(MAX_LINE + 1)
    while line in (b"\r\n", b"\n"):
        line = rfile.readline(MAX_LINE + 1)
    if not line:
        return None
    if len(line) > MAX_LINE:
        raise HttpError(400, "request line too long")
    parts = line.decode("latin-1").strip().split()
    if len(parts) != 3 or not parts[2].startswith("HTTP/"):
        raise HttpError(400, "malformed request line")
    method, target, version = parts
    headers: dict[str, str] = {}
    while True:
        raw = rfile.readline(MAX_LINE + 1)
        if not raw:
            raise HttpError(400, "connection closed inside the headers")
        if len(raw) > MAX_LINE or len(headers) >= MAX_HEADERS:
            raise HttpError(431, "headers too large")
        if raw in (b"\r\n", b"\n"):
            break
        name, sep, value = raw.decode("latin-1").partition(":")
        if not sep:
            raise HttpError(400, "malformed header line")
        headers[name.strip().lower()] = value.strip()
    if "chunked" in headers.get("transfer-encoding", "").lower():
        raise HttpError(411, "send a Content-Length, not a chunked body")
    length_text = headers.get("content-length", "0") or "0"
    if not length_text.isdigit():
        raise HttpError(400, "bad Content-Length")
    length = int(length_text)
    if length > MAX_BODY:
        raise HttpError(413, "body too large")
    body = rfile.read(length) if length else b""
    if len(body) < length:
        raise HttpError(400, "body shorter than its Content-Length")
    return Request(method.upper(), target, version, headers, body)


def json_body(request: Request) -> dict:
    try:
        data = json.loads(request.body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise HttpError(400, "the body is not JSON") from None
    if not isinstance(data, dict):
        raise HttpError(400, "the body must be a JSON object")
    return data


def route(request: Request) -> tuple[int, object]:
    method, path = request.method, request.path.rstrip("/") or "/"
    if path in ("/health", "/api/health"):
        if method not in ("GET", "HEAD"):
            raise HttpError(405, "GET only")
        return 200, {"status": "ok", "games": len(DESK.games)}
    if path == "/":
        if method not in ("GET", "HEAD"):
            raise HttpError(405, "GET only")
        return 200, INDEX
    if path == "/api/agent/new":
        if method != "POST":
            raise HttpError(405, "POST only")
        game_id, game = DESK.new()
        return 200, {"game_id": game_id, "message": welcome(game.state), "state": game.snapshot()}
    if path == "/api/agent/command":
        if method != "POST":
            raise HttpError(405, "POST only")
        data = json_body(request)
        game_id, command = data.get("game_id"), data.get("command")
        if not isinstance(game_id, str) or not game_id:
            raise HttpError(400, "game_id (a string) is required")
        if not isinstance(command, str):
            raise HttpError(400, "command (a string) is required")
        game, lock = DESK.get(game_id)
        with lock:
            success, message = game.play(command)
            return 200, {
                "success": success,
                "message": message,
                "state": game.snapshot(),
                "game_over": game.state["game_over"],
                "turn": game.turn,
            }
    if path.startswith("/api/agent/state/"):
        if method != "GET":
            raise HttpError(405, "GET only")
        game_id = path[len("/api/agent/state/"):]
        game, lock = DESK.get(game_id)
        with lock:
            return 200, {"game_id": game_id, "state": game.snapshot()}
    raise HttpError(404, f"nothing at {request.path}")


def encode(status: int, payload: object, keep_alive: bool, head: bool = False) -> bytes:
    if isinstance(payload, str):
        body, kind = payload.encode("utf-8"), "text/plain; charset=utf-8"
    else:
        body, kind = json.dumps(payload, ensure_ascii=False).encode("utf-8"), "application/json"
    lines = [
        f"HTTP/1.1 {status} {REASONS.get(status, 'Unknown')}",
        f"Content-Type: {kind}",
        f"Content-Length: {len(body)}",
        f"Connection: {'keep-alive' if keep_alive else 'close'}",
        "Server: inkwell",
    ]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + (b"" if head else body)


class Handler(socketserver.StreamRequestHandler):
    timeout = IDLE_TIMEOUT

    def handle(self) -> None:
        while True:
            try:
                request = read_request(self.rfile)
            except HttpError as error:
                self.wfile.write(encode(error.status, {"error": error.message}, False))
                return
            except (OSError, socket.timeout):
                return
            if request is None:
                return
            keep_alive = request.keep_alive()
            try:
                status, payload = route(request)
            except HttpError as error:
                status, payload = error.status, {"error": error.message}
            except Exception:
                traceback.print_exc(file=sys.stderr)
                status, payload = 500, {"error": "internal error at the desk"}
            try:
                self.wfile.write(encode(status, payload, keep_alive, request.method == "HEAD"))
                self.wfile.flush()
            except OSError:
                return
            if not keep_alive:
                return


class Server(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True


def main() -> None:
    host = os.environ.get("HOST", "127.0.0.1")
    port = int(os.environ.get("INKWELL_PORT", "8000"))
    with Server((host, port), Handler) as server:
        print(f"Inkwell desk open on http://{host}:{port}/", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()
