"""The agent API over HTTP: new voyage, one command at a time, the state, and a health check."""

from __future__ import annotations

import itertools
import json
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from tidewright.game import Voyage

MAX_BODY = 64 * 1024


class Harbour:
    """Every voyage in progress, by id."""

    def __init__(self) -> None:
        self.voyages: dict[str, Voyage] = {}
        self.locks: dict[str, threading.Lock] = {}
        self.lock = threading.Lock()
        self.counter = itertools.count(1)

    def open(self) -> tuple[str, Voyage]:
        with self.lock:
            game_id = f"voyage-{next(self.counter)}"
            voyage = Voyage()
            self.voyages[game_id] = voyage
            self.locks[game_id] = threading.Lock()
        return game_id, voyage

    def find(self, game_id: str) -> tuple[Voyage, threading.Lock] | None:
        with self.lock:
            voyage = self.voyages.get(game_id)
            return None if voyage is None else (voyage, self.locks[game_id])


def answer(game_id: str, voyage: Voyage, message: str, success: bool = True) -> dict[str, Any]:
    return {
        "game_id": game_id,
        "message": message,
        "state": voyage.state(),
        "success": success,
        "game_over": voyage.over,
        "turn": voyage.turn,
    }


class Handler(BaseHTTPRequestHandler):
    harbour: Harbour
    server_version = "Tidewright/1.0"

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def send_json(self, status: int, body: dict[str, Any]) -> None:
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(data)

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        self.close_connection = True
        try:
            self.send_json(code, {"error": message or HTTPStatus(code).phrase})
        except OSError:
            pass

    def read_body(self) -> dict[str, Any] | None:
        try:
            length = int(self.headers.get("Content-Length") or 0)
        except ValueError:
            return None
        if length < 0 or length > MAX_BODY:
            return None
        raw = self.rfile.read(length) if length else b""
        try:
            body = json.loads(raw or b"{}")
        except (ValueError, UnicodeDecodeError):
            return None
        return body if isinstance(body, dict) else None

    def find_voyage(self, game_id: str) -> tuple[Voyage, threading.Lock] | None:
        """The voyage and its lock, or None once a 404 has been answered."""
        found = self.harbour.find(game_id)
        if found is None:
            self.send_json(404, {"error": f"no voyage {game_id!r}"})
        return found

    def do_GET(self) -> None:
        path = self.path.split("?", 1)[0]
        if path == "/healthz":
            self.send_json(200, {"status": "ok"})
        elif path.startswith("/api/agent/state/"):
            game_id = path[len("/api/agent/state/") :]
            found = self.find_voyage(game_id)
            if found is None:
                return
            voyage, lock = found
            with lock:
                self.send_json(200, {"game_id": game_id, "state": voyage.state(), "turn": voyage.turn})
        elif path in ("/api/agent/new", "/api/agent/command"):
            self.send_json(405, {"error": "use POST"})
        else:
            self.send_json(404, {"error": "not found"})

    def do_POST(self) -> None:
        path = self.path.split("?", 1)[0]
        if path == "/api/agent/new":
            self.read_body()
            game_id, voyage = self.harbour.open()
            self.send_json(200, answer(game_id, voyage, voyage.intro()))
        elif path == "/api/agent/command":
            self.command_request()
        elif path.startswith("/api/agent/state/") or path == "/healthz":
            self.send_json(405, {"error": "use GET"})
        else:
            self.send_json(404, {"error": "not found"})

    def command_request(self) -> None:
        body = self.read_body()
        if body is None:
            self.send_json(400, {"error": "the body must be a JSON object"})
            return
        game_id, command = body.get("game_id"), body.get("command")
        if not isinstance(game_id, str) or not isinstance(command, str):
            self.send_json(400, {"error": "game_id and command must both be strings"})
            return
        found = self.find_voyage(game_id)
        if found is None:
            return
        voyage, lock = found
        with lock:
            try:
                reply = voyage.handle(command)
            except Exception:
                self.send_json(500, {"error": "the harbour office could not process that command"})
                return
            self.send_json(200, answer(game_id, voyage, reply.message, reply.success))

    def refuse_method(self) -> None:
        self.read_body()
        self.send_json(405, {"error": f"method {self.command} not allowed"})

    do_PUT = do_DELETE = do_PATCH = do_OPTIONS = refuse_method

    def do_HEAD(self) -> None:
        self.send_json(200 if self.path.split("?", 1)[0] == "/healthz" else 404, {})


def serve(port: int, host: str = "0.0.0.0") -> ThreadingHTTPServer:
    handler = type("BoundHandler", (Handler,), {"harbour": Harbour()})
    server = ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    return server
