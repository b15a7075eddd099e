"""HTTP front of Mirrorworks: the agent API on the port named by MIRROR_PORT (default 8080)."""

from __future__ import annotations

import json
import os
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from mirrorworks.game import Session

SESSIONS: dict[str, dict] = {}
LOCK = threading.Lock()


def new_session() -> dict:
    with LOCK:
        game_id = f"mw-{len(SESSIONS) + 1}"
        entry = {"session": Session(), "turn": 0}
        SESSIONS[game_id] = entry
    session = entry["session"]
    return {"game_id": game_id, "message": session.intro(), "state": session.state(), "turn": 0}


def run_command(body: dict) -> tuple[int, dict]:
    game_id, command = body.get("game_id"), body.get("command")
    if not isinstance(game_id, str) or not isinstance(command, str):
        return 400, {"error": "send JSON with string fields game_id and command"}
    entry = SESSIONS.get(game_id)
    if entry is None:
        return 404, {"error": f"no game {game_id!r}"}
    session = entry["session"]
    with LOCK:
        success, message = session.handle(command)
        entry["turn"] += 1
        return 200, {
            "message": message,
            "state": session.state(),
            "success": success,
            "game_over": session.won,
            "turn": entry["turn"],
        }


class Handler(BaseHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass

    def reply(self, status: int, payload: dict) -> None:
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def read_json(self) -> dict | None:
        try:
            length = int(self.headers.get("Content-Length") or 0)
        except ValueError:
            return None
        raw = self.rfile.read(length) if length else b""
        if not raw:
            return {}
        try:
            body = json.loads(raw)
        except (json.JSONDecodeError, UnicodeDecodeError):
            return None
        return body if isinstance(body, dict) else None

    def do_GET(self) -> None:
        if self.path == "/healthz":
            self.reply(200, {"ok": True})
            return
        prefix = "/api/agent/state/"
        if self.path.startswith(prefix):
            entry = SESSIONS.get(self.path[len(prefix) :])
            if entry is None:
                self.reply(404, {"error": "no such game"})
                return
            self.reply(200, {"state": entry["session"].state(), "turn": entry["turn"]})
            return
        self.reply(404, {"error": f"nothing at {self.path}"})

    def do_POST(self) -> None:
        if self.path not in ("/api/agent/new", "/api/agent/command"):
            self.reply(404, {"error": f"nothing at {self.path}"})
            return
        body = self.read_json()
        if body is None:
            self.reply(400, {"error": "the body must be a JSON object"})
            return
        try:
            if self.path == "/api/agent/new":
                self.reply(200, new_session())
            else:
                self.reply(*run_command(body))
        except Exception as exc:  # noqa: BLE001 - any fault becomes a JSON 500
            self.reply(500, {"error": f"internal error: {type(exc).__name__}"})


def main() -> None:
    port = int(os.environ.get("MIRROR_PORT", "8080"))
    server = ThreadingHTTPServer(("0.0.0.0", port), Handler)
    server.serve_forever()


if __name__ == "__main__":
    main()
