#!/usr/bin/env python3
"""Ravensmoor web server: the GBQA agent endpoints on the standard library's http.server."""
import json
import os
import secrets
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import house

GAMES = {}
WELCOME = (
    "RAVENSMOOR\nAn interactive fiction. Type HELP for the list of commands.\n\n"
)


class Api(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "Ravensmoor/1.2"

    def log_message(self, fmt, *args):
        pass

    def send_json(self, status, body):
        data = json.dumps(body).encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        if self.path == "/ping":
            return self.send_json(200, {"pong": True})
        if self.path.startswith("/api/agent/state/"):
            game_id = self.path[len("/api/agent/state/"):]
            if game_id not in GAMES:
                return self.send_json(404, {"error": "unknown game"})
            return self.send_json(200, {"game_id": game_id, "state": house.public(GAMES[game_id])})
        self.send_json(404, {"error": "no such page"})

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        if self.path == "/api/agent/new":
            game_id = secrets.token_hex(6)
            GAMES[game_id] = house.new_game()
            g = GAMES[game_id]
            return self.send_json(200, {"game_id": game_id, "message": WELCOME + house.describe(g),
                                        "state": house.public(g)})
        if self.path == "/api/agent/command":
            try:
                body = json.loads(raw or b"{}")
            except (ValueError, RecursionError):
                return self.send_json(400, {"error": "bad json"})
            if not isinstance(body, dict) or not isinstance(body.get("game_id"), str) \
                    or body["game_id"] not in GAMES:
                return self.send_json(404, {"error": "unknown game"})
            command = body.get("command")
            if not isinstance(command, str):
                return self.send_json(400, {"error": "command must be text"})
            g = GAMES[body["game_id"]]
            try:
                ok, text = house.act(g, command)
            except Exception as exc:  # the player should see that something broke
                return self.send_json(500, {"error": f"internal error: {type(exc).__name__}"})
            return self.send_json(200, {"success": ok, "message": text, "state": house.public(g),
                                        "game_over": g["finished"], "turn": g["moves"]})
        self.send_json(404, {"error": "no such page"})


if __name__ == "__main__":
    port = int(os.environ.get("RAVENSMOOR_PORT", "7070"))
    ThreadingHTTPServer((os.environ.get("HOST", "127.0.0.1"), port), Api).serve_forever()
