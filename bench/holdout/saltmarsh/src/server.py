"""Saltmarsh Ferry over HTTP: the agent API on the standard library's http.server."""

from __future__ import annotations

import json
import os
import threading
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from ferry.game import Charter

CHARTERS: dict[str, Charter] = {}
LOCK = threading.Lock()

INTRO = (
    "The harbour board hands you the keys to the old Saltmarsh ferry and a charter to go with them: "
    "run passengers and cargo between Saltmarsh, Wexmoor, Gullhaven and Brinecombe, and have 250 coins "
    "in your purse by hour 48. You start at the Saltmarsh quay at hour 0 on a high tide with 30 coins and "
    "a full tank. Type `manual` if you want the harbour board's advice."
)


def reply(charter: Charter, message: str, success: bool = True) -> dict:
    return {
        "message": message,
        "state": charter.state(),
        "success": success,
        "game_over": charter.over,
        "turn": charter.turn,
    }


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: object) -> None:
        pass

    def _send(self, status: int, body: dict) -> None:
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _body(self) -> dict | None:
        try:
            length = int(self.headers.get("Content-Length") or 0)
        except ValueError:
            return None
        raw = self.rfile.read(length) if length else b""
        if not raw:
            return {}
        try:
            body = json.loads(raw)
        except ValueError:
            return None
        return body if isinstance(body, dict) else None

    def do_GET(self) -> None:
        if self.path == "/healthz":
            self._send(200, {"ok": True})
            return
        if self.path.startswith("/api/agent/state/"):
            game_id = self.path.removeprefix("/api/agent/state/")
            with LOCK:
                charter = CHARTERS.get(game_id)
                if charter is None:
                    self._send(404, {"error": f"no charter with id {game_id!r}"})
                    return
                self._send(200, {"game_id": game_id, "state": charter.state(), "turn": charter.turn})
            return
        self._send(404, {"error": f"nothing at {self.path}"})

    def do_POST(self) -> None:
        body = self._body()
        if self.path == "/api/agent/new":
            game_id = uuid.uuid4().hex[:12]
            charter = Charter()
            with LOCK:
                CHARTERS[game_id] = charter
                self._send(200, {"game_id": game_id, **reply(charter, INTRO)})
            return
        if self.path == "/api/agent/command":
            if body is None:
                self._send(400, {"error": "the body must be a JSON object"})
                return
            game_id, command = body.get("game_id"), body.get("command")
            if not isinstance(game_id, str) or not isinstance(command, str):
                self._send(400, {"error": "send {\"game_id\": \"...\", \"command\": \"...\"}"})
                return
            with LOCK:
                charter = CHARTERS.get(game_id)
                if charter is None:
                    self._send(404, {"error": f"no charter with id {game_id!r}"})
                    return
                try:
                    success, message = charter.run(command)
                except Exception as exc:  # an order the game cannot carry out is a server fault
                    self._send(500, {"error": f"{type(exc).__name__}: {exc}"})
                    return
                self._send(200, reply(charter, message, success))
            return
        self._send(404, {"error": f"nothing at {self.path}"})


def main() -> None:
    port = int(os.environ.get("SALTMARSH_PORT", "8000"))
    server = ThreadingHTTPServer(("0.0.0.0", port), Handler)
    server.serve_forever()


if __name__ == "__main__":
    main()
