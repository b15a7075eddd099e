"""The GBQA agent API for the two-room game (standard library only)."""

import json
import os
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from game import Game

GAMES = {}


class Handler(BaseHTTPRequestHandler):
    def send_json(self, status, body):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        if self.path == "/api/health":
            return self.send_json(200, {"ok": True})
        if self.path.startswith("/api/agent/state/"):
            game = GAMES.get(self.path.rsplit("/", 1)[-1])
            if game is None:
                return self.send_json(404, {"error": "unknown game"})
            return self.send_json(200, {"state": game.state()})
        self.send_json(404, {"error": "not found"})

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = json.loads(self.rfile.read(length) or b"{}")
        if self.path == "/api/agent/new":
            game_id = uuid.uuid4().hex
            GAMES[game_id] = game = Game()
            return self.send_json(
                200, {"game_id": game_id, "message": game.describe(), "state": game.state()}
            )
        if self.path == "/api/agent/command":
            game = GAMES.get(body.get("game_id"))
            if game is None:
                return self.send_json(404, {"error": "unknown game"})
            try:
                success, message = game.command(str(body.get("command", "")))
            except SystemExit:
                os._exit(3)
            return self.send_json(
                200,
                {
                    "success": success,
                    "message": message,
                    "state": game.state(),
                    "game_over": game.won,
                    "turn": game.turn,
                },
            )
        self.send_json(404, {"error": "not found"})

    def log_message(self, *args):
        pass


if __name__ == "__main__":
    ThreadingHTTPServer(("127.0.0.1", int(os.environ.get("PORT", "8000"))), Handler).serve_forever()
